"""How often a Practice run asks the store (every SQL statement counted on the progress file's connection): the
learner's figures are checked once per run, not once per scenario of the course the page asks about.

Hand-worked for a guest browser whose profile exists (it answered once), on a new page load: the chooser's
learners (the file's version, then the names), the browser's remembered learner, the guest's profile by its token,
then one view of the guest's figures: their revision, the answered and solved items, the sections read, the
totals, and the sections with their dates: ten statements, and never more than one look at the revision. Before
one view per run it was one look per read: 514 on this course."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import fill_answers, open_page
from streamlit.testing.v1 import AppTest

from tutor.content.solve import solve
from tutor.progress import backend

REVISION = "SELECT revision FROM learners"


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement run on the app's progress file from now on (the connection opened after this)."""
    seen: list[str] = []
    opened: Callable[..., sqlite3.Connection] = backend.connect

    def traced(*args: object, **kwargs: object) -> sqlite3.Connection:
        conn = opened(*args, **kwargs)
        conn.set_trace_callback(seen.append)
        return conn

    monkeypatch.setattr(backend, "connect", traced)
    return seen


def practice() -> AppTest:
    return open_page("screens/practice.py", query={"scenario": "spoiled-aces"})


def answer_right(at: AppTest) -> None:
    attempt = at.session_state["practice.attempt"]
    outcome = solve(attempt.scenario).outcome()
    fill_answers(at, {key: outcome[key] for key in attempt.scenario.ask}, "practice")
    at.button(key="practice.submit").click().run()
    assert not at.exception and at.session_state["practice.attempt"].submitted


def test_a_page_load_looks_at_the_learners_figures_once(db_path: Path, statements: list[str]) -> None:
    answer_right(practice())  # the guest's profile is made by their first answer
    assert sum(s.startswith("INSERT INTO answers") for s in statements) == 1
    statements.clear()
    again = practice()  # the same browser opens Practice again: a new session
    assert not again.exception
    assert sum(s.startswith(REVISION) for s in statements) == 1
    assert len(statements) <= 10, statements


def test_a_rerun_after_check_looks_once_too(db_path: Path, statements: list[str]) -> None:
    at = practice()
    answer_right(at)
    statements.clear()
    at.run()  # any click after the reveal: a whole run of the page
    assert not at.exception
    assert sum(s.startswith(REVISION) for s in statements) == 1
    assert len(statements) <= 10, statements
