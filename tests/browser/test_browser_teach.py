"""The teacher's pages in Chromium, on the served app (the server's routes set the cookie): an account made and
signed in, its cookie HttpOnly and kept over a reload, a class made, a second browser joining it by its link
with a name, the teacher seeing the member, the QR code the very one segno draws for the link, signing out
revoking the session (its old cookie value in a fresh browser finds the sign-in form), and axe on /teach and
/join at a desktop and a phone size. ``ALUETTE_SHOTS=<folder>`` keeps screenshots of each step.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import segno
from served_app import serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SHOTS = Path(os.environ["ALUETTE_SHOTS"]) if os.environ.get("ALUETTE_SHOTS") else None
PASSWORD = "correct horse battery"
SETTLED = """() => !document.querySelector('[data-testid="stStatusWidget"]')
  && !document.querySelector('[data-stale="true"]') && !document.querySelector('[data-testid="stSkeleton"]')"""
VIEWPORTS = ((1366, 900), (390, 844))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("db") / "progress.db") as url:
        yield url


def settle(page: Page) -> None:
    page.locator("[data-testid='stMain'] h1").first.wait_for(timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)
    page.wait_for_timeout(300)


def shoot(page: Page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        settle(page)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def main(page: Page) -> object:
    return page.locator("[data-testid='stMain']")


def teacher_cookie(page: Page) -> dict[str, object] | None:
    return next((dict(c) for c in page.context.cookies() if c["name"] == "aluette_teacher"), None)


def segno_path(link: str) -> str:
    """The modules' path segno draws for ``link`` with tutor/app/qr.py's options (whatever the size and name)."""
    code = segno.make(link, error="m", boost_error=False)
    found = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', code.svg_inline(scale=1, dark="#000", light="#fff"))
    assert found is not None
    return found.group(1)


def axe_problems(page: Page, where: str) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"exclude": [['[data-testid="stSidebarNav"]']]})
    return [
        f"{where}: {v['id']} ({v['impact']}) {' '.join(n['html'].split())[:160]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical") or v["id"] == "heading-order"
        for n in v["nodes"]
    ]


def test_a_teacher_signs_up_makes_a_class_a_learner_joins_and_signing_out_revokes(
    server: str, chromium: Browser
) -> None:
    teacher = chromium.new_context(viewport={"width": 1366, "height": 900})
    page = teacher.new_page()
    page.goto(f"{server}/teach")
    settle(page)
    body = main(page)
    # Signed out: the two forms and nothing of a teacher's pages.
    assert page.get_by_role("button", name="Sign in").count() == 1
    assert page.get_by_text("Your classes").count() == 0
    shoot(page, "teach-signed-out-1366")
    create = page.locator("[data-testid='stMain'] [data-testid='stForm']").nth(1)
    create.get_by_label("Teacher's name").fill("Mme Roux")
    create.get_by_label("Password", exact=True).fill(PASSWORD)
    create.get_by_label("The same password again").fill(PASSWORD)
    create.get_by_role("button", name="Create the account").click()
    # The page sends the browser to the server's route, which sets the cookie and comes back to /teach.
    page.get_by_role("button", name="Sign out").wait_for(timeout=30_000)
    assert page.url == f"{server}/teach"  # the ticket's address is not left in the bar
    cookie = teacher_cookie(page)
    assert cookie is not None and cookie["httpOnly"] is True and cookie["sameSite"] == "Lax"
    assert page.evaluate("document.cookie").find("aluette_teacher") == -1  # no script reads it
    page.reload()
    settle(page)
    page.get_by_role("button", name="Sign out").wait_for(timeout=30_000)  # a reload stays signed in

    page.get_by_label("Class name").fill("Thursday club")
    page.get_by_role("button", name="Create the class").click()
    page.get_by_role("tab", name="Members").wait_for(timeout=30_000)
    settle(page)
    link = page.locator("[data-testid='stCode']").first.inner_text().strip()
    code = link.rsplit("=", 1)[1]
    assert link == f"{server}/join?code={code}" and re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", code)
    assert body.get_by_role("img", name=f"Join code: {' '.join(code)}").inner_text() == code  # type: ignore[attr-defined]
    qr = page.get_by_role("img", name=f"QR code of the join link {link}").locator("path.qrline").get_attribute("d")
    assert qr == segno_path(link)
    shoot(page, "teach-class-1366")
    class_url = page.url

    learner = chromium.new_context(viewport={"width": 390, "height": 844})
    phone = learner.new_page()
    phone.goto(link)
    settle(phone)
    form = phone.locator("[data-testid='stMain'] [data-testid='stForm']")
    assert form.get_by_label("Class code").input_value() == code
    form.get_by_label("Your first name").fill("Maëlle")
    shoot(phone, "join-390")
    form.get_by_role("button", name="Join the class").click()
    phone.get_by_text("You are in the class Thursday club.").wait_for(timeout=30_000)
    shoot(phone, "joined-390")

    page.reload()
    settle(page)
    page.get_by_text("Maëlle", exact=True).wait_for(timeout=30_000)
    assert page.get_by_role("heading", name="1 member").count() == 1

    found: list[str] = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(class_url)
        settle(page)
        page.get_by_role("tab", name="Members").wait_for(timeout=30_000)
        found += axe_problems(page, f"/teach?class at {width}x{height}")
        shoot(page, f"teach-class-{width}")
        phone.set_viewport_size({"width": width, "height": height})
        phone.goto(f"{server}/join?code={code}")
        settle(phone)
        found += axe_problems(phone, f"/join at {width}x{height}")
    assert not found, "\n".join(found)

    old = teacher_cookie(page)
    assert old is not None
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("button", name="Sign in").wait_for(timeout=30_000)
    assert teacher_cookie(page) is None  # the route cleared it
    # The old cookie's value, put back in a fresh browser, signs nobody in: the session was deleted.
    thief = chromium.new_context()
    thief.add_cookies([{"name": "aluette_teacher", "value": str(old["value"]), "url": server}])
    stolen = thief.new_page()
    stolen.goto(class_url)
    settle(stolen)
    assert stolen.get_by_role("button", name="Sign in").count() == 1
    assert stolen.get_by_text("Thursday club").count() == 0
    for context in (teacher, learner, thief):
        context.close()
