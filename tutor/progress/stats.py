"""The Progress page's figures, computed from the progress in a few queries (no Streamlit here).

Mastery: an item is **mastered** when its latest answer was entirely right and its FSRS stability is at
least :data:`MASTERED_STABILITY` days, i.e. the scheduler expects the learner still to recall it (with
90% probability) a week from now. A single fast right answer on a new item reaches that (FSRS's first
Easy stability is ~8 days); a slow one needs a review some days later; any mistake drops it. Items
answered but not mastered are **learning**; items never answered are **new**.

Mastery per lesson counts the lesson's scenarios; per topic, the course's scenario topics, plus three
drill topics: ranking facts (tier, which wins, order: every curated fact counts, answered or not, plus
any other answered), card names and signal drills (the items answered so far).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from tutor.content.course import Course
from tutor.progress.base import Progress
from tutor.progress.records import DayCount, ItemState
from tutor.progress.review import exists, item_label, ranking_facts

MASTERED_STABILITY = 7.0  # days
HARDEST = 10

# Drill families shown as topics, by id prefix: (topic id, title, prefixes).
DRILL_TOPICS = (
    ("ranking-facts", "Ranking facts", ("tier", "beats", "order")),
    ("card-names", "Card names", ("name", "card-named")),
    ("signal-drills", "Signals quiz", ("gesture-signal", "signal-gesture")),
)


def mastered(state: ItemState | None) -> bool:
    return (
        state is not None
        and state.last_correct
        and state.stability is not None
        and state.stability >= MASTERED_STABILITY
    )


@dataclass(frozen=True)
class Mastery:
    """Mastery of a group of items (a lesson or a topic)."""

    id: str
    title: str
    total: int
    seen: int  # answered at least once
    right: int  # latest answer entirely right
    mastered: int

    @property
    def share(self) -> float:
        """Mastered items over all items (0 for an empty group)."""
        return self.mastered / self.total if self.total else 0.0


@dataclass(frozen=True)
class HardItem:
    """An item the learner gets wrong: the id lets the page link to practising it."""

    item: str
    label: str
    kind: str
    reps: int
    wrong: int
    accuracy: float
    due: float


@dataclass(frozen=True)
class ProgressStats:
    answered: int
    right: int
    lessons: tuple[Mastery, ...]
    topics: tuple[Mastery, ...]
    days: tuple[DayCount, ...]  # accuracy over time, oldest first
    streak: int
    due_now: int
    due_today: int  # due by the end of today (overdue included)
    due_week: int  # due by the end of the 7th day from today
    hardest: tuple[HardItem, ...]


# ``states`` below: the learner's cards by item, only for items the course still has.


def _group(group_id: str, title: str, items: list[str], states: dict[str, ItemState]) -> Mastery:
    found = [states[i] for i in items if i in states]
    return Mastery(
        group_id,
        title,
        len(items),
        len(found),
        sum(1 for s in found if s.last_correct),
        sum(1 for s in found if mastered(s)),
    )


def lesson_mastery(course: Course, states: dict[str, ItemState]) -> tuple[Mastery, ...]:
    return tuple(
        _group(lesson.id, lesson.title, [s.id for s in course.practice(lesson)], states) for lesson in course.lessons
    )


def topic_mastery(course: Course, states: dict[str, ItemState]) -> tuple[Mastery, ...]:
    rows = [
        _group(topic, topic.replace("-", " ").capitalize(), [s.id for s in scenarios], states)
        for topic, scenarios in course.topics.items()
    ]
    for topic, title, prefixes in DRILL_TOPICS:
        answered = [i for i in states if i.partition(":")[0] in prefixes]
        curated = list(ranking_facts()) if topic == "ranking-facts" else []
        items = list(dict.fromkeys([*curated, *answered]))
        if answered or curated:
            rows.append(_group(topic, title, items, states))
    return tuple(rows)


def streak(days: list[DayCount] | tuple[DayCount, ...], today: date) -> int:
    """Consecutive days with at least one answer, ending today, or yesterday when nothing has been
    answered yet today (the streak is not broken until the day is over)."""
    answered = {d.day for d in days if d.answered}
    day = today if today in answered else today - timedelta(days=1)
    count = 0
    while day in answered:
        count += 1
        day -= timedelta(days=1)
    return count


def end_of_day(day: date) -> float:
    """Epoch seconds at the local midnight ending ``day``."""
    return datetime.combine(day + timedelta(days=1), datetime.min.time()).timestamp()


def hardest(course: Course, states: dict[str, ItemState], limit: int = HARDEST) -> tuple[HardItem, ...]:
    """Items with wrong answers, most wrong first, then lowest accuracy."""
    wrong = sorted(
        (s for s in states.values() if s.wrong),
        key=lambda s: (-s.wrong, s.accuracy, -s.reps, s.item),
    )
    return tuple(
        HardItem(s.item, item_label(s.item, course), s.kind, s.reps, s.wrong, s.accuracy, s.due) for s in wrong[:limit]
    )


def progress_stats(progress: Progress, course: Course, now: float | None = None) -> ProgressStats:
    """Everything the Progress page shows, in one call: three queries over the progress."""
    moment = time.time() if now is None else now
    today = date.fromtimestamp(moment)
    # Items the course no longer has (a deleted scenario) are left out of every figure.
    states = {s.item: s for s in progress.item_states() if exists(s.item, course)}
    days = tuple(progress.days())
    current = states.values()
    answered, right = progress.totals
    today_end, week_end = end_of_day(today), end_of_day(today + timedelta(days=6))
    return ProgressStats(
        answered=answered,
        right=right,
        lessons=lesson_mastery(course, states),
        topics=topic_mastery(course, states),
        days=days,
        streak=streak(days, today),
        due_now=sum(1 for s in current if s.due <= moment),
        due_today=sum(1 for s in current if s.due <= today_end),
        due_week=sum(1 for s in current if s.due <= week_end),
        hardest=hardest(course, states),
    )
