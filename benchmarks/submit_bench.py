"""The Practice page against bare Streamlit, side by side in one run, in Chromium: Submit to verdict, and a
page load to the question drawn.

    .venv/bin/python benchmarks/submit_bench.py [--runs 15] [--app tutor/app/main.py [--app ../main/...]]

The floor is the smallest Streamlit app that reveals a text on a form submit (a title, a form with one
radio and a submit button; written to a temporary folder), served with the tutor's own runner settings (the
project's ``.streamlit/config.toml`` copied beside it: no full garbage collection after each run, no watching of
source files, no magic), as ``load.py``'s floor is. Served with Streamlit's defaults instead (``--default-bare``
adds that floor to the run, for comparison) it pays overheads of its own that the tutor does not, a garbage
collection after every run and a watcher of source files after a session's first run, which lift the floor and
compress every ratio. All are served here on free loopback ports and driven by Debian's Chromium (playwright,
no browser download), alternately, so all see the same machine.

The clock is the page's own (``performance.now()``), read by a script the page runs before Streamlit's
(``WATCH``): a mutation observer notes when each thing is first drawn and visible, and a click listener when
the click lands. Playwright's own waits are not a clock: they look again at growing intervals (up to half a
second), so a figure taken with them is rounded up by whatever the next look happens to be.

- "load": from the navigation's start to the whole question drawn: the submit button and every answer's
  choices (bare: the radio; Practice: the ``spoiled-aces`` trick, its cards to choose and the radio);
- "submit": from the click on the submit button to the verdict drawn, once the answers are chosen: the clock a
  learner feels (the answer's verdict in sight);
- "arrived" and "drawing": Submit in two: from the click to the message that carries the verdict's text reaching
  the page (the front end's sending, the server's run up to the verdict, the network), then from that message to
  the verdict drawn (the browser's own work: Streamlit's front end applying the run's messages and drawing them);
- "reveal": from that click to the end of the run it started (everything after the verdict drawn too: the
  explanation, the table, the buttons), which the learner reads after the verdict;
- "again": the same page loaded again in the same browser, to the question drawn: Streamlit's script and the
  card files come from the browser's cache, as for a learner coming back (bare: its own page again).

Prints medians and ratios (targets: Submit 1.2x, load 1.5x); asserts nothing. ``--app`` serves another copy
of the tutor; given twice or more, each copy is served and measured in turn with the others in the same run
(a before/after figure: ``--app /work/main/tutor/app/main.py --app tutor/app/main.py``). Each is served as
``make run`` serves it (static serving on, its own ``.streamlit/config.toml``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
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
def server(
    script: Path, cwd: Path, env: dict[str, str], flags: Sequence[str] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Streamlit server for ``script`` on a free loopback port (its URL and process), stopped on exit.
    ``flags``: more of ``streamlit run``'s options (they override the project's config.toml)."""
    port = free_port()
    command = [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port)]
    command += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    command += [*flags]
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
        yield url, process
    finally:
        process.terminate()
        process.wait(timeout=20)


@contextmanager
def served(script: Path, cwd: Path, env: dict[str, str]) -> Iterator[str]:
    """A Streamlit server for ``script`` on a free loopback port (its URL), stopped on exit."""
    with server(script, cwd, env) as (url, _):
        yield url


# Run by the page before Streamlit's own script. READY: the texts that must all be drawn for the question to be
# there (the first is the submit button's); VERDICT: the text the answer brings.
WATCH = """
(() => {
  const w = (window.__aluBench = { ready: null, click: null, verdict: null, arrived: null, states: [] });
  // When the message carrying the verdict's text reaches the page (its protobuf holds the text as UTF-8): the
  // server's part and the network's end there, the browser's drawing begins.
  const decoder = new TextDecoder();
  window.WebSocket = new Proxy(window.WebSocket, {  // a proxy keeps WebSocket.OPEN and the rest as they are
    construct(Socket, args) {
      const socket = new Socket(...args);
      socket.addEventListener("message", (e) => {
        if (w.click === null || w.arrived !== null || !(e.data instanceof ArrayBuffer)) return;
        if (decoder.decode(e.data).includes(VERDICT)) w.arrived = performance.now();
      });
      return socket;
    },
  });
  const shown = (el) => el.isConnected && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const found = new Map(READY.map((text) => [text, []]));
  let verdicts = [];
  const scan = (node) => {
    if (node.nodeType === Node.TEXT_NODE) node = node.parentElement;
    if (!node || node.nodeType !== Node.ELEMENT_NODE) return;
    const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (w.ready === null) for (const [text, list] of found) if (t.data.includes(text)) list.push(t.parentElement);
      if (w.click !== null && t.data.includes(VERDICT)) verdicts.push(t.parentElement);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "childList") r.addedNodes.forEach(scan);
      else if (r.type === "characterData") scan(r.target);
      else if (r.attributeName === "data-test-script-state")
        w.states.push([performance.now(), r.target.getAttribute("data-test-script-state")]);
    }
    const now = performance.now();
    if (w.ready === null && [...found.values()].every((list) => list.some(shown))) w.ready = now;
    if (w.click !== null && w.verdict === null && verdicts.some(shown)) w.verdict = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener("click", (e) => {
    if (w.click === null && e.target.closest("button")?.textContent.includes(READY[0])) w.click = performance.now();
  }, true);
})();
"""
SUBMIT = "Check my answer"


