"""The language in a real browser (Debian's Chromium, the served app): a browser set to Czech opens the tutor in
Czech, a link's ``?lang=`` wins, and the sidebar's menu changes the course's language and the address."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from served_app import ROOT, serve

from tutor.content.course import load_course
from tutor.i18n import content_text

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

PACK_SQ, PACK_MK = "Pakoja", "Шпилот"  # lesson 1, "The pack", in the Albanian and Macedonian catalogs


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app served on a free port with its own progress file."""
    db = tmp_path_factory.mktemp("db") / "progress.db"
    with serve(db) as url:
        yield url


def first_lesson_title(lang: str) -> str:
    """Lesson 1's title as the catalog of ``lang`` gives it (English while the catalog has none)."""
    lesson = load_course([str(ROOT / "lessons")]).lessons[0]
    return content_text(lang, lesson.id, "title", lesson.title)


def open_home(page: Page, url: str, title: str = "Learn Aluette") -> None:
    page.goto(url)
    page.get_by_role("heading", name=title).wait_for(timeout=30_000)


def test_a_browser_set_to_czech_opens_the_tutor_in_czech(chromium: Browser, server: str) -> None:
    from playwright.sync_api import expect

    context = chromium.new_context(locale="cs-CZ", viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        open_home(page, server, "Naučte se Aluette")  # Home's title, in Czech
        expect(page.get_by_role("combobox", name="Jazyk", exact=True)).to_have_value("Čeština")
        expect(page.locator("html")).to_have_attribute("lang", "cs")
        # The course is in Czech as far as the Czech catalog goes (English where it has no translation yet)
        expect(page.get_by_role("button", name=f"Lekce 1: {first_lesson_title('cs')}")).to_be_visible()
        assert "lang=" not in page.url  # the browser's own language: nothing for a link to carry
    finally:
        context.close()


def test_a_link_in_albanian_then_the_menu_in_macedonian(chromium: Browser, server: str) -> None:
    from playwright.sync_api import expect

    context = chromium.new_context(locale="cs-CZ", viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        open_home(page, f"{server}/?lang=sq", "Mëso Aluette")  # a link wins over the browser's Czech
        menu = page.get_by_role("combobox", name="Gjuha", exact=True)
        expect(menu).to_have_value("Shqip")
        expect(page.locator("html")).to_have_attribute("lang", "sq")
        expect(page.get_by_role("button", name=f"Mësimi 1: {PACK_SQ}")).to_be_visible()
        menu.click()
        page.get_by_role("option", name="Македонски", exact=True).click()
        expect(page.get_by_role("button", name=f"Лекција 1: {PACK_MK}")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", "mk")
        expect(page).to_have_url(re.compile(r"[?&]lang=mk\b"))
        # The lesson opened from Home keeps the language, and its address carries it
        page.get_by_role("button", name=f"Лекција 1: {PACK_MK}").click()
        expect(page.get_by_role("heading", name=f"Лекција 1: {PACK_MK}")).to_be_visible(timeout=30_000)
        expect(page).to_have_url(re.compile(r"[?&]lang=mk\b"))
    finally:
        context.close()
