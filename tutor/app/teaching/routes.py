"""The server's routes that set and clear the teacher's session cookie (Streamlit's page script cannot).

* ``GET <base>/teach-session?ticket=...``: the page checked the password and made a one-time ticket
  (:mod:`tutor.progress.tickets`); this redeems it for a session token and answers 303 to ``/teach`` with
  the token in an HttpOnly cookie. A ticket forged, spent or expired just goes to ``/teach`` (the sign-in form).
* ``GET <base>/teach-signout``: the page already deleted the session in the store (revoked at once, on every
  instance); this only clears the cookie and goes back to ``/teach``.

The token travels only in the ``Set-Cookie`` header: never in an address, a page or a log line.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from tutor.app import state
from tutor.app.teaching.gate import COOKIE
from tutor.progress import tickets
from tutor.progress.db import ProgressUnavailable
from tutor.progress.teachers import SESSION_SECONDS

SESSION_PATH = "teach-session"
SIGN_OUT_PATH = "teach-signout"
PAGE_PATH = "teach"
NO_STORE = "no-store"  # a redirect that sets a session is never cached, by the browser or a proxy


def _secure(request: Request) -> bool:
    forwarded = request.headers.get("x-forwarded-proto", "").lower()
    return request.url.scheme == "https" or forwarded == "https"


def session_cookie(token: str, secure: bool) -> str:
    """The ``Set-Cookie`` value of a signed-in teacher: HttpOnly, Lax, the whole site, 30 days."""
    return f"{COOKIE}={token}; Max-Age={SESSION_SECONDS}; Path=/; HttpOnly; SameSite=Lax" + (
        "; Secure" if secure else ""
    )


def cleared_cookie(secure: bool) -> str:
    return f"{COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax" + ("; Secure" if secure else "")


def _back(base: str) -> RedirectResponse:
    answer = RedirectResponse(f"{base}/{PAGE_PATH}", status_code=303)
    answer.headers["Cache-Control"] = NO_STORE
    answer.headers["Referrer-Policy"] = "no-referrer"  # the ticket's address goes nowhere else
    return answer


def routes(base_url: str = "") -> list[BaseRoute]:
    """The two routes, under the server's ``server.baseUrlPath`` (``base_url``)."""
    base = "/" + base_url.strip("/") if base_url.strip("/") else ""

    async def start(request: Request) -> Response:
        ticket = request.query_params.get("ticket", "")
        try:
            token = await run_in_threadpool(lambda: tickets.redeem(state.server_store(), ticket))
        except ProgressUnavailable:
            token = None  # no store: the page says why, and shows the form
        answer = _back(base)
        if token is not None:
            answer.headers.append("set-cookie", session_cookie(token, _secure(request)))
        return answer

    async def stop(request: Request) -> Response:
        answer = _back(base)
        answer.headers.append("set-cookie", cleared_cookie(_secure(request)))
        return answer

    return [
        Route(f"{base}/{SESSION_PATH}", start, methods=["GET"]),
        Route(f"{base}/{SIGN_OUT_PATH}", stop, methods=["GET"]),
    ]
