"""The learner's loop in a real browser (Debian's Chromium), where Streamlit's front end keeps state that
AppTest does not: a radio sends its choice back as its label, and a widget shows its last value until told
otherwise. Each test walks one step of the loop (read a lesson, answer, try again, go on) as a learner would."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from card_choice import card_option, choose_card
from playwright.sync_api import Locator, Page, expect, sync_playwright
from served_app import CHROMIUM, FLAGS, server  # noqa: F401  (server is the served app, a fixture)

from tutor.app import state

TIMEOUT = 30_000  # ms: a guard for a busy machine, not a speed check


@pytest.fixture
def page(server: str) -> Iterator[Page]:  # noqa: F811
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser.new_page(viewport={"width": 1366, "height": 900})
        browser.close()


def _question(page: Page, text: str) -> Locator:
    return page.locator("[data-testid='stRadio']").filter(has_text=text)


def test_the_lesson_chosen_in_the_list_stays_while_reading(page: Page, server: str) -> None:  # noqa: F811
    """Home, "Lesson 1", pick lesson 2 in the list, Next section twice: still lesson 2, third section."""
    first, second = state.course().lessons[:2]
    page.goto(server)
    page.get_by_role("button", name=f"Lesson 1: {first.title}").click()
    expect(page.locator("h1").first).to_have_text(f"Lesson 1: {first.title}", timeout=TIMEOUT)
    page.locator("[data-testid='stRadio']").get_by_text(f"{second.order}. {second.title}", exact=True).click()
    expect(page.locator("h1").first).to_have_text(f"Lesson {second.order}: {second.title}", timeout=TIMEOUT)
    for n in (2, 3):
        page.get_by_role("button", name="Next section").click()
        expect(page.get_by_text(f"Section {n} of {len(second.sections)}")).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("h1").first).to_have_text(f"Lesson {second.order}: {second.title}")
    assert page.url.endswith(f"?lesson={second.id}")


def test_a_ticked_answer_does_not_carry_over_to_another_topic(page: Page, server: str) -> None:  # noqa: F811
    """/practice?topic=tricks, choose North's card as the winner, switch to Spoiled tricks: nothing is chosen,
    and Submit with the winner unanswered says it is still open."""
    page.goto(f"{server}/practice?topic=tricks")
    north = re.compile(r"\(North\)$")  # the card North played, among the winner's radio group drawn as the cards
    expect(card_option(page, north)).to_be_visible(timeout=TIMEOUT)
    choose_card(page, north)
    page.get_by_role("combobox", name="Topic").click()
    page.get_by_role("option", name="Spoiled tricks").click()
    # the new scenario's caption: "Scenario 1 of 18 · Difficulty ●○○ · Spoiled tricks"
    expect(page.get_by_text(re.compile(r"^Scenario 1 of \d+ · .* · Spoiled tricks"))).to_be_visible(timeout=TIMEOUT)
    expect(card_option(page, north)).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("radio", name=north, checked=True)).to_have_count(0, timeout=TIMEOUT)
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("still open").first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("winner").first).to_be_visible()


def _settled(page: Page) -> None:
    """Wait until Streamlit's run has finished (the front end's own flag on the app's root). Only meaningful once
    something the run draws has been seen: before its run starts, the page is idle from the one before."""
    expect(page.locator("[data-test-script-state='notRunning']")).to_have_count(1, timeout=TIMEOUT)


def test_try_again_then_next_in_the_answer_panel(page: Page, server: str) -> None:  # noqa: F811
    """The answer panel reruns alone (a fragment): Try again clears it in place; Next still moves the page on.

    Each click reruns the panel, so each waits for what its run draws and for the run's end before the next: a
    click while a run is drawing can land on an element about to be replaced, and an expectation can pass on
    what is still on the page from the run before. The answers sit in Check's form: choosing draws nothing new."""
    page.goto(f"{server}/practice?scenario=spoiled-aces")
    leader = _question(page, "Who leads the next trick?")
    expect(card_option(page, "A-swords (North)")).to_be_visible(timeout=TIMEOUT)
    _settled(page)
    leader.get_by_text("East", exact=True).click()
    choose_card(page, "A-swords (North)")
    expect(leader.get_by_role("radio", name="East")).to_be_checked()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Not quite").first).to_be_visible(timeout=TIMEOUT)
    _settled(page)
    page.get_by_role("button", name="Try again").click()
    expect(page.get_by_role("button", name="Check my answer")).to_be_visible(timeout=TIMEOUT)
    _settled(page)
    expect(page.get_by_text("Not quite")).to_have_count(0, timeout=TIMEOUT)
    expect(page.locator("[data-testid='stRadio']").get_by_role("radio", checked=True)).to_have_count(0)
    _question(page, "Who leads the next trick?").get_by_text("North", exact=True).click()
    choose_card(page, "Spoiled: nobody wins")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right!").first).to_be_visible(timeout=TIMEOUT)
    _settled(page)
    page.get_by_role("button", name="Next scenario →").click()
    expect(page.get_by_text("Scenario 2 of").first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("1 / 2 right this session").first).to_be_visible(timeout=TIMEOUT)
