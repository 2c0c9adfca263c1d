"""What to review next (tutor/progress/review.py): the ranking facts and item ids, due items first, then new ones,
and mistakes again within the session.

A small course is built in the test (two lessons of real-looking scenarios); the saved progress uses a real
SQLite file, and every time is given explicitly.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from tutor.content import drills
from tutor.content.course import Course, load_course
from tutor.content.lesson import Lesson, Section
from tutor.content.scenario import Scenario
from tutor.engine import PACK
from tutor.progress.base import Progress
from tutor.progress.memory import Answer, MemoryProgress
from tutor.progress.review import (
    AGAIN,
    DUE,
    NEW,
    ReviewSession,
    exists,
    is_drill_id,
    item_label,
    next_items,
    next_lesson,
    ranking_facts,
    resolve,
)
from tutor.progress.store import SqliteProgress

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2025, 3, 10, 12, 0).timestamp()  # local noon
MINUTE, DAY = 60.0, 86_400.0


def scenario(sid: str, topic: str) -> Scenario:
    return Scenario(sid, f"Title of {sid}", "trick", topic, None, ("winner",))  # type: ignore[arg-type]


def lesson(lid: str, order: int, scenarios: tuple[str, ...]) -> Lesson:
    return Lesson(lid, order, lid.title(), "One line.", ("Learn it.",), (Section("S", "Text"),), scenarios)


@pytest.fixture
def course() -> Course:
    scenarios = {
        s.id: s
        for s in (
            scenario("a1", "pack"),
            scenario("a2", "pack"),
            scenario("a3", "ranking"),
            scenario("b1", "tricks"),
            scenario("b2", "tricks"),
        )
    }
    lessons = (lesson("first", 1, ("a1", "a2", "a3")), lesson("second", 2, ("b1", "b2")))
    return Course(lessons, scenarios, (), 0)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def progress(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Progress]:
    if request.param == "memory":
        yield MemoryProgress()
        return
    where = tmp_path / "progress.db" if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    with SqliteProgress(where, "Ann") as saved:
        yield saved


def answer(item: str, ok: bool = True, seconds: float = 30.0, at: float = T0, kind: str = "trick") -> Answer:
    return Answer(item, kind, {"winner": "N"}, {"winner": ok}, seconds, at)


def ids(items: list) -> list[str]:
    return [i.item for i in items]


# --- Ranking facts and item ids -----------------------------------------------------------------------------


def test_ranking_facts_cover_every_cards_tier_then_pairs() -> None:
    facts = ranking_facts()
    assert len(facts) == len(set(facts))
    assert {f for f in facts if f.startswith("tier:")} == {f"tier:{c}" for c in PACK}
    assert facts[0] == "tier:3-coins"  # Monsieur first
    assert "beats:4-coins:3-clubs" in facts  # the plain three trap
    for fact in facts:
        assert is_drill_id(fact)
        assert drills.drill_from_id(fact).id == fact


def test_items_gone_from_the_course_do_not_exist(course: Course) -> None:
    assert exists("a1", course) and exists("tier:9-swords", course) and exists("beats:4-coins:3-clubs", course)
    assert exists("gesture-signal:borgne", course)
    for gone in (
        "deleted-scenario",
        "tier:Z-coins",
        "tier:10-coins",
        "beats:A-coins",
        "beats:A-coins:A-coins",
        "hand-signals:x",
    ):
        assert not exists(gone, course) and resolve(gone, course) is None
    assert item_label("a1", course) == "Title of a1"
    assert item_label("beats:4-coins:3-clubs", course) == "Which wins: 4-coins or 3-clubs?"
    assert item_label("deleted-scenario", course) == "deleted-scenario"


# --- What to review next ------------------------------------------------------------------------------------


def test_new_items_come_from_the_next_unfinished_lesson_in_order(course: Course, progress: Progress) -> None:
    assert next_lesson(progress, course) == "first"
    found = next_items(progress, course, T0, limit=10, facts=())
    assert ids(found) == ["a1", "a2", "a3"] and {i.reason for i in found} == {NEW}
    assert found[0].lesson == "first"
    assert ids(next_items(progress, course, T0, limit=2, facts=())) == ["a1", "a2"]
    for sid in ("a1", "a2", "a3"):
        progress.record(answer(sid, seconds=5))  # Easy: due in days
    assert next_lesson(progress, course) == "second"
    assert ids(next_items(progress, course, T0 + MINUTE, facts=())) == ["b1", "b2"]


def test_due_items_come_first_most_overdue_first(course: Course, progress: Progress) -> None:
    progress.record(answer("a2", ok=False, at=T0))
    progress.record(answer("a1", ok=False, at=T0 + MINUTE))
    now = T0 + 10 * MINUTE
    found = next_items(progress, course, now, limit=3, facts=())
    assert [(i.item, i.reason) for i in found] == [("a2", DUE), ("a1", DUE), ("a3", NEW)]
    assert found[0].due is not None and found[0].due < found[1].due  # type: ignore[operator]
    # Before they are due, only new items come.
    assert ids(next_items(progress, course, T0 + 30, facts=())) == ["a3"]


def test_items_no_longer_in_the_course_are_skipped(course: Course, progress: Progress) -> None:
    progress.record(answer("deleted-scenario", ok=False, at=T0))
    progress.record(answer("order:3-coins:x", ok=False, at=T0, kind="drill-order"))
    progress.record(answer("a1", ok=False, at=T0))
    assert ids(next_items(progress, course, T0 + DAY, limit=2, facts=())) == ["a1", "a2"]


def test_many_skipped_due_items_do_not_hide_the_rest(course: Course, progress: Progress) -> None:
    for n in range(60):
        progress.record(answer(f"deleted-{n}", ok=False, at=T0 + n))
    progress.record(answer("b2", ok=False, at=T0 + 100))
    assert ids(next_items(progress, course, T0 + DAY, limit=1, facts=())) == ["b2"]


def test_ranking_facts_come_once_their_lesson_is_practised(course: Course, progress: Progress) -> None:
    facts = ("tier:9-swords", "beats:4-coins:3-clubs", "tier:no-such-card")
    assert ids(next_items(progress, course, T0, facts=facts, facts_after="first")) == ["a1", "a2", "a3"]
    for sid in ("a1", "a2", "a3"):
        progress.record(answer(sid, seconds=5))
    found = next_items(progress, course, T0 + MINUTE, facts=facts, facts_after="first")
    assert ids(found) == ["b1", "b2", "tier:9-swords", "beats:4-coins:3-clubs"]  # the unknown one is skipped
    progress.record(answer("tier:9-swords", kind="drill-tier", seconds=2, at=T0 + MINUTE))
    assert "tier:9-swords" not in ids(next_items(progress, course, T0 + 2 * MINUTE, facts=facts, facts_after="first"))


def test_the_real_course_starts_with_the_first_lesson(progress: Progress) -> None:
    real = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    first = real.lessons[0]
    found = next_items(progress, real, T0, limit=5)
    assert ids(found) == [s.id for s in real.practice(first)][:5]
    assert all(i.lesson == first.id for i in found)


# --- Mistakes come back within the session ------------------------------------------------------------------


def test_a_mistake_comes_back_after_three_other_items(course: Course, progress: Progress) -> None:
    session = ReviewSession(progress, course, facts=())
    asked: list[tuple[str, str]] = []
    now = T0
    while (item := session.next(now)) is not None:
        asked.append((item.item, item.reason))
        wrong = item.item == "a1" and item.reason == NEW
        session.record(answer(item.item, ok=not wrong, seconds=5, at=now))
        now += 1  # seconds apart: nothing the scheduler made due comes back on its own
    assert asked == [
        ("a1", NEW),
        ("a2", NEW),
        ("a3", NEW),
        ("b1", NEW),
        ("a1", AGAIN),
        ("b2", NEW),
    ]


def test_a_mistake_comes_back_sooner_when_nothing_else_is_left(course: Course, progress: Progress) -> None:
    for sid in ("a1", "a2", "a3", "b1"):
        progress.record(answer(sid, seconds=5, at=T0))
    session = ReviewSession(progress, course, facts=())
    first = session.next(T0 + 1)
    assert first is not None and first.item == "b2"
    session.record(answer("b2", ok=False, at=T0 + 1))
    again = session.next(T0 + 2)
    assert again is not None and (again.item, again.reason) == ("b2", AGAIN)
    session.record(answer("b2", ok=True, seconds=5, at=T0 + 3))
    assert session.next(T0 + 4) is None  # nothing due, nothing new: the session is over
    assert session.again == []


def test_a_mistake_is_not_asked_twice_in_a_row(course: Course, progress: Progress) -> None:
    session = ReviewSession(progress, course, facts=(), gap=0)
    first = session.next(T0)
    assert first is not None
    session.record(answer(first.item, ok=False, at=T0))
    # Due again in a minute, and ready at once (gap 0), but never straight after itself.
    later = session.next(T0 + 5 * MINUTE)
    assert later is not None and (later.item, later.reason) == (first.item, AGAIN)
    nxt = session.next(T0 + 5 * MINUTE)
    assert nxt is not None and nxt.item != first.item


def test_a_mistake_due_by_the_scheduler_waits_for_its_turn(course: Course, progress: Progress) -> None:
    session = ReviewSession(progress, course, facts=())
    first = session.next(T0)
    assert first is not None and first.item == "a1"
    session.record(answer("a1", ok=False, at=T0))
    asked = []
    for n in range(4):
        now = T0 + 10 * MINUTE + n  # a1 is due by now, yet waits its turn
        item = session.next(now)
        assert item is not None
        asked.append((item.item, item.reason))
        session.record(answer(item.item, ok=True, seconds=5, at=now))
    assert asked == [("a2", NEW), ("a3", NEW), ("b1", NEW), ("a1", AGAIN)]
