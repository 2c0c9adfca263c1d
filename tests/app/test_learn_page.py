"""The Lessons page through Streamlit's AppTest: the lesson list, sections, scenarios, and "done"."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import fill_answers, open_page
from reveal_read import Row, reveal_of
from streamlit.testing.v1 import AppTest

from tutor.app import quiz, state
from tutor.content.course import Course, load_course
from tutor.content.solve import solve
from tutor.progress.memory import Answer, MemoryProgress

PREFIX = "learn"

LESSON = """\
id: test-tricks
order: 1
title: Test tricks
summary: The best card wins; equal best cards spoil the trick.
objectives:
  - Say who wins a trick.
sections:
  - heading: The best card wins
    text: |
      The card of the best tier wins the trick.
    cards: [3-coins, A-swords]
    caption: Monsieur beats an ace.
  - heading: Equal cards spoil
    text: Two aces tie.
    cards: [[A-swords, A-coins], [K-cups]]
scenarios: [spoiled-aces, madame-over-plain-threes]
"""


@pytest.fixture
def small_course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Course:
    """A one-lesson course (the real example scenarios), so the assertions do not follow the curriculum."""
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01-test-tricks.yaml").write_text(LESSON, encoding="utf-8")
    examples = Path(__file__).resolve().parents[2] / "scenarios" / "examples"
    course = load_course([str(tmp_path / "lessons"), str(examples)], verify=True)
    assert not course.problems, course.problems
    monkeypatch.setattr(state, "course", lambda: course)
    return course


def learn(progress: MemoryProgress | None = None, **query: str) -> AppTest:
    return open_page("screens/learn.py", query=query, session={"progress": progress} if progress is not None else None)


def marks(at: AppTest) -> list[str]:
    """The status written under each lesson of the list."""
    return list(at.radio(key=f"{PREFIX}.lesson").proto.captions)


def answer_right(at: AppTest) -> None:
    attempt: quiz.Attempt = at.session_state[f"{PREFIX}.attempt"]
    outcome = solve(attempt.scenario).outcome()
    fill_answers(at, {q.key: outcome[q.key] for q in attempt.questions}, PREFIX)
    at.button(key=f"{PREFIX}.submit").click().run()
    assert not at.exception, at.exception


def test_the_real_course_renders_every_lesson() -> None:
    course = state.course()
    at = learn()
    for lesson in course.lessons:
        at.radio(key=f"{PREFIX}.lesson").set_value(lesson.id).run()
        assert not at.exception, (lesson.id, at.exception)
        assert at.title[0].value == f"Lesson {lesson.order}: {lesson.title}"


def test_the_real_course_renders_every_section_and_first_scenario() -> None:
    course = state.course()
    at = learn()
    for lesson in course.lessons:
        at.radio(key=f"{PREFIX}.lesson").set_value(lesson.id).run()
        for number, section in enumerate(lesson.sections):
            assert any(s.value == section.heading for s in at.header), (lesson.id, number)
            if section.cards:
                assert any("<svg" in m.value for m in at.markdown), (lesson.id, number)
            at.button(key=f"{PREFIX}.next_section").click().run()
            assert not at.exception, (lesson.id, number, at.exception)
        if course.practice(lesson):
            assert at.session_state[f"{PREFIX}.attempt"].scenario.id == course.practice(lesson)[0].id


def test_sections_show_cards_and_next_section_marks_them_read(small_course: Course) -> None:
    at = learn()
    assert at.title[0].value == "Lesson 1: Test tricks"
    assert at.header[0].value == "The best card wins"
    svgs = [m.value for m in at.markdown if "<svg" in m.value]
    assert svgs and "3-coins" in svgs[0], "the section's cards are drawn"
    assert any(c.value == "Monsieur beats an ace." for c in at.caption)
    assert at.radio(key=f"{PREFIX}.lesson").options[0] == "1. Test tricks"

    at.button(key=f"{PREFIX}.next_section").click().run()
    assert at.header[0].value == "Equal cards spoil"
    drawn = next(m.value for m in at.markdown if "<svg" in m.value)
    assert drawn.count('class="cards-row"') == 2, "two rows (groups) of cards"
    assert all(code in drawn for code in ("A-swords", "A-coins", "K-cups"))
    progress: MemoryProgress = at.session_state["progress"]
    assert progress.read("test-tricks", 0) and not progress.read("test-tricks", 1)
    assert marks(at)[0] == quiz.STATUS_MARKS[quiz.STARTED], "in progress"
    assert at.radio(key=f"{PREFIX}.lesson").options[0] == "1. Test tricks", "the label does not change"

    at.button(key=f"{PREFIX}.back").click().run()
    assert at.header[0].value == "The best card wins"


def test_a_lesson_scenario_asks_then_reveals(small_course: Course) -> None:
    at = learn()
    at.button(key=f"{PREFIX}.skip").click().run()
    attempt: quiz.Attempt = at.session_state[f"{PREFIX}.attempt"]
    assert attempt.scenario.id == "spoiled-aces" and not attempt.submitted
    assert at.button(key=f"{PREFIX}.submit")
    answer_right(at)
    shown = reveal_of(at)
    assert shown is not None
    assert Row("✓", "Winner", "nobody (spoiled)", "nobody (spoiled)", False) in shown.rows
    assert any("leads again" in step for step in shown.steps)
    at.button(key=f"{PREFIX}.next_item").click().run()
    assert at.session_state[f"{PREFIX}.attempt"].scenario.id == "madame-over-plain-threes"


def test_a_lesson_read_and_solved_shows_as_done(small_course: Course) -> None:
    at = learn()
    at.button(key=f"{PREFIX}.next_section").click().run()
    at.button(key=f"{PREFIX}.next_section").click().run()
    answer_right(at)
    assert marks(at)[0] == quiz.STATUS_MARKS[quiz.STARTED]
    at.button(key=f"{PREFIX}.next_item").click().run()
    answer_right(at)
    assert marks(at)[0] == quiz.STATUS_MARKS[quiz.DONE]
    assert any("Lesson done" in s.value for s in at.success)


def test_done_comes_from_the_progress(small_course: Course) -> None:
    progress = MemoryProgress()
    progress.mark_read("test-tricks", 0)
    progress.mark_read("test-tricks", 1)
    for sid in ("spoiled-aces", "madame-over-plain-threes"):
        progress.record(Answer(sid, "trick", {}, {"x": True}, 3.0))
    at = learn(progress)
    assert marks(at)[0] == quiz.STATUS_MARKS[quiz.DONE]
    lesson = small_course.lessons[0]
    assert quiz.lesson_progress(small_course, lesson, progress).status == quiz.DONE
    progress.record(Answer("spoiled-aces", "trick", {}, {"x": False}, 3.0))
    assert quiz.lesson_progress(small_course, lesson, progress).status == quiz.DONE, "solved once is enough"


def test_a_deep_link_opens_a_lesson() -> None:
    course = state.course()
    if len(course.lessons) < 2:
        pytest.skip("needs two lessons")
    third = course.lessons[min(2, len(course.lessons) - 1)]
    at = learn(lesson=third.id)
    assert at.title[0].value == f"Lesson {third.order}: {third.title}"
    at.radio(key=f"{PREFIX}.lesson").set_value(course.lessons[0].id).run()
    assert at.title[0].value.startswith(f"Lesson {course.lessons[0].order}:")
    assert at.query_params["lesson"] == [course.lessons[0].id] or at.query_params["lesson"] == course.lessons[0].id


def test_no_lessons_renders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state, "course", lambda: Course((), {}, (), 0))
    at = learn()
    assert any("on their way" in i.value for i in at.info)


def test_reading_a_section_changes_no_label_of_the_lesson_list() -> None:
    """A learner goes Home, lesson 1, picks lesson 2 in the list, then Next section twice. The browser sends the list's
    choice back as its label: a label that changed when the lesson became "in progress" made the list fall
    back to lesson 1. The labels must stay as they were, the status shown beside them."""
    course = state.course()
    if len(course.lessons) < 2 or len(course.lessons[1].sections) < 3:
        pytest.skip("needs a second lesson of three sections or more")
    second = course.lessons[1]
    at = open_page(None)
    at.button(key="home.start").click().run()
    listed = at.radio(key=f"{PREFIX}.lesson")
    labels = list(listed.options)
    assert labels[1] == f"{second.order}. {second.title}"
    listed.set_value(second.id).run()
    for _ in range(2):
        at.button(key=f"{PREFIX}.next_section").click().run()
        assert not at.exception, at.exception
        assert at.title[0].value == f"Lesson {second.order}: {second.title}"
        assert list(at.radio(key=f"{PREFIX}.lesson").options) == labels
    assert at.radio(key=f"{PREFIX}.lesson").value == second.id
    assert marks(at)[1] == quiz.STATUS_MARKS[quiz.STARTED]
    assert at.header[0].value == second.sections[2].heading
    assert at.query_params["lesson"] in ([second.id], second.id)


def answer_wrong(at: AppTest) -> None:
    """Answer the scenario on screen with a seat that is not the winner (every small-course scenario asks it)."""
    attempt: quiz.Attempt = at.session_state[f"{PREFIX}.attempt"]
    outcome = solve(attempt.scenario).outcome()
    wrong = {q.key: outcome[q.key] for q in attempt.questions}
    wrong["winner"] = "S" if outcome["winner"] != "S" else "N"
    fill_answers(at, wrong, PREFIX)
    at.button(key=f"{PREFIX}.submit").click().run()
    assert not at.exception, at.exception


def test_a_lesson_scenario_counts_only_once_answered_right(small_course: Course) -> None:
    at = learn()
    at.button(key=f"{PREFIX}.skip").click().run()
    answer_wrong(at)
    progress: MemoryProgress = at.session_state["progress"]
    assert progress.answered("spoiled-aces") and not progress.solved("spoiled-aces")
    assert "Scenarios: 0 of 2 solved" in [p.proto.text for p in at.get("progress")]
    at.button(key=f"{PREFIX}.similar").click().run()
    other: quiz.Attempt = at.session_state[f"{PREFIX}.attempt"]
    assert other.similar and other.scenario.topic == "spoiled-tricks"
    answer_right(at)
    assert not progress.solved("spoiled-aces"), "a similar one answered right is not the lesson's scenario"
    at.button(key=f"{PREFIX}.retry").click().run()
    assert at.session_state[f"{PREFIX}.attempt"].scenario.id == other.scenario.id, "Try again: the same one"
    at.button(key=f"{PREFIX}.next_item").click().run()
    at.button(key=f"{PREFIX}.prev_item").click().run()
    assert at.session_state[f"{PREFIX}.attempt"].scenario.id == "spoiled-aces", "back to the lesson's scenario"
    answer_right(at)
    assert progress.solved("spoiled-aces")
    assert "Scenarios: 1 of 2 solved" in [p.proto.text for p in at.get("progress")]
