"""A class's assignments: work a teacher sets, and each member's progress on it.

* An assignment is a lesson (its practice scenarios), a topic (the course's scenarios of that ``topic``) or a
  hand-picked list of scenario ids, with an optional due date (a calendar day). A lesson's or a topic's
  scenarios are the course's when it is read, so an assignment follows the course as it grows.
* Every query of a teacher's assignments is filtered by the teacher's id through the class
  (:mod:`tutor.progress.classes`): another teacher's class, or its assignment, is one that does not exist.
* A member's progress on an assignment (:func:`progress_on`) is read from their answers: **done** when every
  scenario has been answered right at least once, **in progress** when any has been answered, else **not
  started**; its accuracy is the share of their answers to those scenarios that were entirely right.

>>> import tempfile
>>> from pathlib import Path
>>> from tutor.progress.classes import create_class
>>> from tutor.progress.teachers import create_teacher
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> roux = create_teacher(db, "Mme Roux", "correct horse")
>>> club = create_class(db, roux, "Thursday club", "fr")
>>> made = assign(db, roux, club.id, PICKED, "", ["spoiled-aces"], due=date(2026, 3, 1))
>>> [(a.what, a.scenarios, a.due) for a in assignments(db, roux, club.id)]
[('scenarios', ('spoiled-aces',), datetime.date(2026, 3, 1))]
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from tutor.content.course import Course
from tutor.content.texts import Text, _
from tutor.progress.classes import ClassError, no_such_class, school_class
from tutor.progress.names import LearnerError
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

LESSON, TOPIC, PICKED = "lesson", "topic", "scenarios"
WHATS = (LESSON, TOPIC, PICKED)
PICK_LIMIT = 200  # scenarios in one hand-picked assignment: the whole course, not a document
TARGET_LIMIT = 200  # characters of a lesson's id or a topic's slug

DONE, STARTED, NOT_STARTED = "done", "started", "not-started"

_COLUMNS = "a.id, a.class_id, a.what, a.target, a.scenarios, a.due, a.created"


class AssignmentError(LearnerError):
    """An assignment that cannot be made (an unknown lesson, topic or scenario, nothing picked), or that is not
    the teacher's: one line to show (:meth:`words` in the reader's language)."""


@dataclass(frozen=True)
class Assignment:
    """One assignment of a class: ``what`` it is (:data:`LESSON`, :data:`TOPIC` or :data:`PICKED`), the lesson
    or topic it names (``target``; empty for picked scenarios), the picked ``scenarios`` (empty for a lesson or
    a topic), and the day it is due, if any."""

    id: int
    class_id: int
    what: str
    target: str
    scenarios: tuple[str, ...]
    due: date | None
    created: float

    def items(self, course: Course) -> list[str]:
        """The scenario ids this assignment asks for, in the course's order, as the course has them now."""
        if self.what == LESSON:
            lesson = course.lesson(self.target)
            return [s.id for s in course.practice(lesson)] if lesson is not None else []
        if self.what == TOPIC:
            return [s.id for s in course.topics.get(self.target, [])]
        return [sid for sid in self.scenarios if sid in course.scenarios]

    def overdue(self, today: date) -> bool:
        return self.due is not None and today > self.due


@dataclass(frozen=True)
class Assigned:
    """An assignment as a member sees it: with the class's name (never its teacher)."""

    class_name: str
    assignment: Assignment


@dataclass(frozen=True)
class OnAssignment:
    """One learner's progress on one assignment."""

    status: str  # DONE, STARTED or NOT_STARTED
    answered: int  # scenarios answered at least once
    solved: int  # scenarios answered right at least once
    total: int  # scenarios asked
    answers: int  # answers given to them
    right: int  # of which entirely right

    @property
    def accuracy(self) -> float | None:
        """The share of the answers entirely right; None before any answer."""
        return self.right / self.answers if self.answers else None


def _assignment(row: Sequence[object]) -> Assignment:
    id_, class_id, what, target, scenarios, due, created = row
    picked = tuple(str(s) for s in json.loads(str(scenarios)))
    day = date.fromisoformat(str(due)) if due else None
    return Assignment(int(str(id_)), int(str(class_id)), str(what), str(target), picked, day, float(str(created)))


def not_yours() -> Text:
    return _("There is no such assignment among your classes'.")


def checked(course: Course, what: object, target: object, scenarios: Iterable[object]) -> tuple[str, str, list[str]]:
    """``what``, ``target`` and the picked scenarios as stored, or :class:`AssignmentError` naming what is wrong."""
    if what not in WHATS:
        raise AssignmentError(_("An assignment is a lesson, a topic or a list of scenarios."))
    name = str(target)[: TARGET_LIMIT + 1] if isinstance(target, str) else ""
    if what == LESSON:
        if course.lesson(name) is None:
            raise AssignmentError(_("Choose a lesson of the course."))
        return LESSON, name, []
    if what == TOPIC:
        if name not in course.topics:
            raise AssignmentError(_("Choose a topic of the course."))
        return TOPIC, name, []
    picked: list[str] = []
    for sid in scenarios:
        if not isinstance(sid, str) or sid not in course.scenarios:
            # Translators: {id} is a scenario's id that the course does not have.
            raise AssignmentError(_("The course has no scenario '{id}'.", id=str(sid)[:80]))
        if sid not in picked:
            picked.append(sid)
    if not picked:
        raise AssignmentError(_("Pick at least one scenario."))
    if len(picked) > PICK_LIMIT:
        raise AssignmentError(_("An assignment has at most {limit} scenarios.", limit=PICK_LIMIT))
    return PICKED, "", picked


