"""A progress file that is busy for a while, or on a disk that fills and is freed, through AppTest: what the
learner does meanwhile waits in the session, in order, goes in on the next click once the file takes it,
and the sidebar says what waits and then that it is saved again. The Play page says "Saved after every
move" only while it is true.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_learners import (
    RIGHT_SPOILED_ACES,
    SAVED,
    WRONG_SPOILED_ACES,
    add_learner,
    go,
    open_app,
    plain,
    practice_ids,
    practise,
    sidebar_text,
)
from test_play_page import click, match_of, start

from tutor.app import state
from tutor.progress import db as dbmod
from tutor.progress.store import ProgressDB

BUSY = "is busy: another program is using it and holds it locked."
FULL = "cannot grow: the disk is full."


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A write waits 100 ms for a lock rather than 2 s: the same path, sooner."""
    monkeypatch.setattr(dbmod, "WRITE_BUSY_MS", 100)
    monkeypatch.setattr(state, "RETRY_MS", 20, raising=False)


def answers_in(path: Path, learner: str = "Ann") -> list[str]:
    """The items of the learner's answers in the file, in the order they were written (another connection)."""
    with sqlite3.connect(path) as conn:
        return [
            row[0]
            for row in conn.execute(
                "SELECT item FROM answers JOIN learners ON learners.id = learner_id WHERE name = ? ORDER BY answers.id",
                (learner,),
            )
        ]


def warnings(at: AppTest) -> list[str]:
    return [plain(w.value) for w in at.sidebar.warning]


def successes(at: AppTest) -> list[str]:
    return [plain(s.value) for s in at.sidebar.success]


