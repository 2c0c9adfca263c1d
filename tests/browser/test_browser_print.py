"""Debian's Chromium clicks the app's print buttons and a real PDF arrives: the Rules page's table card (one A4
page) and the Practice page's worksheet (the scenario, then its answer key on a page of its own). Screenshots of
both pages at a desktop's and a phone's size are left in the test's folder to look at."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from served_app import CHROMIUM, FLAGS, server  # noqa: F401 - the served app, a fixture

SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


@pytest.fixture(autouse=True)
def _tools() -> None:
    if not Path(CHROMIUM).exists() or shutil.which("pdfinfo") is None:
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium or poppler-utils is not installed")
        pytest.fail(f"{CHROMIUM} or pdfinfo is missing: `make test` installs chromium and poppler-utils")


def test_the_rules_page_downloads_the_one_page_table_card(server: str, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name, (width, height) in SIZES.items():
            page = browser.new_page(viewport={"width": width, "height": height}, accept_downloads=True)
            page.goto(f"{server}/rules")
            button = page.get_by_role("button", name="Download the table card to print (PDF)")
            expect(button).to_be_visible(timeout=30_000)
            button.scroll_into_view_if_needed()
            page.screenshot(path=str(tmp_path / f"rules-{name}.png"))
            with page.expect_download(timeout=60_000) as download:
                button.click()
            pdf = tmp_path / f"card-{name}.pdf"
            download.value.save_as(pdf)
            assert download.value.suggested_filename == "aluette-card-en-a4.pdf"
            assert pdf.read_bytes().startswith(b"%PDF-")
            assert _pages(pdf) == 1  # the table card is one A4 page
            text = _text(pdf)
            # The eight named cards and a signal's meaning, as the Rules page names them.
            assert "Monsieur" in text and "Madame" in text and "Le Borgne" in text
            page.close()
        browser.close()


def test_the_practice_page_downloads_a_worksheet_with_its_key(server: str, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name, (width, height) in SIZES.items():
            page = browser.new_page(viewport={"width": width, "height": height}, accept_downloads=True)
            # Two aces (A-swords, A-coins) share the best tier: the trick is spoiled, North leads again.
            page.goto(f"{server}/practice?scenario=spoiled-aces")
            fold = page.get_by_text("Print a worksheet", exact=True)
            expect(fold).to_be_visible(timeout=30_000)
            fold.scroll_into_view_if_needed()
            fold.click()
            button = page.get_by_role("button", name="Download the worksheet (PDF)")
            expect(button).to_be_enabled(timeout=30_000)
            # The lesson's 18 scenarios (lessons/06-spoiled-tricks.yaml) are all picked to begin with.
            expect(page.get_by_text("18 scenarios picked (at most 60)", exact=True)).to_be_visible()
            fold.evaluate("element => element.scrollIntoView({block: 'start'})")
            page.screenshot(path=str(tmp_path / f"practice-{name}.png"))
            button.scroll_into_view_if_needed()
            # 18 scenarios and their key: a minute or more on a busy machine, the first time (then kept).
            with page.expect_download(timeout=120_000) as download:
                button.click()
            pdf = tmp_path / f"worksheet-{name}.pdf"
            download.value.save_as(pdf)
            assert download.value.suggested_filename == "aluette-worksheet-en.pdf"
            assert pdf.read_bytes().startswith(b"%PDF-")
            text = _text(pdf)
            assert "Answer key" in text  # the key follows the questions
            assert _pages(pdf) >= 2  # the key begins on a page of its own
            page.close()
        browser.close()
