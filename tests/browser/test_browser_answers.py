"""Answering with the cards in a real browser (Debian's Chromium), on a 390 px phone: a play puzzle's card is a
button reached and pressed with the keyboard, its choice is read out in words, and the row of cards fits the
screen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from served_app import CHROMIUM, FLAGS, server  # noqa: F401 - the served app, a fixture

PHONE = {"width": 390, "height": 844}


def test_a_play_puzzle_is_answered_with_the_keyboard_on_a_phone(server: str) -> None:  # noqa: F811
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport=PHONE)
        # play-first-to-reach: North leads to trick 8 with Monsieur (3-coins) and K-coins; Monsieur is best.
        page.goto(f"{server}/practice?scenario=play-first-to-reach")
        monsieur = page.get_by_role("button", name="3-coins, Monsieur", exact=True)
        king = page.get_by_role("button", name="K-coins", exact=True)
        expect(monsieur).to_be_visible(timeout=30_000)
        for card in (monsieur, king):  # each card inside the phone's width
            box = card.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        monsieur.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name="✓ chosen: 3-coins, Monsieur", exact=True)).to_be_visible()
        page.get_by_role("button", name="Check my answer").click()
        expect(page.get_by_text("Right!").first).to_be_visible(timeout=30_000)
        expect(page.get_by_text("One line of best play").first).to_be_visible()
        browser.close()
