"""Simulated learners against the tutor, speaking Streamlit's own websocket protocol (no browsers), beside a bare
Streamlit form app driven the same way in the same run: how many questions a second, how fast, at what CPU.

    .venv/bin/python benchmarks/load.py [--quick] [--learners 10 30 60] [--seconds 30] [--runs 3]
                                        [--think 2] [--think-spread 0.5]
                                        [--instances 2] [--free] [--url http://host:port --pid PID ...]
                                        [--serial 8 [--serial-only]]

Each learner opens the Practice page at one scenario (``spoiled-aces``: choose the card that wins, choose who leads
next), thinks, chooses a card (a radio group drawn as the cards), thinks, chooses the next leader (each choice a
rerun of its own unless it sits in Check's form, as both do now), thinks, checks, thinks, and opens the next question
(a new page: a new session). A learner is one browser: it keeps the cookies the
server sets, the tutor's guest token (so its answers are recorded in the store under its guest profile, as a real
browser's are) and the proxy's affinity cookie. A page load is the index page fetched, the websocket opened and the
first run to its end, then every card picture it names that this learner has not fetched yet (a browser caches
them); a click or a
Check is its ``rerun_script`` message (``streamlit.proto`` BackMsg, with the widget states and the fragment the
front end would send) to the end of the run it starts (``script_finished``). The bare app (a radio in a form and a
submit button, as ``submit_bench.py``'s floor) has no cards: load, then Check.

A think is ``--think`` on average, each one drawn from think x (1 +- ``--think-spread``), uniformly, by a generator
of the learner's own (seeded by its number: the same draws every run); ``--think-spread 0`` thinks exactly
``--think`` every time, as this script did before, which makes the learners think in step (see :func:`thinking`).

For each number of learners (a sweep, each step ``--seconds`` long, the learners started over one think time):
questions/s, p50/p95 of each action, server CPU per question (``/proc/<pid>/stat`` of every server process, when
local), the servers' and this driver's share of a core, how busy the whole machine's cores were (``/proc/stat``:
whether anything was left for a second instance), and errors (an exception element, a run that does not end within
30 s, a closed connection, a Check whose verdict is not drawn). Then memory: RSS per idle session (page loaded) and
per active one (answered), and whether closing them gives it back; with ``--memory-again 125``, what as many
sessions again add once Streamlit has let the first ones go (it keeps a closed session 2 minutes for a
reconnection): about nothing if their memory was freed. With ``--runs`` above 1 every figure is the median of the
runs. ``--serial N`` first measures the server CPU of a question alone: one learner at a time, no think time, the
targets in turn, rounds of N questions (a figure a busy machine distorts far less than a sweep's). Asserts nothing.

By default the script serves the tutor (``aluette-tutor app``'s command, a temporary SQLite file) and the bare app
itself on free loopback ports; ``--instances N`` serves N tutor instances behind HAProxy (``deploy/cluster.py``)
instead and drives the proxy; ``--url`` drives an address already served (``--pid`` names its server processes
for the CPU and memory figures). Each server is kept on one core, as README's deployment runs an instance: the
tutor and the bare app on the first core, the instances of ``--instances`` on one each (``tutor/app/affinity.py``);
``--free`` lets them run on any core, as every run before 2026-12-04 evening did.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
# Bounds of a sweep. 500 learners thinking 2 s give at most 62 questions a second, which two instances serve with
# room to spare: what they can serve together shows only with more. A thousand websockets cost this driver some
# 30% of a core.
MAX_LEARNERS = 1000
MAX_SECONDS = 600
sys.path[:0] = [str(ROOT), str(ROOT / "deploy")]
from cluster import Cluster, app_command, free_port, healthy  # noqa: E402

from tutor.app.affinity import allowed  # noqa: E402

RUN_TIMEOUT = 30.0  # s: a run that has not ended by then is an error
SCENARIO = "spoiled-aces"
# the card a learner chooses: the radio group drawn as the trick's cards (label contains), and the card's label
CARD = ("Who wins this trick?", "A-swords (North)")
RADIO = ("Who leads the next trick?", "North")  # the radio (label contains) and the option chosen
CHECK = "Check my answer"
AFTER_CHECK = "Try again"  # drawn with the verdict (spoiled-aces' winner is a tie: clicking A-swords is a mistake)

BARE = """\
import streamlit as st

