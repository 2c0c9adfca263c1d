"""Several instances behind HAProxy (deploy/cluster.py, deploy/haproxy.cfg): a browser sticks to one instance, and
when that instance is killed its next request lands on the other and the page still loads: the index page, and the
Practice page run over the websocket and answered (the load benchmark's simulated learner).

Each instance is kept on a core of its own (``ALUETTE_CPU``). Which instance answered: the proxy names it in the
``X-Aluette-Instance`` header (and in its ``ALUETTE_INSTANCE`` cookie); each instance's own port answers its health
check, so the test knows which process to kill. The instances share a SQLite file here; the PostgreSQL store is
plugged in the same way (``db=`` a URL).
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from cluster import Cluster, ClusterError, check_database, free_port, render, wait_until
from load_driver import load_module
from served_app import thread_cores


def browser() -> urllib.request.OpenerDirector:
    """An HTTP client that keeps its cookies, as a browser does."""
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def get(client: urllib.request.OpenerDirector, url: str) -> tuple[int, str, str]:
    """Status, the instance that answered, and the body."""
    with client.open(url, timeout=10) as response:
        return response.status, response.headers["X-Aluette-Instance"], response.read().decode("utf-8", "replace")


def listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_a_browser_sticks_to_its_instance_and_moves_when_it_is_killed(tmp_path: Path) -> None:
    with Cluster(2, str(tmp_path / "progress.db")) as cluster:
        # each instance on a core of its own, every one of its threads (on a one-core machine, both on that one)
        cores = sorted(os.sched_getaffinity(0))
        pids = [i.process.pid for i in cluster.instances if i.process is not None]
        assert [set(thread_cores(pid).values()) for pid in pids] == [{str(cores[n % len(cores)])} for n in range(2)]
        first, second = browser(), browser()
        answers = [get(first, cluster.url + "/") for _ in range(5)]
        home = answers[0][1]
        assert {name for _, name, _ in answers} == {home}, "every request of one browser goes to one instance"
        assert all(status == 200 and '<div id="root">' in body for status, _, body in answers)
        # a second browser, told the other instance's name by its cookie, is sent there: both serve
        other = next(i for i in cluster.instances if i.name != home)
        second.addheaders = [("Cookie", f"ALUETTE_INSTANCE={other.name}")]
        assert get(second, cluster.url + "/_stcore/health")[:2] == (200, other.name)

        victim = next(i for i in cluster.instances if i.name == home)
        assert victim.process is not None
        os.kill(victim.process.pid, signal.SIGKILL)
        victim.process.wait(timeout=10)
        assert not listening(victim.port)

        status, name, body = get(first, cluster.url + "/")  # at once: before any health check has noticed
        assert (status, name) == (200, other.name) and '<div id="root">' in body
        assert get(first, cluster.url + "/_stcore/health")[:2] == (200, other.name), "and it stays there"
        # a learner whose cookie names the dead instance: the proxy moves them, and the question is answered
        load = load_module()
        timings = load.Timings()
        target = load.Target("tutor", cluster.url, (), tutor=True)
        cookie = asyncio.run(load.question(target, set(), timings, 0, f"ALUETTE_INSTANCE={victim.name}"))
        assert (timings.questions, timings.errors) == (1, [])
        jar = dict(pair.split("=", 1) for pair in cookie.split("; "))
        assert jar["ALUETTE_INSTANCE"] == other.name, "the proxy's new cookie names the live instance"
        proxy_port, processes = cluster.port, [cluster.proxy, *(i.process for i in cluster.instances)]
    assert all(p is not None and p.poll() is not None for p in processes), "stopped: the proxy and every instance"
    assert not listening(proxy_port)


def test_the_proxy_config_gets_its_instances_and_address_written_in() -> None:
    from cluster import CONFIG, Instance

    text = render(CONFIG.read_text(encoding="utf-8"), "0.0.0.0:80", [Instance("a", 1), Instance("b", 2)])
    lines = [line.strip() for line in text.splitlines()]
    assert [line for line in lines if line.startswith(("bind", "server"))] == [
        "bind 0.0.0.0:80",
        "server a 127.0.0.1:1 check cookie a",
        "server b 127.0.0.1:2 check cookie b",
    ]
    # what affinity, failover and websockets rest on
    for setting in ("cookie ALUETTE_INSTANCE insert", "option httpchk GET /_stcore/health", "option redispatch"):
        assert any(line.startswith(setting) for line in lines), setting
    assert "timeout tunnel 1h" in lines
    with pytest.raises(ClusterError, match="marker line"):
        render("frontend x\n", "0.0.0.0:80", [])


def test_a_database_that_cannot_be_reached_is_one_line_before_anything_starts() -> None:
    url = f"postgresql://aluette@127.0.0.1:{free_port()}/aluette"
    with pytest.raises(ClusterError) as refused:
        check_database(url)
    assert str(refused.value).startswith(f"--db {url}: cannot connect (") and "\n" not in str(refused.value)
    check_database(None)  # no URL, or a path: the SQLite store checks its own file


def test_waiting_for_a_process_says_it_exited_or_was_late_else_returns_once_ready() -> None:
    exits = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    exits.wait()
    with pytest.raises(ClusterError, match=r"^app1 exited at start \(code 3\)$"):
        wait_until(lambda: False, exits, 5, "app1 exited at start (code {code})", "late")
    sleeps = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        with pytest.raises(ClusterError, match=r"^app1 did not answer in 0 s$"):
            wait_until(lambda: False, sleeps, 0.3, "exited", "app1 did not answer in 0 s", pause=0.05)
        asked = iter([False, False, True])
        wait_until(lambda: next(asked), sleeps, 5, "exited", "late", pause=0.01)  # ready on the third look
        assert next(asked, None) is None, "asked until ready, no more"
    finally:
        sleeps.kill()
        sleeps.wait()
