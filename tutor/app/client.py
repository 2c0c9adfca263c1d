"""Who is asking, as far as the server can tell: the key that slows down a client's guessing of PINs
(:mod:`tutor.progress.pins`), never shown and kept no longer than a minute.

It is the address of the session's connection, unless that connection comes from this computer or a private
network, as a proxy in front of the app does (a school's haproxy with ``option forwardfor``): then the address
the proxy saw, the last one of ``X-Forwarded-For``, if it sent one. Without that, every learner behind the proxy
would share one key, and five wrong PINs would stop the whole room. A client on the private network that forges
the header only picks its own key: the limit per name still holds whatever the key.
"""

from __future__ import annotations

import ipaddress

import streamlit as st

KEY_LIMIT = 100  # an address is short: a longer value is not one
LOCAL = "local"


def key() -> str:
    """This session's client key: an address, or :data:`LOCAL` (this computer without a proxy, a test)."""
    address = st.context.ip_address  # None for a connection from this computer
    seen = address[:KEY_LIMIT] if isinstance(address, str) and address else None
    if seen is not None and not _maybe_a_proxy(seen):
        return seen
    forwarded = st.context.headers.get("X-Forwarded-For") or ""
    last = forwarded.rsplit(",", 1)[-1].strip()[:KEY_LIMIT]
    return last or seen or LOCAL


def _maybe_a_proxy(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private
