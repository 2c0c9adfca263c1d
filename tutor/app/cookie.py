"""The browser's cookie, set by the server: an HttpOnly token that names this browser's guest profile and the
learner it chose (:mod:`tutor.app.guest`, :mod:`tutor.progress.browsers`).

Streamlit's page script cannot set a cookie, and a cookie set by page script is readable by any script on the
page. So the server sets it (:class:`BrowserCookie`, an ASGI middleware of the app served by
:mod:`tutor.app.server`) on every HTML page it sends: the browser's own token if it sent a well-formed one,
else a new one. The session's websocket then carries it, and ``st.context.cookies`` reads it. Every page load
sends it again, so a browser in use keeps it for :data:`MAX_AGE` after its last visit.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any

from tutor.progress.store import GUEST_TOKEN

COOKIE = "aluette_guest"
MAX_AGE = 400 * 24 * 3600  # a year and a month: the longest a browser keeps a cookie (Chromium caps it there)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Serving:
    """Whether this process serves the app with :class:`BrowserCookie` (``streamlit run tutor/app/server.py``):
    then a session whose request carries no cookie comes from a browser that refuses it."""

    sets_cookie = False


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 24 characters of GUEST_TOKEN's alphabet


def sent_token(header: str) -> str | None:
    """The well-formed token in a ``Cookie`` header, if any."""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except Exception:  # a malformed header is a browser without our cookie
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None and GUEST_TOKEN.fullmatch(morsel.value) else None


def set_cookie(token: str, secure: bool) -> str:
    """The ``Set-Cookie`` value: HttpOnly (no page script reads it), the whole site, sent on links from elsewhere
    (Lax: a deep link opens the same guest), Secure over HTTPS."""
    return f"{COOKIE}={token}; Max-Age={MAX_AGE}; Path=/; HttpOnly; SameSite=Lax" + ("; Secure" if secure else "")


class BrowserCookie:
    """ASGI middleware: every HTML response carries the browser's token cookie (kept, or new)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        Serving.sets_cookie = True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {bytes(k).lower(): bytes(v) for k, v in scope.get("headers", [])}
        token = sent_token(headers.get(b"cookie", b"").decode("latin-1")) or new_token()
        forwarded = headers.get(b"x-forwarded-proto", b"").decode("latin-1").lower()
        secure = scope.get("scheme") == "https" or forwarded == "https"

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer = [(bytes(k), bytes(v)) for k, v in message.get("headers", [])]
                kind = next((v for k, v in answer if k.lower() == b"content-type"), b"")
                if kind.startswith(b"text/html"):
                    answer.append((b"set-cookie", set_cookie(token, secure).encode("latin-1")))
                    message["headers"] = answer
            await send(message)

        await self.app(scope, receive, with_cookie)
