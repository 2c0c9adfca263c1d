"""The sidebar of every page, drawn by main.py before the page: the language (settled first: the page shows
the course in it), the learner (chosen or created there, with any problem saving progress), then every
content file that failed to load (the app carries on without them)."""

from __future__ import annotations

import streamlit as st

from tutor.app import joining, lang, learners, shared_learner, shared_mode, state
from tutor.app.markup import md
from tutor.i18n import ui


def draw(language: str) -> None:
    """``language``: the run's, as :func:`tutor.app.lang.settle` gave main.py before the page's title and menu
    (settling it again here would only repeat its reads)."""
    lang.menu()
    (shared_learner.sidebar if shared_mode.shared() else learners.sidebar)()  # a room's server lists nobody
    joining.sidebar()  # the classes the learner is in, and joining one
    problems = state.course().problems
    if problems:
        title = ui.ngettext(
            language, "⚠ {n} content problem: file skipped", "⚠ {n} content problems: files skipped", len(problems)
        )
        with st.sidebar.expander(title):
            # Each names a file, a line and a key, for whoever maintains the course: in English, as `check` says it.
            for entry in problems[:50]:
                st.caption(md(str(entry)))  # it quotes what the files hold: shown as written, never as Markdown
