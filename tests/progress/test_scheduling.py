"""Spaced repetition with FSRS (tutor/progress/scheduling.py): an answer's rating follows its rightness and
its speed, and which items schedule reviews at all.
"""

from __future__ import annotations

from datetime import datetime

from fsrs import Rating

from tutor.progress.memory import Answer
from tutor.progress.scheduling import rating, reviewable

T0 = datetime(2025, 3, 10, 12, 0).timestamp()  # local noon

# --- Ratings ------------------------------------------------------------------------------------------------


def test_ratings_follow_rightness_and_speed() -> None:
    assert rating(False, 1.0, "trick") == Rating.Again
    assert rating(True, 24.0, "trick") == Rating.Easy
    assert rating(True, 26.0, "trick") == Rating.Good
    assert rating(True, 7.0, "drill-tier") == Rating.Easy
    assert rating(True, 9.0, "drill-beats") == Rating.Good
    assert rating(True, 15.0, "drill-order") == Rating.Easy  # five cards to place take longer
    assert reviewable("spoiled-aces") and reviewable("tier:9-swords")
    assert not reviewable("gen-trick-1-2") and not reviewable("hand-signals:3-coins")


def test_any_wrong_key_is_again() -> None:
    mixed = Answer("x", "deal", {"a": "1", "b": "2"}, {"a": True, "b": False}, 3.0, T0)
    assert rating(mixed.all_correct, mixed.seconds, mixed.kind) == Rating.Again
