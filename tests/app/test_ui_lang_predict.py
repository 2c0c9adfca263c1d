"""The practice questions in the learner's language (AppTest and the planner): every question, answer option,
"still open" warning, button and caption that tutor/app/predict.py and tutor/app/quiz.py show goes through the
``ui`` catalogs, the options stay ids (so grading is the same in every language), and the Czech words are the
ones written in tutor/i18n/locales/cs/LC_MESSAGES/ui.po.

In the pseudo-language ``qps`` every translated text is wrapped in ⟦…⟧: a text of these files without the
wrapping did not go through the catalogs. Scenarios used (from scenarios/): spoiled-aces (North leads
A-swords, East 5-cups, South A-coins, West 9-clubs: the two aces tie, so the trick is spoiled and North leads
again), drawn-game (a game of five deals), draw-order-decides (players Ada, Bo, Cy, Di), tricks-deal-eldest-
south (who wins and leads each of nine tricks), chant-eldest-keeps-nine (only East keeps) and
chant-both-chanters-keep (South and East keep).
"""

from __future__ import annotations

from helpers import fill_answers, open_page
from reveal_read import reveal_of
from streamlit.testing.v1 import AppTest

from tutor.app import predict, quiz
from tutor.app.state import content_paths
from tutor.content.course import load_course
from tutor.content.solve import solve

PREFIX = "practice"
OPEN, CLOSE = "⟦", "⟧"


def practice(lang: str, **query: str) -> AppTest:
    return open_page("screens/practice.py", query={"lang": lang, **query})


def attempt(at: AppTest, prefix: str = PREFIX) -> quiz.Attempt:
    return at.session_state[f"{prefix}.attempt"]


def wrapped(text: str) -> bool:
    """The text went through the catalogs: it starts with ⟦ and ends with ⟧ (a question's number aside)."""
    head, _, rest = text.partition(". ")
    body = rest if head.isdigit() else text
    return body.startswith(OPEN) and body.endswith(CLOSE)


def check(at: AppTest) -> None:
    at.button(key=f"{PREFIX}.submit").click()
    at.run()
    assert not at.exception, at.exception


# --- the pseudo-language: nothing of these files left in plain English --------------------------------------


def test_a_trick_question_its_card_choices_and_its_caption_are_all_translated() -> None:
    at = practice("qps", scenario="spoiled-aces")
    caption = at.caption[0].value
    # "Scenario 1 of 18" is the Practice page's own; the difficulty and the topic are quiz.py's
    assert "⟦Ðíƒƒíçúĺţý ●○○⟧" in caption and "⟦Šþóíĺéð ţŕíçķš⟧" in caption
    asked = [r.label for r in at.radio if r.label.startswith("1. ")]  # the winner: a radio group drawn as the cards
    assert asked == ["1. ⟦Ŵĥó ŵíñš ţĥíš ţŕíçķ? Çĺíçķ ţĥé ŵíññíñĝ çáŕð, óŕ Šþóíĺéð.⟧"]
    winner = next(q for q in attempt(at).questions if q.key == "winner")
    assert winner.parts[0].pick is not None
    labels = [c.name for c in winner.parts[0].pick.choices]
    assert all(wrapped(label) for label in labels), labels
    assert labels[0] == "⟦A-swords (⟦Ñóŕţĥ⟧)⟧", "the card's code stays; the seat is the engine's word"
    leader = at.radio[1]
    assert wrapped(leader.label)
    assert list(leader.options) == ["⟦Ñóŕţĥ⟧", "⟦Éášţ⟧", "⟦Šóúţĥ⟧", "⟦Ŵéšţ⟧"]
    assert at.button(key=f"{PREFIX}.submit").label == "⟦Çĥéçķ ɱý áñšŵéŕ⟧"


def test_the_still_open_warning_names_the_open_answers_in_the_language() -> None:
    at = practice("qps", scenario="spoiled-aces")
    check(at)
    (warning,) = at.warning
    # both questions open: their short names, lowercased, inside the translated sentence
    assert warning.value == "⟦Áñšŵéŕ éṽéŕý ǫúéšţíóñ ƀéƒóŕé çĥéçķíñĝ (šţíĺĺ óþéñ: ⟦ŵíññéŕ⟧, ⟦ñéẋţ ĺéáðéŕ⟧).⟧"


