"""The app served for the browser tests (tests/browser/): Streamlit on a free port, and Debian's Chromium.

    from served_app import CHROMIUM, FLAGS, server  # noqa: F401 - server is a fixture, one app per test module

Chromium is Debian's package at :data:`CHROMIUM` (never a browser download), started with :data:`FLAGS`.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def refused_start(environ: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """``streamlit run tutor/app/server.py`` with ``environ`` added to this environment, to its end: for a setting
    the server refuses before it serves anything (its exit code and its one line on stderr)."""
    return subprocess.run(
        [sys.executable, "-m", "streamlit", "run", "tutor/app/server.py", "--server.headless", "true",
         "--server.port", "0"],
        cwd=ROOT, env={**os.environ, **environ}, capture_output=True, text=True, timeout=90,
    )  # fmt: skip


def app_command_launch(monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, list[Mapping[str, str]]]:
    """``aluette-tutor`` run with ``argv`` (``app ...``), the server it would start replaced: its exit code, and the
    environment of each server it started (none when it refused)."""
    from tutor.cli import build_parser

    started: list[Mapping[str, str]] = []

    def call(command: Sequence[str], env: Mapping[str, str]) -> int:
        started.append(env)
        return 0

    monkeypatch.setattr(subprocess, "call", call)
    args = build_parser().parse_args(list(argv))
    return int(args.run(args)), started


def thread_cores(pid: int) -> dict[str, str]:
    """Each thread of process ``pid`` (its id) and the cores it may run on, as Linux lists them."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        lines = (task / "status").read_text(encoding="utf-8").splitlines()
        found[task.name] = next(line.split()[1] for line in lines if line.startswith("Cpus_allowed_list:"))
    return found


@contextmanager
def serve(db: Path) -> Iterator[str]:
    """The app served on a free port with progress file ``db``: its URL, once the server says it is healthy."""
    with serve_process(db) as (url, _):
        yield url


@contextmanager
def serve_process(
    db: Path, script: str = "tutor/app/server.py", options: Sequence[str] = (), environ: Mapping[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """As :func:`serve`, with the server's process too (to look at its descriptors, memory and cores); ``script``
    (from the project's root) is another app to serve instead, e.g. a benchmark's floor; ``options`` more of
    ``streamlit run``'s flags, over the project's config; ``environ`` more variables for it."""
    port = free_port()
    flags = ["--server.port", str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false"]
    flags += options
    process = subprocess.Popen(
        # as `make run`: main.py's pages with the cookie, the pruning and the card pictures' route (unless
        # another app is asked, e.g. a benchmark's floor)
        [sys.executable, "-m", "streamlit", "run", script, *flags],
        cwd=ROOT,
        env=dict(os.environ, **(environ or {}), ALUETTE_DB=str(db)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("the Streamlit server did not become healthy within 60 s")
        yield url, process
    finally:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("db") / "progress.db") as url:
        yield url
