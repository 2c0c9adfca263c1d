"""The Aluette tutor app: `streamlit run tutor/app/main.py` (or `make run`, or `aluette-tutor app`)."""

from __future__ import annotations

import streamlit as st

from tutor.app import lang, menu, sidebar, views
from tutor.i18n import ui
from tutor.progress.store import one_view

# The language first: the menu's page titles and the browser tab's title are in it.
language = lang.settle()
_ = ui.translator(language)


# A Material icon rather than an emoji: the page icon must show where no emoji font is installed.
# Translators: the browser tab's title.
st.set_page_config(page_title=_("Aluette tutor"), page_icon=":material/playing_cards:", layout="wide")
st.html(views.theme())  # contrast, headings, phone layout, the drawings: every page

navigation = st.navigation(menu.pages(language))
# One view of the store for the run: a page's hundreds of "answered?" reads check the learner's revision once.
with one_view():
    sidebar.draw(language)
    navigation.run()
