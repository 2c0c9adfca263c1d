"""A guest's captions on Home and Progress say what the sidebar offers: on a shared server (``ALUETTE_SHARED=1``,
a sidebar that lists nobody) adding a name or “I have been here before”; in the household mode choosing or
adding a name, as before. AppTest on the app's SQLite file, in English and in French."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.progress.store import ProgressDB

HOME_SHARED = (
    "Nothing answered yet. Add your name in the sidebar to keep your progress from one visit to the next, or use "
    "“I have been here before” there, with your name and PIN."
)
HOME_HOUSEHOLD = (
    "Nothing answered yet. Choose or add your name in the sidebar to keep your progress from one visit to the next."
)
PROGRESS_SHARED = (
    "As a guest, this shows the answers given in this browser. Add your name in the sidebar to keep them under "
    "your name, or use “I have been here before” there, with your name and PIN."
)
PROGRESS_HOUSEHOLD = (
    "As a guest, this shows the answers given in this browser. Choose or add your name in the sidebar to keep "
    "them under your name."
)
HOME_SHARED_FR = (
    "Aucune réponse pour l'instant. Ajoutez votre nom dans la barre latérale pour garder votre progression d'une "
    "visite à l'autre, ou utilisez-y « J'ai déjà un profil ici », avec votre nom et votre code PIN."
)


@pytest.fixture(autouse=True)
def a_learner_elsewhere(db_path: Path) -> None:
    # a store with a learner: the household mode then has names to choose from
    with ProgressDB(db_path) as db:
        db.create_learner("Ann")


def captions(at: AppTest) -> list[str]:
    return [str(c.value) for c in at.main.caption]


@pytest.mark.parametrize(
    ("page", "shared_line", "household_line"),
    [(None, HOME_SHARED, HOME_HOUSEHOLD), ("screens/progress.py", PROGRESS_SHARED, PROGRESS_HOUSEHOLD)],
)
def test_a_guests_caption_follows_the_servers_mode(
    monkeypatch: pytest.MonkeyPatch, page: str | None, shared_line: str, household_line: str
) -> None:
    monkeypatch.setenv("ALUETTE_SHARED", "1")
    at = open_page(page)
    assert shared_line in captions(at) and household_line not in captions(at)
    assert "I have been here before" in [e.label for e in at.sidebar.expander]  # what the caption points to
    monkeypatch.setenv("ALUETTE_SHARED", "0")
    at = open_page(page)
    assert household_line in captions(at) and shared_line not in captions(at)


def test_the_shared_caption_is_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALUETTE_SHARED", "1")
    at = open_page(query={"lang": "fr"})
    assert HOME_SHARED_FR in captions(at)
    assert "J'ai déjà un profil ici" in [e.label for e in at.sidebar.expander]
