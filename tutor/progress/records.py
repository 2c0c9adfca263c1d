"""The plain records of a learner's progress: an answer, an item's review card, a day's count.

Plain data only, importing nothing else of :mod:`tutor.progress`, so every other module (the scheduler,
both kinds of progress, the file, export and import) can use them without importing one another.

>>> a = Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True, "next_leader": False}, 9.5, uid="a1")
>>> a.all_correct
False
>>> DayCount(date(2025, 3, 1), answered=4, right=3).accuracy
0.75
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from datetime import date


def new_uid() -> str:
    """A unique id for an answer: export and import merge answers by it, so nothing is counted twice."""
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Answer:
    """One answered item: a scenario id, or a drill id such as ``tier:3-coins``."""

    item: str
    kind: str
    given: dict[str, str]  # asked key -> the answer as shown back
    correct: dict[str, bool]  # asked key -> right or wrong
    seconds: float  # how long the learner took
    at: float = field(default_factory=time.time)
    uid: str = field(default_factory=new_uid)

    @property
    def all_correct(self) -> bool:
        return all(self.correct.values())


@dataclass(frozen=True)
class ItemState:
    """An item's FSRS card plus the counts the Progress page needs. Times are epoch seconds."""

    item: str
    kind: str
    state: int  # fsrs.State: 1 learning, 2 review, 3 relearning
    step: int | None
    stability: float | None  # days for recall to fall to 90%
    difficulty: float | None
    due: float
    last_review: float | None
    reps: int  # answers given
    wrong: int  # answers with a wrong key (rated Again)
    last_correct: bool  # the latest answer was entirely right

    @property
    def accuracy(self) -> float:
        return (self.reps - self.wrong) / self.reps if self.reps else 0.0


@dataclass(frozen=True)
class DayCount:
    """Answers given on one local calendar day."""

    day: date
    answered: int
    right: int  # answers entirely right

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0
