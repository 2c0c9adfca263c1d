"""Answering with the cards in a real browser (Debian's Chromium), on a 390 px phone: a play puzzle's card is a
button reached and pressed with the keyboard, its choice is read out in words, and the row of cards fits the
screen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from card_choice import card_option
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
        monsieur = card_option(page, "3-coins, Monsieur")
        expect(monsieur).to_be_visible(timeout=30_000)
        for name in ("3-coins, Monsieur", "K-coins"):  # each card's box inside the phone's width
            box = page.get_by_test_id("stRadioOption").filter(has=card_option(page, name)).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        monsieur.focus()  # with the keyboard: a radio group takes Space
        page.keyboard.press("Space")
        expect(monsieur).to_be_checked()
        page.get_by_role("button", name="Check my answer").click()
        expect(page.get_by_text("Right!").first).to_be_visible(timeout=30_000)
        expect(page.get_by_text("One line of best play").first).to_be_visible()
        browser.close()
