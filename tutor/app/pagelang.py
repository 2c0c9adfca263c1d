"""The language a drawing's words (accessible names, captions, table headers) are written in.

Inside a page run it is the learner's (:func:`tutor.app.lang.current`); elsewhere (a test or a script that
draws a card without a page) there is no learner, and the drawing speaks the source language, English.
"""

from __future__ import annotations

from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.i18n import SOURCE_LANGUAGE


def page_language() -> str:
    """The learner's language while a page runs, else the source language."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return SOURCE_LANGUAGE
    from tutor.app import lang  # imported when a page runs: it reads the session

    return lang.current()


__all__ = ["page_language"]
