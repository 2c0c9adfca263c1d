"""Another process migrating the progress file while this one checks whose it is: the check reads the schema's
version and its tables in one snapshot, so a migration committed between the two reads is not taken for another
program's database (it was, once, when a test opened the file while the served app was migrating it)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tutor.progress.db import ProgressUnavailable, check_owner, connect


class WriterBetweenReads:
    """A connection whose second statement runs only after another connection has committed a change of schema."""

    def __init__(self, conn: sqlite3.Connection, writer: sqlite3.Connection) -> None:
        self.conn, self.writer, self.reads = conn, writer, 0

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().upper().startswith(("SELECT", "PRAGMA")):
            self.reads += 1
            if self.reads == 2:  # after the version was read, before the tables are
                self.writer.execute("CREATE TABLE later_migration (a INTEGER)")  # commits at once (autocommit)
        return self.conn.execute(sql, *args)

    @property
    def in_transaction(self) -> bool:
        return self.conn.in_transaction


def test_a_schema_change_committed_between_the_two_reads_is_not_seen(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    connect(path).close()  # a progress file at today's schema, in WAL mode
    reader = sqlite3.connect(path, isolation_level=None)
    writer = sqlite3.connect(path, isolation_level=None)
    try:
        spy = WriterBetweenReads(reader, writer)
        check_owner(spy, path)  # type: ignore[arg-type]  # the snapshot of before the change: ours
        assert spy.reads == 2, "the change was made between the version's read and the tables'"
        # Read afresh, the file now has a table no migration makes: refused, as another program's would be.
        with pytest.raises(ProgressUnavailable, match="another program's database"):
            check_owner(reader, path)
    finally:
        reader.close()
        writer.close()
