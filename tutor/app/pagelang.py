"""The language a drawing's words (accessible names, captions, table headers) are written in.

Inside a page run it is the learner's (:func:`tutor.app.lang.current`); elsewhere (a test or a script that
draws a card without a page) there is no learner, and the drawing speaks the source language, English.
Within :func:`speaking` it is the language named there, page or not: a printed sheet
(:mod:`tutor.app.printing`) is drawn in the language it was asked for, which need not be the learner's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.i18n import SOURCE_LANGUAGE

_SPOKEN: ContextVar[str | None] = ContextVar("drawn_in", default=None)


def page_language() -> str:
    """The language of :func:`speaking` where one is set, else the learner's while a page runs, else the source
    language."""
    spoken = _SPOKEN.get()
    if spoken is not None:
        return spoken
    if get_script_run_ctx(suppress_warning=True) is None:
        return SOURCE_LANGUAGE
    from tutor.app import lang  # imported when a page runs: it reads the session

    return lang.current()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Within the block, everything drawn speaks ``lang``."""
    token = _SPOKEN.set(lang)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


__all__ = ["page_language", "speaking"]
