"""Shared by the app tests: where the app's entry script is, and opening one of its pages in a new session.

    from helpers import open_page
    at = open_page("screens/practice.py", query={"scenario": "spoiled-aces"})

Pages are named by their script under ``tutor/app/`` (``None`` is Home), as ``AppTest.switch_page`` takes them.

A teacher's pages: ``teacher_signed_in(db, monkeypatch)``, on the ``db`` of tests/app/conftest.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.app import guest
from tutor.app.teaching import gate
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher, sign_in

ROOT = Path(__file__).resolve().parent.parent
MAIN = str(ROOT / "tutor" / "app" / "main.py")
# How long AppTest lets one run of the script take before failing it: generous, for a busy CI machine. A
# guard against a hang, not a speed check (speed is measured by benchmarks/app_rerun_bench.py).
RUN_TIMEOUT = 60
TEACHER_PASSWORD = "correct horse"


def new_session() -> AppTest:
    """A new browser session on the app, not yet run: for tests that set it up step by step."""
    return AppTest.from_file(MAIN, default_timeout=RUN_TIMEOUT)


def open_page(
    page: str | None = None,
    *,
    query: Mapping[str, str] | None = None,
    session: Mapping[str, object] | None = None,
) -> AppTest:
    """A new session on ``page`` with the URL's ``query`` and the ``session`` state set, run once without error."""
    at = new_session()
    for key, value in (query or {}).items():
        at.query_params[key] = value
    for name, state in (session or {}).items():
        at.session_state[name] = state
    if page is not None:
        at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def fill_answers(at: AppTest, answers: Mapping[str, object], prefix: str) -> None:
    """Set the answer widgets of the scenario on screen (``<prefix>.attempt``) to give ``answers`` (in the
    engine's outcome form, turned into widget values by each question's own ``split``). A set or an order of cards
    answered by clicking keeps its choice in the session state under the part's key: it is set there."""
    attempt = at.session_state[f"{prefix}.attempt"]
    for question in attempt.questions:
        if question.key not in answers:
            continue
        values = question.split(answers[question.key])
        for part in question.parts:
            key = question.widget_key(getattr(attempt, "fields", "") or prefix, part.suffix)
            if part.widget == "cards" and part.pick is not None and part.pick.in_form:
                at.radio(key=key).set_value(values[part.suffix])  # one card: a radio group drawn as the cards
                continue
            if part.widget == "cards":
                at.session_state[key] = values[part.suffix]
                continue
            widget = {
                "radio": at.radio,
                "selectbox": at.selectbox,
                "multiselect": at.multiselect,
                "number": at.number_input,
                "tiers": at.text_input,
                "pills": at.pills,
            }[part.widget]
            widget(key=key).set_value(values[part.suffix])


def type_new_learner(at: AppTest, name: str) -> None:
    """Open the sidebar's "Add a learner" fold, as the browser's click on it does (its form is drawn only while it
    is open), and type ``name`` in it; the caller clicks "Add and start" (``learner.create``)."""
    if not [t for t in at.text_input if t.key == "learner.new"]:
        at.session_state["learner.add.open"] = True
        at.run()
        assert not at.exception, at.exception
    at.text_input(key="learner.new").set_value(name)


def teacher_signed_in(db: ProgressDB, monkeypatch: pytest.MonkeyPatch, name: str = "Mme Roux") -> Teacher:
    """A new teacher, signed in on the session's browser: ``guest.cookies`` stands in for the browser's cookie
    (AppTest cannot set ``st.context.cookies``), holding a session token from ``sign_in``."""
    teacher = create_teacher(db, name, TEACHER_PASSWORD)
    token = sign_in(db, name, TEACHER_PASSWORD, client="test")
    monkeypatch.setattr(guest, "cookies", lambda: {gate.COOKIE: token})
    return teacher