def assign(
    db: ProgressDB,
    teacher: Teacher,
    class_id: int,
    what: object,
    target: object,
    scenarios: Iterable[object] = (),
    *,
    due: date | None = None,
    course: Course | None = None,
    now: float | None = None,
) -> Assignment:
    """A new assignment of ``teacher``'s class; checked against ``course`` when given (the app always gives it).
    :class:`AssignmentError` for what cannot be assigned, :class:`ClassError` for a class not the teacher's;
    nothing is stored then."""
    if course is not None:
        kind, name, picked = checked(course, what, target, scenarios)
    else:  # the store's own tests: kept as given
        kind, name, picked = str(what), str(target), [str(s) for s in scenarios]
    if due is not None and not isinstance(due, date):
        raise AssignmentError(_("A due date is a calendar day."))
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        owned = conn.execute(
            "SELECT 1 FROM classes WHERE id = ? AND teacher_id = ?", (int(class_id), teacher.id)
        ).fetchone()
        if owned is None:
            raise ClassError(no_such_class())
        row = conn.execute(
            "INSERT INTO assignments (class_id, what, target, scenarios, due, created) VALUES (?, ?, ?, ?, ?, ?)"
            " RETURNING id, class_id, what, target, scenarios, due, created",
            (int(class_id), kind, name, json.dumps(picked), due.isoformat() if due else None, at),
        ).fetchone()
    return _assignment(tuple(row))


def assignments(db: ProgressDB, teacher: Teacher, class_id: int) -> list[Assignment]:
    """The assignments of ``teacher``'s class, the first set first; :class:`ClassError` if it is not theirs."""
    school_class(db, teacher, class_id)
    with db.using() as conn:
        found = conn.execute(
            f"SELECT {_COLUMNS} FROM assignments a JOIN classes c ON c.id = a.class_id"
            " WHERE a.class_id = ? AND c.teacher_id = ? ORDER BY a.created, a.id",
            (int(class_id), teacher.id),
        ).fetchall()
    return [_assignment(tuple(row)) for row in found]


def remove_assignment(db: ProgressDB, teacher: Teacher, assignment_id: int) -> None:
    """Remove one of ``teacher``'s classes' assignments (the answers given to it stay the members');
    :class:`AssignmentError` for one that is not theirs."""
    with db.using(write=True) as conn:
        gone = conn.execute(
            "DELETE FROM assignments WHERE id = ? AND class_id IN (SELECT id FROM classes WHERE teacher_id = ?)",
            (int(assignment_id), teacher.id),
        ).rowcount
    if not gone:
        raise AssignmentError(not_yours())


def assigned_to(db: ProgressDB, learner_id: int) -> list[Assigned]:
    """Every assignment of the classes a learner is in: those due soonest first, then those with no due date,
    each with its class's name."""
    with db.using() as conn:
        found = conn.execute(
            f"SELECT {_COLUMNS}, c.name FROM assignments a JOIN classes c ON c.id = a.class_id"
            " JOIN class_members m ON m.class_id = a.class_id WHERE m.learner_id = ?"
            " ORDER BY a.created, a.id",
            (int(learner_id),),
        ).fetchall()
    made = [Assigned(str(row[7]), _assignment(tuple(row)[:7])) for row in found]
    return sorted(made, key=lambda a: (a.assignment.due is None, a.assignment.due or date.min))


@dataclass(frozen=True)
class ItemAnswers:
    """One learner's answers to one item, as the assignment figures need them."""

    answers: int
    right: int


def progress_on(items: Sequence[str], answered: dict[str, ItemAnswers]) -> OnAssignment:
    """A learner's progress on the scenarios ``items``, from their answers by item."""
    got = [answered[sid] for sid in items if sid in answered and answered[sid].answers]
    solved = sum(1 for a in got if a.right)
    answers, right = sum(a.answers for a in got), sum(a.right for a in got)
    if items and solved == len(items):
        status = DONE
    elif got:
        status = STARTED
    else:
        status = NOT_STARTED
    return OnAssignment(status, len(got), solved, len(items), answers, right)


def answers_by_item(db: ProgressDB, learner_id: int, items: Iterable[str]) -> dict[str, ItemAnswers]:
    """A learner's answers to ``items``: how many, and how many entirely right, in one query."""
    wanted = sorted(set(items))
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    with db.using() as conn:
        found = conn.execute(
            f"SELECT item, count(*), sum(all_correct) FROM answers WHERE learner_id = ? AND item IN ({marks})"
            " GROUP BY item",
            (int(learner_id), *wanted),
        ).fetchall()
    return {str(item): ItemAnswers(int(n), int(right or 0)) for item, n, right in found}
