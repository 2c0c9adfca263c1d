"""Which earlier session this one carries on: a browser moved to this instance when its own died.

Streamlit keeps a session in one process. When that process dies (an instance behind the proxy killed or
crashed), the browser's front end reconnects its websocket by itself, sending the id of the session it had; the
proxy sends it to a live instance, which does not hold that session and starts a new one. The page was not
reloaded: the learner expects to be where they were. A page loaded afresh (a reload, a new tab, a link) sends no
id, and starts afresh as before.

So what a page must carry across lives in the database with the id of the session that wrote it (the Play page's
saved game, :mod:`tutor.app.play_view`), and a new session that :func:`continues` that id takes it up. A browser
can claim any id, but only ever finds its own learner's rows (which it could resume anyway), so the claim opens
nothing.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

# The front end's websocket subprotocols: "streamlit", its XSRF token, then the session it had (Streamlit's
# starlette_websocket._parse_subprotocols reads them in this order)
HEADER = "Sec-WebSocket-Protocol"
_SESSION_ENTRY = 2


def this_session() -> str | None:
    """This session's id (``None`` outside a served session, e.g. a bare script)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return None if ctx is None else str(ctx.session_id)


def claimed(header: str | None) -> str | None:
    """The earlier session's id in a websocket's ``Sec-WebSocket-Protocol`` header, if it names one.

    >>> claimed("streamlit, 2|ab|cd|17, 5fb2392c-6fea-487b-b437-8898bf529441")
    '5fb2392c-6fea-487b-b437-8898bf529441'
    >>> claimed("streamlit, 2|ab|cd|17") is None and claimed(None) is None and claimed("streamlit, , ") is None
    True
    """
    entries = [entry.strip() for entry in (header or "").split(",")]
    return entries[_SESSION_ENTRY] or None if len(entries) > _SESSION_ENTRY else None


def continues() -> str | None:
    """The id of the session, held by another process, that this new session carries on; ``None`` for a page
    loaded afresh (or a session this process still holds, which kept its own state)."""
    try:
        earlier = claimed(st.context.headers.get(HEADER))
    except Exception:  # no request behind the session (AppTest, a bare script): nothing carried on
        return None
    return earlier if earlier is not None and earlier != this_session() else None


__all__ = ["claimed", "continues", "this_session"]
