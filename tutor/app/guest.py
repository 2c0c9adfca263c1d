"""Which guest this browser is: a random token kept in a cookie, so a reload or a deep link continues the same
guest (whose answers are kept in the progress file under that token: :meth:`ProgressDB.guest`).

Streamlit reads cookies only from the request that opened the session (``st.context.cookies``) and cannot set
one, so a browser that arrives without the cookie is given a new token for the session, and a few lines of
script on the page store it in the browser (:func:`remember`). If the browser refuses to keep it (cookies
blocked), that script says so in the sidebar: a reload would then start a new guest, and only choosing a
name keeps the answers.
"""

from __future__ import annotations

import html
import json
import secrets
from collections.abc import Mapping

import streamlit as st

from tutor.app.session import Key
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.progress.store import GUEST_TOKEN

COOKIE = "aluette_guest"
TOKEN = Key[str]("learner.guest")  # this browser's token (under "learner.", kept when the learner changes)
SENT = Key[bool]("learner.guest.sent")  # whether the browser sent the cookie with the session's request
MAX_AGE = 400 * 24 * 3600  # a year and a month: the longest a browser keeps a cookie (Chromium caps it there)


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


def token() -> str:
    """This browser's guest token: the cookie's if it holds a well-formed one, else a new one for the session."""
    if not TOKEN.is_set():
        sent = cookies().get(COOKIE)
        SENT.set(isinstance(sent, str) and bool(GUEST_TOKEN.fullmatch(sent)))
        TOKEN.set(sent if isinstance(sent, str) and SENT.value() else secrets.token_urlsafe(18))  # 24 characters
    return str(TOKEN.value())


def remember(lang: str = SOURCE_LANGUAGE) -> None:
    """Store the session's token in the browser, unless the browser sent it already; draws nothing unless the
    browser refuses the cookie, and then a one-line warning in ``lang``. Call it inside the sidebar on every run."""
    value = token()
    if SENT.get():
        return
    # The token is letters, digits, '-' and '_' only (GUEST_TOKEN); json.dumps quotes it for the script anyway.
    cookie = json.dumps(f"{COOKIE}={value}; Max-Age={MAX_AGE}; Path=/; SameSite=Lax")
    st.html(
        '<p id="aluette-guest-cookie" role="alert" hidden style="font-size:0.875rem;color:#7a3e00;margin:0">'
        f"⚠ {html.escape(blocked(lang))}</p>"
        "<script>(() => {"
        f"document.cookie = {cookie};"
        f"if (!document.cookie.split('; ').includes({json.dumps(f'{COOKIE}={value}')}))"
        " document.getElementById('aluette-guest-cookie').hidden = false;"
        "})();</script>",
        unsafe_allow_javascript=True,
    )
