"""Who is asking, as far as the server can tell: the key that slows down a client's guessing of PINs, class
codes and round codes (:mod:`tutor.progress.pins`, :mod:`tutor.progress.classes`), never shown and kept no longer
than a minute.

It is the address of the session's connection, unless that connection comes from a proxy the app believes: this
computer (a proxy beside the app, as ``make cluster`` runs one) or one named in ``ALUETTE_PROXIES`` (addresses or
networks, ``10.0.0.2,10.0.1.0/24``: a school's haproxy on another machine). Then the client is the address the
proxies saw: ``X-Forwarded-For`` read from its end, past every hop that is itself a believed proxy. Without that,
every learner behind the proxy would share one key, and five wrong PINs would stop the whole room.

Why not believe every private address, as before: a room's phones are on the private network too. One that wrote
its own ``X-Forwarded-For`` would pick a fresh key for every try and guess class codes unhindered.
"""

from __future__ import annotations

import functools
import ipaddress
import os
from collections.abc import Mapping

import streamlit as st

ENV_VAR = "ALUETTE_PROXIES"
KEY_LIMIT = 100  # an address is short: a longer value is not one
LOCAL = "local"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class ProxiesError(ValueError):
    """``ALUETTE_PROXIES`` holds something that is not an address or a network: one line naming it."""


def proxies_from(environ: Mapping[str, str]) -> tuple[Network, ...]:
    """The proxies ``ALUETTE_PROXIES`` names (commas or spaces between them), beside this computer's."""
    return _parsed(environ.get(ENV_VAR, ""))


@functools.cache
def _parsed(text: str) -> tuple[Network, ...]:
    networks = []
    for word in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(word, strict=False))
        except ValueError:
            raise ProxiesError(
                f"{ENV_VAR}: {word[:KEY_LIMIT]!r} is not an address or a network (e.g. 10.0.0.2 or 10.0.1.0/24)"
            ) from None
    return tuple(networks)


def key() -> str:
    """This session's client key: an address, or :data:`LOCAL` (this computer without a proxy, a test)."""
    address = st.context.ip_address  # None for a connection from this computer
    seen = address[:KEY_LIMIT] if isinstance(address, str) and address else None
    proxies = proxies_from(os.environ)
    if seen is not None and not _believed(seen, proxies):
        return seen
    hops = [hop.strip()[:KEY_LIMIT] for hop in (st.context.headers.get("X-Forwarded-For") or "").split(",")]
    hops = [hop for hop in hops if hop]
    for hop in reversed(hops):  # each proxy adds the address it saw at the end: the client is the first not one
        if not _believed(hop, proxies):
            return hop
    return (hops[0] if hops else None) or seen or LOCAL


def _believed(address: str, proxies: tuple[Network, ...]) -> bool:
    """Whether ``address`` is a proxy whose ``X-Forwarded-For`` the app believes."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_loopback or any(ip in network for network in proxies)
