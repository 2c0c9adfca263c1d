"""The Progress page's figures (tutor/progress/stats.py): mastery, figures per lesson and topic, the hardest
items, what is due, accuracy per day and the streak.

A small course is built in the test (two lessons of real-looking scenarios); the saved progress uses a real
SQLite file, and every time is given explicitly.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from tutor.content.course import Course
from tutor.content.lesson import Lesson, Section
from tutor.content.scenario import Scenario
from tutor.progress.base import DayCount, Progress
from tutor.progress.memory import Answer, MemoryProgress
from tutor.progress.review import ranking_facts
from tutor.progress.stats import MASTERED_STABILITY, mastered, progress_stats, streak
from tutor.progress.store import SqliteProgress

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


# --- The Progress page --------------------------------------------------------------------------------------


def test_mastery_needs_a_right_answer_and_a_stable_card(course: Course, progress: Progress) -> None:
    progress.record(answer("a1", ok=True, seconds=5))  # Easy: stability ~8 days
    progress.record(answer("a2", ok=True, seconds=40))  # Good: stability ~2 days
    progress.record(answer("a3", ok=False))
    a1, a2, a3 = (progress.item_state(s) for s in ("a1", "a2", "a3"))
    assert a1 and a1.stability and a1.stability >= MASTERED_STABILITY and mastered(a1)
    assert a2 and a2.last_correct and not mastered(a2)
    assert not mastered(a3) and not mastered(None)
    progress.record(answer("a1", ok=False, at=T0 + 10 * DAY))
    assert not mastered(progress.item_state("a1"))


def test_stats_per_lesson_and_topic(course: Course, progress: Progress) -> None:
    progress.record(answer("a1", ok=True, seconds=5))
    progress.record(answer("a2", ok=True, seconds=40))
    progress.record(answer("b1", ok=False))
    progress.record(answer("tier:9-swords", ok=True, seconds=2, kind="drill-tier"))
    progress.record(answer("name:2-cups", ok=True, seconds=2, kind="drill-name"))
    progress.record(answer("deleted-scenario", ok=False))
    stats = progress_stats(progress, course, T0 + MINUTE)
    lessons = {m.id: m for m in stats.lessons}
    assert (lessons["first"].total, lessons["first"].seen, lessons["first"].right, lessons["first"].mastered) == (
        3,
        2,
        2,
        1,
    )
    assert (lessons["second"].seen, lessons["second"].right, lessons["second"].mastered) == (1, 0, 0)
    assert lessons["first"].share == pytest.approx(1 / 3)
    topics = {m.id: m for m in stats.topics}
    assert (topics["pack"].total, topics["pack"].mastered) == (2, 1)
    assert topics["ranking-facts"].total == len(ranking_facts()) and topics["ranking-facts"].mastered == 1
    assert (topics["card-names"].total, topics["card-names"].mastered) == (1, 1)
    assert "signal-drills" not in topics  # none answered
    assert (stats.answered, stats.right) == (6, 4)
    assert [h.item for h in stats.hardest] == ["b1"]  # the deleted scenario is left out
    assert stats.hardest[0].label == "Title of b1" and stats.hardest[0].accuracy == 0.0


def test_hardest_items_come_most_wrong_first(course: Course, progress: Progress) -> None:
    plan = {"a1": [False, False, True], "a2": [False, True, True, True], "a3": [False, False], "b1": [True]}
    for sid, results in plan.items():
        for n, ok in enumerate(results):
            progress.record(answer(sid, ok=ok, at=T0 + n * DAY))
    stats = progress_stats(progress, course, T0 + 10 * DAY)
    assert [(h.item, h.wrong, h.reps) for h in stats.hardest] == [("a3", 2, 2), ("a1", 2, 3), ("a2", 1, 4)]


def test_due_today_and_this_week(course: Course, progress: Progress) -> None:
    progress.record(answer("a1", ok=False, at=T0))  # due in a minute
    progress.record(answer("a2", ok=True, seconds=40, at=T0))  # due in ten minutes
    progress.record(answer("a3", ok=True, seconds=5, at=T0))  # due in ~8 days
    progress.record(answer("b1", ok=True, seconds=40, at=T0 - DAY))
    progress.record(answer("b1", ok=True, seconds=40, at=T0 - DAY + 10 * MINUTE))  # graduated: due in days
    due_b1 = progress.item_state("b1").due  # type: ignore[union-attr]
    stats = progress_stats(progress, course, T0 + 5 * MINUTE)
    assert stats.due_now == 1
    assert stats.due_today == 2 + (date.fromtimestamp(due_b1) <= date.fromtimestamp(T0))
    end_of_week = datetime.combine(date.fromtimestamp(T0) + timedelta(days=7), datetime.min.time()).timestamp()
    expected_week = sum(1 for s in progress.item_states() if s.due <= end_of_week)
    assert stats.due_week == expected_week >= 3


def test_accuracy_per_day_and_the_streak(course: Course, progress: Progress) -> None:
    for days_ago, ok in [(3, True), (3, False), (1, True), (0, False), (0, True), (0, True)]:
        progress.record(answer("a1", ok=ok, at=T0 - days_ago * DAY))
    today = date.fromtimestamp(T0)
    stats = progress_stats(progress, course, T0)
    assert [(d.day, d.answered, d.right) for d in stats.days] == [
        (today - timedelta(days=3), 2, 1),
        (today - timedelta(days=1), 1, 1),
        (today, 3, 2),
    ]
    assert stats.streak == 2  # yesterday and today; the day before was missed


def test_the_streak_holds_until_the_day_is_over() -> None:
    today = date(2025, 3, 10)
    days = [DayCount(today - timedelta(days=n), 1, 1) for n in (1, 2, 3, 5)]
    assert streak(days, today) == 3  # nothing yet today: the streak up to yesterday still counts
    assert streak([*days, DayCount(today, 2, 0)], today) == 4
    assert streak([DayCount(today - timedelta(days=2), 1, 1)], today) == 0
    assert streak([], today) == 0
