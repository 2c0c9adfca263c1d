"""Where a store test keeps its progress: each test that asks for ``store`` runs twice, on a fresh SQLite file
and on a fresh database of the run's PostgreSQL server (``tests/pg_server.py``).

    def test_something(store: Path | str) -> None:
        with ProgressDB(store) as db: ...

``rows(db, sql)`` reads a store behind its objects' back, on either backend; ``member(db, name, code)`` adds a
learner to a class.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tutor.progress.classes import join
from tutor.progress.store import ProgressDB

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """A fresh progress file (``sqlite``), then a fresh PostgreSQL database's URL (``postgresql``)."""
    if request.param == "sqlite":
        return tmp_path / "progress.db"
    url: str = request.getfixturevalue("postgres_url")
    return url


def rows(db: ProgressDB, sql: str, *parameters: Any) -> list[tuple[Any, ...]]:
    """Every row of ``sql`` (``?`` placeholders) on ``db``'s store."""
    with db.using() as conn:
        return [tuple(row) for row in conn.execute(sql, parameters).fetchall()]


def count(db: ProgressDB, table: str) -> int:
    """How many rows ``table`` holds."""
    return int(rows(db, f"SELECT count(*) FROM {table}")[0][0])


@pytest.fixture(params=BACKENDS)
def app_store(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path | str:
    """The app's store (``ALUETTE_DB``) for a test of the app, on each backend in turn: a fresh file, then a
    fresh PostgreSQL database."""
    target: Path | str = tmp_path / "progress.db"
    if request.param == "postgresql":
        target = str(request.getfixturevalue("postgres_url"))
    monkeypatch.setenv("ALUETTE_DB", str(target))
    return target


def member(db: ProgressDB, name: str, *codes: str, now: float | None = None) -> int:
    """A new learner ``name``, joined to the class of each join code in ``codes`` (at ``now``): their id."""
    learner = db.learner_id(db.create_learner(name))
    assert learner is not None
    for code in codes:
        join(db, code, learner, now=now)
    return learner
