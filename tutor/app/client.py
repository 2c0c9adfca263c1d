"""Who is asking, as far as the server can tell: the key that slows down a client's guessing of PINs
(:mod:`tutor.progress.pins`), never shown and kept no longer than a minute.

It is the address of the session's connection. A connection from this computer is either someone here or a
proxy in front of the app (a school's haproxy with ``option forwardfor``): then the address the proxy saw, the
last one of ``X-Forwarded-For``, if it sent one. A remote client's header is never read: it cannot pick its key.
"""

from __future__ import annotations

import streamlit as st

KEY_LIMIT = 100  # an address is short: a longer value is not one
LOCAL = "local"


def key() -> str:
    """This session's client key: an address, or :data:`LOCAL` (this computer, a test)."""
    address = st.context.ip_address  # None for a connection from this computer
    if isinstance(address, str) and address and address not in ("127.0.0.1", "::1"):
        return address[:KEY_LIMIT]
    forwarded = st.context.headers.get("X-Forwarded-For") or ""
    last = forwarded.rsplit(",", 1)[-1].strip()
    return last[:KEY_LIMIT] if last else LOCAL
