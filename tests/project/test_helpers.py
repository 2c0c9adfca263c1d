"""The app tests open pages through one place, ``tests/helpers.py``, and it opens them as asked."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import MAIN, open_page

from tutor.app import state

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_module_finds_the_app_or_opens_a_session_itself() -> None:
    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "MAIN" for t in node.targets):
                found.append(f"{path.name}:{node.lineno}: defines MAIN")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "from_file"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "AppTest"
            ):
                found.append(f"{path.name}:{node.lineno}: calls AppTest.from_file")
    assert found == [], "use helpers.MAIN, helpers.new_session or helpers.open_page"


def test_main_is_the_apps_entry_script() -> None:
    assert Path(MAIN).is_file() and Path(MAIN).parts[-3:] == ("tutor", "app", "main.py")


def test_open_page_follows_the_query_before_the_first_run() -> None:
    scenario = next(iter(state.course().scenarios))
    at = open_page("screens/practice.py", query={"scenario": scenario})
    assert at.title[0].value == "Practice"
    assert at.session_state["practice.attempt"].scenario.id == scenario, "the deep link was followed"


def test_open_page_sets_the_session_before_the_first_run() -> None:
    assert "ranking.tier.question" not in open_page("screens/ranking.py").session_state, "the first tab only"
    at = open_page("screens/ranking.py", session={"ranking.tab": "Which tier?"})
    assert "ranking.tier.question" in at.session_state, "the tab chosen in the session was drawn"


def test_open_page_with_no_page_opens_home() -> None:
    assert open_page().title[0].value == "Learn Aluette"
