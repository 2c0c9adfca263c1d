"""The Practice page's own words, the reveal, the card buttons, the drills' widgets and the mistake lines in the
learner's language (the ``ui`` domain).

In the pseudo-language ``qps`` every string that went through the catalogs is wrapped in ⟦…⟧: the labels and texts
of these widgets must be wrapped, with no plain English left on them. In Czech, a few translations written by hand
(and Czech's three plural forms: 1; 2-4; 5 and more) must be the ones shown.

The scenarios are hand-worked from rules.md (tier 1 best; aces tier 9, kings 10, cavaliers 11): spoiled-aces is
North A-swords, East 5-cups, South A-coins, West 9-clubs: the two aces tie for best, the trick is spoiled and
North leads again.
"""

from __future__ import annotations

from helpers import fill_answers, open_page
from reveal_read import reveal_of
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Button

from tutor.app import card_answer, mistakes, predict, quiz
from tutor.content.scenario import Scenario, scenario_from_document
from tutor.content.solve import solve
from tutor.content.yamlsafe import parse_document
from tutor.i18n.pseudo import CLOSE, OPEN

PREFIX = "practice"


def practice(lang: str, **query: str) -> AppTest:
    return open_page("screens/practice.py", query={"lang": lang, **query})


def attempt(at: AppTest) -> quiz.Attempt:
    return at.session_state[f"{PREFIX}.attempt"]


def question(at: AppTest, key: str) -> predict.Question:
    return next(q for q in attempt(at).questions if q.key == key)


def choice_button(at: AppTest, key: str, value: str) -> Button:
    """The card button of the choice ``value`` of question ``key``."""
    q = question(at, key)
    part = q.parts[0]
    assert part.pick is not None
    index = [c.value for c in part.pick.choices].index(value)
    return at.button(key=card_answer.button_key(q.widget_key(attempt(at).fields, part.suffix), index))


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def submit(at: AppTest) -> AppTest:
    at.button(key=f"{PREFIX}.submit").click()
    return run(at)


def is_wrapped(text: str) -> bool:
    return text.startswith(OPEN) and text.endswith(CLOSE)


def mode_control(at: AppTest) -> tuple[str, list[str]]:
    control = at.segmented_control(key=f"{PREFIX}.mode")
    return control.proto.label, [o.content for o in control.proto.options]


def trick(plays: str, ask: str = "[winner, next_leader]") -> Scenario:
    text = f"id: t\ntitle: T\nkind: trick\ntopic: tricks\nsetup:\n  leader: N\n  plays: {plays}\nask: {ask}\n"
    return scenario_from_document(parse_document(text.encode(), "t.yaml"))


# --- the pseudo-language: nothing of these widgets left in plain English ----------------------------------------


def test_the_practice_pages_own_labels_are_all_wrapped_in_qps() -> None:
    at = practice("qps", scenario="spoiled-aces")
    assert is_wrapped(at.title[0].value)
    label, options = mode_control(at)
    assert is_wrapped(label) and len(options) == 5 and all(is_wrapped(o) for o in options), options
    lesson_menu = at.selectbox(key=f"{PREFIX}.lesson")
    assert is_wrapped(lesson_menu.label)
    queue: quiz.Queue = at.session_state[f"{PREFIX}.queue"]
    # "Scenario 1 of N" heads the caption above the scenario (the difficulty after it is the quiz's)
    place = next(c.value for c in at.caption if str(c.value).startswith(OPEN))
    assert place.split(" · ")[0].endswith(f" 1 óƒ {len(queue.items)}{CLOSE}"), place


def test_topic_and_endless_menus_name_their_choices_in_qps() -> None:
    at = practice("qps")
    at.segmented_control(key=f"{PREFIX}.mode").set_value("Topic")
    run(at)
    topics = at.selectbox(key=f"{PREFIX}.topic")
    assert is_wrapped(topics.label)
    # "Spoiled tricks (18)": the topic's name wrapped inside the wrapped "{topic} ({count})"
    assert all(o.startswith(OPEN + OPEN) and o.endswith(")" + CLOSE) for o in topics.options), topics.options
    at.segmented_control(key=f"{PREFIX}.mode").set_value("Endless")
    run(at)
    kinds = at.selectbox(key=f"{PREFIX}.kind")
    assert is_wrapped(kinds.label) and all(is_wrapped(o) for o in kinds.options), kinds.options
    assert any(is_wrapped(c.value) and "⟧" in c.value for c in at.caption)
    toggle = at.toggle(key=f"{PREFIX}.everything") if any(t.key == f"{PREFIX}.everything" for t in at.toggle) else None
    if toggle is not None:  # shown once a lesson is taught; a fresh guest has the first one as "next"
        assert is_wrapped(toggle.label)