@dataclass(frozen=True)
class Target:
    """One app to measure: where, what its question shows, how to answer it, and the verdict it then shows."""

    name: str
    url: str
    ready: tuple[str, ...]
    choose: Callable[[Page], None]
    verdict: str


def watched(page: Page, target: Target) -> None:
    texts = f"const READY = {json.dumps([SUBMIT, *target.ready])}, VERDICT = {json.dumps(target.verdict)};"
    page.add_init_script(texts + WATCH)


def noted(page: Page, what: str) -> None:
    """Wait until the page has noted ``what`` (polling is fine here: the figure is the page's own note)."""
    page.wait_for_function(f"window.__aluBench.{what} !== null", polling="raf", timeout=TIMEOUT)


def measure(page: Page, target: Target) -> tuple[float, float, float, float, float]:
    """One load, one Submit, then the page loaded again in the same browser (its scripts cached, the guest's
    cookie sent): ms to the question drawn, to the verdict drawn, to the run's end, to the question drawn
    again, and from the click to the verdict's message received."""
    watched(page, target)
    page.goto(target.url)
    noted(page, "ready")
    idle(page)
    target.choose(page)
    page.get_by_role("button", name=SUBMIT).click()
    noted(page, "verdict")
    idle(page)  # the verdict is drawn, so its run has started: idle again means it has finished
    w = page.evaluate("window.__aluBench")
    after = [(t, state) for t, state in w["states"] if t >= w["click"]]
    started = max((t for t, state in after if state == "running"), default=None)  # the run the click started
    # A short run may never show as running (started and ended in one redraw): it ended with its verdict. The
    # verdict may also be drawn after the run's end (a piece of Streamlit's script still loading).
    ended = w["verdict"]
    if started is not None:
        ended = max(ended, min(t for t, state in after if t >= started and state == "notRunning"))
    page.goto(target.url)
    noted(page, "ready")
    again = page.evaluate("window.__aluBench.ready")
    idle(page)
    if w["arrived"] is None:  # the verdict was drawn, so a message carried it: the watch missed it
        raise SystemExit(f"{target.name}: no message with {target.verdict!r} was seen arriving")
    return w["ready"], w["verdict"] - w["click"], ended - w["click"], again, w["arrived"] - w["click"]


BARE_VERDICT = "Verdict: North wins"


def choose_bare(page: Page) -> None:
    page.get_by_text("North", exact=True).click()  # in a form: nothing is sent until Submit
    idle(page)


def idle(page: Page) -> None:
    """Wait until the app's script has finished its run (the front end's own flag on the app's root)."""
    page.locator("[data-test-script-state='notRunning']").wait_for(timeout=TIMEOUT)


def choose_practice(page: Page) -> None:
    # Two aces share the best tier: the trick is spoiled and North, who led, leads again. The winner is
    # answered on the cards (a radio group drawn as them, in Check's form as the next leader's radio is: nothing
    # is sent until Submit, as bare's); its option's box is clicked, the card on it taking the click.
    page.locator("[data-testid='stRadio']").filter(has_text="Who leads the next trick?").get_by_text(
        "North", exact=True
    ).click()
    spoiled = page.get_by_role("radio", name="Spoiled: nobody wins", exact=True)
    page.get_by_test_id("stRadioOption").filter(has=spoiled).click()
    spoiled.wait_for(timeout=TIMEOUT)
    if not spoiled.is_checked():
        raise SystemExit("practice: the Spoiled choice did not read as checked")
    idle(page)


