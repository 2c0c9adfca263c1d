"""A whole live round in Debian's Chromium: the teacher's projector and three phones, each in its own browser
context (its own cookies, as separate devices), against one served app; nobody reloads.

The teacher is signed in by the session cookie (``aluette_teacher``) of a token made with
:func:`tutor.progress.teachers.sign_in` on the served app's store. The phones join with the round's code and
answer on the cards; the projector follows by itself (its fragment re-reads the round every second).
Waits are generous (a busy machine): nothing here measures time.

Screenshots of the projector at 1920x1080 (the lobby with 30 names, the reveal) go to the test's temporary
folder, and to ``ALUETTE_SHOTS`` when it names a folder, to be looked at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from served_app import CHROMIUM, FLAGS, serve

from tutor.app.teaching.gate import COOKIE
from tutor.progress import rounds
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher, sign_in

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
WAIT = 60_000  # ms: generous, for a machine shared by several runs
PASSWORD = "correct horse"
# rank-four-beats-three: "The three of swords or the four of cups?", the highest is the 4 of cups.
FIRST, SECOND = "rank-four-beats-three", "spoiled-aces"
SHOTS = Path(os.environ["ALUETTE_SHOTS"]) if os.environ.get("ALUETTE_SHOTS") else None
SETTLED = """() => !document.querySelector('[data-testid="stStatusWidget"]')
  && !document.querySelector('[data-stale="true"]') && !document.querySelector('[data-testid="stSkeleton"]')"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    path = tmp_path_factory.mktemp("db") / "progress.db"
    with serve(path) as url:
        yield url, path


def need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")


def teacher_context(browser: Browser, url: str, path: Path, name: str) -> tuple[BrowserContext, Teacher]:
    """A browser context signed in as a new teacher ``name`` (the session cookie set as the server sets it)."""
    with ProgressDB(path) as db:
        teacher = create_teacher(db, name, PASSWORD)
        token = sign_in(db, name, PASSWORD, client="browser-test")
    context = browser.new_context(viewport=PROJECTOR)
    context.add_cookies([{"name": COOKIE, "value": token, "url": url, "httpOnly": True}])
    return context, teacher


def shoot(page: Page, folder: Path, name: str) -> None:
    page.wait_for_function(SETTLED, timeout=WAIT)
    page.wait_for_timeout(1000)  # the cards' pictures, fetched once
    # a click scrolled the page to its button: the screenshot is of the screen as the room sees it from the top
    page.evaluate("() => { for (const e of document.querySelectorAll('*')) if (e.scrollTop) e.scrollTop = 0; }")
    shot = folder / f"{name}.png"
    page.screenshot(path=str(shot))
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, SHOTS / shot.name)


def axe_problems(page: Page, where: str) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_function(SETTLED, timeout=WAIT)
    results = Axe().run(page, context={"exclude": [['[data-testid="stSidebarNav"]']]})
    return [
        f"{where}: {v['id']} ({v['impact']}) {' '.join(n['html'].split())[:160]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
        for n in v["nodes"]
    ]


def join(browser: Browser, url: str, code: str, name: str) -> Page:
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{url}/round?code={code}")
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Join the round").click()
    from playwright.sync_api import expect

    expect(phone.get_by_text("You are in: wait for the first question.")).to_be_visible(timeout=WAIT)
    return phone


