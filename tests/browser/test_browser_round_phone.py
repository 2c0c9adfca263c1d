"""A phone in a live round, in Debian's Chromium at 390x844, with the teacher's acts made on the same store from
the test: it joins by name, follows the round with no reload (the question, then the reveal, appear by
themselves), answers on the cards as in Practice, keeps its answer across a reload, and axe-core finds no
serious problem in the lobby, the question, the answer sent or the reveal."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from card_choice import card_option, choose_card
from served_app import CHROMIUM, FLAGS, serve
from test_browser_a11y import SETTLED, problems_on

from tutor.progress import rounds
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher

PHONE = {"width": 390, "height": 844}
FOLLOW_MS = 15_000  # a guard against a page that never follows, not a speed check (the benchmark measures it)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("db") / "progress.db"
    with serve(db) as url:
        yield url, db


def test_a_phone_follows_a_round_answers_on_the_cards_and_keeps_its_answer(served: tuple[str, Path]) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium: test_browser_a11y says so")
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import expect, sync_playwright

    url, path = served
    axe = Axe()
    found: list[str] = []
    shots = Path(os.environ.get("TMPDIR", "/tmp"))  # what each state looks like, to look at
    with ProgressDB(path) as db, sync_playwright() as p:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        live = rounds.start_round(db, roux, None, ["spoiled-aces"], leaderboard=True)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport=PHONE)

            def settle(where: str) -> None:
                page.wait_for_function(SETTLED, timeout=30_000)
                found.extend(problems_on(page, axe, where))
                page.screenshot(path=str(shots / f"aluette-round-phone-{where.replace(' ', '-')}.png"))

            page.goto(f"{url}/round?code={live.code}")
            page.get_by_label("Your name").fill("Ann")
            page.get_by_role("button", name="Join the round").click()
            expect(page.get_by_text("You are in: wait for the first question.")).to_be_visible(timeout=30_000)
            expect(page.get_by_text("you play as Ann")).to_be_visible()
            settle("lobby")
            rounds.act(db, roux, live.id, "open")  # the teacher, elsewhere: the phone follows by itself
            expect(card_option(page, "Spoiled: nobody wins")).to_be_visible(timeout=FOLLOW_MS)
            settle("question")
            choose_card(page, "Spoiled: nobody wins")  # in the form: no run of its own, checked at once
            page.locator("[data-testid='stRadio']").filter(has_text="Who leads the next trick?").get_by_text(
                "North", exact=True
            ).click()
            page.get_by_role("button", name="Check my answer").click()
            expect(page.get_by_text("Answer sent: wait for the reveal.")).to_be_visible(timeout=30_000)
            settle("answer sent")
            ann = db.learner_id("Ann")
            assert ann is not None
            kept = rounds.answer_of(db, live.id, 0, ann)
            assert kept is not None and kept.all_correct
            page.reload()  # a phone that reloads finds its answer kept
            expect(page.get_by_text("Answer sent: wait for the reveal.")).to_be_visible(timeout=30_000)
            rounds.act(db, roux, live.id, "reveal")
            expect(page.get_by_text("Right! All 2 answers are right.")).to_be_visible(timeout=FOLLOW_MS)
            settle("reveal")
            # the reveal's table shows the trick's four cards as pictures served as files, as the question did, not
            # as inline SVG sent again to every phone
            drawn = page.locator(".alu-reveal .alu-table")
            assert drawn.locator("img[src*='cards/']").count() == 4
            assert drawn.locator("svg").count() == 0
            rounds.act(db, roux, live.id, "next")
            expect(page.get_by_text("You got 1 of 1 question right.")).to_be_visible(timeout=FOLLOW_MS)
            rounds.act(db, roux, live.id, "end")
            expect(page.get_by_text("This round has ended. Thank you for playing!")).to_be_visible(timeout=FOLLOW_MS)
            settle("ended")
        finally:
            browser.close()
    with ProgressDB(path) as db:
        assert rounds.answered_count(db, live.id, 0) == 1  # the reload sent nothing twice
    assert not found, f"{len(found)} accessibility problems:\n" + "\n".join(found)
