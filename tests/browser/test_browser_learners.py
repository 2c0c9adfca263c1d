"""A guest in a real browser (Debian's Chromium, the served app): answers survive a reload and a deep link,
all of them go to the name chosen later, which a reload, a new tab and a deep link then continue until "Not
you?"; the cookie is the server's, HttpOnly; a browser that refuses it is told so; and names that look like
Markdown are shown as typed everywhere a name appears."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from card_choice import choose_card
from served_app import CHROMIUM, FLAGS, serve

from tutor.app import guest
from tutor.progress.store import ProgressDB

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# Names that look like Markdown; each would be formatting, a picture, an icon, maths or a link if read as Markdown.
NAMES = ("![t](http://host/x.png)", ":red[x]", "$x^2$", "~~x~~", ":material/home:", "<b>x</b>")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app served on a free port with its own progress file: (its URL, the file)."""
    db = tmp_path_factory.mktemp("db") / "progress.db"
    with serve(db) as url:
        yield url, db


@pytest.fixture
def server(served: tuple[str, Path]) -> str:
    return served[0]


def answer_spoiled_aces(page: Page, server: str, right: bool) -> None:
    """Open the spoiled-aces scenario by its deep link and answer it (right or wrong) through the page."""
    from playwright.sync_api import expect

    page.goto(f"{server}/practice?scenario=spoiled-aces")
    # The winner is answered on the cards: "Spoiled" beside them, or the card South played.
    leader = page.locator("[data-testid='stRadio']").filter(has_text="Who leads the next trick?")
    expect(leader).to_be_visible(timeout=30_000)
    choose_card(page, "Spoiled: nobody wins" if right else "A-coins (South)")
    leader.get_by_text("North", exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("leads again").first).to_be_visible(timeout=30_000)


def answers_on_progress(page: Page, server: str) -> str:
    """The "Answers" figure of the Progress page, opened by its URL (a new session, as a reload is)."""
    from playwright.sync_api import expect

    page.goto(f"{server}/progress")
    metric = page.locator("[data-testid='stMetric']").filter(has_text="Answers").first
    expect(metric).to_be_visible(timeout=30_000)
    return str(metric.locator("[data-testid='stMetricValue']").inner_text()).strip()


SHOTS = Path(os.environ.get("ALUETTE_SHOTS", "")) if os.environ.get("ALUETTE_SHOTS") else None


