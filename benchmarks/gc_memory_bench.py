"""What turning off Streamlit's garbage collection after every run costs in memory, and gains in Submit time:
the tutor served twice side by side, with ``runner.postScriptGC`` on (Streamlit's default) and off (the
project's ``.streamlit/config.toml`` and ``aluette-tutor app``).

    .venv/bin/python benchmarks/gc_memory_bench.py [--sessions 40] [--every 10]

Each session is a learner in a new Chromium context: the Practice page at the ``spoiled-aces`` trick, the
cards and the radio answered, Check (as ``benchmarks/submit_bench.py`` does it, the same page-side clock),
the two servers in turn. Prints each server's resident memory (``VmRSS``) after every ``--every`` sessions
and the median Submit to verdict of each; asserts nothing. Streamlit keeps a closed session's state for
a while (``server.disconnectedSessionTTL``), so memory grows with the sessions on both.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import sync_playwright
from submit_bench import CHROMIUM, FLAGS, ROOT, measure, practice, server


def resident_mb(process: subprocess.Popen[bytes]) -> float:
    """The process's resident memory in MB, from Linux's /proc."""
    for line in Path(f"/proc/{process.pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise SystemExit(f"no VmRSS for process {process.pid}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=40, help="learners served by each server")
    parser.add_argument("--every", type=int, default=10, help="print memory after this many sessions")
    args = parser.parse_args()
    app = ROOT / "tutor" / "app" / "main.py"
    settings = {"collect on": "true", "collect off": "false"}
    submits: dict[str, list[float]] = {name: [] for name in settings}
    with tempfile.TemporaryDirectory() as folder, ExitStack() as servers:
        running = {}
        for name, value in settings.items():
            env = dict(os.environ, ALUETTE_DB=str(Path(folder) / f"{value}.db"), PYTHONPATH=str(ROOT))
            flags = ["--runner.postScriptGC", value]
            running[name] = servers.enter_context(server(app, ROOT, env, flags))
        print(f"{'sessions':>8}" + "".join(f"{name + ' (MB)':>17}" for name in settings))
        print(f"{0:8d}" + "".join(f"{resident_mb(process):17.1f}" for _, process in running.values()))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for session in range(1, args.sessions + 1):
                for name, (url, _) in running.items():  # in turn, so that a busy moment hurts both alike
                    context = browser.new_context(viewport={"width": 1366, "height": 900})
                    _, submitted, _, _ = measure(context.new_page(), practice(name, url))
                    context.close()
                    submits[name].append(submitted)
                if session % args.every == 0:
                    print(f"{session:8d}" + "".join(f"{resident_mb(process):17.1f}" for _, process in running.values()))
            browser.close()
    print("Submit to verdict, medians: " + ", ".join(f"{n} {statistics.median(v):.0f} ms" for n, v in submits.items()))


if __name__ == "__main__":
    main()