def practice(name: str, url: str) -> Target:
    """The tutor served at ``url``, on its Practice page at the ``spoiled-aces`` trick."""
    ready = ("Spoiled: nobody wins", "Who leads the next trick?")  # the cards' choices, the radio
    return Target(name, f"{url}/practice?scenario=spoiled-aces", ready, choose_practice, "Right!")


def median(values: list[float]) -> float:
    return statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="measured runs of each (11 or more)")
    parser.add_argument("--verbose", action="store_true", help="print every run's figure too")
    parser.add_argument(
        "--default-bare", action="store_true", help="also the floor served with Streamlit's default settings"
    )
    parser.add_argument(
        "--app",
        type=Path,
        action="append",
        help="a tutor's server.py or main.py (default: this one's server.py); give it twice or more to compare copies",
    )
    args = parser.parse_args()
    apps = [app.resolve() for app in args.app or [ROOT / "tutor" / "app" / "server.py"]]
    floors = ["bare", "bare-defaults"] if args.default_bare else ["bare"]
    names = [*floors, *(f"practice{n + 1 if len(apps) > 1 else ''}" for n in range(len(apps)))]
    whats = ("load", "submit", "arrived", "drawing", "reveal", "again")
    figures: dict[str, dict[str, list[float]]] = {name: {what: [] for what in whats} for name in names}
    with tempfile.TemporaryDirectory() as folder, ExitStack() as servers:
        bare_ready = ("Who wins this trick?",)
        targets = []
        for name, settings in (("bare", True), ("bare-defaults", False))[: 2 if args.default_bare else 1]:
            place = Path(folder) / name
            (place / ".streamlit").mkdir(parents=True)
            (place / "bare.py").write_text(BARE, encoding="utf-8")
            if settings:  # the tutor's runner settings, read by `streamlit run` from its working folder
                shutil.copy(ROOT / ".streamlit" / "config.toml", place / ".streamlit" / "config.toml")
            bare_url = servers.enter_context(served(place / "bare.py", place, dict(os.environ)))
            targets.append(Target(name, bare_url, bare_ready, choose_bare, BARE_VERDICT))
        for name, app in zip(names[len(floors) :], apps, strict=True):
            app_root = app.parents[2]
            env = dict(os.environ, ALUETTE_DB=str(Path(folder) / f"{name}.db"))
            env["PYTHONPATH"] = os.pathsep.join([str(app_root), env.get("PYTHONPATH", "")]).strip(os.pathsep)
            url = servers.enter_context(served(app, app_root, env))
            targets.append(practice(name, url))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for run in range(args.runs + 1):  # the first run of each warms the servers and the browser up
                for target in targets:  # in turn, so that a busy moment hurts all alike
                    context = browser.new_context(viewport={"width": 1366, "height": 900})
                    loaded, submitted, revealed, again, arrived = measure(context.new_page(), target)
                    context.close()
                    if run:
                        figures[target.name]["load"].append(loaded)
                        figures[target.name]["submit"].append(submitted)
                        figures[target.name]["arrived"].append(arrived)
                        figures[target.name]["drawing"].append(submitted - arrived)
                        figures[target.name]["reveal"].append(revealed)
                        figures[target.name]["again"].append(again)
            browser.close()
    print(f"Chromium, {args.runs} runs each, medians")
    for name, app in zip(names[len(floors) :], apps, strict=True):
        print(f"{name}: {app}")
    targets_text = {
        "submit": " (target 1.2x)",
        "arrived": " (of Submit: click to the verdict's message received)",
        "drawing": " (of Submit: that message to the verdict drawn)",
        "reveal": "",
        "load": " (target 1.5x)",
        "again": " (cached)",
    }
    for what, goal in targets_text.items():
        bare_ms = median(figures["bare"][what])
        line = f"{what:>7}: bare {bare_ms:6.0f} ms"
        for name in names[1:]:
            ms = median(figures[name][what])
            line += f"   {name} {ms:6.0f} ms ratio {ms / bare_ms:4.2f}x"
        print(line + goal)
        if args.verbose:
            for name in names:
                print(f"         {name:>9}: " + " ".join(f"{v:.0f}" for v in figures[name][what]))


if __name__ == "__main__":
    main()
