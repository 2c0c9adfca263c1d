"""A class's dashboard, as figures: each member's progress on each assignment, when each was last active, and
for each scenario the class answered, how many got it right first time and which wrong answers they gave.

Everything is read in three queries whatever the class's size (the members with their last answer, the
class's answers in the period, the assignments), each filtered by the teacher's id through the class, and
worked out here in one pass over the answers: 60 members with 200 scenarios each is some 12,000 rows.

* **First time right**: a member's first answer to the scenario in the period was entirely right.
* **A wrong answer** is one asked key's value a member gave (as it was shown back to them) where that key was
  wrong; each member counts once for each different wrong value they gave.
* **The hardest** scenarios are those with the smallest share right first time (ties: more members answered
  first), among those at least one member missed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.progress.assignments import Assignment, ItemAnswers, OnAssignment, assignments, progress_on
from tutor.progress.classes import school_class
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

DAY = 86400.0
PERIODS = (7, 30, None)  # the filter: the last 7 days, the last 30 days, all
HARDEST = 5


@dataclass(frozen=True)
class MemberActivity:
    learner_id: int
    name: str
    last_active: float | None  # their latest answer ever, in any class or none


@dataclass(frozen=True)
class ClassAnswer:
    learner_id: int
    item: str
    given: dict[str, str]
    correct: dict[str, bool]
    all_correct: bool
    at: float


@dataclass(frozen=True)
class WrongAnswer:
    """A wrong value given to one key of a scenario, and how many members gave it."""

    key: str
    given: str
    members: int


@dataclass(frozen=True)
class ScenarioFigures:
    item: str
    answered: int  # members who answered it in the period
    first_time_right: int  # members whose first answer was entirely right
    wrong: tuple[WrongAnswer, ...]  # the most common first

    @property
    def first_time_share(self) -> float:
        return self.first_time_right / self.answered if self.answered else 0.0

    @property
    def most_common_wrong(self) -> WrongAnswer | None:
        return self.wrong[0] if self.wrong else None


@dataclass(frozen=True)
class MemberRow:
    member: MemberActivity
    cells: tuple[OnAssignment, ...]  # one per assignment, in the dashboard's order


@dataclass(frozen=True)
class Dashboard:
    assignments: tuple[Assignment, ...]
    rows: tuple[MemberRow, ...]
    scenarios: tuple[ScenarioFigures, ...]  # by item id
    hardest: tuple[ScenarioFigures, ...]
    since: float | None = field(default=None)


def since(days: int | None, now: float) -> float | None:
    """The start of the period of the last ``days`` days before ``now`` (None: all time)."""
    return None if days is None else now - days * DAY


def member_activity(db: ProgressDB, teacher: Teacher, class_id: int) -> list[MemberActivity]:
    """The class's members in the order they joined, each with their latest answer; :class:`ClassError` if the
    class is not the teacher's."""
    school_class(db, teacher, class_id)
    with db.using() as conn:
        found = conn.execute(
            "SELECT m.learner_id, l.name, (SELECT max(a.answered_at) FROM answers a WHERE a.learner_id = m.learner_id)"
            " FROM class_members m JOIN classes c ON c.id = m.class_id JOIN learners l ON l.id = m.learner_id"
            " WHERE m.class_id = ? AND c.teacher_id = ? ORDER BY m.joined, m.learner_id",
            (int(class_id), teacher.id),
        ).fetchall()
    return [MemberActivity(int(lid), str(name), None if last is None else float(last)) for lid, name, last in found]


def class_answers(db: ProgressDB, teacher: Teacher, class_id: int, start: float | None = None) -> list[ClassAnswer]:
    """Every answer of the class's members since ``start`` (all, if None), member by member in time order; one
    query, which walks the answers_by_time index."""
    with db.using() as conn:
        found = conn.execute(
            "SELECT a.learner_id, a.item, a.given, a.correct, a.all_correct, a.answered_at FROM answers a"
            " JOIN class_members m ON m.learner_id = a.learner_id JOIN classes c ON c.id = m.class_id"
            " WHERE m.class_id = ? AND c.teacher_id = ? AND a.answered_at >= ?"
            " ORDER BY m.learner_id, a.answered_at, a.id",
            (int(class_id), teacher.id, -1.0 if start is None else float(start)),
        ).fetchall()
    # A class gives the same few answers again and again: each stored text is decoded once (and never mutated)
    decoded: dict[str, dict[str, Any]] = {}

    def load(text: str) -> dict[str, Any]:
        value = decoded.get(text)
        if value is None:
            value = decoded[text] = json.loads(text)
        return value

    return [
        ClassAnswer(int(lid), str(item), load(given), load(correct), bool(right), float(at))
        for lid, item, given, correct, right, at in found
    ]