def test_answers_given_while_another_program_holds_the_file_are_saved_once_it_lets_go(db_path: Path) -> None:
    first, second = practice_ids(2)
    at = open_app()
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    lock = sqlite3.connect(db_path, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")  # another program writing, as the sqlite3 shell or a backup would
    try:
        practise(at, first)
        go(at, "screens/home.py")
        assert warnings(at) == [
            f"1 answer waiting to be saved: {db_path} {BUSY} It is tried again on your next click. "
            "You can keep practising."
        ]
        assert "**Ann** (saved once the file takes it)" in sidebar_text(at)
        practise(at, "spoiled-aces", WRONG_SPOILED_ACES)
        practise(at, second)
        assert warnings(at)[0].startswith(f"3 answers waiting to be saved: {db_path} {BUSY}")
        progress = at.session_state["progress"]
        assert progress.totals == (4, 3), "the pages count the answers that wait"
        assert progress.item_state("spoiled-aces").reps == 2
        assert answers_in(db_path) == ["spoiled-aces"], "nothing half-written meanwhile"
    finally:
        lock.execute("ROLLBACK")
        lock.close()

    go(at, "screens/home.py")  # the next click: the file is free
    assert warnings(at) == []
    assert successes(at) == ["Saved again: 3 answers written."]
    assert SAVED in sidebar_text(at)
    assert answers_in(db_path) == ["spoiled-aces", first, "spoiled-aces", second], "in the order given, once each"
    go(at, "screens/home.py")
    assert successes(at) == [], "said once"
    practise(at, first)  # and saving goes on as usual
    assert answers_in(db_path)[-1] == first and len(answers_in(db_path)) == 5
    with sqlite3.connect(db_path) as conn:
        (reps, wrong) = conn.execute("SELECT reps, wrong FROM cards WHERE item = 'spoiled-aces'").fetchone()
    assert (reps, wrong) == (2, 1), "the card was worked out from both answers, the wrong one last"


def test_a_guest_whose_first_answer_waits_gets_a_profile_when_the_file_is_free(db_path: Path) -> None:
    at = open_app()
    go(at, "screens/home.py")  # the file is made and opened
    lock = sqlite3.connect(db_path, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    try:
        practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
        assert warnings(at)[0].startswith("1 answer waiting to be saved:")
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    go(at, "screens/home.py")
    assert successes(at) == ["Saved again: 1 answer written."]
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT item FROM answers JOIN guests USING (learner_id)").fetchall()
    assert rows == [("spoiled-aces",)], "under the browser's guest profile, made by that write"
    add_learner(at, "Ann")
    assert answers_in(db_path) == ["spoiled-aces"]


def test_a_guest_who_began_on_a_busy_file_is_saved_once_it_opens(db_path: Path) -> None:
    ProgressDB(db_path).close()
    lock = sqlite3.connect(db_path, isolation_level=None)
    lock.execute("PRAGMA locking_mode = EXCLUSIVE")
    lock.execute("BEGIN EXCLUSIVE")  # not even opened: the session starts in memory
    lock.execute("INSERT INTO learners (name, folded, created) VALUES ('Zoe', 'zoe', 0)")
    try:
        at = open_app()
        assert warnings(at)[0].startswith("Progress is not saved:") and BUSY in warnings(at)[0]
        practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    finally:
        lock.execute("COMMIT")
        lock.close()
    go(at, "screens/home.py")
    assert warnings(at) == []
    assert "your answers are kept in this browser" in sidebar_text(at)
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT item FROM answers JOIN guests USING (learner_id)").fetchall()
    assert rows == [("spoiled-aces",)], "the guest's answer from the busy time, now under their profile"
    assert at.session_state["progress"].saved


def _fill(path: Path, at: AppTest) -> None:
    """Make the next write need pages the file may not have: the connection may not grow it further (SQLite's
    own SQLITE_FULL, as a full disk gives)."""
    db = at.session_state["learner.db"]
    with db.using() as conn:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")


def _free(at: AppTest) -> None:
    with at.session_state["learner.db"].using() as conn:
        conn.execute("PRAGMA max_page_count = 1073741823")


@pytest.fixture
def small_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A 1 MB file system of its own (tmpfs) for the progress file; skipped where mounting is not allowed."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)]).returncode:
        pytest.skip("mounting a small file system needs root")
    monkeypatch.setenv("ALUETTE_DB", str(mount / "progress.db"))
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _ballast(folder: Path) -> Path:
    """Fill the file system to the last byte."""
    ballast = folder / "ballast"
    fd = os.open(ballast, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while os.write(fd, b"\0" * 512):
            pass
    except OSError:
        pass  # ENOSPC: full
    finally:
        os.close(fd)
    return ballast


def test_answers_given_on_a_full_disk_are_saved_once_it_is_freed(small_disk: Path) -> None:
    first = practice_ids(1)[0]
    path = small_disk / "progress.db"
    at = open_app()
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    ballast = _ballast(small_disk)
    practise(at, first)
    go(at, "screens/home.py")
    assert warnings(at) == [
        f"1 answer waiting to be saved: {path} {FULL} It is tried again on your next click. You can keep practising."
    ]
    ballast.unlink()  # room again
    go(at, "screens/home.py")
    assert successes(at) == ["Saved again: 1 answer written."]
    assert answers_in(path) == ["spoiled-aces", first]
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    assert warnings(at) == [] and len(answers_in(path)) == 3


# --- the Play page -------------------------------------------------------------------------------------------

SAVED_EVERY_MOVE = "Saved after every move."


def captions(at: AppTest) -> str:
    return "\n".join(plain(c.value) for c in at.caption)


def test_the_play_page_says_saved_only_while_the_game_is_saved(db_path: Path) -> None:
    path = db_path
    at = start(seed=5)
    assert SAVED_EVERY_MOVE in captions(at) and "not being saved" not in captions(at)
    lock = sqlite3.connect(path, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    try:
        click(at, "play.draw.all")
        shown = captions(at)
        assert SAVED_EVERY_MOVE not in shown, "never beside a line saying it is not"
        assert f"The game is waiting to be saved: {path} {BUSY}" in shown
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    click(at, "play.deal")
    assert SAVED_EVERY_MOVE in captions(at) and "waiting to be saved" not in captions(at)
    with sqlite3.connect(path) as conn:
        (data,) = conn.execute("SELECT data FROM games").fetchone()
    assert json.loads(data)["match"] == match_of(at).to_dict(), "the game as it stands now"


def test_a_game_the_file_cannot_grow_for_is_saved_once_it_can(db_path: Path) -> None:
    """A full disk through SQLite's own page limit (for machines where a small file system cannot be mounted):
    a saved game is some 100 kB, more pages than the file may have."""
    at = start(seed=5)
    _fill(db_path, at)
    click(at, "play.draw.all")
    assert f"The game is waiting to be saved: {db_path} {FULL}" in captions(at)
    assert SAVED_EVERY_MOVE not in captions(at)
    assert warnings(at) == [
        f"Your latest changes are waiting to be saved: {db_path} {FULL} They are tried again on your next click. "
        "You can keep practising."
    ]
    _free(at)
    click(at, "play.deal")
    assert successes(at) == ["Saved again: your latest changes are written."]
    assert SAVED_EVERY_MOVE in captions(at)
    with sqlite3.connect(db_path) as conn:
        (data,) = conn.execute("SELECT data FROM games").fetchone()
    assert json.loads(data)["match"] == match_of(at).to_dict()


def test_the_play_page_never_says_saved_when_the_file_cannot_be_used(db_path: Path) -> None:
    db_path.write_bytes(b"not a database, " * 100)
    at = start(seed=5)
    shown = captions(at)
    assert SAVED_EVERY_MOVE not in shown
    assert "The game is not being saved: Progress is not saved:" in shown
