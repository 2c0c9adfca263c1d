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


def one_start() -> float:
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
        return time.perf_counter() - start
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    times = [one_start() for _ in range(runs)]
    for n, seconds in enumerate(times, start=1):
        print(f"run {n}: healthy after {seconds:.2f} s")
    print(f"median cold start (make run -> /_stcore/health 200): {statistics.median(times):.2f} s")


if __name__ == "__main__":
    main()
