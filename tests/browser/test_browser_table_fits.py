"""The drawn table holds its four seats at every width: on a laptop (1366x900), a phone (390x844) and a
projector (1280x720 at 150% zoom: 853x480 CSS pixels, device scale 1.5), no seat's card or label reaches past
the table's edge (East's card once covered the "Why" steps beside it and hid East's label)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from card_choice import choose_card
from served_app import CHROMIUM, FLAGS, server  # noqa: F401 - the served app, a fixture

VIEWS = {
    "laptop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}},
    "projector": {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5},
}
# Every element of a table whose box passes the table's left or right edge (a pixel of rounding allowed).
OVERFLOW = """() => [...document.querySelectorAll('.alu-table')].flatMap(t => {
  const r = t.getBoundingClientRect();
  return [...t.querySelectorAll('*')].filter(e => { const b = e.getBoundingClientRect();
    return b.width > 0 && (b.right > r.right + 1 || b.left < r.left - 1); })
    .map(e => String(e.className.baseVal ?? e.className));
})"""


def settle(page: Any) -> None:
    page.wait_for_timeout(500)
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')", timeout=30_000)


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_revealed_trick_keeps_every_seat_inside_the_table(server: str, view: str) -> None:  # noqa: F811
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(**VIEWS[view])
        page.goto(f"{server}/practice?scenario=spoiled-aces")
        choose_card(page, "Spoiled: nobody wins")
        page.get_by_role("radio", name="North", exact=True).check(force=True)
        settle(page)
        page.get_by_role("button", name="Check my answer").click()
        page.get_by_text("Why", exact=True).wait_for(timeout=30_000)
        settle(page)
        assert page.locator(".alu-table").count() == 1
        assert page.evaluate(OVERFLOW) == []
        browser.close()


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_play_table_keeps_every_seat_inside_it(server: str, view: str) -> None:  # noqa: F811
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is missing: the test above says so")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(**VIEWS[view])
        page.goto(f"{server}/play")
        page.get_by_role("button", name="Start game").click(timeout=30_000)
        settle(page)
        for button in ("Show all", "Deal the first hand", "Refuse", "Give no signal"):
            page.get_by_role("button", name=button).click(timeout=30_000)
            settle(page)
        page.locator(".st-key-play-hand button:visible").first.wait_for(timeout=30_000)
        settle(page)
        assert page.locator(".alu-table").count() == 1
        assert page.evaluate(OVERFLOW) == []
        if view == "phone":
            # The trick and the cards to play to it are in view together: the hand follows the table (the partner's
            # signals come after it) and from the trick's top to the hand's foot is no more than a screen.
            trick = page.locator(".alu-centre").first.bounding_box()
            hand = page.locator(".st-key-play-hand").bounding_box()
            talk = page.locator(".st-key-play-talk").bounding_box()
            assert trick and hand and talk
            assert talk["y"] > hand["y"] + hand["height"] - 1
            assert hand["y"] + hand["height"] - trick["y"] <= VIEWS["phone"]["viewport"]["height"]  # type: ignore[index]
        browser.close()


def test_a_lesson_on_a_phone_opens_on_its_text(server: str) -> None:  # noqa: F811
    """The sixteen lessons' list and the objectives once came first, about 1,350 px before the lesson's text."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is missing: the tests above say so")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(**VIEWS["phone"])
        page.goto(f"{server}/learn?lesson=the-ranking")
        page.get_by_role("button", name="Next section →").wait_for(timeout=30_000)
        settle(page)
        section = page.locator("[data-testid=stMain] h2").first.bounding_box()
        listing = page.locator(".st-key-learn-list").bounding_box()
        assert section and listing
        assert section["y"] < VIEWS["phone"]["viewport"]["height"]  # type: ignore[index]
        assert listing["y"] > section["y"]
        browser.close()
