"""The backlog of writes a busy file or a full disk refused (tutor/progress/backlog.py): kept whole while the
file refuses, then written in the order given, in one transaction, and never twice."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.progress.backlog import AnswerWrite, Backlog, ReadWrite, Whose
from tutor.progress.db import ProgressUnavailable
from tutor.progress.games import Owner, game_write, load_game
from tutor.progress.records import Answer
from tutor.progress.settings import LANGUAGE, setting, setting_write
from tutor.progress.store import ProgressDB


@pytest.fixture
def db(tmp_path: Path) -> Iterator[ProgressDB]:
    with ProgressDB(tmp_path / "progress.db") as opened:
        with opened.using() as conn:
            conn.execute("PRAGMA busy_timeout = 50")  # the same refusal, sooner
        yield opened


def answer(uid: str, right: bool, at: float) -> Answer:
    return Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": right}, 40.0, at, uid)


def uids_in_order(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT uid FROM answers ORDER BY id")]


def test_writes_refused_by_a_busy_file_are_kept_then_written_in_order_once(db: ProgressDB) -> None:
    ann = db.progress("Ann")
    backlog = Backlog()
    backlog.add(AnswerWrite(Whose(ann.id), answer("a1", True, 1000.0)))
    backlog.add(ReadWrite(Whose(ann.id), "the-pack", 0, 1001.0))
    backlog.add(AnswerWrite(Whose(ann.id), answer("a2", False, 2000.0)))
    backlog.add(AnswerWrite(Whose(ann.id), answer("a3", True, 3000.0)))
    other = sqlite3.connect(db.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    with pytest.raises(ProgressUnavailable) as refused:
        backlog.flush(db)
    assert refused.value.busy and refused.value.temporary
    assert (len(backlog), backlog.answers) == (4, 3), "nothing dropped"
    other.execute("ROLLBACK")
    other.close()

    assert backlog.flush(db) == 3
    assert uids_in_order(db.path) == ["a1", "a2", "a3"]
    assert ann.read("the-pack", 0) and ann.totals == (3, 2)
    card = ann.item_state("spoiled-aces")
    assert card is not None and (card.reps, card.wrong, card.last_correct) == (3, 1, True), "a1, a2 wrong, a3"
    assert backlog.flush(db) == 0 and len(backlog) == 0
    backlog.add(AnswerWrite(Whose(ann.id), answer("a2", False, 2000.0)))  # the same answer again
    backlog.flush(db)
    assert uids_in_order(db.path) == ["a1", "a2", "a3"], "an answer goes in once, whatever happens"
    assert ann.item_state("spoiled-aces") == card


def test_a_backlog_goes_in_whole_or_not_at_all(db: ProgressDB) -> None:
    ann = db.progress("Ann")
    backlog = Backlog()
    backlog.add(AnswerWrite(Whose(ann.id), answer("a1", True, 1000.0)))
    backlog.add(AnswerWrite(Whose(ann.id + 99), answer("a2", True, 2000.0)))  # a learner not in the file
    with pytest.raises(ProgressUnavailable) as refused:
        backlog.flush(db)
    assert not refused.value.temporary
    assert uids_in_order(db.path) == [], "the first write was rolled back with the second"
    assert len(backlog) == 2


def test_a_full_file_keeps_the_backlog_until_it_can_grow(db: ProgressDB) -> None:
    """SQLite's own "disk full" (its page limit reached): the same refusal a full disk gives."""
    ann = db.progress("Ann")
    with db.using() as conn:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
    backlog = Backlog()
    for n in range(60):  # some 60 answers need pages the file may not have
        backlog.add(AnswerWrite(Whose(ann.id), answer(f"a{n:02d}", n % 2 == 0, 1000.0 + n)))
    with pytest.raises(ProgressUnavailable) as refused:
        backlog.flush(db)
    assert refused.value.full and refused.value.temporary and "the disk is full" in str(refused.value)
    assert len(backlog) == 60 and uids_in_order(db.path) == []
    with db.using() as conn:
        conn.execute("PRAGMA max_page_count = 1073741823")
    assert backlog.flush(db) == 60
    assert uids_in_order(db.path) == [f"a{n:02d}" for n in range(60)]


def test_only_the_latest_game_and_setting_wait(db: ProgressDB) -> None:
    db.create_learner("Ann")
    owner = Owner(learner="Ann")
    backlog = Backlog()
    for move in (1, 2, 3):
        write = game_write(db, owner, {"move": move})
        assert write is not None
        backlog.add(write)
    backlog.add(setting_write("Ann", LANGUAGE, "fr"))
    backlog.add(setting_write("Ann", LANGUAGE, "cs"))
    assert len(backlog) == 2, "a later save of the same game or setting replaces the one waiting"
    assert backlog.flush(db) == 0
    assert load_game(db, owner) == {"move": 3} and setting(db, "Ann", LANGUAGE) == "cs"


def test_a_guests_waiting_answer_makes_their_profile(db: ProgressDB) -> None:
    token = "guest-token-0123456789"
    backlog = Backlog()
    backlog.add(AnswerWrite(Whose(guest=token), answer("g1", True, 1000.0)))
    backlog.add(AnswerWrite(Whose(guest=token), answer("g2", True, 2000.0)))
    assert db.guest(token, create=False) is None
    backlog.flush(db)
    profile = db.guest(token, create=False)
    assert profile is not None and profile.totals == (2, 2), "one profile, made by the first write"