def shoot(page: Page, name: str) -> None:
    """A screenshot to look at, when ALUETTE_SHOTS names a folder."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("[data-testid='stSkeleton']").first.wait_for(state="detached", timeout=30_000)
        page.wait_for_timeout(1500)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def test_a_guest_keeps_every_answer_and_then_goes_on_under_the_name_chosen(server: str, chromium: Browser) -> None:
    from playwright.sync_api import expect

    context = chromium.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    answer_spoiled_aces(page, server, right=False)
    (cookie,) = [c for c in context.cookies() if c["name"] == guest.COOKIE]
    assert cookie["path"] == "/" and re.fullmatch(r"[\w-]{24}", cookie["value"])
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax", "set by the server, out of page scripts' reach"
    assert page.evaluate("document.cookie").find(guest.COOKIE) == -1
    assert not page.get_by_text(guest.BLOCKED).is_visible()

    page.reload()  # a reload on the Practice page
    expect(page.get_by_role("heading", name="Practice")).to_be_visible(timeout=30_000)
    answer_spoiled_aces(page, server, right=True)  # a deep link
    assert answers_on_progress(page, server) == "2"
    page.reload()
    assert answers_on_progress(page, server) == "2"

    other = chromium.new_context().new_page()
    assert answers_on_progress(other, server) == "0", "another browser is another guest"
    other.context.close()

    sidebar = page.locator("[data-testid='stSidebar']")
    if not sidebar.get_by_label("Name", exact=True).is_visible():  # open unless learners exist already
        sidebar.get_by_text("Add a learner").click()
    sidebar.get_by_label("Name", exact=True).fill("Maëlle")
    sidebar.get_by_role("button", name="Add and start").click()
    expect(sidebar.get_by_text("Your 2 answers as a guest now count as Maëlle's.")).to_be_visible(timeout=30_000)
    expect(page.locator("[data-testid='stMetric']").filter(has_text="Answers").first).to_contain_text("2")
    remembers = "This browser remembers you: a reload or a link goes on as Maëlle."

    page.reload()  # a reload: still Maëlle
    expect(page.get_by_role("heading", name="Maëlle's progress")).to_be_visible(timeout=30_000)
    expect(page.locator("[data-testid='stSidebar']").get_by_text(remembers)).to_be_visible()
    shoot(page, "remembered-1366")
    tab = context.new_page()  # a new tab, on Review
    tab.goto(f"{server}/review")
    expect(tab.locator("[data-testid='stSidebar']").get_by_text(remembers)).to_be_visible(timeout=30_000)
    tab.close()
    phone = context.new_page()  # a deep link, on a phone-sized window
    phone.set_viewport_size({"width": 390, "height": 844})
    answer_spoiled_aces(phone, server, right=True)
    assert answers_on_progress(phone, server) == "3", "the deep link's answer is Maëlle's"
    expect(phone.get_by_role("heading", name="Maëlle's progress")).to_be_visible()
    shoot(phone, "remembered-390")
    phone.close()

    page.reload()
    page.locator("[data-testid='stSidebar']").get_by_role("button", name="Not you?").click()
    expect(page.get_by_text("Who is learning?").first).to_be_visible(timeout=30_000)
    page.reload()  # the browser forgot Maëlle: a guest, with nothing, and one click back
    assert answers_on_progress(page, server) == "0"
    page.get_by_role("button", name="Maëlle", exact=True).click()
    expect(page.get_by_role("heading", name="Maëlle's progress")).to_be_visible(timeout=30_000)
    expect(page.locator("[data-testid='stMetric']").filter(has_text="Answers").first).to_contain_text("3")
    context.close()


def test_a_browser_that_refuses_the_cookie_is_told_before_anything_is_lost(server: str, chromium: Browser) -> None:
    from playwright.sync_api import Route, expect

    def refuse_cookies(route: Route) -> None:  # as a browser blocking this site's cookies: none is kept
        if route.request.resource_type != "document":
            route.continue_()
            return
        response = route.fetch()
        context.clear_cookies()  # the fetch for the route keeps cookies in the context's jar: not the page's
        dropped = {"set-cookie", "content-encoding", "content-length"}  # the body comes back decoded
        route.fulfill(response=response, headers={k: v for k, v in response.headers.items() if k not in dropped})

    # A page fulfilled by the test counts as another origin's, whose websocket to 127.0.0.1 Chromium blocks.
    browser = chromium.browser_type.launch(
        executable_path=CHROMIUM, args=[*FLAGS, "--disable-features=LocalNetworkAccessChecks"]
    )
    context = browser.new_context()
    context.route("**/*", refuse_cookies)
    page = context.new_page()
    page.goto(server)
    warning = page.locator("[data-testid='stSidebar']").get_by_text(guest.BLOCKED)
    expect(warning).to_be_visible(timeout=30_000)
    assert warning.get_attribute("role") == "alert"
    assert not [c for c in context.cookies() if c["name"] == guest.COOKIE]
    browser.close()


def test_names_that_look_like_markdown_are_shown_as_typed(served: tuple[str, Path], chromium: Browser) -> None:
    from playwright.sync_api import expect

    server, path = served
    with ProgressDB(path) as db:
        for name in NAMES:
            db.create_learner(name)
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(server)
    for name in NAMES:  # the Home picker, a new session being a guest
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible(timeout=30_000)
    page.get_by_role("button", name=":red[x]", exact=True).click()
    expect(page.get_by_role("heading", name=":red[x]'s progress")).to_be_visible(timeout=30_000)
    sidebar = page.locator("[data-testid='stSidebar']")
    expect(sidebar.get_by_text(":red[x]: your progress is saved on this computer.")).to_be_visible()
    context.clear_cookies()
    page.goto(f"{server}/progress")
    expect(page.get_by_role("button", name="![t](http://host/x.png)", exact=True)).to_be_visible(timeout=30_000)
    for name in NAMES:
        page.get_by_role("button", name=name, exact=True).click()
        expect(page.get_by_role("heading", name=f"{name}'s progress")).to_be_visible(timeout=30_000)
        expect(page.get_by_text(f"Import a progress file into {name}'s.")).to_be_visible()
        context.clear_cookies()  # a browser that never chose: a guest again, with the picker
        page.goto(f"{server}/progress")
    page.goto(f"{server}/play")
    page.get_by_label(re.compile("Your name")).fill("$x^2$ :material/home:")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_text("$x^2$ :material/home:").first).to_be_visible(timeout=30_000)
    page.get_by_role("button", name="Show all").click()
    page.get_by_role("button", name="Deal the first hand").click()
    expect(page.get_by_text(re.compile(r"Deal 1 of 5 · .* deals"))).to_be_visible(timeout=30_000)
    main = page.locator("[data-testid='stMain']")
    assert main.locator(".katex").count() == 0, "no maths typeset from a name"
    assert main.locator("[data-testid='stIconMaterial']").filter(has_text=re.compile("^home$")).count() == 0
    assert page.locator("main img, [data-testid='stSidebar'] img").count() == 0
    assert not [url for url in fetched if "host/x.png" in url], "no picture fetched for a name"
    context.close()