def test_after_the_answer_the_table_headers_score_and_follow_ups_are_translated() -> None:
    at = practice("qps", scenario="spoiled-aces")
    fill_answers(at, {"winner": None, "next_leader": "N"}, PREFIX)
    check(at)
    current = attempt(at)
    assert current.grade is not None and current.grade.all_correct, "options are ids: graded as in English"
    shown = reveal_of(at)
    assert shown is not None
    assert [row.question for row in shown.rows] == ["⟦Ŵíññéŕ⟧", "⟦Ñéẋţ ĺéáðéŕ⟧"], "the results table's short names"
    assert "⟦1 / 1 ŕíĝĥţ ţĥíš šéššíóñ⟧" in at.caption[0].value
    buttons = {b.key: b.label for b in at.button if b.key and b.key.startswith(f"{PREFIX}.")}
    assert buttons[f"{PREFIX}.similar"] == "⟦Á šíɱíĺáŕ óñé⟧"
    assert buttons[f"{PREFIX}.retry"] == "⟦Ţŕý áĝáíñ⟧"


def test_a_game_a_draw_and_a_deal_translate_their_rows_of_widgets() -> None:
    at = practice("qps", scenario="drawn-game")
    deals = [s for s in at.selectbox if s.key and ".dealers." in s.key]
    assert [s.label for s in deals] == [f"⟦Ðéáĺ {n}⟧" for n in range(1, 6)]
    winner = next(r for r in at.radio if "game" in r.label or "ĝáɱé" in r.label)
    assert list(winner.options) == ["⟦ÑŠ (Ñóŕţĥ áñð Šóúţĥ)⟧", "⟦ÉŴ (Éášţ áñð Ŵéšţ)⟧", "⟦Ñóƀóðý: á ðŕáŵñ ĝáɱé⟧"]

    at = practice("qps", scenario="draw-order-decides")
    texts = [q.text for q in attempt(at).questions]
    assert all(wrapped(t) for t in texts), texts
    assert "⟦Ŵĥó þáŕţñéŕš Ada?⟧" in texts, "a player's name goes in as it is"

    at = practice("qps", scenario="tricks-deal-eldest-south")
    rows = [s for s in at.selectbox if s.key and ".trick_winners." in s.key]
    assert [s.label for s in rows] == [f"⟦Ţŕíçķ {n}⟧" for n in range(1, 10)]
    assert list(rows[0].options) == ["N", "E", "S", "W", "⟦Šþóíĺéð⟧"], "letters, and the short 'nobody'"


def test_every_course_question_and_option_is_translated() -> None:
    """The planner, for every scenario of the course: question, part labels, option labels, placeholders."""
    course = load_course(content_paths())
    for scenario in course.scenarios.values():
        notation = (*getattr(scenario.setup, "players", ()), "NS", "EW")  # names and partnership codes
        for q in predict.plan(scenario, solve(scenario), lang="qps"):
            assert wrapped(q.text), (scenario.id, q.key, q.text)
            for part in q.parts:
                shown = [part.show(o) for o in part.options]
                if part.pick is not None:
                    shown = [c.name for c in part.pick.choices if c.card is None]  # "Spoiled: nobody wins"
                # numbers, card codes, seat letters and players' names are notation, not words to translate
                words = [s for s in shown if any(c.isalpha() for c in s) and "-" not in s and s not in "NESW"]
                words = [w for w in words if w not in notation]
                assert all(wrapped(w) for w in words), (scenario.id, q.key, words)
                label = part.label
                if part.suffix and "-" not in label and label not in notation:
                    assert wrapped(label), (scenario.id, q.key, label)  # a seat's title, "Deal 3"
                if part.placeholder:
                    assert wrapped(part.placeholder), (scenario.id, q.key)


def test_the_lesson_page_asks_its_scenarios_in_the_language() -> None:
    at = open_page("screens/learn.py", query={"lang": "qps", "lesson": "tricks"})
    at.button(key="learn.skip").click()
    at.run()
    assert not at.exception, at.exception
    current = attempt(at, "learn")
    assert current.lang == "qps" and all(wrapped(q.text) for q in current.questions)
    assert at.button(key="learn.submit").label == "⟦Çĥéçķ ɱý áñšŵéŕ⟧"


# --- Czech: the words written in the catalog --------------------------------------------------------------


