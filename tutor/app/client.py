"""Who is asking, as far as the server can tell: the key that wrong passwords and wrong join codes are
counted by (:func:`tutor.progress.teachers.check_sign_in`, :func:`tutor.progress.classes.open_class`).

It is the address the session's connection came from; behind a proxy on this machine (a loopback address,
``deploy/``'s haproxy) the address the proxy added last to ``X-Forwarded-For``, which a browser cannot forge.
A header a browser sent itself is never believed from elsewhere: it would give a guesser a new key per try.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping

import streamlit as st

UNKNOWN = "unknown"  # a session with no address (AppTest): every such session counts as one client


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def key_of(address: str | None, headers: Mapping[str, str]) -> str:
    """The client's key from the connection's address and the request's headers.

    >>> key_of("203.0.113.9", {"X-Forwarded-For": "198.51.100.1"})
    '203.0.113.9'
    >>> key_of("127.0.0.1", {"X-Forwarded-For": "198.51.100.1, 192.0.2.4"})
    '192.0.2.4'
    """
    if not address:
        return UNKNOWN
    if _loopback(address):
        forwarded = {k.lower(): v for k, v in headers.items()}.get("x-forwarded-for", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:100]
    return address[:100]


def key() -> str:
    """This session's client key."""
    try:
        address = st.context.ip_address
        headers: Mapping[str, str] = dict(st.context.headers)
    except Exception:  # no request behind the session (a bare or test run)
        return UNKNOWN
    return key_of(address, headers)
