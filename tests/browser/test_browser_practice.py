"""One real-browser test: Debian's Chromium (no browser download) opens the served app, a learner answers a
practice question through the page, and sees the engine's explanation."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(db: Path) -> Iterator[str]:
    """The app served on a free port with progress file ``db``: its URL, once the server says it is healthy."""
    port = free_port()
    flags = ["--server.port", str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false"]
    flags += ["--server.enableStaticServing", "true"]  # as `make run`: the card pictures are served as files
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "tutor/app/main.py", *flags],
        cwd=ROOT,
        env=dict(os.environ, ALUETTE_DB=str(db)),
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
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("db") / "progress.db") as url:
        yield url


def test_a_learner_answers_a_practice_question_in_chromium(server: str) -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        # Two aces (A-swords, A-coins) share the best tier: the trick is spoiled and North, who led, leads again.
        page.goto(f"{server}/practice?scenario=spoiled-aces")
        # The winner is answered on the cards: each card a button, and "Spoiled" beside them.
        spoiled = page.get_by_role("button", name="Spoiled: nobody wins", exact=True)
        leader = page.locator("[data-testid='stRadio']").filter(has_text="Who leads the next trick?")
        expect(spoiled).to_be_visible(timeout=30_000)
        spoiled.click()
        expect(page.get_by_role("button", name="✓ chosen: Spoiled: nobody wins", exact=True)).to_be_visible()
        leader.get_by_text("North", exact=True).click()
        page.get_by_role("button", name="Check my answer").click()
        expect(page.get_by_text("leads again").first).to_be_visible(timeout=30_000)
        expect(page.get_by_text("1 / 1 right this session").first).to_be_visible()
        # The revealed table marks the two tied aces.
        expect(page.locator("img.card-spoiled")).to_have_count(2)  # served as files, as `make run` does
        page.screenshot(path=str(Path(os.environ.get("TMPDIR", "/tmp")) / "aluette-browser-test.png"))
        browser.close()
