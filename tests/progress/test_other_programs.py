"""Other programs on the progress file while the tutor has it open: nothing acknowledged is ever lost.

A process that closes any descriptor of a file loses every POSIX lock it holds on it, SQLite's included. If
the tutor did that while its connections were open, the next program to open and close the file (the
``sqlite3`` shell, a backup, a second app) would see nobody else using it, checkpoint and delete the
``-wal`` and ``-shm`` under the tutor, whose later commits would go to deleted files.

Each case runs the tutor in child processes (:data:`HOLDER`, driven line by line: each command's reply is
printed once it has returned, i.e. once committed) and ends them with SIGKILL, so that only what reached
the file counts. Each holder opens the file twice, as two sessions of an app or a session and an import do.
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.progress.db import integrity

ROOT = Path(__file__).resolve().parents[2]

# Commands, one a line: "open" (another connection, as another session), "learner NAME",
# "answer NAME UID" (on the first connection), "quit". SIGTERM closes every connection and exits, as a
# server being stopped does.
HOLDER = """
import signal, sys
from tutor.progress.db import ProgressUnavailable
from tutor.progress.memory import Answer
from tutor.progress.store import ProgressDB

dbs = []

def stop(*_):
    for db in dbs:
        db.close()
    sys.exit(0)

signal.signal(signal.SIGTERM, stop)
path = sys.argv[1]
print("ready", flush=True)
for line in sys.stdin:
    words = line.split()
    try:
        if words[0] == "open":
            dbs.append(ProgressDB(path))
        elif words[0] == "learner":
            dbs[-1].create_learner(words[1])
        elif words[0] == "answer":
            answer = Answer("spoiled-aces", "trick", {"w": "x"}, {"w": True}, 3.0, uid=words[2])
            dbs[0].progress(words[1]).record(answer)
        elif words[0] == "quit":
            stop()
        print("ok", flush=True)
    except ProgressUnavailable as error:
        print("error:", error, flush=True)
"""


class Holder:
    """A child process holding the progress file open, as a running app does."""

    def __init__(self, script: Path, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(script), str(path)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.reply() == "ready"

    def reply(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def do(self, command: str) -> str:
        """Send one command; its reply ("ok" once done and committed, or "error: ...")."""
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.reply()

    def terminate(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=30) == 0

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


@pytest.fixture
def holders(tmp_path: Path) -> Iterator[list[Holder]]:
    """Holders started by a test (``start(holders, path)``), killed at its end whatever happened."""
    started: list[Holder] = []
    yield started
    for holder in started:
        holder.kill()


def start(started: list[Holder], path: Path) -> Holder:
    script = path.parent / "holder.py"
    script.write_text(HOLDER)
    holder = Holder(script, path)
    started.append(holder)
    return holder


def look(command: list[str]) -> str:
    """Run another program on the file (to its end: it opens the file, reads, closes it); what it printed."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True)
    return done.stdout.strip()


def kept(path: Path, query: str) -> list[tuple[object, ...]]:
    """Rows of the file as found after everything holding it was killed (and its integrity, checked)."""
    conn = sqlite3.connect(path)
    try:
        assert integrity(conn) == "ok"
        return conn.execute(query).fetchall()
    finally:
        conn.close()


def test_the_sqlite3_shell_opening_the_file_leaves_the_log_and_a_later_answer_survives_kill_9(
    tmp_path: Path, holders: list[Holder]
) -> None:
    path = tmp_path / "progress.db"
    holder = start(holders, path)
    assert holder.do("open") == "ok"
    assert holder.do("open") == "ok"  # a second connection in the same process: a second session
    assert holder.do("learner Ann") == "ok"
    wal = path.with_name(path.name + "-wal")
    assert wal.exists()

    assert look(["sqlite3", str(path), "SELECT name FROM learners;"]) == "Ann"

    # The shell saw the tutor still using the file: it left the log alone (it deletes it when it is the last).
    assert wal.exists()
    assert holder.do("learner Bea") == "ok"  # acknowledged after the shell's visit
    holder.kill()
    assert kept(path, "SELECT name FROM learners ORDER BY name") == [("Ann",), ("Bea",)]


def test_a_second_app_stopped_and_restarted_keeps_the_first_apps_acknowledged_learner_and_answers(
    tmp_path: Path, holders: list[Holder]
) -> None:
    path = tmp_path / "progress.db"
    first, second = start(holders, path), start(holders, path)
    for holder in (first, second):
        assert holder.do("open") == "ok"
        assert holder.do("open") == "ok"
    assert second.do("learner Cid") == "ok"

    second.terminate()  # stopped the way a server is: it closes its connections
    second = start(holders, path)
    assert second.do("open") == "ok"
    assert second.do("open") == "ok"

    assert first.do("learner Ann") == "ok"  # "saved", as the page says
    assert first.do("answer Ann a1") == "ok"
    assert first.do("answer Ann a2") == "ok"
    assert second.do("learner Dan") == "ok"  # the other process's next write
    first.kill()
    second.kill()
    assert kept(path, "SELECT name FROM learners ORDER BY name") == [("Ann",), ("Cid",), ("Dan",)]
    assert kept(path, "SELECT a.uid FROM answers a JOIN learners l ON l.id = a.learner_id WHERE l.name = 'Ann'") == [
        ("a1",),
        ("a2",),
    ]


PYTHON_LOOK = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
print(conn.execute("SELECT count(*) FROM answers").fetchone()[0])
conn.close()
"""


def test_a_python_look_at_the_file_mid_session_leaves_every_later_answer_saved(
    tmp_path: Path, holders: list[Holder]
) -> None:
    path = tmp_path / "progress.db"
    holder = start(holders, path)
    assert holder.do("open") == "ok"
    assert holder.do("learner Ann") == "ok"
    assert holder.do("answer Ann a1") == "ok"
    assert holder.do("open") == "ok"  # a second session arrives
    assert holder.do("answer Ann a2") == "ok"

    assert look([sys.executable, "-c", PYTHON_LOOK, str(path)]) == "2"

    replies = [holder.do(f"answer Ann b{n}") for n in range(5)]
    assert replies == ["ok"] * 5  # not "input/output error"
    holder.kill()
    uids = [uid for (uid,) in kept(path, "SELECT uid FROM answers ORDER BY id")]
    assert uids == ["a1", "a2", "b0", "b1", "b2", "b3", "b4"]
