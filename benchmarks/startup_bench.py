"""Cold start: from `make run` (already installed) to a healthy Streamlit server.

    .venv/bin/python benchmarks/startup_bench.py [--runs 5]

Starts `make run PORT=<free port>`, polls /_stcore/health until it answers 200, then stops the server.
Prints the median over several runs; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=0.5) as response:
            return response.status == 200
    except OSError:
        return False


def first_render(port: int) -> None:
    """Open Home in headless Chromium and wait until its title has rendered (the course is loaded then)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        page.get_by_text("Learn Aluette").first.wait_for(timeout=60_000)
        browser.close()


def one_start(render: bool) -> tuple[float, float | None]:
    port = free_port()
    start = time.perf_counter()
    server = subprocess.Popen(
        ["make", "-s", "run", f"PORT={port}"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        while not healthy(port):
            if server.poll() is not None:
                raise SystemExit("the server exited before it was healthy")
            if time.perf_counter() - start > 60:
                raise SystemExit("no healthy server after 60 s")
            time.sleep(0.05)
        healthy_after = time.perf_counter() - start
        if not render:
            return healthy_after, None
        first_render(port)
        return healthy_after, time.perf_counter() - start
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-render", action="store_true", help="skip the Chromium first-render timing")
    args = parser.parse_args()
    results = [one_start(not args.no_render) for _ in range(args.runs)]
    for n, (healthy, rendered) in enumerate(results, start=1):
        shown = f", Home rendered in Chromium after {rendered:.2f} s" if rendered is not None else ""
        print(f"run {n}: healthy after {healthy:.2f} s{shown}")
    print(f"median cold start (make run -> /_stcore/health 200): {statistics.median(h for h, _ in results):.2f} s")
    if not args.no_render:
        median = statistics.median(r for _, r in results if r is not None)
        print(f"median cold start to a rendered Home page (course loaded): {median:.2f} s")


if __name__ == "__main__":
    main()
