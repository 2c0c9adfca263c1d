"""The Aluette tutor app: `streamlit run tutor/app/main.py` (or `make run`, or `aluette-tutor app`)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor.app import sidebar

# Not "pages/": Streamlit would treat a folder of that name as an old-style multipage app on deep links.
PAGES = Path(__file__).parent / "screens"

# A Material icon rather than an emoji: the page icon must show where no emoji font is installed.
st.set_page_config(page_title="Aluette tutor", page_icon=":material/playing_cards:", layout="wide")
st.html(Path(__file__).parent / "theme.css")  # contrast, headings, phone layout: every page

navigation = st.navigation(
    {
        "Learn": [
            st.Page(PAGES / "home.py", title="Home", icon=":material/home:", default=True),
            st.Page(PAGES / "learn.py", title="Lessons", icon=":material/menu_book:"),
            st.Page(PAGES / "practice.py", title="Practice", icon=":material/quiz:"),
            st.Page(PAGES / "review.py", title="Review", icon=":material/event_repeat:"),
            st.Page(PAGES / "progress.py", title="Progress", icon=":material/insights:"),
        ],
        "Play": [
            st.Page(PAGES / "play.py", title="Play a game", icon=":material/playing_cards:"),
        ],
        "Tools": [
            st.Page(PAGES / "ranking.py", title="Ranking trainer", icon=":material/leaderboard:"),
            st.Page(PAGES / "signals.py", title="Signals", icon=":material/front_hand:"),
            st.Page(PAGES / "rules.py", title="Rules", icon=":material/gavel:"),
        ],
    }
)
sidebar.draw()
navigation.run()
