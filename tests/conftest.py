"""Every test runs with its own progress database and saved-deals folder, never the learner's real ones."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_files(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    folder: Path = tmp_path_factory.mktemp("aluette-home")
    monkeypatch.setenv("ALUETTE_DB", str(folder / "progress.db"))
    monkeypatch.setenv("ALUETTE_PLAYED", str(folder / "played"))
