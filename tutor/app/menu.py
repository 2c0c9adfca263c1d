"""The app's pages as the navigation menu lists them, in the page's language.

Made once per language in a process and copied for each run (:func:`pages`): ``st.Page`` resolves its script's
path and checks the file on every call, some thirteen times a run, the same for every learner. A copy, not the
page itself, goes to ``st.navigation``, which marks the page it returns as the one this run may call: two
sessions running at once would otherwise share that mark.
"""

from __future__ import annotations

import copy
from pathlib import Path

import streamlit as st

from tutor.i18n import ui

# Not "pages/": Streamlit would treat a folder of that name as an old-style multipage app on deep links.
PAGES = Path(__file__).parent / "screens"

Menu = dict[str, list[st.Page]]
_MADE: dict[str, Menu] = {}  # by language


def pages(language: str) -> Menu:
    """The menu's sections and their pages in ``language``, for ``st.navigation``: fresh copies each call."""
    made = _MADE.get(language)
    if made is None:
        made = _MADE[language] = _menu(language)
    return {section: [copy.copy(page) for page in listed] for section, listed in made.items()}


def _menu(language: str) -> Menu:
    # The context "menu": a page's or a group of pages' title in the navigation menu, short.
    return {
        ui.pgettext(language, "menu", "Learn"): [
            st.Page(
                PAGES / "home.py", title=ui.pgettext(language, "menu", "Home"), icon=":material/home:", default=True
            ),
            st.Page(PAGES / "learn.py", title=ui.pgettext(language, "menu", "Lessons"), icon=":material/menu_book:"),
            st.Page(PAGES / "practice.py", title=ui.pgettext(language, "menu", "Practice"), icon=":material/quiz:"),
            st.Page(PAGES / "review.py", title=ui.pgettext(language, "menu", "Review"), icon=":material/event_repeat:"),
            st.Page(PAGES / "progress.py", title=ui.pgettext(language, "menu", "Progress"), icon=":material/insights:"),
            st.Page(
                PAGES / "join.py",
                title=ui.pgettext(language, "menu", "Join a class"),
                icon=":material/group_add:",
                url_path="join",
            ),
            # Reached by the projector's code or QR code (/round?code=CODE), not from the menu.
            st.Page(
                PAGES / "round.py",
                title=ui.pgettext(language, "menu", "Live round"),
                icon=":material/co_present:",
                url_path="round",
                visibility="hidden",
            ),
        ],
        ui.pgettext(language, "menu", "Play"): [
            st.Page(
                PAGES / "play.py", title=ui.pgettext(language, "menu", "Play a game"), icon=":material/playing_cards:"
            ),
        ],
        ui.pgettext(language, "menu", "Tools"): [
            st.Page(
                PAGES / "ranking.py",
                title=ui.pgettext(language, "menu", "Ranking trainer"),
                icon=":material/leaderboard:",
            ),
            st.Page(PAGES / "signals.py", title=ui.pgettext(language, "menu", "Signals"), icon=":material/front_hand:"),
            st.Page(PAGES / "rules.py", title=ui.pgettext(language, "menu", "Rules"), icon=":material/gavel:"),
            # A teacher's big screen, opened from the Teach page's rounds under way: not in the menu.
            st.Page(
                PAGES / "projector.py",
                title=ui.pgettext(language, "menu", "Projector"),
                icon=":material/present_to_all:",
                url_path="projector",
                visibility="hidden",
            ),
        ],
        ui.pgettext(language, "menu", "Teach"): [
            st.Page(
                PAGES / "teach.py",
                title=ui.pgettext(language, "menu", "Teach"),
                icon=":material/school:",
                url_path="teach",
            ),
        ],
    }
