"""The class dashboard on /teach in Chromium, the teacher signed in by the session cookie of a token made with
:func:`tutor.progress.teachers.sign_in`, with 30 members (a store filled here: two assignments, answers to eight trick
scenarios given as the engine would grade them): at 1366x900 and 390x844 nothing scrolls sideways, every
member's row is shown, axe finds no serious problem, and the CSV downloaded holds every member's name as typed.
Screenshots are kept in the test's folder (``ALUETTE_SCREENSHOTS`` copies them to a folder of yours)."""

from __future__ import annotations

import csv
import io
import os
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page
from served_app import CHROMIUM, FLAGS, serve_process
from test_browser_a11y import SETTLED, problems_on

from tutor.app import reveal
from tutor.app.teaching.gate import COOKIE
from tutor.content.course import load_course
from tutor.content.solve import solve
from tutor.progress.assignments import LESSON, PICKED, assign
from tutor.progress.classes import create_class, join
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher, sign_in

if TYPE_CHECKING:  # imported when a test runs, after the check that Chromium is there
    from axe_playwright_python.sync_playwright import Axe

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse"
VIEWPORTS = ((1366, 900), (390, 844))
NAMES = [
    "Ann", "Ben", "Chloé", "Dev", "Élodie", "Farid", "Gwen", "Hugo", "Inès", "Jakub", "Kofi", "Léa", "Marek",
    "Nadia", "Oskar", "Paloma", "Quentin", "Rosa", "Sami", "Tereza", "Ugo", "Vesna", "Wen", "Xavier", "Yasmin",
    "Zoé", "Anne-Marie de la Tour d'Auvergne", "=SUM(A1)", "Ολυμπία", "Bob <b>bold</b>",
]  # fmt: skip
SEATS = ("N", "E", "S", "W", None)


def fill(where: Path) -> tuple[int, str]:
    """30 members, two assignments and their answers; the class's id and the teacher's session token."""
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    tricks = [s for s in course.scenarios.values() if s.kind == "trick" and "winner" in s.ask][:8]
    rng = random.Random(7)
    with ProgressDB(where) as db:
        roux = create_teacher(db, "Mme Roux", PASSWORD)
        club = create_class(db, roux, "Thursday club", "en")
        assign(db, roux, club.id, LESSON, "the-ranking", course=course)
        assign(db, roux, club.id, PICKED, "", [s.id for s in tricks], course=course)
        for n, name in enumerate(NAMES):
            learner = db.learner_id(db.create_learner(name))
            assert learner is not None
            join(db, club.code, learner)
            progress = db.progress(name)
            for scenario in tricks[: 2 + n % 7]:
                right = solve(scenario).outcome()["winner"]
                said = right if rng.random() < 0.55 else rng.choice([s for s in SEATS if s != right])
                words = reveal.describe(scenario, "winner", said)
                progress.record(Answer(scenario.id, "trick", {"winner": words}, {"winner": said == right}, 9.0))
        return club.id, sign_in(db, "Mme Roux", PASSWORD, client="browser-test")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, str]]:
    """The app's address, the class's id and the teacher's session token."""
    where = tmp_path_factory.mktemp("db") / "progress.db"
    club, token = fill(where)
    with serve_process(where) as (url, _):
        yield url, club, token


def signed_in(browser: Browser, url: str, token: str, width: int, height: int) -> Page:
    """A page of a new browser context holding the teacher's cookie, as after signing in."""
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    context.add_cookies([{"name": COOKIE, "value": token, "url": url, "httpOnly": True}])
    return context.new_page()


SCROLL = "(by) => document.querySelector('[data-testid=\"stMain\"]').scrollBy(0, by)"
WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def at_both_sizes(served: tuple[str, int, str], shots: Path, look: Callable[[Page, Axe, int, int], list[str]]) -> None:
    """``look`` at each of :data:`VIEWPORTS` on the class's /teach page, signed in, in a context of its own; what
    it finds (axe's problems) fails the test once both sizes are done. ``ALUETTE_SCREENSHOTS`` keeps the shots."""
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium: tests/browser/test_browser_a11y.py says so")
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    axe = Axe()
    url, club, token = served
    found: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for width, height in VIEWPORTS:
                page = signed_in(browser, url, token, width, height)
                page.goto(f"{url}/teach?class={club}")
                found += look(page, axe, width, height)
                page.context.close()
        finally:
            browser.close()
    keep = os.environ.get("ALUETTE_SCREENSHOTS")
    if keep:
        for shot in shots.glob("*.png"):
            shutil.copy(shot, Path(keep) / shot.name)
    assert not found, "\n".join(found)


def test_the_dashboard_of_30_members_at_both_sizes(served: tuple[str, int, str], tmp_path: Path) -> None:
    def look(page: Page, axe: Axe, width: int, height: int) -> list[str]:
        page.get_by_role("tab", name="Dashboard").click()
        page.get_by_text("The class's hardest scenarios").wait_for(timeout=60_000)
        page.wait_for_function(SETTLED, timeout=30_000)
        assert page.evaluate(WIDE) <= 0, f"the page scrolls sideways at {width} px"
        found = problems_on(page, axe, f"dashboard at {width}x{height}")
        for part in range(6):  # the page scrolls inside Streamlit's main block: a shot per screenful
            page.screenshot(path=str(tmp_path / f"dashboard-{width}x{height}-{part}.png"))
            page.evaluate(SCROLL, height - 100)
            page.wait_for_timeout(200)
        page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollTo(0, 0)")
        with page.expect_download() as download:
            page.get_by_role("button", name="Download the table (CSV)").click()
        text = Path(download.value.path()).read_text(encoding="utf-8")
        rows = list(csv.reader(io.StringIO(text)))
        assert [r[0] for r in rows[1:]] == ["'=SUM(A1)" if n == "=SUM(A1)" else n for n in NAMES]
        return found

    at_both_sizes(served, tmp_path, look)


def test_the_assignments_tab_and_a_members_progress_at_both_sizes(served: tuple[str, int, str], tmp_path: Path) -> None:
    url, club, _ = served

    def look(page: Page, axe: Axe, width: int, height: int) -> list[str]:
        page.get_by_role("tab", name="Assignments").click()
        page.get_by_text("The class's assignments").wait_for(timeout=60_000)
        page.get_by_role("radio", name="Chosen scenarios").click()
        page.get_by_label("Search the titles").fill("aces")
        page.get_by_label("Search the titles").press("Enter")
        page.get_by_text("scenarios found.").wait_for(timeout=30_000)
        page.wait_for_function(SETTLED, timeout=30_000)
        assert page.evaluate(WIDE) <= 0, f"the Assignments tab scrolls sideways at {width} px"
        found = problems_on(page, axe, f"assignments at {width}x{height}")
        page.screenshot(path=str(tmp_path / f"assign-{width}x{height}.png"))
        page.goto(f"{url}/teach?class={club}&member=999")  # nobody of the class
        page.get_by_text("There is no such member in your classes.").wait_for(timeout=60_000)
        page.goto(f"{url}/teach?class={club}&member=1")
        page.get_by_text("Ann's progress (read-only)").wait_for(timeout=60_000)
        page.wait_for_function(SETTLED, timeout=30_000)
        assert page.evaluate(WIDE) <= 0, f"a member's progress scrolls sideways at {width} px"
        found += problems_on(page, axe, f"member at {width}x{height}")
        page.screenshot(path=str(tmp_path / f"member-{width}x{height}.png"))
        return found

    at_both_sizes(served, tmp_path, look)