def test_the_reveal_of_a_wrong_answer_is_wrapped_in_qps() -> None:
    at = practice("qps", scenario="spoiled-aces")
    fill_answers(at, {"winner": "S", "next_leader": "S"}, PREFIX)
    submit(at)
    shown = reveal_of(at)
    assert shown is not None and not shown.right
    assert is_wrapped(shown.verdict)  # "Not quite: 0 of 2 right."
    # Two mistake lines, one per wrong answer, each one message with its seats and cards inside
    assert [is_wrapped(line) for line in shown.mistakes] == [True, True], shown.mistakes
    assert len(shown.header) == 4 and shown.header[:2] == ["", ""], shown.header
    assert all(is_wrapped(cell) for cell in shown.header[2:]), shown.header
    cells = [cell for r in shown.rows for cell in (r.question, r.given, r.correct)]
    assert all(is_wrapped(cell) for cell in cells), cells  # "nobody (spoiled)" wrapped as a whole
    assert len(shown.titles) == 1 and is_wrapped(shown.titles[0]), shown.titles  # "Why"
    next_button = at.button(key=f"{PREFIX}.next")
    assert is_wrapped(next_button.label)


def test_a_chosen_card_says_so_in_qps_and_undo_is_wrapped() -> None:
    # The winner: a radio group drawn as the cards, its options in the language
    at = practice("qps", scenario="spoiled-aces")
    winner = at.radio(key=question(at, "winner").widget_key(attempt(at).fields))
    assert all(is_wrapped(o) for o in winner.options) and "A-coins" in winner.options[2], winner.options
    # The cards to keep: a button each, its label saying it is chosen
    at = practice("qps", scenario="chant-dealer-keeps-nine")
    first = question(at, "keep").parts[0].pick.choices[0].value  # type: ignore[union-attr]
    choice_button(at, "keep", first).click()
    run(at)
    label = choice_button(at, "keep", first).label
    assert label.startswith("✓ " + OPEN) and label.endswith(CLOSE) and first in label, label
    # An order question: Undo and "Same place as the one before" under the cards
    at = practice("qps", scenario="rank-all-four-twos")
    order = question(at, "order").widget_key(attempt(at).fields)
    assert is_wrapped(at.button(key=f"aluundo.{order}").label)
    assert is_wrapped(at.button(key=f"alutie.{order}").label)
    assert any(is_wrapped(c.value) for c in at.caption)  # "Click the cards from best to worst."


def test_a_play_puzzles_reveal_is_wrapped_in_qps() -> None:
    at = practice("qps", scenario="play-keep-the-run")
    fill_answers(at, {"best": ["4-coins"], "value": {"team": "NS", "points": 2}}, PREFIX)
    submit(at)
    revealed = reveal_of(at)
    assert revealed is not None
    assert f"{OPEN}Ŵĥáţ éáçĥ çáŕð ĺéáðš ţó{CLOSE}" in revealed.titles, revealed.titles
    shown = "\n".join([str(m.value) for m in at.markdown] + [str(h.proto.body) for h in at.get("html")])
    # The line of best play: South leads K-cups and wins tricks 8 and 9 (the scenario's note)
    assert f'<div class="alu-block-title">{OPEN}Ţŕíçķ 8: {OPEN}Šóúţĥ{CLOSE} ŵíñš{CLOSE}</div>' in shown
    assert f'aria-label="{OPEN}Ţŕíçķ 9: {OPEN}Šóúţĥ{CLOSE} ŵíñš{CLOSE}"' in shown
    assert f'aria-label="{OPEN}éáçĥ çáŕð&#x27;š ŕéšúĺţ{CLOSE}"' in shown
    assert f'alu-badge-winner">{OPEN}ƀéšţ{CLOSE}<' in shown


# --- Czech: words written by hand, plural forms chosen by the count -----------------------------------------------


def test_the_practice_page_in_czech() -> None:
    at = practice("cs", scenario="spoiled-aces")
    assert at.title[0].value == "Procvičování"
    assert mode_control(at) == ("Procvičovat", ["Lekce", "Téma", "Směs", "Nekonečně", "Moje rozdání"])
    fill_answers(at, {"winner": "S", "next_leader": "S"}, PREFIX)
    submit(at)
    shown = reveal_of(at)
    assert shown is not None and not shown.right
    assert shown.verdict == "Ne tak docela: správně 0 z 2."
    assert shown.mistakes == [
        "Řekli jste, že štych bere Jih, ale eso mečů a eso mincí mají shodně nejlepší stupeň (9), takže je štych "
        "zkažený.",
        "Řekli jste, že příště vynáší Jih, ale štych je zkažený, takže znovu vynáší ten, kdo ho vynesl: Sever.",
    ]
    assert shown.header == ["", "", "Vaše odpověď", "Správná odpověď"]
    assert [(r.correct, r.bold) for r in shown.rows if r.question == shown.rows[0].question] == [
        ("nikdo (zkažený)", True)
    ]
    assert at.button(key=f"{PREFIX}.next").label == "Další úloha →"


