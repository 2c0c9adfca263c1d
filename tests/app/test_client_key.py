"""The key PIN tries are counted by (tutor.app.client): a remote client's own address, whatever header it
sends; behind a proxy on this computer or the private network, the address the proxy saw."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tutor.app import client


@pytest.mark.parametrize(
    ("address", "headers", "key"),
    [
        ("81.2.69.160", {"X-Forwarded-For": "1.2.3.4"}, "81.2.69.160"),  # a remote client cannot pick its key
        (None, {"X-Forwarded-For": "198.51.100.7, 192.168.1.20"}, "192.168.1.20"),  # a proxy here: the last hop
        ("10.0.0.5", {"X-Forwarded-For": "192.168.1.21"}, "192.168.1.21"),  # a proxy on the school's network
        ("10.0.0.5", {}, "10.0.0.5"),  # a learner on the network, no proxy
        ("127.0.0.1", {"X-Forwarded-For": " "}, "127.0.0.1"),
        (None, {}, "local"),  # this computer, no proxy (and AppTest)
    ],
)
def test_the_client_key(
    monkeypatch: pytest.MonkeyPatch, address: str | None, headers: dict[str, str], key: str
) -> None:
    monkeypatch.setattr(client, "st", SimpleNamespace(context=SimpleNamespace(ip_address=address, headers=headers)))
    assert client.key() == key
