"""``db``: the app's own progress file (``ALUETTE_DB``, the test's, see tests/conftest.py), opened as the pages
open it, for a test to fill or read what a page did. A module that needs another defines its own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.progress.store import ProgressDB


@pytest.fixture
def db() -> Iterator[ProgressDB]:
    with ProgressDB(Path(os.environ["ALUETTE_DB"])) as opened:
        yield opened
