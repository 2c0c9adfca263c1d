"""What a browser session costs the server: descriptors and memory per idle and per active session while
connected, and what 300 sessions opened and closed leave behind; a bare Streamlit app as the floor.

    .venv/bin/python benchmarks/sessions_bench.py [--runs 3] [--connected 50] [--dropped 300]

Each run serves the tutor (on a fresh progress file) and a bare app (a title and a button, nothing kept)
the way the tests do (tests/served_app.py), and drives them with sessions speaking Streamlit's websocket
protocol (tests/st_session.py):

* idle: ``--connected`` sessions that opened the first page and stay connected;
* active: as many that also pressed a button (on the tutor, a lesson's "Next section": the first section
  marked read, which writes the browser's guest profile) and stay connected;
* dropped: ``--dropped`` sessions opened and closed (half of them active), read once Streamlit has let
  go of closed sessions (``server.disconnectedSessionTTL`` waited, then one more session opened and
  closed), against the same reading before them.

Per-session figures are the growth of the server's descriptors (``/proc/PID/fd``) and resident memory
(``VmRSS``) divided by the number of sessions, after a warm-up (caches filled). Medians over the runs;
asserts nothing (tests/app/test_sessions_let_go.py checks the bounds).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the served app and the websocket client the tests use

from served_app import serve_process  # noqa: E402
from st_session import NEXT_SECTION, Session, descriptors, resident_kb  # noqa: E402

BARE = f"""
import streamlit as st
st.title("A bare app")
if st.button({NEXT_SECTION!r}):
    st.write("pressed")
"""
TTL = int(tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["server"]["disconnectedSessionTTL"])
WARM = 10


def opened(stack: ExitStack, url: str, page: str, active: bool) -> None:
    session = stack.enter_context(Session(url, page=page))
    if active:
        session.click(NEXT_SECTION)


def visit(url: str, page: str, active: bool) -> None:
    with ExitStack() as stack:
        opened(stack, url, page, active)


def reading(pid: int) -> tuple[int, int]:
    time.sleep(1)  # the last messages sent, the last runs' threads ended
    return descriptors(pid), resident_kb(pid)


def settled(url: str, page: str, pid: int) -> tuple[int, int]:
    time.sleep(TTL + 2)
    visit(url, "", False)  # its disconnection makes Streamlit drop the expired sessions
    return reading(pid)


def one_run(script: str, page: str, connected: int, dropped: int) -> dict[str, float]:
    """The figures of one app: per idle and active session (descriptors, KiB), and after ``dropped``."""
    with tempfile.TemporaryDirectory() as folder, serve_process(Path(folder) / "progress.db", script) as (url, server):
        pid = server.pid
        for n in range(WARM):
            visit(url, page, n % 2 == 1)
        figures: dict[str, float] = {}
        for kind, active in (("idle", False), ("active", True)):
            fds, rss = reading(pid)
            with ExitStack() as stack:
                for _ in range(connected):
                    opened(stack, url, page, active)
                more_fds, more_rss = reading(pid)
            figures[f"{kind} fds"] = (more_fds - fds) / connected
            figures[f"{kind} KiB"] = (more_rss - rss) / connected
        fds, rss = settled(url, page, pid)
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda n: visit(url, page, n % 2 == 1), range(dropped)))
        after_fds, after_rss = settled(url, page, pid)
        figures["dropped fds"] = after_fds - fds
        figures["dropped KiB"] = after_rss - rss
        figures["fds at rest"] = after_fds
        return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--connected", type=int, default=50)
    parser.add_argument("--dropped", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bare = Path(folder) / "bare.py"
        bare.write_text(BARE)
        apps = {"bare Streamlit app (floor)": (str(bare), ""), "tutor": ("tutor/app/main.py", "learn")}
        results: dict[str, list[dict[str, float]]] = {name: [] for name in apps}
        for _ in range(args.runs):
            for name, (script, page) in apps.items():  # in turns: a busy moment hurts both alike
                results[name].append(one_run(script, page, args.connected, args.dropped))
    print(f"{args.runs} runs; {args.connected} sessions connected at once; {args.dropped} opened and closed")
    for name, runs in results.items():
        median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        print(f"{name}:")
        print(f"  idle session:   {median['idle fds']:5.1f} descriptors, {median['idle KiB']:7.0f} KiB")
        print(f"  active session: {median['active fds']:5.1f} descriptors, {median['active KiB']:7.0f} KiB")
        print(
            f"  {args.dropped} sessions closed: {median['dropped fds']:+.0f} descriptors,"
            f" {median['dropped KiB'] / 1024:+.1f} MiB ({median['fds at rest']:.0f} descriptors open)"
        )


if __name__ == "__main__":
    main()
