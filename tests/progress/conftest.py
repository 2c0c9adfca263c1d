"""The class tests' store and teachers: ``db``, the progress store opened on each backend (``store``, from
tests/store_target.py), and two teachers of it, ``roux`` and ``blanc``. A module that needs them otherwise
(another password, a clock) defines its own, which wins over these."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


@pytest.fixture
def blanc(db: ProgressDB) -> Teacher:
    return create_teacher(db, "M. Blanc", "battery staple")
