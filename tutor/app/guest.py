"""Which browser this session is: the token in the HttpOnly cookie the server set (:mod:`tutor.app.cookie`),
read from the request that opened the session (``st.context.cookies``). It names the browser's guest profile
(whose answers are kept in the progress file under it: :meth:`ProgressDB.guest`) and the learner the browser
chose (:mod:`tutor.progress.browsers`), so a reload, a new tab or a deep link continues the same guest or
learner.

The token never appears in the page (no page script can read the cookie), and the session never makes one
of its own: a session whose request carries no cookie is a guest kept in memory for the session only, and,
when the server sets the cookie (``tutor/app/server.py``), the sidebar says the browser refuses cookies.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import streamlit as st

from tutor.app.cookie import COOKIE, Serving
from tutor.app.session import Key
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.progress.store import GUEST_TOKEN

__all__ = ["BLOCKED", "COOKIE", "TOKEN", "blocked", "cookies", "refused", "remember", "token"]

TOKEN = Key[str | None]("learner.guest")  # the browser's token (under "learner.", kept when the learner changes)


def blocked(lang: str) -> str:
    """The warning shown when the browser refuses the cookie, in ``lang``."""
    return ui.gettext(
        lang,
        "This browser does not keep cookies for the tutor, so a reload would start a new guest and lose your "
        "answers: add your name to keep them.",
    )


BLOCKED = blocked(SOURCE_LANGUAGE)  # in English, as the browser tests look for it


def cookies() -> Mapping[str, str]:
    """The cookies the browser sent when it opened this session (empty in tests and bare runs)."""
    return st.context.cookies


def token() -> str | None:
    """This browser's token, if the session's request carried a well-formed one."""
    if not TOKEN.is_set():
        sent = cookies().get(COOKIE)
        TOKEN.set(sent if isinstance(sent, str) and GUEST_TOKEN.fullmatch(sent) else None)
    return TOKEN.get()


def refused() -> bool:
    """Whether the browser refused the cookie the server set (a session opened without it)."""
    return token() is None and Serving.sets_cookie


def remember(lang: str = SOURCE_LANGUAGE) -> None:
    """Inside the sidebar on every run: a one-line warning in ``lang`` when the browser refuses the cookie."""
    if refused():
        st.html(f'<p role="alert" style="font-size:0.875rem;color:#7a3e00;margin:0">⚠ {html.escape(blocked(lang))}</p>')
