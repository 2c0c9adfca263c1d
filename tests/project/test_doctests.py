"""The examples in the package's docstrings run with every plain ``pytest`` (``--doctest-modules``, see pyproject)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Streamlit page scripts: importing one draws its page, so they are never collected outside Streamlit.
PAGE_SCRIPTS = {
    "tutor/app/main.py",
    *(f"tutor/app/screens/{p.name}" for p in (ROOT / "tutor/app/screens").glob("*.py")),
}


def test_a_plain_pytest_collects_the_doctests_of_every_module_with_examples() -> None:
    with_examples = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tutor").rglob("*.py")
        if ">>> " in path.read_text(encoding="utf-8")
    }
    assert "tutor/app/cardsvg.py" in with_examples  # the scan finds what it should
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider", "tutor"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    collected = {line.partition("::")[0] for line in result.stdout.splitlines() if "::" in line}
    assert collected == with_examples - PAGE_SCRIPTS
