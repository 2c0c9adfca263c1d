"""Every test runs with its own progress database and saved-deals folder, never the learner's real ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests: the same examples on every run and no timing limits, so a slow CI machine can neither
# time them out nor draw a different (and so possibly flaky) set of examples.
settings.register_profile(
    "aluette", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("aluette")


@pytest.fixture(autouse=True)
def private_files(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    folder: Path = tmp_path_factory.mktemp("aluette-home")
    monkeypatch.setenv("ALUETTE_DB", str(folder / "progress.db"))
    monkeypatch.setenv("ALUETTE_PLAYED", str(folder / "played"))


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh progress file for the app (``ALUETTE_DB``), for tests that open it themselves."""
    path = tmp_path / "progress.db"
    monkeypatch.setenv("ALUETTE_DB", str(path))
    return path