def test_czech_practice_shows_the_czech_question_options_and_button() -> None:
    at = practice("cs", scenario="spoiled-aces")
    leader = at.radio[1]  # after the winner's radio group, drawn as the cards
    assert leader.label == "2. Kdo vynáší do dalšího štychu?"
    assert list(leader.options) == ["Sever", "Východ", "Jih", "Západ"]
    assert at.button(key=f"{PREFIX}.submit").label == "Zkontrolovat odpověď"
    winner = next(q for q in attempt(at).questions if q.key == "winner")
    assert winner.parts[0].pick is not None
    assert winner.parts[0].pick.choices[-1].name == "Zkažený: nikdo nebere"
    fill_answers(at, {"winner": None, "next_leader": "N"}, PREFIX)
    check(at)
    assert attempt(at).grade is not None and attempt(at).grade.all_correct  # type: ignore[union-attr]
    assert "1 / 1 správně v této relaci" in at.caption[0].value
    labels = {b.key: b.label for b in at.button if b.key}
    assert labels[f"{PREFIX}.retry"] == "Zkusit znovu" and labels[f"{PREFIX}.similar"] == "Podobný"


def test_czech_chant_questions_take_the_verb_form_of_one_seat_or_more() -> None:
    # cs has three plural forms (1; 2-4; 5 and more): one keeper "má", two or three "mají"
    one = predict.question_text("chant", "keep", "cs", who=("E",))
    two = predict.question_text("chant", "keep", "cs", who=("S", "E"))
    three = predict.question_text("chant", "keep", "cs", who=("N", "E", "W"))
    assert one == "Kterých devět karet si má Východ ponechat? Klikněte na ně."
    assert two == "Kterých devět karet si mají Jih a Východ ponechat? Klikněte na ně."
    assert three == "Kterých devět karet si mají Sever, Východ a Západ ponechat? Klikněte na ně."
    assert predict.question_text("chant", "received", "cs", who=("W",)) == (
        "Které karty z talonu dostane Západ, v jakém pořadí?"
    )


def test_czech_chant_scenarios_name_their_keepers() -> None:
    at = practice("cs", scenario="chant-eldest-keeps-nine")
    assert [q.text for q in attempt(at).questions] == ["Kterých devět karet si má Východ ponechat? Klikněte na ně."]
    at = practice("cs", scenario="chant-both-chanters-keep")
    (text,) = [q.text for q in attempt(at).questions]
    assert text.startswith("Kterých devět stupňů si ") and " ponechají? " in text, "two keepers: the plural"


def test_changing_language_rewords_the_questions_and_keeps_the_answers() -> None:
    # spoiled-aces: the winner (a radio group drawn as the cards) and the next leader sit in Check's form, whose
    # choices reach the server with Check. A half answer checked is kept: the winner stays chosen in Czech.
    at = practice("en", scenario="spoiled-aces")
    winner = next(q for q in attempt(at).questions if q.key == "winner")
    chosen = winner.widget_key(attempt(at).fields).name
    at.radio(key=chosen).set_value("spoiled")
    check(at)  # refused: the next leader is open
    assert attempt(at).grade is None
    at.query_params["lang"] = "cs"
    at.run()
    assert not at.exception, at.exception
    leader = at.radio[1]
    assert leader.label == "2. Kdo vynáší do dalšího štychu?"
    assert at.radio(key=chosen).value == "spoiled", "the same widget key: the answer given stays"
    assert at.radio(key=chosen).options[-1] == "Zkažený: nikdo nebere", "in Czech words"
    assert attempt(at).lang == "cs"


def test_the_helpers_other_pages_use_follow_the_language() -> None:
    assert quiz.topic_title("spoiled-tricks", "cs") == "Zkažené štychy"
    assert quiz.topic_title("some-new-topic", "cs") == "Some new topic", "a topic not named yet: its slug"
    assert quiz.kind_name("trick", "cs") == "Štychy"
    assert quiz.status_mark(quiz.DONE, "cs") == ":green[✓ Hotovo]"
    assert predict.short("play", "best", "cs") == "Karta k zahrání"
    assert predict.result_labels("cs")["none"] == "Nikdo neboduje"
    assert quiz.STATUS_MARKS[quiz.STARTED] == ":orange[In progress]", "the English constants stay"