st.title("Bare")
with st.form("answer"):
    st.radio("Who wins this trick?", ["North", "East", "South", "West"], index=None, key="winner")
    submitted = st.form_submit_button("Check my answer")
if submitted:
    st.success(f"Verdict: {st.session_state.winner} wins")
"""
PICTURE = re.compile(r"""(?:src="|url\(")(cards/[0-9A-Za-z._-]+\.svg)""")  # cards/<spec>.<digest>.svg


class Failed(Exception):
    """An error a learner met: counted, and the learner starts a new question."""


# --- one learner's session ----------------------------------------------------------------------------------------


@dataclass
class Widget:
    id: str
    kind: str
    label: str
    fragment: str
    form: str = ""  # the form it sits in: its value goes with the form's submit, nothing is sent on a change


@dataclass
class Page:
    """One session over one websocket: the widgets drawn so far and what the front end would send back."""

    socket: ClientConnection
    query: str
    page_name: str
    page_hash: str = ""
    widgets: dict[str, Widget] = field(default_factory=dict)  # by label
    values: dict[str, WidgetState] = field(default_factory=dict)  # by widget id: the values set so far
    texts: list[str] = field(default_factory=list)  # the texts and HTML of the last run

    async def run(self, widget: Widget | None = None, *, trigger: bool = True) -> None:
        """One rerun, to its end: the first run (``widget`` None), a button's click, or (``trigger`` False) the run
        a widget's new value in :attr:`values` starts; in the widget's fragment, as the front end does."""
        states = list(self.values.values())
        if widget is not None and trigger:
            states.append(WidgetState(id=widget.id, trigger_value=True))
        state = ClientState(
            query_string=self.query, page_name=self.page_name, page_script_hash=self.page_hash,
            widget_states=WidgetStates(widgets=states), fragment_id=widget.fragment if widget else "",
        )  # fmt: skip
        await self.socket.send(BackMsg(rerun_script=state).SerializeToString())
        self.texts = []
        await asyncio.wait_for(self._until_finished(), RUN_TIMEOUT)

    async def _until_finished(self) -> None:
        while True:
            message = ForwardMsg()
            message.ParseFromString(await self.socket.recv(decode=False))
            kind = message.WhichOneof("type")
            if kind == "new_session":
                self.page_hash = message.new_session.page_script_hash
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                self._drawn(message.delta.new_element, message.delta.fragment_id)
            elif kind == "script_finished":
                status = message.script_finished
                if status in (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY):
                    return
                if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    raise Failed("the script did not compile")
                # FINISHED_EARLY_FOR_RERUN: st.rerun(); the next run follows

    def _drawn(self, element: object, fragment: str) -> None:
        kind = element.WhichOneof("type")  # type: ignore[attr-defined]
        proto = getattr(element, kind)
        if kind == "exception":
            raise Failed(f"exception element: {proto.message[:200]}")
        if hasattr(proto, "id") and proto.id and hasattr(proto, "label"):
            self.widgets[proto.label] = Widget(proto.id, kind, proto.label, fragment, getattr(proto, "form_id", ""))
        for text in ("body", "text"):
            if isinstance(getattr(proto, text, None), str):
                self.texts.append(getattr(proto, text))

    def widget(self, label: str) -> Widget:
        found = [w for name, w in self.widgets.items() if label in name]
        if not found:
            raise Failed(f"no widget {label!r} on the page")
        return found[-1]

    def choose(self, label: str, option: str) -> Widget:
        """``option`` chosen in the radio whose label contains ``label``: its value set, as the front end keeps it
        until it sends it (at once, or with its form's submit)."""
        radio = self.widget(label)
        self.values[radio.id] = WidgetState(id=radio.id, string_value=option)
        return radio


async def http_get(base: str, path: str, cookie: str = "") -> tuple[int, bytes, str]:
    """A plain HTTP/1.1 GET on a connection of its own: status, body, and ``cookie`` with the cookies the response
    set merged in (a browser's jar: the tutor's guest token, the proxy's affinity)."""
    url = urllib.parse.urlsplit(base)
    reader, writer = await asyncio.open_connection(url.hostname, url.port or 80)
    headers = f"GET /{path.lstrip('/')} HTTP/1.1\r\nHost: {url.netloc}\r\nConnection: close\r\n"
    writer.write((headers + (f"Cookie: {cookie}\r\n" if cookie else "") + "\r\n").encode())
    try:
        raw = await asyncio.wait_for(reader.read(), RUN_TIMEOUT)
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    set_cookies = [line.split(":", 1)[1].split(";")[0].strip() for line in lines[1:]
                   if line.lower().startswith("set-cookie:")]  # fmt: skip
    return int(lines[0].split()[1]), body, merged(cookie, set_cookies)


def merged(cookie: str, set_cookies: list[str]) -> str:
    """A ``Cookie`` header with the ``name=value`` pairs of ``set_cookies`` put in (a new value replaces the old).

    >>> merged("ALUETTE_INSTANCE=app1", ["aluette_guest=abc", "ALUETTE_INSTANCE=app2"])
    'ALUETTE_INSTANCE=app2; aluette_guest=abc'
    """
    jar = dict(pair.partition("=")[::2] for pair in cookie.split("; ") if "=" in pair)
    jar.update(pair.partition("=")[::2] for pair in set_cookies if "=" in pair)
    return "; ".join(f"{name}={value}" for name, value in jar.items())


@dataclass
class Timings:
    load: list[float] = field(default_factory=list)
    click: list[float] = field(default_factory=list)
    check: list[float] = field(default_factory=list)
    questions: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Target:
    """What is driven: the tutor's Practice page or the bare app."""

    name: str
    url: str
    pids: tuple[int, ...]
    tutor: bool


Think = Callable[[], float]  # a learner's next think time, s
SPREAD = 0.5  # each think: think x (1 +- SPREAD), uniformly
NO_THINKING: Think = lambda: 0.0  # noqa: E731


def thinking(mean: float, spread: float, seed: int) -> Think:
    """One learner's think times: uniform in ``mean`` x (1 - ``spread``, 1 + ``spread``), from a generator of
    its own (the same for a seed). A fixed think time makes the learners think in step: all of them wait on the
    same busy moment, go on together and think together, so the server alternates a burst of every learner at
    once with seconds of nothing (seen at 100 learners: 13-15% of a core for 6 s in mid-step, then a burst in
    which a page load waited 1-3 s); people do not think in step.

    >>> think = thinking(2.0, 0.5, 1)
    >>> all(1.0 <= think() <= 3.0 for _ in range(1000)), thinking(2.0, 0.0, 1)()
    (True, 2.0)
    """
    draw = random.Random(seed).random
    return lambda: mean * (1 + spread * (2 * draw() - 1))


@contextmanager
def timed(into: list[float]) -> Iterator[None]:
    start = time.perf_counter()
    yield
    into.append((time.perf_counter() - start) * 1000)


async def open_page(target: Target, seen: set[str], timings: Timings, cookie: str) -> tuple[Page, str]:
    """A page load: index page, websocket, first run, the card pictures not yet fetched."""
    query = f"scenario={SCENARIO}" if target.tutor else ""
    path = "practice" if target.tutor else ""
    with timed(timings.load):
        status, _, cookie = await http_get(target.url, f"{path}?{query}", cookie)
        if status != 200:
            raise Failed(f"GET /{path}: HTTP {status}")
        stream = target.url.replace("http", "ws", 1) + "/_stcore/stream"
        socket = await connect(
            stream, subprotocols=["streamlit"], max_size=None, open_timeout=RUN_TIMEOUT,  # type: ignore[list-item]
            additional_headers={"Cookie": cookie} if cookie else None,
        )  # fmt: skip
        page = Page(socket, query, path)
        await page.run()
        for picture in sorted({m for text in page.texts for m in PICTURE.findall(text)} - seen):
            status, _, _ = await http_get(target.url, picture, cookie)
            if status != 200:
                raise Failed(f"GET /{picture}: HTTP {status}")
            seen.add(picture)
    return page, cookie


async def question(target: Target, seen: set[str], timings: Timings, think: Think | float, cookie: str) -> str:
    """One question, from its page load to its verdict; ``think``: the pauses between actions (a number: always
    that many seconds)."""
    if not callable(think):
        think = thinking(float(think), 0.0, 0)
    page, cookie = await open_page(target, seen, timings, cookie)
    try:
        if target.tutor:
            for label, option in (CARD, RADIO):
                await asyncio.sleep(think())
                radio = page.choose(label, option)
                if not radio.form:  # in a form, the browser sends the choice with Check, not on its own
                    with timed(timings.click):
                        await page.run(radio, trigger=False)
        else:
            page.choose("Who wins this trick?", "North")  # in a form: sent with Submit
        await asyncio.sleep(think())
        with timed(timings.check):
            await page.run(page.widget(CHECK))
        verdict = AFTER_CHECK if target.tutor else "Verdict: North wins"
        if not any(verdict in text for text in page.texts) and verdict not in page.widgets:
            raise Failed(f"no {verdict!r} after Check")
        timings.questions += 1
    finally:
        await page.socket.close()
    return cookie


async def learner(target: Target, stop: float, start_after: float, think: Think, timings: Timings) -> None:
    await asyncio.sleep(start_after)
    seen: set[str] = set()  # the pictures this learner's browser has cached
    cookie = ""  # the cookies the server sets (the guest's token, the proxy's affinity), kept as a browser keeps them
    while time.monotonic() < stop:
        try:
            cookie = await question(target, seen, timings, think, cookie)
        except (
            Exception
        ) as error:  # any failure (Failed, a timeout, a closed socket) is counted, and the learner goes on
            timings.errors.append(f"{type(error).__name__}: {error}"[:200])
        await asyncio.sleep(think())


# --- the server's side ---------------------------------------------------------------------------------------------


def cpu_seconds(pids: tuple[int, ...]) -> float:
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return total


def busy_and_total(line: str) -> tuple[int, int]:
    """The ticks a ``cpu`` line of ``/proc/stat`` counts as busy (user, nice, system, irq, softirq, steal) and in
    all (those, idle and iowait; guest time is inside user already), summed over every core."""
    user, nice, system, idle, iowait, irq, softirq, steal = (int(f) for f in line.split()[1:9])
    busy = user + nice + system + irq + softirq + steal
    return busy, busy + idle + iowait


def machine_ticks() -> tuple[int, int]:
    """The whole machine's busy and total ticks so far: everything on it, the servers, this driver, PostgreSQL,
    the proxy and anything else, so that "the machine was full" is a figure, not a guess."""
    return busy_and_total(Path("/proc/stat").read_text().splitlines()[0])


def driver_seconds() -> float:
    """The CPU this driver process has used (its learners' protocol, their JSON and protobufs)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def rss_mb(pids: tuple[int, ...]) -> float:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


@dataclass
class Step:
    learners: int
    per_second: float
    load: tuple[float, float]
    click: tuple[float, float]
    check: tuple[float, float]
    cpu_per_question: float  # ms
    cpu_share: float  # of one core
    driver_share: float  # this driver's CPU, of one core
    machine_busy: float  # of all the machine's cores together
    errors: int
    first_error: str


def quantiles(values: list[float]) -> tuple[float, float]:
    if not values:
        return (float("nan"), float("nan"))
    ordered = sorted(values)
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


async def sweep_step(target: Target, learners: int, seconds: float, think: float, spread: float = SPREAD) -> Step:
    timings = Timings()
    cpu = cpu_seconds(target.pids) if target.pids else 0.0
    driver, (busy, total) = driver_seconds(), machine_ticks()
    started = time.monotonic()
    stop = started + seconds
    await asyncio.gather(
        *(learner(target, stop, think * n / learners, thinking(think, spread, n), timings) for n in range(learners))
    )
    elapsed = time.monotonic() - started
    used = (cpu_seconds(target.pids) - cpu) if target.pids else float("nan")
    busy_after, total_after = machine_ticks()
    return Step(
        learners, timings.questions / elapsed, quantiles(timings.load), quantiles(timings.click),
        quantiles(timings.check), used * 1000 / max(timings.questions, 1), used / elapsed,
        (driver_seconds() - driver) / elapsed, (busy_after - busy) / max(total_after - total, 1),
        len(timings.errors), timings.errors[0] if timings.errors else "",
    )  # fmt: skip


async def memory(target: Target, sessions: int, again_after: float = 0.0) -> tuple[float, float, float, float]:
    """MB of RSS per idle session, per active one, and per session still held once they are all closed; with
    ``again_after`` (s), the growth per session of a second batch opened that long after the first closed."""
    if not target.pids:
        return (float("nan"),) * 4
    await warm(target)
    before = rss_mb(target.pids)
    idle, active = await batch(target, sessions)
    await asyncio.sleep(3)  # the sockets closed: Streamlit keeps each session a while, for a reconnection
    closed = rss_mb(target.pids)
    again = float("nan")
    if again_after > 0:
        # Streamlit keeps a closed session up to 2 min (at most 128) in case it reconnects, then lets it go: if its
        # memory is freed, a second batch after that reuses it and the process hardly grows
        await asyncio.sleep(again_after)
        start = rss_mb(target.pids)
        await batch(target, sessions)
        again = (rss_mb(target.pids) - start) / sessions
    return (idle - before) / sessions, (active - before) / sessions, (closed - before) / sessions, again


async def batch(target: Target, sessions: int) -> tuple[float, float]:
    """``sessions`` pages opened (RSS then), each answered (RSS then), then closed."""
    timings, seen = Timings(), set[str]()
    pages = [(await open_page(target, seen, timings, ""))[0] for _ in range(sessions)]
    idle = rss_mb(target.pids)
    for page in pages:
        for label, option in (CARD, RADIO) if target.tutor else (("Who wins this trick?", "North"),):
            if not page.choose(label, option).form:
                await page.run(page.widget(label), trigger=False)
        await page.run(page.widget(CHECK))
    active = rss_mb(target.pids)
    for page in pages:
        await page.socket.close()
    return idle, active


async def warm(target: Target) -> None:
    """One question first: the course loaded and every module imported before anything is measured."""
    await question(target, set(), Timings(), NO_THINKING, "")


# --- serving -------------------------------------------------------------------------------------------------------


LOGS: list[Path] = []  # the servers' own output: the tracebacks behind an exception element, printed at the end


@contextmanager
def serve(
    command: list[str], cwd: Path, env: dict[str, str], port: int, core: int | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """``command`` served on ``port`` until the block ends; on ``core`` alone when one is given."""
    log = Path(tempfile.mkstemp(prefix=f"load-{port}-", suffix=".log")[1])
    LOGS.append(log)
    pin = None if core is None else lambda: os.sched_setaffinity(0, {core})  # before it starts a thread
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, preexec_fn=pin)
    try:
        deadline = time.monotonic() + 90
        while not healthy(f"http://127.0.0.1:{port}"):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"load: {' '.join(command[3:5])} did not start")
            time.sleep(0.2)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=20)


def server_errors() -> list[str]:
    """The last line of each distinct traceback the servers logged (then their logs are removed)."""
    found: dict[str, int] = {}
    for log in LOGS:
        lines = log.read_text(errors="replace").splitlines()
        for n, line in enumerate(lines):
            if line.startswith("Traceback"):
                end = next((m for m in range(n + 1, len(lines)) if lines[m] and not lines[m].startswith(" ")), n)
                found[lines[end][:200]] = found.get(lines[end][:200], 0) + 1
        log.unlink(missing_ok=True)
    return [f"{count} x {line}" for line, count in found.items()]


def targets(args: argparse.Namespace, stack: ExitStack, folder: Path) -> list[Target]:
    bare_port, bare = free_port(), folder / "bare.py"
    bare.write_text(BARE, encoding="utf-8")
    # the bare app served as the tutor is: the same runner settings (its command with the script swapped)
    bare_command = app_command(bare_port)
    bare_command[bare_command.index("run") + 1] = str(bare)
    # one process on one core, as README's deployment runs an instance (tutor/app/affinity.py), the floor too
    core = None if args.free else allowed()[0]
    found = [Target("bare", f"http://127.0.0.1:{bare_port}", (stack.enter_context(
        serve(bare_command, ROOT, dict(os.environ), bare_port, core)).pid,), tutor=False)]  # fmt: skip
    env = dict(os.environ, ALUETTE_DB=str(folder / "progress.db"))
    if args.url:
        found.append(Target("tutor", args.url.rstrip("/"), tuple(args.pid), tutor=True))
    elif args.instances:
        os.environ["ALUETTE_DB"] = str(folder / "progress.db")
        cluster = stack.enter_context(Cluster(args.instances, args.db or env["ALUETTE_DB"], pin=not args.free))
        pids = tuple(i.process.pid for i in cluster.instances if i.process is not None)
        found.append(Target(f"tutor x{args.instances} + proxy", cluster.url, pids, tutor=True))
    else:
        port = free_port()
        if args.db:
            env["ALUETTE_DB"] = args.db
        process = stack.enter_context(serve(app_command(port), ROOT, env, port, core))
        found.append(Target("tutor", f"http://127.0.0.1:{port}", (process.pid,), tutor=True))
    return found


# --- the report ----------------------------------------------------------------------------------------------------


def median(values: list[float]) -> float:
    clean = [v for v in values if v == v]  # NaN: not measured
    return statistics.median(clean) if clean else float("nan")


def clicks(p50: float, p95: float) -> str:
    """The click column: no figures where no click is a run of its own (every choice sits in Check's form)."""
    if p50 != p50:  # NaN: nothing timed
        return f"{'(in the form)':>15s}"
    return f"{p50:7.0f} / {p95:5.0f}"


def report(name: str, steps: list[list[Step]]) -> dict[int, float]:
    """Print one target's sweep (medians over the runs); its CPU ms per question by learner count."""
    print(f"\n{name}")
    # CPU(core): the servers' share of one core; driver(core): this driver's; machine: all the cores' busy share,
    # whatever ran on them (the servers, the driver, PostgreSQL, the proxy, anything else)
    print(
        "  learners  q/s    load p50/p95 ms   click p50/p95 ms  check p50/p95 ms  CPU ms/q  CPU(core)  "
        f"driver(core)  machine({os.cpu_count()} cores)  errors"
    )
    cpu: dict[int, float] = {}
    for runs in zip(*steps, strict=True):

        def m(get: Callable[[Step], float], runs: tuple[Step, ...] = runs) -> float:
            return median([get(s) for s in runs])

        cpu[runs[0].learners] = m(lambda s: s.cpu_per_question)
        print(
            f"  {runs[0].learners:8d}  {m(lambda s: s.per_second):5.2f}  "
            f"{m(lambda s: s.load[0]):7.0f} / {m(lambda s: s.load[1]):5.0f}   "
            f"{clicks(m(lambda s: s.click[0]), m(lambda s: s.click[1]))}   "
            f"{m(lambda s: s.check[0]):7.0f} / {m(lambda s: s.check[1]):5.0f}   "
            f"{cpu[runs[0].learners]:7.1f}   {m(lambda s: s.cpu_share):6.0%}      {m(lambda s: s.driver_share):6.0%}"
            f"          {m(lambda s: s.machine_busy):6.0%}       {sum(s.errors for s in runs):6d}"
        )
        first = next((s.first_error for s in runs if s.first_error), "")
        if first:
            print(f"            first error: {first}")
    return cpu


async def serial(found: list[Target], questions: int, rounds: int) -> None:
    """Server CPU per question with one learner at a time and no think time, the targets taking turns in rounds of
    ``questions``: the cost of a question itself, which a machine busy with other work inflates far less than it
    does a sweep's figures (there, sessions wait for a core and for each other). One session stays open on each
    target throughout: Streamlit empties its cache of compiled page scripts whenever none is."""
    if not all(t.pids for t in found):
        print("\nserial: needs the servers' process ids")
        return
    browsers: dict[str, tuple[set[str], str]] = {}
    kept = []
    for target in found:
        seen: set[str] = set()
        browsers[target.name] = (seen, await question(target, seen, Timings(), NO_THINKING, ""))
        kept.append((await open_page(target, set(), Timings(), ""))[0])
    per_question: dict[str, list[float]] = {t.name: [] for t in found}
    for _ in range(rounds):
        for target in found:
            seen, cookie = browsers[target.name]
            before = cpu_seconds(target.pids)
            for _ in range(questions):
                cookie = await question(target, seen, Timings(), NO_THINKING, cookie)
            browsers[target.name] = (seen, cookie)
            per_question[target.name].append((cpu_seconds(target.pids) - before) * 1000 / questions)
    for page in kept:
        await page.socket.close()
    bare = median(per_question["bare"])
    print(f"\nserial: server CPU per question, one learner at a time ({rounds} rounds of {questions}; median, range)")
    for name, figures in per_question.items():
        ratio = "" if name == "bare" else f"   {median(figures) / bare:.2f}x bare (target 2.5x or under)"
        print(f"  {name:24s} {median(figures):6.1f} ms  ({min(figures):.1f}-{max(figures):.1f}){ratio}")


async def measure(args: argparse.Namespace, found: list[Target]) -> None:
    for target in found:
        await warm(target)
    if args.serial:
        await serial(found, args.serial, max(args.runs, 5))
        if args.serial_only:
            return
    results: dict[str, list[list[Step]]] = {t.name: [] for t in found}
    for run in range(args.runs):
        for target in random.Random(run).sample(found, len(found)):  # alternate: a busy moment hurts both alike
            results[target.name].append(
                [await sweep_step(target, n, args.seconds, args.think, args.think_spread) for n in args.learners]
            )
    cpus = {name: report(name, steps) for name, steps in results.items()}
    bare = cpus.pop("bare")
    for name, cpu in cpus.items():
        ratios = ", ".join(f"{n}: {cpu[n] / bare[n]:.1f}x" for n in args.learners if bare[n] == bare[n] and bare[n])
        print(f"\nCPU per question, {name} against bare (target 2.5x or under): {ratios}")
    again = f" / a second batch {args.memory_again:.0f} s later" if args.memory_again else ""
    print(f"\nmemory, RSS per session with {args.sessions} sessions (MB): idle / active / once closed{again}")
    for target in found:
        figures = []
        for _ in range(args.runs):
            try:
                figures.append(await memory(target, args.sessions, args.memory_again))
            except Exception as error:
                print(f"  {target.name}: not measured ({type(error).__name__}: {error})"[:200])
        idle, active, closed, later = (median([f[i] for f in figures]) for i in range(4))
        second = f" / {later:6.2f}" if args.memory_again else ""
        print(f"  {target.name:24s} {idle:6.2f} / {active:6.2f} / {closed:6.2f}{second}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--quick", action="store_true", help="a short look: 3 and 6 learners, 8 s each, 1 s think time, one run"
    )
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 30, 60], help="the sweep (default 10 30 60)")
    parser.add_argument("--seconds", type=float, default=30, help="each step's length (default 30)")
    parser.add_argument("--think", type=float, default=2.0, help="s between a learner's actions (default 2)")
    parser.add_argument(
        "--think-spread",
        type=float,
        default=SPREAD,
        help=f"each think drawn from think x (1 +- spread), uniformly (default {SPREAD}; 0: always --think)",
    )
    parser.add_argument("--runs", type=int, default=1, help="repeat the sweep; figures are medians (default 1)")
    parser.add_argument("--sessions", type=int, default=20, help="sessions for the memory figures (default 20)")
    parser.add_argument(
        "--memory-again",
        type=float,
        default=0,
        help="s after closing the memory figures' sessions (125: past "
        "Streamlit's 2 min for a reconnection) to open as many again and report what they add (default: not)",
    )
    parser.add_argument("--instances", type=int, default=0, help="serve N tutor instances behind HAProxy")
    parser.add_argument(
        "--free",
        action="store_true",
        help="let the servers run on any core (default: each kept on one, the tutor's instances on one each)",
    )
    parser.add_argument("--db", default=None, help="the tutor's database (default: a temporary SQLite file)")
    parser.add_argument("--url", default=None, help="drive this address instead of serving the tutor")
    parser.add_argument(
        "--serial", type=int, default=0, help="first, CPU per question one learner at a time, in rounds of N questions"
    )
    parser.add_argument("--serial-only", action="store_true", help="with --serial: no sweep, no memory figures")
    parser.add_argument("--pid", type=int, nargs="*", default=[], help="with --url: the server processes' ids")
    args = parser.parse_args(argv)
    if args.quick:
        args.learners, args.seconds, args.runs, args.sessions, args.think = [3, 6], 8.0, 1, 5, 1.0
    if any(n < 1 for n in args.learners) or max(args.learners) > MAX_LEARNERS or args.seconds > MAX_SECONDS:
        parser.error(f"learners 1-{MAX_LEARNERS} per step, steps of at most {MAX_SECONDS} s")
    if not 0 <= args.think_spread <= 1:
        parser.error("--think-spread: from 0 to 1")
    print(f"{os.cpu_count()} cores; learners {args.learners}, {args.seconds:.0f} s each, think {args.think} s "
          f"(+-{args.think_spread:.0%}), {args.runs} run(s)", flush=True)  # fmt: skip
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        found = targets(args, stack, Path(folder))
        asyncio.run(measure(args, found))
    errors = server_errors()
    if errors:
        print("\nthe servers' tracebacks (their last line, how often):", *errors, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
