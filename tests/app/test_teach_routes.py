"""The server's routes of the teacher's cookie (driven as ASGI, on the app's own progress file): a ticket turns
into an HttpOnly, Lax, 30-day cookie once and a 303 to /teach; a spent or forged ticket sets nothing; signing
out clears the cookie; Secure behind an https proxy; the token appears in no address."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from starlette.applications import Starlette

from tutor.app.teaching import routes
from tutor.progress import tickets
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher, teacher_of


def get(
    path: str, query: str = "", headers: list[tuple[bytes, bytes]] | None = None
) -> tuple[int, list[tuple[str, str]]]:
    """The status and headers the app answers ``GET path?query``."""
    app = Starlette(routes=routes.routes())
    sent: list[dict[str, Any]] = []
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
        "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
        "headers": headers or [], "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8501),
    }  # fmt: skip

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = sent[0]
    return int(start["status"]), [(k.decode(), v.decode()) for k, v in start["headers"]]


def cookies(headers: list[tuple[str, str]]) -> list[str]:
    return [v for k, v in headers if k == "set-cookie"]


def test_a_ticket_sets_the_session_cookie_once() -> None:
    with ProgressDB(os.environ["ALUETTE_DB"]) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        ticket = tickets.issue(db, roux)
        status, headers = get("/teach-session", f"ticket={ticket}")
        assert status == 303 and ("location", "/teach") in headers
        (cookie,) = cookies(headers)
        name, _, rest = cookie.partition("=")
        token, *attributes = rest.split("; ")
        assert name == "aluette_teacher" and teacher_of(db, token) == roux
        assert attributes == ["Max-Age=2592000", "Path=/", "HttpOnly", "SameSite=Lax"]
        assert token not in dict(headers)["location"]
        again, headers = get("/teach-session", f"ticket={ticket}")  # replayed: sends to the form, sets nothing
        assert again == 303 and cookies(headers) == []
        assert cookies(get("/teach-session", "ticket=forged")[1]) == []


def test_behind_an_https_proxy_the_cookie_is_secure_and_signing_out_clears_it() -> None:
    with ProgressDB(os.environ["ALUETTE_DB"]) as db:
        ticket = tickets.issue(db, create_teacher(db, "Mme Roux", "correct horse"))
    proxied = [(b"x-forwarded-proto", b"https")]
    (cookie,) = cookies(get("/teach-session", f"ticket={ticket}", proxied)[1])
    assert cookie.endswith("; HttpOnly; SameSite=Lax; Secure")
    status, headers = get("/teach-signout")
    assert status == 303 and cookies(headers) == ["aluette_teacher=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"]
