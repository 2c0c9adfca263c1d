"""Spaced repetition with FSRS: how one answer changes an item's review card.

Pure functions over plain values, shared by the in-memory and the SQLite progress, so both schedule an
item exactly alike and a card can always be re-derived by replaying the item's answers in time order.

Choices (see ``SCHEDULER``):

* Learning steps 1 min then 10 min, relearning steps 1 min then 10 min. A wrong answer (Again) is due again
  a minute later, so it comes back in the same sitting; the review session also re-asks it after a few
  other items (:class:`tutor.progress.review.ReviewSession`). A right but slow answer (Good) on a new item
  is checked once more ten minutes later before it leaves for days; a right and fast one (Easy) graduates
  at once: the learner plainly knows it.
* No fuzzing: FSRS's fuzz draws from the global ``random``; without it, replaying the same answers always
  gives the same card, which import (and migration) rely on to re-derive cards instead of trusting files.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

from tutor.progress.records import Answer, ItemState

SCHEDULER = Scheduler(
    learning_steps=(timedelta(minutes=1), timedelta(minutes=10)),
    relearning_steps=(timedelta(minutes=1), timedelta(minutes=10)),
    enable_fuzzing=False,
)

# A right answer faster than this (seconds) is rated Easy. Drills are one click; putting five cards in
# order or signalling a hand takes longer; a scenario means reading a setup and answering several keys.
FAST_SECONDS: dict[str, float] = {
    "drill-order": 20.0,
    "drill-hand-signals": 20.0,
}
FAST_DRILL = 8.0
FAST_SCENARIO = 25.0

# Items answered once and never asked again: generated scenarios (``gen-<kind>-<seed>-<n>``) and random
# hands to signal. They are recorded like any answer but get no review card.
ONE_OFF_PREFIXES = ("gen-", "hand-signals:")


def fast_seconds(kind: str) -> float:
    """The time under which a right answer counts as fast (Easy) for an item of this kind."""
    if kind in FAST_SECONDS:
        return FAST_SECONDS[kind]
    return FAST_DRILL if kind.startswith("drill-") else FAST_SCENARIO


def rating(all_correct: bool, seconds: float, kind: str) -> Rating:
    """Again if any asked key was wrong; Easy if right and fast; else Good."""
    if not all_correct:
        return Rating.Again
    return Rating.Easy if seconds < fast_seconds(kind) else Rating.Good


def reviewable(item: str) -> bool:
    """Whether answers to ``item`` schedule reviews (everything but one-off items)."""
    return not item.startswith(ONE_OFF_PREFIXES)


def fsrs_card(state: ItemState) -> Card:
    """The fsrs card of an item's state (card_id is unused by scheduling; 0 avoids fsrs's 1 ms sleep for a
    fresh id)."""
    return Card(
        card_id=0,
        state=State(state.state),
        step=state.step,
        stability=state.stability,
        difficulty=state.difficulty,
        due=_utc(state.due),
        last_review=None if state.last_review is None else _utc(state.last_review),
    )


def _utc(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)


def review(previous: ItemState | None, answer: Answer) -> ItemState:
    """The item's state after ``answer`` (``previous`` is None for an item never answered)."""
    return review_values(previous, answer.item, answer.kind, answer.all_correct, answer.seconds, answer.at)


def review_values(
    previous: ItemState | None, item: str, kind: str, all_correct: bool, seconds: float, at: float
) -> ItemState:
    """:func:`review` from plain values (what a database row holds)."""
    when = _utc(at)
    grade = rating(all_correct, seconds, kind)
    if previous is None:
        # A new card's first review depends on its rating alone, shifted to its time: worked out by FSRS once
        # per rating (an import of 200,000 answers on as many items would otherwise spend seconds in FSRS).
        state, step, stability, difficulty, wait = _first_review(grade)
        return ItemState(
            item, kind, state, step, stability, difficulty, (when + wait).timestamp(), when.timestamp(), 1,
            int(not all_correct), all_correct,
        )  # fmt: skip
    card = fsrs_card(previous)
    if card.last_review is not None and when < card.last_review:
        # An answer older than the last review (a clock change, an import out of order): FSRS cannot go
        # back in time, so count it as given just after the last review.
        when = card.last_review
    reviewed, _ = SCHEDULER.review_card(card, grade, when)
    return ItemState(
        item=item,
        kind=kind,
        state=int(reviewed.state),
        step=reviewed.step,
        stability=reviewed.stability,
        difficulty=reviewed.difficulty,
        due=reviewed.due.timestamp(),
        last_review=reviewed.last_review.timestamp() if reviewed.last_review else None,
        reps=previous.reps + 1,
        wrong=previous.wrong + (not all_correct),
        last_correct=all_correct,
    )


_FIRST: dict[Rating, tuple[int, int | None, float | None, float | None, timedelta]] = {}


def _first_review(grade: Rating) -> tuple[int, int | None, float | None, float | None, timedelta]:
    """(state, step, stability, difficulty, time until due) of a new card after its first review."""
    if grade not in _FIRST:
        then = datetime(2000, 1, 1, tzinfo=UTC)
        reviewed, _ = SCHEDULER.review_card(Card(card_id=0, due=then), grade, then)
        assert reviewed.last_review == then
        _FIRST[grade] = (
            int(reviewed.state),
            reviewed.step,
            reviewed.stability,
            reviewed.difficulty,
            reviewed.due - then,
        )
    return _FIRST[grade]


def replay(item: str, answers: list[tuple[str, bool, float, float]]) -> ItemState | None:
    """The state from an item's answers ``(kind, all_correct, seconds, at)`` in time order, or None."""
    state: ItemState | None = None
    for kind, all_correct, seconds, at in answers:
        state = review_values(state, item, kind, all_correct, seconds, at)
    return state
