"""Sessions of one server share the progress file's one connection (tutor.progress.shared): each sees only
its own learner, and when the file is replaced under them, every session keeps its work in memory, not only
the one that noticed first."""

from __future__ import annotations

import os
from pathlib import Path

from test_learners import RIGHT_SPOILED_ACES, add_learner, go, metrics, open_app, practise, sidebar_text

from tutor.app import state
from tutor.progress.store import ProgressDB, SqliteProgress


def test_two_sessions_share_one_connection_and_each_sees_its_own_learner(db_path: Path) -> None:
    ann, bea = open_app(), open_app()
    add_learner(ann, "Ann")
    add_learner(bea, "Bea")
    assert ann.session_state[state.DB] is bea.session_state[state.DB]
    practise(ann, "spoiled-aces", RIGHT_SPOILED_ACES)
    go(ann, "screens/progress.py")
    go(bea, "screens/progress.py")
    assert metrics(ann)["Answers"] == "1" and metrics(bea)["Answers"] == "0"


def test_a_file_replaced_under_two_sessions_leaves_both_their_work_in_memory(db_path: Path, tmp_path: Path) -> None:
    ann, bea = open_app(), open_app()
    add_learner(ann, "Ann")
    add_learner(bea, "Bea")
    practise(ann, "spoiled-aces", RIGHT_SPOILED_ACES)
    practise(bea, "spoiled-aces", RIGHT_SPOILED_ACES)
    backup = tmp_path / "backup.db"
    with SqliteProgress(backup, "Bob"):
        pass
    os.replace(backup, db_path)  # a backup restored over the file both sessions use

    go(ann, "screens/progress.py")  # Ann's session notices first: the old file is let go of, for both
    assert "was deleted or replaced" in sidebar_text(ann)
    assert metrics(ann)["Answers"] == "1"
    go(bea, "screens/progress.py")
    assert "was deleted or replaced" in sidebar_text(bea)
    assert metrics(bea)["Answers"] == "1", "Bea's answer, copied to memory when Ann's session let the file go"
    assert bea.session_state[state.PROGRESS].learner == "Bea"

    newcomer = open_app()  # a new session opens the restored file, cleanly
    assert "was deleted or replaced" not in sidebar_text(newcomer)
    assert newcomer.session_state[state.DB] is not None
    with ProgressDB(db_path) as db:
        assert db.learners() == ["Bob"]
        assert db.progress("Bob").totals == (0, 0)
