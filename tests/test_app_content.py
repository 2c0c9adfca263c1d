"""A broken content file is named in the app and skipped; everything else keeps working."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import new_session
from test_app_practice import fill, submit

from tutor.app import state

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example scenarios and one broken file, served through ALUETTE_CONTENT."""
    scenarios = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "examples", scenarios)
    (scenarios / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    monkeypatch.setenv("ALUETTE_CONTENT", str(scenarios))
    state._course.clear()
    yield scenarios
    state._course.clear()


def test_the_broken_file_is_named_and_skipped(content: Path) -> None:
    at = new_session()
    at.run()
    assert not at.exception
    (expander,) = [e for e in at.sidebar.expander if "content problem" in e.label]
    assert expander.label == "⚠ 1 content problem(s): files skipped"
    shown = " ".join(c.value for c in expander.caption)
    assert f"{content / 'broken.yaml'}:3: (file): YAML syntax error" in shown
    assert "broken" not in state.course().scenarios
    assert len(state.course().scenarios) == 8  # the eight examples still load


def test_practice_still_works_beside_a_broken_file(content: Path) -> None:
    at = new_session()
    at.query_params["scenario"] = "spoiled-aces"
    at.switch_page("screens/practice.py")
    at.run()
    assert not at.exception
    # Two aces share the best tier: spoiled (nobody wins), and North, the leader, leads again.
    fill(at, {"winner": None, "next_leader": "N"})
    submit(at)
    assert any("leads again" in m.value for m in at.markdown)
    assert at.session_state["practice.attempt"].grade.all_correct
