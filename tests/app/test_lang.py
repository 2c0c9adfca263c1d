"""The learner's language through Streamlit's AppTest: picked from a link, a saved choice or the browser;
changed in the sidebar's menu without losing the learner's place; remembered for a learner; and followed by
every course text and explanation step on the page (the pseudo-language ``qps`` wraps each one in ⟦…⟧)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import fill_answers, new_session, open_page, type_new_learner
from reveal_read import reveal_of
from streamlit.testing.v1 import AppTest
from test_learners import another_browser

from tutor.app import lang, state
from tutor.app.markup import md
from tutor.content.lesson import Lesson
from tutor.content.solve import solve
from tutor.i18n.pseudo import CLOSE, OPEN, pseudo
from tutor.i18n.sentences import render
from tutor.progress.settings import LANGUAGE, setting
from tutor.progress.store import ProgressDB

MENU = "learner.lang.menu"
# Hand-checked in the Albanian and Macedonian catalogs (locales/*/LC_MESSAGES/content.po and engine.po)
PACK_SQ = "Pakoja"  # lesson 1, "The pack"
RANKING_SQ, RANKING_MK = "Renditja", "Рангирањето"  # lesson 2, "The ranking"
RANKING_SECTION_2_MK = "Осумте именувани карти"  # its second section, "The eight named cards"
SEVEN_OF_COINS_SQ = "Shtatë monedhash (shtatë, niveli 15)."  # "7-coins (a seven, tier 15).": the card in words


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


def headings(at: AppTest) -> list[str]:
    """The page's headings below its title (a section's, a scenario's), header or subheader alike."""
    return [str(e.value) for kind in (at.header, at.subheader) for e in kind]


def texts(at: AppTest) -> str:
    """Everything the page says in text elements, widget labels and options, one element a line."""
    parts = [e.value for kind in (at.title, at.header, at.subheader, at.markdown, at.caption, at.info) for e in kind]
    parts += [e.label for e in at.expander] + [b.label for b in at.button]
    for widget in (*at.radio, *at.selectbox):
        parts += [widget.label, *map(str, widget.options)]
    return "\n".join(map(str, parts))


def why(at: AppTest) -> list[str]:
    """The explanation's steps, in order, as the reveal shows them."""
    shown = reveal_of(at)
    assert shown is not None, "no reveal on the page"
    return shown.steps


def answer_right(at: AppTest, prefix: str) -> None:
    attempt = at.session_state[f"{prefix}.attempt"]
    outcome = solve(attempt.scenario).outcome()
    fill_answers(at, {q.key: outcome[q.key] for q in attempt.questions}, prefix)
    ok(at.button(key=f"{prefix}.submit").click().run())
    assert at.session_state[f"{prefix}.attempt"].submitted


def lessons() -> list[Lesson]:
    return list(state.course().lessons)  # English: no language settled outside a session


# --- where the language comes from -----------------------------------------------------------------------------


def test_a_link_in_albanian_shows_lesson_one_and_its_explanation_in_albanian() -> None:
    first = lessons()[0]
    at = open_page("screens/learn.py", query={"lang": "sq", "lesson": first.id})
    assert at.title[0].value == f"Mësimi 1: {PACK_SQ}"
    menu = at.selectbox(key=MENU)
    assert menu.value == "sq" and menu.options[menu.index or 0] == "Shqip"
    ok(at.button(key="learn.skip").click().run())  # to the scenarios
    assert at.session_state["learn.attempt"].scenario.id == "pack-sevens-of-four-suits"
    answer_right(at, "learn")
    steps = why(at)
    assert steps[0] == SEVEN_OF_COINS_SQ
    assert not any("tier" in s for s in steps), steps  # English's word for a tier ("niveli" in Albanian)
    assert at.query_params["lang"] == "sq"


def test_the_browser_language_applies_when_nothing_else_says() -> None:
    at = new_session()
    at.context["locale"] = "mk-MK"
    at.switch_page("screens/learn.py")
    ok(at.run())
    assert at.selectbox(key=MENU).value == "mk"
    assert at.radio(key="learn.lesson").options[1] == f"2. {RANKING_MK}"
    assert "lang" not in at.query_params  # the browser's own language: nothing to write in a link


def test_an_unknown_language_in_a_link_is_passed_over_for_english() -> None:
    at = open_page(query={"lang": "zz"})
    assert at.session_state["learner.lang"] == "en" and at.selectbox(key=MENU).value == "en"
    assert "lang" not in at.query_params  # taken out of the address, not carried on
    assert at.title[0].value == "Learn Aluette"
    assert any(b.label == f"Lesson 1: {lessons()[0].title}" for b in at.button)