def test_a_chosen_card_and_the_full_warning_in_czech() -> None:
    at = practice("cs", scenario="spoiled-aces")
    winner = at.radio(key=question(at, "winner").widget_key(attempt(at).fields))
    assert winner.options[2] == "eso mincí (Jih)"
    # The dealer keeps nine: a tenth card is refused, in the form for 5 and more ("9 karet")
    at = practice("cs", scenario="chant-dealer-keeps-nine")
    q = question(at, "keep")
    part = q.parts[0]
    assert part.pick is not None and part.pick.most == 9
    for index in range(10):
        at.button(key=card_answer.button_key(q.widget_key(attempt(at).fields, part.suffix), index)).click()
        run(at)
        if index == 0:
            assert choice_button(at, "keep", part.pick.choices[0].value).label.startswith("✓ vybráno: ")
    assert [w.value for w in at.warning] == ["Už máte vybraných 9 karet: nejdřív jednu z nich kliknutím vraťte."]
    assert "Vybráno: 9 z 9" in [c.value for c in at.caption]


def test_czech_plural_forms_of_a_result() -> None:
    # 1 bod, 2-4 body, 5 and more bodů
    assert mistakes.result_words("NS", 1, "cs") == "NS získává 1 bod"
    assert mistakes.result_words("EW", 2, "cs") == "EW získává 2 body"
    assert mistakes.result_words("NS", 5, "cs") == "NS získává 5 bodů"
    assert mistakes.result_words(None, 0, "cs") == "nikdo neboduje"
    assert mistakes.result_words("NS", 1) == "NS scores 1", "English by default"


def test_a_mistake_line_names_seats_and_cards_in_the_language() -> None:
    # North C-cups (tier 11), East K-clubs (10), South 5-swords (17), West 4-coins (18): East wins, not North.
    s = trick("[C-cups, K-clubs, 5-swords, 4-coins]")
    assert mistakes.mistake(s, solve(s), "winner", "N", "cs") == (
        "Řekli jste, že štych bere Sever, ale král holí hráče Východ má stupeň 10, lepší než jezdec pohárů hráče Sever "
        "(stupeň 11), takže štych bere Východ."
    )
    assert mistakes.mistake(s, solve(s), "winner", "N", "fr") == (
        "Vous avez dit que Nord remporte la levée, mais le roi de bâtons, la carte d'Est, est au rang 10, meilleur que "
        "le cavalier de coupes, celle de Nord (rang 11) : Est remporte donc la levée."
    )
    # A named card keeps its French name, in Gujarati script as the lessons write it: 3-coins is Monsieur (મસ્યૂ).
    s = trick("[3-coins, K-clubs, 5-swords, 4-coins]", ask="[spoiled]")
    line = mistakes.mistake(s, solve(s), "spoiled", True, "gu")
    assert line is not None and "સિક્કાની તીરી (મસ્યૂ)" in line and "(1)" in line and "બગડ્યો નથી" in line


# --- the drills' widgets (the Review page's), in a page of their own ----------------------------------------------


def _drill_page() -> None:
    import random

    import streamlit as st

    from tutor.app import drill_widgets, state
    from tutor.content import drills

    st.session_state[state.LANGUAGE] = st.session_state.get("test.lang", "en")
    drill = drills.random_order(random.Random(3))
    drill_widgets.show("t", drill, "one", lambda answer: None)


def drill_page(lang: str) -> AppTest:
    at = AppTest.from_function(_drill_page, default_timeout=60)
    at.session_state["test.lang"] = lang
    return run(at)


def test_an_order_drills_widgets_in_qps_and_czech() -> None:
    at = drill_page("qps")
    assert is_wrapped(at.caption[0].value)
    assert all(is_wrapped(box.label) and is_wrapped(box.placeholder) for box in at.selectbox), at.selectbox
    check = next(b for b in at.button if (b.key or "").endswith(".check"))
    assert is_wrapped(check.label)
    check.click()
    run(at)
    assert [is_wrapped(w.value) for w in at.warning] == [True]  # "Give every card a place first."
    at = drill_page("cs")
    check = next(b for b in at.button if (b.key or "").endswith(".check"))
    assert check.label == "Zkontrolovat pořadí"
    assert all(box.placeholder == "místo" and box.label.startswith("Místo karty ") for box in at.selectbox)
    check.click()
    run(at)
    assert [w.value for w in at.warning] == ["Nejdřív dejte každé kartě místo."]
