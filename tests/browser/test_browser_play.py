"""The Play page in Chromium: a slow double-click on a card plays one card, a reload resumes the game, and the
coach reviews a deal played to its end.

Both at a phone's size (390x844), where the hand is a wrapping grid of cards."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from served_app import CHROMIUM, FLAGS, server  # noqa: F401 - the served app, a fixture

SEED = "20"  # deal 1: South is not a chanter, so the chant's answer leads straight to the signals


def need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")


def settle(page: Any) -> None:
    """Wait until the app has finished its run (Streamlit's running indicator is gone)."""
    time.sleep(0.3)
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')", timeout=30_000)


def to_first_trick(page: Any, url: str) -> None:
    page.goto(f"{url}/play")
    start = page.get_by_role("button", name="Start game")
    start.wait_for(timeout=30_000)
    seed = page.get_by_label("Seed", exact=True).and_(page.locator("input"))
    seed.fill(SEED)
    seed.press("Enter")
    settle(page)
    start.click()
    page.get_by_role("button", name="Show all").click()
    page.get_by_role("button", name="Deal the first hand").click()
    page.get_by_role("button", name="Refuse").click()
    page.get_by_role("button", name="Give no signal").click()
    page.locator(".st-key-play-hand button:visible").first.wait_for(timeout=30_000)
    settle(page)


def test_a_slow_double_click_plays_one_card_and_a_reload_resumes(server: str) -> None:  # noqa: F811
    need_chromium()
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        to_first_trick(page, server)
        hand = page.locator(".st-key-play-hand")
        expect(hand.locator("button:visible")).to_have_count(9, timeout=30_000)
        empty = hand.locator(".alu-slot-empty")
        expect(empty).to_have_count(0)
        # The hand is a grid: at 390 px, more than one card to a row (not one card per row).
        boxes = [hand.locator("button:visible").nth(i).bounding_box() for i in range(4)]
        assert len({round(b["y"]) for b in boxes if b is not None}) == 1, boxes
        # Two clicks 300 ms apart on the same place, then (next trick) 500 ms apart: each time the first card is
        # played, the second click finds the card's empty place (or a stale button), and nothing else is played.
        for turn, gap in enumerate((300, 500), start=1):
            first = hand.locator("button:visible").first
            name = first.inner_text()
            first.scroll_into_view_if_needed()
            box = first.bounding_box()
            assert box is not None
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.click(x, y)
            page.wait_for_timeout(gap)
            page.mouse.click(x, y)
            page.wait_for_timeout(1000)
            settle(page)
            page.wait_for_timeout(1000)
            settle(page)
            # Exactly one card played (not two).
            expect(hand.locator("button:visible")).to_have_count(9 - turn, timeout=30_000)
            expect(empty).to_have_count(turn, timeout=30_000)  # its place stays, empty
            page.wait_for_timeout(1000)
            settle(page)
            assert hand.locator("button:visible").count() == 9 - turn  # and it stays so
            assert hand.get_by_role("button", name=name, exact=True).count() == 0
        # A reload: a new session of the same browser (its cookie, never the address) offers the game back.
        assert "game=" not in page.url
        page.reload()
        resume = page.get_by_role("button", name="Resume the game")
        resume.wait_for(timeout=30_000)
        expect(page.get_by_text("trick 3")).to_have_count(1, timeout=30_000)
        resume.click()
        expect(page.locator(".st-key-play-hand .alu-slot-empty")).to_have_count(2, timeout=30_000)
        settle(page)
        expect(page.locator(".st-key-play-hand button:visible")).to_have_count(7, timeout=30_000)
        browser.close()


def test_the_coach_follows_a_whole_deal_played_in_chromium(server: str) -> None:  # noqa: F811
    """Seed 20's first deal played to its end by always clicking the first card of the hand: the coach then
    lists the nine cards played, each with the hint's estimate beside the best card's."""
    need_chromium()
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        to_first_trick(page, server)
        hand = page.locator(".st-key-play-hand")
        for left in range(9, 0, -1):
            expect(hand.locator("button:visible")).to_have_count(left, timeout=30_000)
            hand.locator("button:visible").first.click()
            page.wait_for_timeout(500)
            settle(page)
        coach = page.get_by_text("Coach: your cards this deal")
        expect(coach).to_be_visible(timeout=60_000)
        # One line per real choice (the ninth card is forced), each naming its trick, the card and a chance.
        lines = page.locator(".st-key-play-coach p").filter(has_text=re.compile(r"^Trick [1-8]: you played"))
        expect(lines.first).to_be_visible(timeout=30_000)
        texts = lines.all_inner_texts()
        assert 1 <= len(texts) <= 8, texts
        assert all("%" in t for t in texts), texts
        browser.close()