def test_a_link_wins_over_the_browser_and_the_browser_over_english() -> None:
    at = new_session()
    at.context["locale"] = "mk-MK"
    at.query_params["lang"] = "sq"
    at.switch_page("screens/learn.py")
    ok(at.run())
    assert at.selectbox(key=MENU).value == "sq"
    at = new_session()
    at.context["locale"] = "de-DE"  # a language the tutor does not speak
    ok(at.run())
    assert at.selectbox(key=MENU).value == "en"


# --- changing it keeps the learner's place ----------------------------------------------------------------------


def test_the_menu_changes_the_language_and_keeps_the_lesson_and_section() -> None:
    second = lessons()[1]
    at = open_page("screens/learn.py", query={"lesson": second.id})
    ok(at.button(key="learn.next_section").click().run())  # section 2
    assert second.sections[1].heading in headings(at)
    ok(at.selectbox(key=MENU).set_value("mk").run())
    assert at.radio(key="learn.lesson").value == second.id
    assert at.title[0].value == f"Лекција 2: {RANKING_MK}"
    assert RANKING_SECTION_2_MK in headings(at)  # still section 2
    assert at.query_params["lesson"] == second.id and at.query_params["lang"] == "mk"
    ok(at.selectbox(key=MENU).set_value("en").run())
    assert at.title[0].value == f"Lesson 2: {second.title}" and second.sections[1].heading in headings(at)


def test_the_menu_keeps_the_practice_question_its_answers_and_its_reveal() -> None:
    at = open_page("screens/practice.py", query={"scenario": "pack-sevens-of-four-suits"})
    before = at.session_state["practice.attempt"]
    outcome = solve(before.scenario).outcome()
    fill_answers(at, {"highest": outcome["highest"]}, "practice")  # one answer given, not yet submitted
    ok(at.run())
    ok(at.selectbox(key=MENU).set_value("sq").run())
    now = at.session_state["practice.attempt"]
    assert now is before and not now.submitted
    assert any(h.endswith("cila është më e larta?") for h in headings(at))  # the same question, in Albanian
    fill_answers(at, {"tie": outcome["tie"]}, "practice")  # the other answer; the first one is still there
    ok(at.button(key="practice.submit").click().run())
    assert now.submitted and now.grade is not None and now.grade.all_correct
    assert why(at)[0] == SEVEN_OF_COINS_SQ
    ok(at.selectbox(key=MENU).set_value("en").run())
    assert at.session_state["practice.attempt"] is now and now.submitted  # the reveal stays, now in English
    assert why(at)[0] == "7-coins (a seven, tier 15)."


def test_the_language_survives_a_page_that_drops_the_address() -> None:
    at = open_page(query={"lang": "sq"})
    at.query_params.clear()  # as st.switch_page or a page link does
    at.switch_page("screens/learn.py")
    ok(at.run())
    assert at.title[0].value == f"Mësimi 1: {PACK_SQ}"
    assert at.query_params["lang"] == "sq"  # written back, so that a copied link carries it


# --- remembered for a learner -----------------------------------------------------------------------------------


def add_learner(at: AppTest, name: str) -> None:
    type_new_learner(at, name)
    ok(at.button(key="learner.create").click().run())


