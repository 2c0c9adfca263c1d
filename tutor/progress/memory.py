"""Progress kept for one browser session only (the app's fallback when nothing can be saved)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import date

from tutor.progress.records import Answer, DayCount, ItemState
from tutor.progress.scheduling import review, reviewable

__all__ = ["Answer", "MemoryProgress"]  # Answer is also imported from here by the pages


@dataclass
class MemoryProgress:
    """Answers and lesson reading for the current session."""

    learner: str = "Guest"
    history: list[Answer] = field(default_factory=list)
    sections_read: dict[tuple[str, int], float] = field(default_factory=dict)  # (lesson id, section) -> when
    cards: dict[str, ItemState] = field(default_factory=dict)  # item -> review card

    saved = False  # nothing outlives the session

    def record(self, answer: Answer) -> str:
        self.history.append(answer)
        if reviewable(answer.item):
            self.cards[answer.item] = review(self.cards.get(answer.item), answer)
        return answer.uid

    def answered(self, item: str) -> bool:
        return any(a.item == item for a in self.history)

    def solved(self, item: str) -> bool:
        """Answered entirely right at least once."""
        return any(a.item == item and a.all_correct for a in self.history)

    def mark_read(self, lesson_id: str, section: int, at: float | None = None) -> None:
        self.sections_read.setdefault((lesson_id, section), time.time() if at is None else at)

    def read(self, lesson_id: str, section: int) -> bool:
        return (lesson_id, section) in self.sections_read

    def sections(self) -> list[tuple[str, int, float]]:
        return [(lesson, section, at) for (lesson, section), at in sorted(self.sections_read.items())]

    @property
    def totals(self) -> tuple[int, int]:
        """(answers given, answers entirely right)."""
        return len(self.history), sum(1 for a in self.history if a.all_correct)

    def item_state(self, item: str) -> ItemState | None:
        return self.cards.get(item)

    def item_states(self) -> list[ItemState]:
        return list(self.cards.values())

    def due_items(self, now: float | None = None, limit: int | None = None) -> list[ItemState]:
        """Cards due at ``now`` (epoch seconds), most overdue first; the first ``limit`` if given."""
        moment = time.time() if now is None else now
        due = sorted((s for s in self.cards.values() if s.due <= moment), key=lambda s: (s.due, s.item))
        return due if limit is None else due[:limit]

    def days(self) -> list[DayCount]:
        """Answers per local calendar day, oldest first."""
        counts: dict[date, list[int]] = {}
        for a in self.history:
            tally = counts.setdefault(date.fromtimestamp(a.at), [0, 0])
            tally[0] += 1
            tally[1] += a.all_correct
        return [DayCount(day, n, right) for day, (n, right) in sorted(counts.items())]
