"""The key PIN, class-code and round-code tries are counted by (tutor.app.client): a client's own address, whatever
header it sends, unless its connection comes from a proxy the app believes (this computer, or one ALUETTE_PROXIES
names); then the address those proxies saw. A proxy list that does not read is refused in one line, by the
server and by `aluette-tutor app --proxies` before it starts anything."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from served_app import app_command_launch, refused_start

from tutor.app import client


@pytest.mark.parametrize(
    ("address", "headers", "proxies", "key"),
    [
        ("81.2.69.160", {"X-Forwarded-For": "1.2.3.4"}, "", "81.2.69.160"),  # a remote client cannot pick its key
        (None, {"X-Forwarded-For": "198.51.100.7, 192.168.1.20"}, "", "192.168.1.20"),  # a proxy here: its last hop
        ("127.0.0.1", {"X-Forwarded-For": "192.168.1.20"}, "", "192.168.1.20"),  # the same, as an address
        # a phone on the room's network is no proxy: the header it wrote picks no key of its own
        ("10.0.0.5", {"X-Forwarded-For": "192.168.1.21"}, "", "10.0.0.5"),
        ("10.0.0.5", {"X-Forwarded-For": "192.168.1.21"}, "10.0.0.2", "10.0.0.5"),  # nor when another one is named
        ("10.0.0.5", {"X-Forwarded-For": "192.168.1.21"}, "10.0.0.5", "192.168.1.21"),  # the school's proxy, named
        ("10.0.0.5", {"X-Forwarded-For": "192.168.1.21"}, "10.0.0.0/24", "192.168.1.21"),  # its network, named
        # two proxies of the school in a row: the client is the first hop from the end that is not one of them;
        # whatever the client wrote before it is passed over
        ("10.0.0.5", {"X-Forwarded-For": "1.1.1.1, 192.168.1.22, 10.0.0.7"}, "10.0.0.5 10.0.0.7", "192.168.1.22"),
        (None, {"X-Forwarded-For": "10.0.0.7, 127.0.0.1"}, "10.0.0.7", "10.0.0.7"),  # every hop a proxy: the first
        ("10.0.0.5", {}, "", "10.0.0.5"),  # a learner on the network, no proxy
        ("10.0.0.5", {}, "10.0.0.5", "10.0.0.5"),  # a proxy that said nothing: its own address
        ("127.0.0.1", {"X-Forwarded-For": " "}, "", "127.0.0.1"),
        (None, {"X-Forwarded-For": " , "}, "", "local"),
        (None, {}, "", "local"),  # this computer, no proxy (and AppTest)
    ],
)
def test_the_client_key(
    monkeypatch: pytest.MonkeyPatch, address: str | None, headers: dict[str, str], proxies: str, key: str
) -> None:
    monkeypatch.setattr(client, "st", SimpleNamespace(context=SimpleNamespace(ip_address=address, headers=headers)))
    monkeypatch.setenv(client.ENV_VAR, proxies)
    assert client.key() == key


def test_the_proxies_are_addresses_or_networks() -> None:
    assert client.proxies_from({}) == ()
    networks = client.proxies_from({"ALUETTE_PROXIES": " 10.0.0.2, 10.0.1.0/24  fd00::1 "})
    assert [str(n) for n in networks] == ["10.0.0.2/32", "10.0.1.0/24", "fd00::1/128"]
    with pytest.raises(client.ProxiesError) as refused:
        client.proxies_from({"ALUETTE_PROXIES": "10.0.0.2,haproxy.school"})
    assert str(refused.value) == (
        "ALUETTE_PROXIES: 'haproxy.school' is not an address or a network (e.g. 10.0.0.2 or 10.0.1.0/24)"
    )


def test_a_proxy_list_that_does_not_read_stops_the_server_with_one_line(tmp_path: Path) -> None:
    out = refused_start({"ALUETTE_PROXIES": "10.0.0.300", "ALUETTE_DB": str(tmp_path / "p.db")})
    assert out.returncode == 2
    line = "aluette-tutor: ALUETTE_PROXIES: '10.0.0.300' is not an address or a network (e.g. 10.0.0.2 or 10.0.1.0/24)"
    assert line in out.stderr.splitlines() and "Traceback" not in out.stderr


def test_the_app_command_refuses_a_proxy_list_that_does_not_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert app_command_launch(monkeypatch, "app", "--proxies", "the proxy") == (2, [])
    assert capsys.readouterr().err == (
        "aluette-tutor: ALUETTE_PROXIES: 'the' is not an address or a network (e.g. 10.0.0.2 or 10.0.1.0/24)\n"
    )
    # a list that reads goes to the server in its environment
    code, started = app_command_launch(monkeypatch, "app", "--proxies", "10.0.0.2,10.0.1.0/24")
    assert code == 0 and [env["ALUETTE_PROXIES"] for env in started] == ["10.0.0.2,10.0.1.0/24"]
