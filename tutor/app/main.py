"""The Aluette tutor app: `streamlit run tutor/app/main.py` (or `make run`, or `aluette-tutor app`)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor.app import lang, sidebar
from tutor.i18n import ui
from tutor.progress.store import one_view

# Not "pages/": Streamlit would treat a folder of that name as an old-style multipage app on deep links.
PAGES = Path(__file__).parent / "screens"

# The language first: the menu's page titles and the browser tab's title are in it.
language = lang.settle()
_ = ui.translator(language)


# A Material icon rather than an emoji: the page icon must show where no emoji font is installed.
# Translators: the browser tab's title.
st.set_page_config(page_title=_("Aluette tutor"), page_icon=":material/playing_cards:", layout="wide")
st.html(Path(__file__).parent / "theme.css")  # contrast, headings, phone layout: every page

# The context "menu": a page's or a group of pages' title in the navigation menu, short.
navigation = st.navigation(
    {
        ui.pgettext(language, "menu", "Learn"): [
            st.Page(
                PAGES / "home.py", title=ui.pgettext(language, "menu", "Home"), icon=":material/home:", default=True
            ),
            st.Page(PAGES / "learn.py", title=ui.pgettext(language, "menu", "Lessons"), icon=":material/menu_book:"),
            st.Page(PAGES / "practice.py", title=ui.pgettext(language, "menu", "Practice"), icon=":material/quiz:"),
            st.Page(PAGES / "review.py", title=ui.pgettext(language, "menu", "Review"), icon=":material/event_repeat:"),
            st.Page(PAGES / "progress.py", title=ui.pgettext(language, "menu", "Progress"), icon=":material/insights:"),
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
    }
)
# One view of the store for the run: a page's hundreds of "answered?" reads check the learner's revision once.
with one_view():
    sidebar.draw()
    navigation.run()
