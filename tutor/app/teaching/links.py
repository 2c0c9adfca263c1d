"""A class's join link, as the learners' browsers will open it (its QR code: :mod:`tutor.app.qr`).

The link's base is the address the teacher's browser reached the app at: the request's ``Host`` (or a proxy's
``X-Forwarded-Host`` and ``X-Forwarded-Proto``) and the server's ``server.baseUrlPath``. A teacher who opened
the app as ``localhost`` gets a link only their own computer can open; README says to open it by the
computer's network address for a room.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import quote

import streamlit as st
from streamlit import config

JOIN_PATH = "join"
# A host name or address with an optional port, as a Host header may hold it: anything else is not used.
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?")


def _first(value: str) -> str:
    return value.split(",")[0].strip()  # a chain of proxies lists the browser's side first


def base_url(headers: Mapping[str, str], base_path: str = "", *, https: bool = False) -> str:
    """The app's address as the browser sees it, without a trailing slash.

    >>> base_url({"Host": "10.0.0.5:8501"})
    'http://10.0.0.5:8501'
    >>> base_url({"Host": "app:8501", "X-Forwarded-Host": "tutor.school.fr", "X-Forwarded-Proto": "https"}, "/aluette")
    'https://tutor.school.fr/aluette'
    """
    lower = {k.lower(): v for k, v in headers.items()}
    host = _first(lower.get("x-forwarded-host", "")) or _first(lower.get("host", ""))
    if not _HOST.fullmatch(host):
        host = "localhost"
    proto = _first(lower.get("x-forwarded-proto", "")).lower()
    scheme = proto if proto in ("http", "https") else ("https" if https else "http")
    path = base_path.strip("/")
    return f"{scheme}://{host}" + (f"/{path}" if path else "")


def browser_base() -> str:
    """The app's address as this session's browser reached it: the class's join link and the projector's
    round address both start with it, so behind a proxy both are the public address."""
    https = bool(config.get_option("server.sslCertFile"))
    return base_url(dict(st.context.headers), str(config.get_option("server.baseUrlPath") or ""), https=https)


def join_link(base: str, code: str) -> str:
    """The link that opens the Join page with ``code`` filled in.

    >>> join_link("http://10.0.0.5:8501", "ABC234")
    'http://10.0.0.5:8501/join?code=ABC234'
    """
    return f"{base}/{JOIN_PATH}?code={quote(code)}"
