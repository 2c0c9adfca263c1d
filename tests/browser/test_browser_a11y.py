"""Accessibility in a real browser: axe-core, as bundled by axe-playwright-python, on every page of
the served app at a desktop (1366x900) and a phone (390x844) size, in Debian's Chromium.

It fails on any serious or critical axe violation and on headings out of order, Streamlit's own navigation menu
aside, and on what axe does not check but a screen reader would read wrong: an accessible name written in raw
Markdown (``**1. Who wins this trick?**``), a Material icon read out by its name (``check_circle icon``), or an
emoji (an empty box where no emoji font is installed).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from card_choice import choose_card
from emoji import emoji_in
from served_app import serve

if TYPE_CHECKING:  # imported when the test runs, after the check that Chromium is there
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
VIEWPORTS = ((1366, 900), (390, 844))
# Every page, by its URL path: the script's name under tutor/app/screens/, Home at the root.
PAGES = ("/", "/learn", "/practice", "/review", "/progress", "/play", "/ranking", "/signals", "/rules")
PAGES += ("/round", "/projector")  # the live round's pages
PAGES += ("/join", "/teach")  # a class's pages: /teach signed out (test_browser_teach.py checks it signed in)
NAVIGATION = '[data-testid="stSidebarNav"]'  # Streamlit's own menu: not ours to fix
FAILING_IMPACTS = ("serious", "critical")
ALSO_FAILING = ("heading-order",)  # "moderate" for axe, but the brief's rule: heading levels in order

# Runs in the page: accessible names with Markdown marks, Material icons a screen reader reaches, and the text
# shown, all outside the navigation menu.
PROBE = """(nav) => {
  const outside = (e) => !e.closest(nav);
  const heard = (e) => outside(e) && !e.closest('[aria-hidden="true"]');
  const labels = [...document.querySelectorAll('[aria-label]')].filter(outside).map(e => e.getAttribute('aria-label'));
  const icons = [...document.querySelectorAll('span[translate="no"][role="img"]')].filter(heard)
    .map(e => e.getAttribute('aria-label') || e.textContent);
  const main = document.querySelector('[data-testid="stMain"]');
  const side = document.querySelector('[data-testid="stSidebarUserContent"]');
  return {labels, icons, text: (main ? main.innerText : '') + '\\n' + (side ? side.innerText : '')};
}"""
# Streamlit has finished the run: the app's style sheet is in (tutor/app/theme.css marks the root), there is no
# "Running..." widget, no element still faded as stale (axe would measure the faded text's contrast) and no
# placeholder where an element is still to come.
SETTLED = """() => getComputedStyle(document.documentElement).getPropertyValue('--aluette-theme').trim() === 'loaded'
  && !document.querySelector('[data-testid="stStatusWidget"]')
  && !document.querySelector('[data-stale="true"]')
  && !document.querySelector('[data-testid="stSkeleton"]')"""
MARKDOWN = re.compile(r"\*\*|__|`|:material/|\]\(")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("db") / "progress.db") as url:
        yield url


def test_every_page_is_listed() -> None:
    scripts = {p.stem for p in (ROOT / "tutor" / "app" / "screens").glob("*.py")}
    assert {"home", *(path.strip("/") for path in PAGES if path != "/")} == scripts


def problems_on(page: Page, axe: Axe, where: str) -> list[str]:
    """Every accessibility problem on the page now shown, one line each, starting with ``where``."""
    results = axe.run(page, context={"exclude": [[NAVIGATION]]})
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in FAILING_IMPACTS or violation["id"] in ALSO_FAILING:
            for node in violation["nodes"]:
                summary = " ".join(node.get("failureSummary", "").split())[:240]
                html = " ".join(node["html"].split())[:160]
                found.append(f"{where}: {violation['id']} ({violation['impact']}) {html} | {summary}")
    seen = page.evaluate(PROBE, NAVIGATION)
    marked = [label for label in seen["labels"] if MARKDOWN.search(label)]
    found += [f"{where}: Markdown in an accessible name: {label!r}" for label in marked]
    found += [f"{where}: an icon read out by its name: {icon!r}" for icon in seen["icons"]]
    found += [f"{where}: emoji {hit}" for hit in emoji_in(seen["text"])]
    # Streamlit's "magic" writes a bare expression's value: a stray None under a page's widgets
    found += [f"{where}: a stray 'None' on the page" for line in seen["text"].splitlines() if line.strip() == "None"]
    return found


def test_no_accessibility_problem_on_any_page(server: str) -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    axe = Axe()
    found: list[str] = []
    checked = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for width, height in VIEWPORTS:
                page = browser.new_page(viewport={"width": width, "height": height})
                for path in PAGES:
                    page.goto(f"{server}{path}")
                    # The page has run once it shows its title; then let Streamlit finish drawing the rest.
                    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=30_000)
                    page.wait_for_function(SETTLED, timeout=30_000)
                    found += problems_on(page, axe, f"{path} at {width}x{height}")
                    checked += 1
                page.close()
        finally:
            browser.close()
    assert checked == len(PAGES) * len(VIEWPORTS)
    assert not found, f"{len(found)} accessibility problems:\n" + "\n".join(found)


# --- the phone and the narrow columns ------------------------------------------------------------------------

CLIPPED_BUTTONS = """(group) => {
  const box = group.parentElement.getBoundingClientRect();
  const edge = Math.min(box.right, document.documentElement.clientWidth);
  return [...group.querySelectorAll('button')].filter(b => b.getBoundingClientRect().right > edge + 0.5)
    .map(b => b.innerText);
}"""
# The grid Streamlit draws a table with scrolls inside when it holds more rows than it shows.
HIDDEN_ROWS = """(table) => [...table.querySelectorAll('.dvn-scroller')]
  .map(s => s.scrollHeight - s.clientHeight).filter(extra => extra > 1)"""


def settled(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)


def test_controls_fit_and_tables_show_every_row(server: str) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium: test_no_accessibility_problem_on_any_page says so")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for width, height in VIEWPORTS:
                page = browser.new_page(viewport={"width": width, "height": height})
                # "Lesson | Topic | Mixed | Endless | My deals": every button inside the page, none clipped
                settled(page, f"{server}/practice")
                modes = page.get_by_role("radiogroup", name="Practise")
                modes.get_by_role("radio", name="My deals").wait_for(timeout=30_000)
                assert modes.locator("button").count() == 5
                assert modes.evaluate(CLIPPED_BUTTONS) == [], f"clipped at {width} px"
                # The draw's four holders side by side: each dropdown shows the whole name chosen.
                settled(page, f"{server}/practice?scenario=draw-four-top-cards-first")
                for number, card in enumerate(("Monsieur (", "Madame (", "Le Borgne (", "La Vache (")):
                    box = page.get_by_role("combobox", name=card)
                    option = page.get_by_role("option").nth(number)
                    for _ in range(3):  # a click during a rerun can land on an element about to be replaced
                        box.click(timeout=30_000)
                        try:
                            option.wait_for(timeout=5_000)
                            break
                        except PlaywrightTimeout:
                            page.wait_for_function(SETTLED, timeout=30_000)
                    option.click(timeout=30_000)
                    page.wait_for_function(SETTLED, timeout=30_000)
                    name = ("Ann", "Ben", "Chloe", "Dev")[number]
                    assert box.input_value() == name
                    shown = box.evaluate("(input) => input.scrollWidth <= input.clientWidth")
                    assert shown, f"{name} is cut in the {card}...) dropdown at {width} px"
                # Progress: both mastery tables show all their rows, with no scrolling inside the table.
                settled(page, f"{server}/progress")
                for tab in ("By lesson", "By topic"):
                    page.get_by_role("tab", name=tab).click()
                    table = page.get_by_role("tabpanel", name=tab).locator("[data-testid='stDataFrame']")
                    table.wait_for(timeout=30_000)
                    page.wait_for_timeout(300)
                    assert table.evaluate(HIDDEN_ROWS) == [], f"{tab}: rows hidden at {width} px"
                page.close()
        finally:
            browser.close()


def test_a_focused_fields_instructions_and_count_are_readable(server: str) -> None:
    """A text field shows "Press Enter to submit form" and its count ("3/40") only while it has the focus, so
    the sweep above, which focuses nothing, never measures them."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            settled(page, f"{server}/join")
            page.get_by_test_id("stMain").get_by_label("Class code").fill("ABC")  # the field keeps the focus
            instructions = page.get_by_test_id("stMain").get_by_test_id("InputInstructions")
            instructions.wait_for(timeout=30_000)
            assert "3/40" in instructions.inner_text()
            found = [p for p in problems_on(page, Axe(), "a focused field") if "color-contrast" in p]
        finally:
            browser.close()
    assert not found, "\n".join(found)


