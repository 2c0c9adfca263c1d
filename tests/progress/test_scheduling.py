"""Spaced repetition with FSRS (tutor/progress/scheduling.py): an answer's rating follows its rightness and
its speed, and which items schedule reviews at all.
"""

from __future__ import annotations

from datetime import UTC, datetime

from fsrs import Card, Rating

from tutor.progress.memory import Answer
from tutor.progress.scheduling import SCHEDULER, rating, review_values, reviewable

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


# --- A new card's first review ----------------------------------------------------------------------------


def test_a_first_review_is_the_card_fsrs_gives_at_any_time() -> None:
    """The shortcut for a new card (worked out once per rating, shifted to the answer's time) gives exactly
    FSRS's card, at odd fractions of a second too."""
    for n, at in enumerate([T0, T0 + 0.1234567, 1.5, 1_799_999_999.999999, T0 + 86_400 * 400 + 0.5]):
        for right, seconds in ((False, 3.0), (True, 40.0), (True, 2.0)):  # Again, Good, Easy
            when = datetime.fromtimestamp(at, UTC)
            card, _ = SCHEDULER.review_card(Card(card_id=0, due=when), rating(right, seconds, "trick"), when)
            state = review_values(None, f"item-{n}", "trick", right, seconds, at)
            assert (state.state, state.step, state.stability, state.difficulty) == (
                int(card.state), card.step, card.stability, card.difficulty,
            )  # fmt: skip
            assert state.due == card.due.timestamp() and state.last_review == when.timestamp()
            assert (state.reps, state.wrong, state.last_correct) == (1, int(not right), right)
