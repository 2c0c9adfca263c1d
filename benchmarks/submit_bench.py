"""The Practice page against bare Streamlit, side by side in one run, in Chromium: Submit to verdict, and a
page load to the content.

    .venv/bin/python benchmarks/submit_bench.py [--runs 9] [--app tutor/app/main.py [--app ../main/...]]

The floor is the smallest Streamlit app that reveals a text on a form submit (a title, a form with one
radio and a submit button; written to a temporary folder). Both are served here on free loopback ports and
driven by Debian's Chromium (playwright, no browser download), alternately, so both see the same machine.
"Load" is from ``goto`` to the submit button visible (the Practice page: its scenario's "Check my answer");
"Submit" is from the click to the verdict visible, after the answers are chosen (Practice: the
``spoiled-aces`` trick, two radios). Prints medians and ratios (targets: Submit 1.2x, load 1.5x); asserts
nothing. ``--app`` serves another copy of the tutor; given twice or more, each copy is served and measured in
turn with the others in the same run (a before/after figure: ``--app /work/main/tutor/app/main.py --app
tutor/app/main.py``). Each is served as ``make run`` serves it (static serving on, its own
``.streamlit/config.toml``).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TIMEOUT = 60_000  # ms: a guard against a hang

BARE = """\
import streamlit as st

st.title("Bare")
with st.form("answer"):
    st.radio("Who wins this trick?", ["North", "East", "South", "West"], index=None, key="winner")
    submitted = st.form_submit_button("Check my answer")
if submitted:
    st.success(f"Verdict: {st.session_state.winner} wins")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(script: Path, cwd: Path, env: dict[str, str]) -> Iterator[str]:
    """A Streamlit server for ``script`` on a free loopback port, stopped on exit."""
    port = free_port()
    command = [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port)]
    command += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    command += ["--server.enableStaticServing", "true"]  # as `make run` serves the tutor (its card pictures)
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"{script} did not start within 60 s") from None
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


def load(page: Page, url: str) -> float:
    """ms from navigation to the submit button visible."""
    start = time.perf_counter()
    page.goto(url)
    page.get_by_role("button", name="Check my answer").wait_for(timeout=TIMEOUT)
    return (time.perf_counter() - start) * 1000


def submit(page: Page, choose: Callable[[Page], None], verdict: str) -> tuple[float, float]:
    """ms from the click on the submit button to the verdict visible, and to the whole reveal drawn (the
    script's run finished, everything after the verdict on the page)."""
    choose(page)
    button = page.get_by_role("button", name="Check my answer")
    start = time.perf_counter()
    button.click()
    page.get_by_text(verdict).first.wait_for(timeout=TIMEOUT)
    seen = time.perf_counter()
    idle(page)  # the verdict is on the page, so this run has started: idle again means it has finished
    return (seen - start) * 1000, (time.perf_counter() - start) * 1000


BARE_VERDICT = "Verdict: North wins"


def choose_bare(page: Page) -> None:
    page.get_by_text("North", exact=True).click()  # in a form: nothing is sent until Submit
    idle(page)


def idle(page: Page) -> None:
    """Wait until the app's script has finished its run (the front end's own flag on the app's root)."""
    page.locator("[data-test-script-state='notRunning']").wait_for(timeout=TIMEOUT)


def choose_practice(page: Page) -> None:
    # Two aces share the best tier: the trick is spoiled and North, who led, leads again. The winner is
    # answered on the cards (a button beside them: each click reruns the panel), so the clock starts only once
    # that rerun has drawn the choice and finished: Submit is then measured from the same quiet page as bare's.
    page.locator("[data-testid='stRadio']").filter(has_text="Who leads the next trick?").get_by_text(
        "North", exact=True
    ).click()
    page.get_by_role("button", name="Spoiled: nobody wins", exact=True).click()
    page.get_by_role("button", name="✓ chosen: Spoiled: nobody wins", exact=True).wait_for(timeout=TIMEOUT)
    idle(page)


def median(values: list[float]) -> float:
    return statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="measured runs of each (7 or more)")
    parser.add_argument("--verbose", action="store_true", help="print every run's figure too")
    parser.add_argument(
        "--app",
        type=Path,
        action="append",
        help="a tutor's main.py (default: this one's); give it twice or more to compare copies in one run",
    )
    args = parser.parse_args()
    apps = [app.resolve() for app in args.app or [ROOT / "tutor" / "app" / "main.py"]]
    names = ["bare", *(f"practice{n + 1 if len(apps) > 1 else ''}" for n in range(len(apps)))]
    figures: dict[str, dict[str, list[float]]] = {name: {"load": [], "submit": [], "reveal": []} for name in names}
    with tempfile.TemporaryDirectory() as folder, ExitStack() as servers:
        bare = Path(folder) / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
        bare_url = servers.enter_context(served(bare, Path(folder), dict(os.environ)))
        targets = [("bare", bare_url, choose_bare, BARE_VERDICT)]
        for name, app in zip(names[1:], apps, strict=True):
            app_root = app.parents[2]
            env = dict(os.environ, ALUETTE_DB=str(Path(folder) / f"{name}.db"))
            env["PYTHONPATH"] = os.pathsep.join([str(app_root), env.get("PYTHONPATH", "")]).strip(os.pathsep)
            url = servers.enter_context(served(app, app_root, env))
            targets.append((name, f"{url}/practice?scenario=spoiled-aces", choose_practice, "Right!"))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for run in range(args.runs + 1):  # the first run of each warms the servers and the browser up
                for name, url, choose, verdict in targets:  # in turn, so that a busy moment hurts all alike
                    context = browser.new_context(viewport={"width": 1366, "height": 900})
                    page = context.new_page()
                    loaded = load(page, url)
                    submitted, revealed = submit(page, choose, verdict)
                    context.close()
                    if run:
                        figures[name]["load"].append(loaded)
                        figures[name]["submit"].append(submitted)
                        figures[name]["reveal"].append(revealed)
            browser.close()
    print(f"Chromium, {args.runs} runs each, medians")
    for name, app in zip(names[1:], apps, strict=True):
        print(f"{name}: {app}")
    targets_text = {"submit": " (target 1.2x)", "reveal": "", "load": " (target 1.5x)"}
    for what, target in targets_text.items():
        bare_ms = median(figures["bare"][what])
        line = f"{what:>6}: bare {bare_ms:6.0f} ms"
        for name in names[1:]:
            ms = median(figures[name][what])
            line += f"   {name} {ms:6.0f} ms ratio {ms / bare_ms:4.2f}x"
        print(line + target)
        if args.verbose:
            for name in names:
                print(f"        {name:>9}: " + " ".join(f"{v:.0f}" for v in figures[name][what]))


if __name__ == "__main__":
    main()
