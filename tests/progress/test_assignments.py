"""A class's assignments (schema 11), on both backends: a lesson, a topic or picked scenarios with a due date,
checked against the course; a teacher sees and removes only their own classes' assignments; a member's
progress on each, from their answers."""

from __future__ import annotations

from datetime import date

import pytest
from store_target import count, member

from tutor.content.course import Course
from tutor.content.lesson import Lesson, Section
from tutor.content.scenario import Scenario
from tutor.progress.assignments import (
    DONE,
    LESSON,
    NOT_STARTED,
    PICKED,
    STARTED,
    TOPIC,
    AssignmentError,
    ItemAnswers,
    answers_by_item,
    assign,
    assigned_to,
    assignments,
    progress_on,
    remove_assignment,
)
from tutor.progress.classes import ClassError, create_class, delete_class
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

T0 = 1_800_000_000.0


def scenario(sid: str, topic: str) -> Scenario:
    return Scenario(sid, f"Title of {sid}", "trick", topic, None, ("winner",))  # type: ignore[arg-type]


@pytest.fixture
def course() -> Course:
    scenarios = {s.id: s for s in (scenario("a1", "pack"), scenario("a2", "pack"), scenario("b1", "tricks"))}
    lessons = (Lesson("first", 1, "First", "One line.", ("Learn it.",), (Section("S", "Text"),), ("a1", "b1")),)
    return Course(lessons, scenarios, (), 0)


def test_a_lesson_a_topic_and_picked_scenarios_with_their_items(db: ProgressDB, roux: Teacher, course: Course) -> None:
    club = create_class(db, roux, "Club", "en")
    lesson = assign(db, roux, club.id, LESSON, "first", course=course, now=T0)
    topic = assign(db, roux, club.id, TOPIC, "pack", due=date(2027, 1, 15), course=course, now=T0 + 1)
    picked = assign(db, roux, club.id, PICKED, "", ["b1", "a2", "b1"], course=course, now=T0 + 2)
    listed = assignments(db, roux, club.id)
    assert [(a.what, a.target, a.scenarios, a.due) for a in listed] == [
        (LESSON, "first", (), None),
        (TOPIC, "pack", (), date(2027, 1, 15)),
        (PICKED, "", ("b1", "a2"), None),  # a scenario picked twice is asked once
    ]
    assert [a.id for a in listed] == [lesson.id, topic.id, picked.id]
    assert lesson.items(course) == ["a1", "b1"]
    assert topic.items(course) == ["a1", "a2"]
    assert picked.items(course) == ["b1", "a2"]
    assert topic.overdue(date(2027, 1, 16)) and not topic.overdue(date(2027, 1, 15))
    assert not lesson.overdue(date(2099, 1, 1)), "no due date: never overdue"


@pytest.mark.parametrize(
    ("what", "target", "picked", "line"),
    [
        ("homework", "", [], "An assignment is a lesson, a topic or a list of scenarios."),
        (LESSON, "no-such-lesson", [], "Choose a lesson of the course."),
        (TOPIC, "juggling", [], "Choose a topic of the course."),
        (PICKED, "", [], "Pick at least one scenario."),
        (PICKED, "", ["a1", "zz"], "The course has no scenario 'zz'."),
    ],
)
def test_what_cannot_be_assigned_is_one_line_and_nothing_is_stored(
    db: ProgressDB, roux: Teacher, course: Course, what: str, target: str, picked: list[str], line: str
) -> None:
    club = create_class(db, roux, "Club", "en")
    with pytest.raises(AssignmentError) as refused:
        assign(db, roux, club.id, what, target, picked, course=course)
    assert refused.value.words("en") == line
    assert count(db, "assignments") == 0


def test_another_teachers_class_is_refused_and_its_assignments_unseen(
    db: ProgressDB, roux: Teacher, blanc: Teacher, course: Course
) -> None:
    club = create_class(db, roux, "Club", "en")
    made = assign(db, roux, club.id, LESSON, "first", course=course)
    with pytest.raises(ClassError):
        assign(db, blanc, club.id, LESSON, "first", course=course)
    with pytest.raises(ClassError):
        assignments(db, blanc, club.id)
    with pytest.raises(AssignmentError):
        remove_assignment(db, blanc, made.id)
    assert count(db, "assignments") == 1, "Blanc removed nothing"
    remove_assignment(db, roux, made.id)
    assert assignments(db, roux, club.id) == []
    with pytest.raises(AssignmentError):
        remove_assignment(db, roux, made.id)  # gone already


def test_a_member_sees_the_assignments_of_their_classes_due_soonest_first(
    db: ProgressDB, roux: Teacher, blanc: Teacher, course: Course
) -> None:
    club, other = create_class(db, roux, "Club", "en"), create_class(db, blanc, "Other", "fr")
    ann, ben = member(db, "Ann", club.code, other.code), member(db, "Ben")
    assign(db, roux, club.id, LESSON, "first", course=course, now=T0)
    assign(db, roux, club.id, TOPIC, "pack", due=date(2027, 2, 1), course=course, now=T0 + 1)
    assign(db, blanc, other.id, PICKED, "", ["b1"], due=date(2027, 1, 20), course=course, now=T0 + 2)
    seen = [(a.class_name, a.assignment.what, a.assignment.due) for a in assigned_to(db, ann)]
    assert seen == [("Other", PICKED, date(2027, 1, 20)), ("Club", TOPIC, date(2027, 2, 1)), ("Club", LESSON, None)]
    assert assigned_to(db, ben) == [], "Ben is in no class"
    delete_class(db, roux, club.id)
    assert [a.class_name for a in assigned_to(db, ann)] == ["Other"], "a class's assignments go with it"


def test_progress_on_an_assignment_counts_answers_and_right_ones(db: ProgressDB) -> None:
    ann = db.progress("Ann")
    for item, right in [("a1", False), ("a1", True), ("b1", False), ("zz", True)]:
        ann.record(Answer(item, "trick", {"winner": "N"}, {"winner": right}, 5.0, at=T0))
    answered = answers_by_item(db, ann.id, ["a1", "a2", "b1"])
    assert answered == {"a1": ItemAnswers(2, 1), "b1": ItemAnswers(1, 0)}
    on = progress_on(["a1", "a2", "b1"], answered)
    # a1 solved, b1 tried, a2 not yet: 2 of 3 answered, 1 of 3 answers right
    assert (on.status, on.answered, on.solved, on.total, on.answers, on.right) == (STARTED, 2, 1, 3, 3, 1)
    assert on.accuracy == pytest.approx(1 / 3)
    assert progress_on(["a1"], answered).status == DONE
    nothing = progress_on(["a2"], answered)
    assert (nothing.status, nothing.accuracy) == (NOT_STARTED, None)
