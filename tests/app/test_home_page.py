"""The Home page through Streamlit's AppTest: what Aluette is, where to start, progress so far."""

from __future__ import annotations

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app import state
from tutor.content.course import Course
from tutor.progress.memory import Answer, MemoryProgress


def home(progress: MemoryProgress | None = None) -> AppTest:
    return open_page(session={"progress": progress} if progress is not None else None)


def keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button if b.key]


def texts(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def lesson_map(at: AppTest) -> list[str]:
    """The labels of Home's links to the lessons, in order."""
    return [e.proto.label for e in at.get("page_link") if "lesson=" in e.proto.page or e.proto.query_string]


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_home_is_the_default_page_and_says_what_aluette_is() -> None:
    at = home()
    assert at.title[0].value == "Learn Aluette"
    text = "\n".join(m.value for m in at.markdown)
    for words in ("four players", "48-card", "19 tiers", "spoiled", "five deals"):
        assert words in text
    assert "<svg" in text and "Monsieur" in text, "the four top cards are drawn"


def test_home_shows_where_to_start() -> None:
    course = state.course()
    at = home()
    assert at.button(key="home.practice").label == "Practice"
    if course.lessons:
        assert at.button(key="home.start").label == f"Lesson 1: {course.lessons[0].title}"
        at.button(key="home.start").click().run()
        assert not at.exception
        assert at.title[0].value == f"Lesson 1: {course.lessons[0].title}", "the button opens Lesson 1"


def test_practice_button_opens_practice() -> None:
    at = home()
    at.button(key="home.practice").click().run()
    assert not at.exception
    assert at.title[0].value == "Practice"


def test_a_fresh_session_has_empty_progress() -> None:
    course = state.course()
    at = home()
    shown = metrics(at)
    assert shown["Lessons done"] == f"0 / {len(course.lessons)}"
    assert shown["Scenarios solved"] == f"0 / {len(course.scenarios)}"
    assert shown["Right this session"] == "–"
    assert not at.button(key="home.start").disabled and "home.continue" not in keys(at), "nothing to continue"
    assert lesson_map(at) == [f"{lesson.order}. {lesson.title} · not started" for lesson in course.lessons]


def test_progress_counts_what_was_answered() -> None:
    course = state.course()
    progress = MemoryProgress()
    progress.record(Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 4.0))
    progress.record(Answer("played-deal", "deal", {"points": "2"}, {"points": False}, 9.0))
    shown = metrics(home(progress))
    assert shown["Scenarios solved"] == f"1 / {len(course.scenarios)}"
    assert shown["Right this session"] == "50%"


def test_next_lesson_follows_the_lessons_done() -> None:
    course = state.course()
    if len(course.lessons) < 2:
        pytest.skip("needs two lessons")
    first = course.lessons[0]
    progress = MemoryProgress()
    for n in range(len(first.sections)):
        progress.mark_read(first.id, n)
    for scenario in course.practice(first):
        progress.record(Answer(scenario.id, scenario.kind, {}, {"k": True}, 1.0))
    at = home(progress)
    assert metrics(at)["Lessons done"] == f"1 / {len(course.lessons)}"
    second = course.lessons[1]
    assert lesson_map(at)[:2] == [f"1. {first.title} · ✓ done", f"2. {second.title} · not started"]
    assert f"Lesson 2: {second.title}, section 1 of {len(second.sections)}" in texts(at)
    at.button(key="home.continue").click().run()
    assert at.title[0].value == f"Lesson 2: {second.title}"
    assert at.header[0].value == second.sections[0].heading


def test_home_renders_without_any_content(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state, "course", lambda: Course((), {}, (), 0))
    shown = metrics(home())
    assert shown["Lessons done"] == "0 / 0"


def test_continue_goes_back_to_the_lesson_and_section_left() -> None:
    course = state.course()
    if len(course.lessons) < 2 or len(course.lessons[1].sections) < 3:
        pytest.skip("needs a second lesson of three sections or more")
    second = course.lessons[1]
    at = home()
    at.button(key="home.start").click().run()
    at.radio(key="learn.lesson").set_value(second.id).run()
    at.button(key="learn.next_section").click().run()
    at.button(key="learn.next_section").click().run()
    at.switch_page("screens/home.py").run()
    assert f"Lesson 2: {second.title}, section 3 of {len(second.sections)}" in texts(at)
    assert lesson_map(at)[1] == f"2. {second.title} · in progress"
    at.button(key="home.continue").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == f"Lesson 2: {second.title}"
    assert at.header[0].value == second.sections[2].heading


def test_continue_goes_back_to_the_practice_scenario_left() -> None:
    at = open_page("screens/practice.py", query={"topic": "tricks"})
    queue = at.session_state["practice.queue"]
    queue.position = 3
    at.run()
    asked = at.session_state["practice.attempt"].scenario
    at.switch_page("screens/home.py").run()
    assert f"Practice: Tricks, scenario 4 of {len(queue.items)}" in texts(at)
    at.button(key="home.continue").click().run()
    assert at.title[0].value == "Practice"
    assert at.session_state["practice.attempt"].scenario.id == asked.id


def test_continue_names_a_practice_lesson_by_its_title() -> None:
    course = state.course()
    lesson = course.lesson_of("spoiled-aces")
    assert lesson is not None
    at = open_page("screens/practice.py", query={"scenario": "spoiled-aces"})
    at.switch_page("screens/home.py").run()
    position = course.practice(lesson).index(course.scenarios["spoiled-aces"]) + 1
    wanted = f"Practice: lesson {lesson.order}, {lesson.title}, scenario {position} of {len(course.practice(lesson))}"
    assert wanted in texts(at)