# The reveal's block: nothing in it reaches past the page's right edge (the grade table included).
PAST_THE_EDGE = """() => { const edge = document.documentElement.clientWidth;
  return [...document.querySelectorAll('.alu-reveal *')].filter(e => e.getBoundingClientRect().right > edge + 0.5)
    .map(e => e.tagName + '.' + String(e.className.baseVal ?? e.className)); }"""


def test_the_reveal_is_accessible_and_fits_at_both_sizes(server: str) -> None:
    """Practice after a wrong answer (the sweep above sees only the question): the verdict is an alert that
    says ✗ beside its colour, each row of the grade table its own mark, and nothing past the edge on a phone."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    axe = Axe()
    found: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for width, height in VIEWPORTS:
                page = browser.new_page(viewport={"width": width, "height": height})
                settled(page, f"{server}/practice?scenario=spoiled-aces")
                choose_card(page, "A-coins (South)")
                page.get_by_role("radio", name="South", exact=True).check(force=True)
                page.wait_for_function(SETTLED, timeout=30_000)
                page.get_by_role("button", name="Check my answer").click()
                page.locator(".alu-reveal").wait_for(timeout=30_000)
                page.wait_for_function(SETTLED, timeout=30_000)
                assert (
                    page.get_by_role("alert").filter(has_text="Not quite").inner_text() == "✗ Not quite: 0 of 2 right."
                )
                marks = page.locator(".alu-grades tbody td:first-child").all_inner_texts()
                assert marks == ["✗", "✗"], marks
                assert page.evaluate(PAST_THE_EDGE) == [], f"past the edge at {width} px"
                found += problems_on(page, axe, f"the reveal at {width}x{height}")
                # The reveal is ours alone (no Streamlit widget in it): there, even a minor finding counts.
                inside = axe.run(page, context={"include": [[".alu-verdict"], [".alu-reveal"]]}).response["violations"]
                found += [f"the reveal at {width} px: {v['id']} ({v['impact']})" for v in inside]
                page.close()
        finally:
            browser.close()
    assert not found, f"{len(found)} accessibility problems:\n" + "\n".join(found)
