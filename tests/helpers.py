"""Shared by the app tests: where the app's entry script is, and opening one of its pages in a new session.

    from helpers import open_page
    at = open_page("screens/practice.py", query={"scenario": "spoiled-aces"})

Pages are named by their script under ``tutor/app/`` (``None`` is Home), as ``AppTest.switch_page`` takes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
MAIN = str(ROOT / "tutor" / "app" / "main.py")
# How long AppTest lets one run of the script take before failing it: generous, for a busy CI machine. A
# guard against a hang, not a speed check (speed is measured by benchmarks/app_rerun_bench.py).
RUN_TIMEOUT = 60


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