def scenario_figures(answers: Sequence[ClassAnswer], items: set[str] | None = None) -> list[ScenarioFigures]:
    """Per scenario answered (of ``items`` only, when given): first time right and the wrong answers given,
    from answers in time order."""
    firsts: dict[str, dict[int, bool]] = {}
    wrong: dict[str, dict[tuple[str, str], set[int]]] = {}
    for answer in answers:
        if items is not None and answer.item not in items:
            continue
        firsts.setdefault(answer.item, {}).setdefault(answer.learner_id, answer.all_correct)
        for key, right in answer.correct.items():
            if not right:
                shown = str(answer.given.get(key, ""))
                wrong.setdefault(answer.item, {}).setdefault((key, shown), set()).add(answer.learner_id)
    made = []
    for item in sorted(firsts):
        given = wrong.get(item, {})
        counted = sorted(
            (WrongAnswer(key, shown, len(who)) for (key, shown), who in given.items()),
            key=lambda w: (-w.members, w.key, w.given),
        )
        first = firsts[item]
        made.append(ScenarioFigures(item, len(first), sum(first.values()), tuple(counted)))
    return made


def hardest(figures: Sequence[ScenarioFigures], limit: int = HARDEST) -> list[ScenarioFigures]:
    missed = [f for f in figures if f.first_time_right < f.answered]
    return sorted(missed, key=lambda f: (f.first_time_share, -f.answered, f.item))[:limit]


def dashboard(
    db: ProgressDB, teacher: Teacher, class_id: int, items_of: dict[int, list[str]], start: float | None = None
) -> Dashboard:
    """The dashboard of ``teacher``'s class for answers since ``start``. ``items_of`` gives each assignment's
    scenario ids (by assignment id: the course decides them, :meth:`Assignment.items`); an assignment missing
    from it counts its picked scenarios. :class:`ClassError` if the class is not the teacher's."""
    members = member_activity(db, teacher, class_id)
    given = assignments(db, teacher, class_id)
    answers = class_answers(db, teacher, class_id, start)
    per_member: dict[int, dict[str, list[int]]] = {}
    for answer in answers:
        counts = per_member.setdefault(answer.learner_id, {}).setdefault(answer.item, [0, 0])
        counts[0] += 1
        counts[1] += int(answer.all_correct)
    rows = []
    for member in members:
        mine = {item: ItemAnswers(n, right) for item, (n, right) in per_member.get(member.learner_id, {}).items()}
        cells = tuple(progress_on(items_of.get(a.id, list(a.scenarios)), mine) for a in given)
        rows.append(MemberRow(member, cells))
    figures = scenario_figures(answers)
    return Dashboard(tuple(given), tuple(rows), tuple(figures), tuple(hardest(figures)), start)


def teachers_member(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int) -> MemberActivity | None:
    """The learner, if they are a member of ``teacher``'s class ``class_id``; None otherwise (another teacher's
    class, a learner not in it, an id that is no learner's): what opens a member's Progress to a teacher."""
    with db.using() as conn:
        row = conn.execute(
            "SELECT l.id, l.name FROM class_members m JOIN classes c ON c.id = m.class_id"
            " JOIN learners l ON l.id = m.learner_id WHERE m.class_id = ? AND c.teacher_id = ? AND m.learner_id = ?",
            (int(class_id), teacher.id, int(learner_id)),
        ).fetchone()
        if row is None:
            return None
        last = conn.execute("SELECT max(answered_at) FROM answers WHERE learner_id = ?", (int(learner_id),)).fetchone()
    return MemberActivity(int(row[0]), str(row[1]), None if last[0] is None else float(last[0]))
