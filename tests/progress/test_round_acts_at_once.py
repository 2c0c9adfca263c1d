"""A teacher's act drawn at a revision (``rounds.act(..., expected_revision=)``), on both backends: two
projector tabs, perhaps on two instances, pressing Next at once move the round one step, and a press drawn
before the round moved on applies nothing and says where the round is."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.progress.rounds import MovedOn, RoundError, act, round_of, start_round
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

T0 = 1_800_000_000.0
ACES, COUNT, THIRD = (
    "spoiled-aces",
    "count-the-trick",
    "rank-four-beats-three",
)  # ids only: the store does not check them
MOVED = "The round moved on in another window; this is where it is now."


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


def test_a_press_at_the_drawn_revision_applies_and_a_stale_one_applies_nothing(db: ProgressDB, roux: Teacher) -> None:
    made = start_round(db, roux, None, [ACES, COUNT], now=T0)
    opened = act(db, roux, made.id, "open", expected_revision=0, now=T0 + 1)
    assert (opened.phase, opened.revision) == ("question", 1)
    with pytest.raises(MovedOn) as stale:  # drawn in the lobby, at revision 0
        act(db, roux, made.id, "end", expected_revision=0, now=T0 + 2)
    assert str(stale.value) == MOVED
    assert (stale.value.current.phase, stale.value.current.revision) == ("question", 1)
    after = round_of(db, made.id, now=T0 + 3)
    assert after is not None and (after.phase, after.revision, after.changed) == ("question", 1, T0 + 1)


def test_another_teachers_round_is_still_no_such_round_with_a_revision(db: ProgressDB, roux: Teacher) -> None:
    made = start_round(db, roux, None, [ACES], now=T0)
    bel = create_teacher(db, "M. Bel", "battery staple")
    with pytest.raises(RoundError, match=r"^There is no such round among yours\.$") as refused:
        act(db, bel, made.id, "open", expected_revision=0, now=T0 + 1)
    assert not isinstance(refused.value, MovedOn)  # nothing of the round is told to another teacher


@pytest.mark.parametrize("tabs", [2, 4])
def test_tabs_pressing_next_at_once_move_the_round_one_step(
    db: ProgressDB, roux: Teacher, store: Path | str, tabs: int
) -> None:
    made = start_round(db, roux, None, [ACES, COUNT, THIRD], now=T0)
    act(db, roux, made.id, "open", now=T0 + 1)
    drawn = act(db, roux, made.id, "reveal", now=T0 + 2)  # every tab drew the reveal's buttons at this revision
    others = [ProgressDB(store) for _ in range(tabs)]  # a connection each, as instances would have
    start = threading.Barrier(tabs)
    outcomes: list[str] = [""] * tabs
    errors: list[BaseException] = []

    def press(n: int) -> None:
        start.wait()
        try:
            moved = act(others[n], roux, made.id, "next", expected_revision=drawn.revision, now=T0 + 3)
            outcomes[n] = f"applied:{moved.position}"
        except MovedOn as stale:
            outcomes[n] = f"moved:{stale.current.position}"
        except BaseException as error:  # reported in the test's thread
            errors.append(error)

    workers = [threading.Thread(target=press, args=(n,)) for n in range(tabs)]
    try:
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        for other in others:
            other.close()
    assert errors == []
    # one press applies (to scenario 1, not 2); every other sees the round at scenario 1
    assert sorted(outcomes) == ["applied:1"] + ["moved:1"] * (tabs - 1)
    now = round_of(db, made.id, now=T0 + 4)
    assert now is not None and (now.phase, now.position, now.revision) == ("question", 1, drawn.revision + 1)
