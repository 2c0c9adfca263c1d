"""The two Hypothesis profiles of conftest.py: ``fast`` repeats the same examples, ``deep`` draws many more, new ones.

Each check runs pytest on a small probe module beside a copy of ``tests/conftest.py`` in a temporary folder; the
probe writes every example it is given to a file, so the runs can be compared.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"
PROBE = """
import os
from pathlib import Path

from hypothesis import given, settings, strategies as st


def record(name, value):
    with Path(os.environ["PROBE_OUT"]).open("a", encoding="utf-8") as out:
        out.write(f"{name} {value}\\n")


@given(st.integers())
def test_default(n):
    record("default", n)


@settings(max_examples=7)
@given(st.integers())
def test_explicit(n):
    record("explicit", n)
"""


def run_probe(
    folder: Path, profile: str | None, run: int
) -> tuple[subprocess.CompletedProcess[str], dict[str, list[str]]]:
    """pytest on the probe under ``profile`` (None: the variable unset); the examples each test was given."""
    out = folder / f"examples-{profile}-{run}.txt"
    env = {k: v for k, v in os.environ.items() if k != "ALUETTE_HYPOTHESIS"}
    env["PROBE_OUT"] = str(out)
    # the copied conftest imports the PostgreSQL fixtures (tests/pg_server.py, deploy/local_postgres.py)
    env["PYTHONPATH"] = os.pathsep.join([str(CONFTEST.parent), str(CONFTEST.parents[1] / "deploy")])
    if profile is not None:
        env["ALUETTE_HYPOTHESIS"] = profile
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "test_probe.py"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    examples: dict[str, list[str]] = {"default": [], "explicit": []}
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            name, value = line.split()
            examples[name].append(value)
    return result, examples


def probe_folder(tmp_path: Path) -> Path:
    shutil.copy(CONFTEST, tmp_path / "conftest.py")
    (tmp_path / "test_probe.py").write_text(PROBE, encoding="utf-8")
    return tmp_path


def test_fast_is_the_default_and_gives_the_same_examples_every_run(tmp_path: Path) -> None:
    folder = probe_folder(tmp_path)
    first_run, first = run_probe(folder, None, 1)
    assert first_run.returncode == 0, first_run.stdout + first_run.stderr
    again_run, again = run_probe(folder, "fast", 2)
    assert again_run.returncode == 0, again_run.stdout + again_run.stderr
    assert first == again, "derandomized: the same examples, in the same order"
    # Hypothesis's default of 100 examples, or the test's own count (fewer when the space runs out early)
    assert 50 <= len(set(first["default"])) <= 100 and len(first["explicit"]) <= 7
    assert not (folder / ".hypothesis" / "examples").exists(), "no example database for the fast profile"


def test_deep_draws_twenty_times_as_many_new_examples_each_run(tmp_path: Path) -> None:
    folder = probe_folder(tmp_path)
    deep_run, deep = run_probe(folder, "deep", 1)
    assert deep_run.returncode == 0, deep_run.stdout + deep_run.stderr
    _, deep_again = run_probe(folder, "deep", 2)
    # fast gives at most 100 and 7 (the test above); deep twenty times as many, the explicit count included
    assert len(set(deep["default"])) > 1000 and len(set(deep["explicit"])) > 70, {k: len(v) for k, v in deep.items()}
    assert set(deep["default"]) != set(deep_again["default"]), "randomized: each deep run draws new examples"


def test_an_unknown_profile_is_a_one_line_usage_error(tmp_path: Path) -> None:
    result, examples = run_probe(probe_folder(tmp_path), "thorough", 1)
    assert result.returncode == 4  # pytest's usage error
    assert re.search(
        r"^ERROR: ALUETTE_HYPOTHESIS='thorough': use 'fast' \(the default\) or 'deep'$", result.stderr, re.M
    )
    assert "Traceback" not in result.stderr + result.stdout
    assert examples == {"default": [], "explicit": []}
