"""What the app needs from a learner's progress, whichever way it is kept.

:class:`~tutor.progress.memory.MemoryProgress` keeps it for one browser session (the fallback when
nothing can be saved); :class:`~tutor.progress.store.SqliteProgress` keeps it in a SQLite file. Pages
should type against :class:`Progress` so either can be used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from tutor.progress.records import Answer, DayCount, ItemState


@runtime_checkable
class Progress(Protocol):
    """One learner's answers, lesson reading and review schedule."""

    @property
    def learner(self) -> str:
        """The learner's name as shown."""
        ...

    @property
    def saved(self) -> bool:
        """Whether this progress outlives the browser session."""
        ...

    @property
    def history(self) -> Sequence[Answer]:
        """Every answer, oldest first (loads them all: pages should prefer the summaries below)."""
        ...

    @property
    def totals(self) -> tuple[int, int]:
        """(answers given, answers entirely right)."""
        ...

    def record(self, answer: Answer) -> str:
        """Keep ``answer`` and reschedule its item; returns the answer's uid once it is kept."""
        ...

    def answered(self, item: str) -> bool: ...

    def solved(self, item: str) -> bool:
        """Answered entirely right at least once."""
        ...

    def mark_read(self, lesson_id: str, section: int) -> None: ...

    def read(self, lesson_id: str, section: int) -> bool: ...

    def sections(self) -> list[tuple[str, int, float]]:
        """Every lesson section read: (lesson id, section index, when, epoch seconds), by lesson and section."""
        ...

    def item_state(self, item: str) -> ItemState | None:
        """The item's review card, or None if it has none (never answered, or a one-off item)."""
        ...

    def item_states(self) -> list[ItemState]:
        """Every review card of this learner."""
        ...

    def due_items(self, now: float | None = None, limit: int | None = None) -> list[ItemState]:
        """Cards due at ``now`` (epoch seconds; default the current time), most overdue first; the first
        ``limit`` of them if given."""
        ...

    def days(self) -> list[DayCount]:
        """Answers per local calendar day, oldest first (days without answers left out)."""
        ...