def test_a_whole_round_with_a_projector_and_three_phones(served: tuple[str, Path], tmp_path: Path) -> None:
    need_chromium()
    from playwright.sync_api import expect, sync_playwright

    url, path = served
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context, teacher = teacher_context(browser, url, path, "Mme Roux")
            with ProgressDB(path) as db:
                live = rounds.start_round(db, teacher, None, [FIRST, SECOND], leaderboard=True)
            projector = context.new_page()
            projector.goto(f"{url}/projector?round={live.id}")
            expect(projector.get_by_text(live.code, exact=True)).to_be_visible(timeout=WAIT)
            expect(projector.get_by_text("0 have joined", exact=True)).to_be_visible(timeout=WAIT)

            phones = {name: join(browser, url, live.code, name) for name in ("Ann", "Bob", "Cy")}
            expect(projector.get_by_text("3 have joined", exact=True)).to_be_visible(timeout=WAIT)
            for name in phones:
                expect(projector.locator(".alu-proj-names li", has_text=name)).to_have_count(1)
            problems = axe_problems(projector, "projector lobby")

            projector.get_by_role("button", name="Ask the first scenario").click()
            expect(projector.get_by_text("0 of 3 answered", exact=True)).to_be_visible(timeout=WAIT)
            # Ann and Bob choose the 4 of cups (right), Cy the 3 of swords, each on the cards of their phone
            for name, card in (("Ann", "4-cups"), ("Bob", "4-cups"), ("Cy", "3-swords")):
                phone = phones[name]
                button = phone.get_by_role("button", name=card, exact=True)
                expect(button).to_be_visible(timeout=WAIT)
                button.click()
                expect(phone.get_by_role("button", name=f"✓ chosen: {card}", exact=True)).to_be_visible(timeout=WAIT)
                phone.get_by_role("button", name="Check my answer").click()
                expect(phone.get_by_text("Answer sent: wait for the reveal.")).to_be_visible(timeout=WAIT)
            expect(projector.get_by_text("3 of 3 answered", exact=True)).to_be_visible(timeout=WAIT)
            assert projector.locator(".alu-proj-bar").count() == 0, "no answer shows before the reveal"
            shoot(projector, tmp_path, "projector-question-1920x1080")

            projector.get_by_role("button", name="Reveal").click()
            bars = projector.locator(".alu-proj-bar")
            expect(bars).to_have_count(2, timeout=WAIT)
            expect(bars.first).to_contain_text("✓ right")
            expect(projector.get_by_role("img", name="4-cups: 2 of 3 answers · the right answer")).to_have_count(1)
            expect(projector.get_by_role("img", name="3-swords: 1 of 3 answers")).to_have_count(1)
            for name, verdict in (("Ann", "Right!"), ("Bob", "Right!"), ("Cy", "Not quite: 0 of 1 right.")):
                expect(phones[name].get_by_text(verdict).first).to_be_visible(timeout=WAIT)

            steps = projector.locator(".alu-proj-steps > li[value]")
            expect(steps).to_have_count(0)
            projector.get_by_role("button", name="Next step").click()
            expect(steps).to_have_count(1, timeout=WAIT)
            projector.get_by_role("button", name="Next step").focus()  # the keyboard works the buttons too
            projector.keyboard.press("Enter")
            expect(steps).to_have_count(2, timeout=WAIT)
            shoot(projector, tmp_path, "projector-reveal-1920x1080")
            for shown in (3, 4, 5):  # the engine explains this one in five steps: then Next step has none to add
                projector.get_by_role("button", name="Next step").click()
                expect(steps).to_have_count(shown, timeout=WAIT)
            expect(projector.get_by_role("button", name="Next step")).to_be_disabled(timeout=WAIT)
            problems += axe_problems(projector, "projector reveal")

            projector.get_by_role("button", name="Next scenario").click()
            expect(projector.get_by_text("Scenario 2 of 2", exact=True)).to_be_visible(timeout=WAIT)
            expect(projector.get_by_text("Two aces at the top", exact=True)).to_be_visible(timeout=WAIT)
            expect(phones["Ann"].get_by_text("Question 2 of 2").first).to_be_visible(timeout=WAIT)
            shoot(projector, tmp_path, "projector-trick-1920x1080")
            projector.get_by_role("button", name="Reveal").click()
            projector.get_by_role("button", name="Show the summary").click()
            expect(projector.get_by_text("The round's results", exact=True)).to_be_visible(timeout=WAIT)
            expect(projector.get_by_role("cell", name="2 of 3 (67%)", exact=True)).to_be_visible()
            leaders = projector.locator("table").nth(1).locator("tbody tr td:nth-child(2)")
            expect(leaders).to_have_count(3)
            assert leaders.all_inner_texts()[2] == "Cy", "Cy, with no answer right, comes last"
            expect(phones["Ann"].get_by_text("You got 1 of 2 questions right.")).to_be_visible(timeout=WAIT)
            assert not problems, "\n".join(problems)
        finally:
            browser.close()


def test_the_lobby_holds_thirty_names_at_1920x1080(served: tuple[str, Path], tmp_path: Path) -> None:
    need_chromium()
    from playwright.sync_api import expect, sync_playwright

    url, path = served
    names = [f"{first} {last}" for first in ("Anne", "Bruno", "Chloé", "Dmitri", "Ece", "Farah")
             for last in ("Martin", "Nguyen", "Okafor", "Petrović", "Quispe")]  # fmt: skip
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context, teacher = teacher_context(browser, url, path, "M. Bel")
            with ProgressDB(path) as db:
                live = rounds.start_round(db, teacher, None, [FIRST])
                for name in names:
                    rounds.join_round(db, live.id, db.learner_id(db.create_learner(name)))
            projector = context.new_page()
            projector.goto(f"{url}/projector?round={live.id}")
            expect(projector.get_by_text("30 have joined", exact=True)).to_be_visible(timeout=WAIT)
            chips = projector.locator(".alu-proj-names li")
            expect(chips).to_have_count(30)
            # every name and the QR code inside the screen, without scrolling
            for box in [chips.nth(n).bounding_box() for n in range(30)] + [
                projector.get_by_role("img", name="QR code of the join address").bounding_box()
            ]:
                assert box is not None and box["x"] + box["width"] <= PROJECTOR["width"]
                assert box["y"] + box["height"] <= PROJECTOR["height"], box
            shoot(projector, tmp_path, "projector-lobby-30-names-1920x1080")
        finally:
            browser.close()
