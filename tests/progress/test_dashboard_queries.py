"""A class's dashboard figures (tutor/progress/dashboard.py), on both backends: members' cells per assignment,
the last day active, first time right and the most common wrong answer, the hardest scenarios, the 7-day
filter on an injected clock, and a teacher who sees nothing of another's class.

The class, worked by hand (NOW is day 10):
* Ann answered spoiled-aces "North" (wrong) on day 0, then "nobody" (right) on day 9;
* Ben answered spoiled-aces "North" (wrong) on day 8, and monsieur "East" (wrong) on day 8;
* Cy answered spoiled-aces "nobody" (right) on day 7, and monsieur "West" (right) on day 7;
* Eve joined and answered nothing; Dee, in another teacher's class, answered spoiled-aces "East" (wrong).
"""

from __future__ import annotations

import pytest
from store_target import member

from tutor.progress.assignments import DONE, NOT_STARTED, PICKED, STARTED, assign
from tutor.progress.classes import ClassError, SchoolClass, create_class
from tutor.progress.dashboard import (
    DAY,
    WrongAnswer,
    class_answers,
    dashboard,
    member_activity,
    since,
    teachers_member,
)
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

T0 = 1_800_000_000.0
NOW = T0 + 10 * DAY


def day(n: float) -> float:
    return T0 + n * DAY


def answer(db: ProgressDB, name: str, item: str, given: str, right: bool, at: float) -> None:
    db.progress(name).record(Answer(item, "trick", {"winner": given}, {"winner": right}, 5.0, at=at))


@pytest.fixture
def club(db: ProgressDB, roux: Teacher, blanc: Teacher) -> SchoolClass:
    made, other = create_class(db, roux, "Club", "en", now=T0), create_class(db, blanc, "Other", "en", now=T0)
    for n, name in enumerate(["Ann", "Ben", "Cy", "Eve"]):
        member(db, name, made.code, now=T0 + n)
    member(db, "Dee", other.code, now=T0)
    answer(db, "Ann", "spoiled-aces", "North", False, day(0))
    answer(db, "Ann", "spoiled-aces", "nobody", True, day(9))
    answer(db, "Ben", "spoiled-aces", "North", False, day(8))
    answer(db, "Ben", "monsieur", "East", False, day(8))
    answer(db, "Cy", "spoiled-aces", "nobody", True, day(7))
    answer(db, "Cy", "monsieur", "West", True, day(7))
    answer(db, "Dee", "spoiled-aces", "East", False, day(9))
    return made


def test_all_time_first_time_right_and_the_most_common_wrong_answer(
    db: ProgressDB, roux: Teacher, club: SchoolClass
) -> None:
    board = dashboard(db, roux, club.id, {})
    figures = {f.item: f for f in board.scenarios}
    aces = figures["spoiled-aces"]
    # Ann, Ben, Cy answered (not Dee: another class); only Cy was right first time; Ann and Ben chose North
    assert (aces.answered, aces.first_time_right) == (3, 1)
    assert aces.wrong == (WrongAnswer("winner", "North", 2),)
    monsieur = figures["monsieur"]
    assert (monsieur.answered, monsieur.first_time_right, monsieur.wrong) == (2, 1, (WrongAnswer("winner", "East", 1),))
    # 1 of 3 right first time is harder than 1 of 2
    assert [f.item for f in board.hardest] == ["spoiled-aces", "monsieur"]


def test_the_last_7_days_leave_out_anns_first_wrong_answer(db: ProgressDB, roux: Teacher, club: SchoolClass) -> None:
    start = since(7, NOW)
    assert start == day(3)
    board = dashboard(db, roux, club.id, {}, start)
    aces = {f.item: f for f in board.scenarios}["spoiled-aces"]
    # in the week, Ann's first answer is her right one of day 9: Ann and Cy right first time, Ben alone on North
    assert (aces.answered, aces.first_time_right, aces.wrong) == (3, 2, (WrongAnswer("winner", "North", 1),))
    assert len(class_answers(db, roux, club.id, start)) == 5, "Ann's day-0 answer and Dee's are not the class's week"
    assert since(None, NOW) is None


def test_one_row_per_member_with_a_cell_per_assignment_and_the_last_day_active(
    db: ProgressDB, roux: Teacher, club: SchoolClass
) -> None:
    both = assign(db, roux, club.id, PICKED, "", ["spoiled-aces", "monsieur"], now=T0)
    aces = assign(db, roux, club.id, PICKED, "", ["spoiled-aces"], now=T0 + 1)
    board = dashboard(db, roux, club.id, {both.id: ["spoiled-aces", "monsieur"], aces.id: ["spoiled-aces"]})
    assert [a.id for a in board.assignments] == [both.id, aces.id]
    table = {row.member.name: [(c.status, c.answered, c.total, c.accuracy) for c in row.cells] for row in board.rows}
    assert table == {
        "Ann": [(STARTED, 1, 2, 0.5), (DONE, 1, 1, 0.5)],  # one wrong and one right answer to spoiled-aces
        "Ben": [(STARTED, 2, 2, 0.0), (STARTED, 1, 1, 0.0)],  # answered both, right in neither
        "Cy": [(DONE, 2, 2, 1.0), (DONE, 1, 1, 1.0)],
        "Eve": [(NOT_STARTED, 0, 2, None), (NOT_STARTED, 0, 1, None)],
    }
    assert [row.member.name for row in board.rows] == ["Ann", "Ben", "Cy", "Eve"], "in the order they joined"
    last = {m.name: m.last_active for m in member_activity(db, roux, club.id)}
    assert last == {"Ann": day(9), "Ben": day(8), "Cy": day(7), "Eve": None}


def test_another_teacher_sees_nothing_of_the_class(
    db: ProgressDB, roux: Teacher, blanc: Teacher, club: SchoolClass
) -> None:
    with pytest.raises(ClassError):
        dashboard(db, blanc, club.id, {})
    with pytest.raises(ClassError):
        member_activity(db, blanc, club.id)
    assert class_answers(db, blanc, club.id) == []
    ann = db.learner_id("Ann")
    dee = db.learner_id("Dee")
    assert ann is not None and dee is not None
    found = teachers_member(db, roux, club.id, ann)
    assert found is not None and (found.name, found.last_active) == ("Ann", day(9))
    assert teachers_member(db, blanc, club.id, ann) is None, "not Blanc's class"
    assert teachers_member(db, roux, club.id, dee) is None, "Dee is not in Roux's class"
    assert teachers_member(db, roux, club.id, 999_999) is None
