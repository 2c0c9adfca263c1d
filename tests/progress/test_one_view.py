"""One view of the store per page run (``tutor.progress.store.one_view``): a learner's figures are checked against the
store once in it, whatever the number of reads; a write through the same object is read back at once; another
object's write shows in the next view; outside a view every read checks. On both backends.

Reads are counted as the store's connections taken (``ProgressDB.using``): each check of the learner's revision
is one, and so is each write."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from tutor.progress.db import Connection
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB, SqliteProgress, one_view


def answer(item: str, right: bool = True, uid: str = "") -> Answer:
    return Answer(item, "trick", {"winner": "N"}, {"winner": right}, 3.0, uid=uid or f"u-{item}")


class Counted:
    """``db.using`` counted: how many times a connection was taken since :meth:`reset`."""

    def __init__(self, db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
        self.taken = 0
        using = db.using

        def counted(write: bool = False) -> AbstractContextManager[Connection]:
            self.taken += 1
            return using(write)

        monkeypatch.setattr(db, "using", counted)


@pytest.fixture
def ann(store: Path | str) -> Iterator[tuple[ProgressDB, SqliteProgress]]:
    with ProgressDB(store) as db:
        progress = db.progress("Ann")
        progress.record(answer("spoiled-aces"))
        yield db, progress


def test_a_view_checks_the_learner_once_for_any_number_of_reads(
    ann: tuple[ProgressDB, SqliteProgress], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, progress = ann
    counted = Counted(db, monkeypatch)
    with one_view():
        # 300 reads, as a page asking about each of the course's scenarios: one look at the revision
        found = [progress.answered(f"item-{n}") for n in range(100)] + [progress.solved("spoiled-aces")] * 100
        found += [progress.answered("spoiled-aces")] * 100
        assert counted.taken == 1
    assert found.count(True) == 200
    counted.taken = 0
    for _ in range(5):  # outside a view, every read checks (the revision unchanged: no reload)
        assert progress.answered("spoiled-aces")
    assert counted.taken == 5


def test_a_write_of_its_own_is_read_back_within_the_view(
    ann: tuple[ProgressDB, SqliteProgress], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, progress = ann
    with one_view():
        assert not progress.answered("one-refusal")
        progress.record(answer("one-refusal", right=False))
        counted = Counted(db, monkeypatch)
        assert progress.answered("one-refusal") and not progress.solved("one-refusal")
        assert progress.totals == (2, 1)
        assert counted.taken == 1, "one look after the write, then trusted again"


def test_another_sessions_write_shows_in_the_next_view(ann: tuple[ProgressDB, SqliteProgress]) -> None:
    db, progress = ann
    other_tab = db.progress("Ann")  # the same learner in another tab: an object of its own
    with one_view():
        assert not progress.answered("played-deal")
        other_tab.record(answer("played-deal"))
        assert not progress.answered("played-deal"), "a run sees the store as it was at its first read"
    with one_view():
        assert progress.answered("played-deal") and progress.totals == (2, 2)
    assert progress.solved("played-deal")


def test_a_view_is_the_objects_own_not_shared_between_learners(ann: tuple[ProgressDB, SqliteProgress]) -> None:
    db, progress = ann
    bob = db.progress("Bob")
    with one_view():
        assert progress.answered("spoiled-aces") and not bob.answered("spoiled-aces")
        assert (progress.totals, bob.totals) == ((1, 1), (0, 0))