def test_a_learners_choice_is_remembered_in_a_new_session(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_page("screens/learn.py")
    add_learner(at, "Ann")
    ok(at.selectbox(key=MENU).set_value("sq").run())
    with ProgressDB(db_path) as db:
        assert setting(db, "Ann", LANGUAGE) == "sq"
    reloaded = open_page("screens/learn.py")  # the same browser goes on as Ann, in her language
    assert reloaded.selectbox(key=MENU).value == "sq" and reloaded.title[0].value == f"Mësimi 1: {PACK_SQ}"
    another_browser(monkeypatch)
    later = open_page("screens/learn.py")  # a new session in another browser: a guest, in the browser's language
    assert later.selectbox(key=MENU).value == "en"
    ok(later.selectbox(key="learner.choice").set_value("Ann").run())
    assert later.selectbox(key=MENU).value == "sq" and later.title[0].value == f"Mësimi 1: {PACK_SQ}"
    assert later.query_params["lang"] == "sq"


def test_a_guests_choice_goes_with_the_name_they_give(db_path: Path) -> None:
    at = open_page()
    ok(at.selectbox(key=MENU).set_value("mk").run())
    with ProgressDB(db_path) as db:
        db.create_learner("Ben")
    ok(at.run())  # the chooser lists Ben now
    ok(at.selectbox(key="learner.choice").set_value("Ben").run())
    assert at.selectbox(key=MENU).value == "mk"
    with ProgressDB(db_path) as db:
        assert setting(db, "Ben", LANGUAGE) == "mk"


def test_the_next_learner_gets_their_own_language_not_the_one_before(db_path: Path) -> None:
    at = open_page()
    add_learner(at, "Ann")
    ok(at.selectbox(key=MENU).set_value("sq").run())
    add_learner(at, "Cleo")  # never chose: the browser's language (English here), not Ann's
    assert at.selectbox(key=MENU).value == "en" and "lang" not in at.query_params
    ok(at.selectbox(key="learner.choice").set_value("Ann").run())
    assert at.selectbox(key=MENU).value == "sq"


def test_a_link_wins_over_the_saved_choice(db_path: Path) -> None:
    at = open_page()
    add_learner(at, "Ann")
    ok(at.selectbox(key=MENU).set_value("sq").run())
    later = open_page(query={"lang": "mk"})
    ok(later.selectbox(key="learner.choice").set_value("Ann").run())
    assert later.selectbox(key=MENU).value == "mk"
    with ProgressDB(db_path) as db:
        assert setting(db, "Ann", LANGUAGE) == "sq"  # a link is not a choice to remember


# --- everything the course says follows it (qps wraps each translated text) -----------------------------------


def wrapped(text: str) -> str:
    return pseudo(text, template=False)


def test_every_course_text_of_a_lesson_page_goes_through_the_catalogs() -> None:
    all_lessons = lessons()
    first = all_lessons[0]
    at = open_page("screens/learn.py", query={"lang": "qps", "lesson": first.id})
    shown = texts(at)
    section = first.sections[0]
    course_texts = [first.title, first.summary, *first.objectives, section.heading, section.text]
    course_texts += [section.caption] if section.caption else []
    course_texts += [lesson.title for lesson in all_lessons]  # the list of lessons
    for text in course_texts:
        assert wrapped(text) in shown, text
        assert text not in shown.replace(wrapped(text), ""), f"shown unwrapped: {text!r}"
    ok(at.button(key="learn.skip").click().run())
    scenario = state.course().scenarios[at.session_state["learn.attempt"].scenario.id]
    assert wrapped(scenario.title) in headings(at)
    if scenario.hint:
        assert wrapped(scenario.hint) in texts(at)
    answer_right(at, "learn")
    steps = why(at)
    assert steps and all(s.startswith(OPEN) and s.endswith(CLOSE) for s in steps), steps
    if scenario.note:
        revealed = reveal_of(at)
        assert revealed is not None and revealed.note == " ".join(wrapped(scenario.note).split())


def test_every_course_text_of_home_and_practice_goes_through_the_catalogs() -> None:
    all_lessons = lessons()
    at = open_page(query={"lang": "qps"})
    labels = [b.label for b in at.button]
    # The app's own words are the ui catalog's too (wrapped around the lesson's title)
    assert any(label.startswith(OPEN) and f"1: {wrapped(all_lessons[0].title)}" in label for label in labels)
    # The map of lessons is made of page links: each lesson's title in it is the catalog's
    links = [str(e.proto.label) for e in at.get("page_link")]
    for lesson in all_lessons:
        assert any(f"{lesson.order}. {wrapped(lesson.title)} · " in link for link in links), lesson.id
    at.switch_page("screens/practice.py")
    at.query_params["scenario"] = "spoiled-aces"
    ok(at.run())
    english = state.course().scenarios["spoiled-aces"]
    assert wrapped(english.title) in headings(at)
    answer_right(at, "practice")
    assert all(s.startswith(OPEN) and s.endswith(CLOSE) for s in why(at))


def test_the_pseudo_language_is_offered_only_while_in_use() -> None:
    at = open_page(query={"lang": "qps"})
    assert at.selectbox(key=MENU).options[-1] == lang.name("qps")
    ok(at.selectbox(key=MENU).set_value("fr").run())
    assert at.selectbox(key=MENU).options == [
        "English",
        "Français",
        "Čeština",
        "Shqip",
        "Македонски",
        "Bahasa Melayu",
        "ગુજરાતી",
    ]


def test_the_play_pages_guide_speaks_the_language_too() -> None:
    from tutor.play import guided

    at = open_page("screens/play.py", query={"guided": "1", "lang": "qps"})
    match = at.session_state["play.match"]
    instruction = render(guided.expected(match).instruction, "qps")
    assert instruction.startswith(OPEN) and instruction.endswith(CLOSE)
    shown = "\n".join(str(e.value) for kind in (at.markdown, at.caption, at.info) for e in kind)
    assert md(instruction) in shown
    assert md(render(guided.expected(match).instruction, "en")) not in shown
