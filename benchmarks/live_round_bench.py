"""N simulated phones in a live round, speaking Streamlit's websocket protocol (no browsers), against one tutor
process, beside a bare Streamlit app whose phones poll a counter the same way (the floor), in the same run.

    .venv/bin/python benchmarks/live_round_bench.py [--phones 10 30 60] [--runs 3] [--idle 10] [--port 8640]

Each phone loads ``/round?code=CODE``, gives its name in the page's form (a guest joining), and is then in the
lobby. From there it does what a browser's front end does for the page's ``st.fragment(run_every=1 s)``: every
second it sends the fragment's rerun (``BackMsg`` ``rerun_script`` with the fragment's id, as announced by the
server's ``auto_rerun`` message) and reads to its end. The page reruns as a whole only when the round's revision
moved, so a poll is one small query; the phone then reads the page again.

Per number of phones, per run:

* **idle CPU**: the server's CPU (``/proc/<pid>/stat``) over ``--idle`` seconds of everyone polling the lobby,
  as a share of one core;
* **act to every phone**: the teacher's act (``open``, then ``reveal``: made here, on the same database, as the
  teacher's page would) to the moment each phone has drawn the new state (the question's "Question 1 of 1",
  then the reveal's explanation): p50, p95 and the last phone, in ms, and the CPU the server spent on it.

The floor is a bare app (a title, a line, a fragment that polls a file's counter every second and reruns the app
when it changed) driven the same way: its "act" writes the counter. Figures are medians of ``--runs`` runs (the
two apps alternating). The tutor is served with a temporary SQLite file on ``--port`` and the floor on the next
port. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from websockets.asyncio.client import ClientConnection, connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from load import ROOT, Failed, app_command, cpu_seconds, http_get, serve  # noqa: E402

sys.path.insert(0, str(ROOT))
from tutor.progress import rounds  # noqa: E402
from tutor.progress.store import ProgressDB  # noqa: E402
from tutor.progress.teachers import create_teacher  # noqa: E402

RUN_TIMEOUT = 60.0  # s: a run that has not ended by then is an error
SCENARIO = "spoiled-aces"
QUESTION = "Question 1 of 1"  # the caption the question's page draws
REVEALED = "You did not answer this one."  # what the reveal draws on a phone that did not answer
SEEN_TIMEOUT = 60.0  # s: a phone that has not seen an act by then counts as an error

BARE = """\
import os
from pathlib import Path

import streamlit as st

COUNTER = Path(os.environ["LIVE_BENCH_COUNTER"])

st.title("Bare")
seen = COUNTER.read_text()
st.session_state.seen = seen
st.markdown(f"Phase {seen}")


@st.fragment(run_every=1.0)
def follow() -> None:
    if COUNTER.read_text() != st.session_state.seen:
        st.rerun(scope="app")


follow()
"""


@dataclass
class Phone:
    """One phone's session: its websocket, the fragment it polls, the texts of its last full run."""

    socket: ClientConnection
    query: str
    page_name: str
    page_hash: str = ""
    fragment: str = ""  # the fragment to rerun every :attr:`interval` (announced by ``auto_rerun``)
    interval: float = 1.0
    widgets: dict[str, tuple[str, str]] = field(default_factory=dict)  # label -> (id, fragment)
    texts: list[str] = field(default_factory=list)  # of the last full run
    seen: dict[str, float] = field(default_factory=dict)  # a text looked for -> when it was first drawn

    async def run(self, states: Sequence[WidgetState] = (), *, fragment: str = "") -> None:
        state = ClientState(
            query_string=self.query, page_name=self.page_name, page_script_hash=self.page_hash,
            widget_states=WidgetStates(widgets=list(states)), fragment_id=fragment, is_auto_rerun=bool(fragment),
        )  # fmt: skip
        await self.socket.send(BackMsg(rerun_script=state).SerializeToString())
        await asyncio.wait_for(self._until_finished(), RUN_TIMEOUT)

    async def _until_finished(self) -> None:
        texts: list[str] = []
        while True:
            message = ForwardMsg()
            message.ParseFromString(await self.socket.recv(decode=False))
            kind = message.WhichOneof("type")
            if kind == "navigation":  # the page the run resolved to: what the front end sends back
                self.page_hash = message.navigation.page_script_hash
            elif kind == "auto_rerun":
                self.fragment, self.interval = message.auto_rerun.fragment_id, message.auto_rerun.interval
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                which = element.WhichOneof("type")
                proto = getattr(element, which)
                if which == "exception":
                    raise Failed(f"exception element: {proto.message[:200]}")
                if getattr(proto, "id", "") and hasattr(proto, "label"):
                    self.widgets[proto.label] = (proto.id, message.delta.fragment_id)
                for name in ("body", "text"):
                    if isinstance(getattr(proto, name, None), str):
                        texts.append(getattr(proto, name))
            elif kind == "script_finished":
                status = message.script_finished
                if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    raise Failed("the script did not compile")
                if status == ForwardMsg.FINISHED_SUCCESSFULLY:  # a whole run (maybe the one a poll asked for)
                    self.texts = texts
                    now = time.perf_counter()
                    for text in texts:
                        self.seen.setdefault(text, now)
                    return
                if status == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY:
                    return
                # FINISHED_EARLY_FOR_RERUN: st.rerun(); the whole run follows

    def drawn(self, text: str) -> float | None:
        """When a whole run first drew an element containing ``text``."""
        hits = [at for shown, at in self.seen.items() if text in shown]
        return min(hits) if hits else None


async def open_phone(base: str, path: str, query: str, name: str | None, address: str) -> Phone:
    """A phone's page load (index page, websocket, first run) and, for the tutor, joining by name. ``address`` is
    the phone's as a proxy on this computer passes it on (``X-Forwarded-For``): the tutor counts tries to join
    per address (tutor.app.client), and a room's phones are as many devices, not one."""
    status, _, _ = await http_get(base, f"{path}?{query}")
    if status != 200:
        raise Failed(f"GET /{path}: HTTP {status}")
    socket = await connect(
        base.replace("http", "ws", 1) + "/_stcore/stream",
        subprotocols=["streamlit"],  # type: ignore[list-item]
        additional_headers={"X-Forwarded-For": address},
        max_size=None,
        open_timeout=RUN_TIMEOUT,
    )
    phone = Phone(socket, query, path)
    await phone.run()
    if name is not None:
        typed = phone.widgets["Your name"][0]
        await phone.run([WidgetState(id=typed, string_value=name), WidgetState(id=phone.widgets["Join the round"][0],
                                                                              trigger_value=True)])  # fmt: skip
    if not phone.fragment:
        raise Failed(f"the page did not follow a round after joining: {' | '.join(phone.texts)[-300:]}")
    return phone


async def poll(phone: Phone, stop: asyncio.Event, errors: list[str]) -> None:
    """The front end's timer: the fragment's rerun every interval, until ``stop``."""
    await asyncio.sleep(random.random() * phone.interval)  # phones do not tick together
    while not stop.is_set():
        started = time.perf_counter()
        try:
            await phone.run(fragment=phone.fragment)
        except Exception as error:  # counted; the phone goes on polling, as a browser would
            errors.append(f"{type(error).__name__}: {error}"[:200])
        await asyncio.sleep(max(0.0, phone.interval - (time.perf_counter() - started)))


@dataclass
class Figures:
    phones: int
    idle_core: float  # share of one core while everyone polls
    acts: dict[str, tuple[float, float, float, float]]  # act -> (p50, p95, last) ms, CPU s
    errors: int
    first_error: str = ""


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


@dataclass(frozen=True)
class App:
    """What is driven: its name, address, page, server process, and how the teacher acts on it."""

    name: str
    url: str
    pid: int
    page: str
    query: Callable[[], str]  # a fresh round's query string (the tutor) or none
    acts: tuple[tuple[str, str], ...]  # (act, the text every phone must draw after it)
    act: Callable[[str], None]
    named: bool  # phones join by name


SERIAL = iter(range(1, 1_000_000))  # each run's phones have names of their own: a name cannot be taken twice


def phone_address(run: int, n: int) -> str:
    """Phone ``n``'s address in run ``run``: one of its own, on a private network (up to 300 phones a run)."""
    return f"10.{run % 250}.{n // 250}.{n % 250 + 1}"


async def one_run(app: App, phones: int, idle: float) -> Figures:
    query = app.query()
    errors: list[str] = []
    run = next(SERIAL)
    opened = await asyncio.gather(
        *(
            open_phone(app.url, app.page, query, f"Phone {run}-{n}" if app.named else None, phone_address(run, n))
            for n in range(phones)
        )
    )
    stop = asyncio.Event()
    pollers = [asyncio.create_task(poll(phone, stop, errors)) for phone in opened]
    try:
        await asyncio.sleep(2.0)  # every phone polling
        cpu, started = cpu_seconds((app.pid,)), time.perf_counter()
        await asyncio.sleep(idle)
        idle_core = (cpu_seconds((app.pid,)) - cpu) / (time.perf_counter() - started)
        acts: dict[str, tuple[float, float, float, float]] = {}
        for act, text in app.acts:
            cpu = cpu_seconds((app.pid,))
            at = time.perf_counter()
            app.act(act)
            deadline = at + SEEN_TIMEOUT
            while time.perf_counter() < deadline and any(p.drawn(text) is None for p in opened):
                await asyncio.sleep(0.05)
            seen = [p.drawn(text) for p in opened]
            delays = [(s - at) * 1000 for s in seen if s is not None]
            errors += [f"a phone did not draw {text!r}"] * (len(seen) - len(delays))
            acts[act] = (quantile(delays, 0.5), quantile(delays, 0.95), max(delays, default=float("nan")),
                         cpu_seconds((app.pid,)) - cpu)  # fmt: skip
            await asyncio.sleep(1.0)
    finally:
        stop.set()
        await asyncio.gather(*pollers)
        for phone in opened:
            await phone.socket.close()
    await asyncio.sleep(2.0)  # the sessions let go before the next step
    return Figures(phones, idle_core, acts, len(errors), errors[0] if errors else "")


def tutor_app(url: str, pid: int, db: ProgressDB) -> App:
    teacher = create_teacher(db, "Bench Teacher", "correct horse battery")
    current: list[int] = []

    def query() -> str:
        made = rounds.start_round(db, teacher, None, [SCENARIO])
        current[:] = [made.id]
        return f"code={made.code}"

    def act(action: str) -> None:
        rounds.act(db, teacher, current[0], action)

    return App("tutor /round", url, pid, "round", query, (("open", QUESTION), ("reveal", REVEALED)), act, True)


def bare_app(url: str, pid: int, counter: Path) -> App:
    def query() -> str:
        counter.write_text("0")
        return ""

    def act(action: str) -> None:
        counter.write_text(str(int(counter.read_text()) + 1))

    marks = (("open", "Phase 1"), ("reveal", "Phase 2"))
    return App("bare counter", url, pid, "", query, marks, act, False)


def median(values: list[float]) -> float:
    clean = [v for v in values if v == v]
    return statistics.median(clean) if clean else float("nan")


def report(name: str, runs: list[list[Figures]]) -> None:
    print(f"\n{name}")
    print("  phones  idle CPU (core)  act      to every phone p50 / p95 / last (ms)   CPU act->last (s)  errors")
    for step in zip(*runs, strict=True):
        acts = list(step[0].acts)
        for n, act in enumerate(acts):
            p50, p95, last, cpu = (median([f.acts[act][i] for f in step]) for i in range(4))
            head = f"  {step[0].phones:6d}  {median([f.idle_core for f in step]):14.0%}" if n == 0 else " " * 24
            tail = f"  {sum(f.errors for f in step):6d}" if n == 0 else ""
            print(f"{head}  {act:7s}  {p50:9.0f} / {p95:6.0f} / {last:6.0f}          {cpu:10.2f}{tail}")
        first = next((f.first_error for f in step if f.first_error), "")
        if first:
            print(f"          first error: {first}")


async def measure(apps: list[App], args: argparse.Namespace) -> None:
    for app in apps:
        await one_run(app, 2, 1.0)  # warm: the course loaded, every module imported
    results: dict[str, list[list[Figures]]] = {app.name: [] for app in apps}
    for run in range(args.runs):
        for app in random.Random(run).sample(apps, len(apps)):  # alternate: a busy moment hurts both alike
            results[app.name].append([await one_run(app, n, args.idle) for n in args.phones])
    for app in apps:
        report(app.name, results[app.name])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, nargs="+", default=[10, 30, 60], help="the sweep (default 10 30 60)")
    parser.add_argument("--runs", type=int, default=3, help="figures are medians of the runs (default 3)")
    parser.add_argument("--idle", type=float, default=10.0, help="s of everyone polling the lobby (default 10)")
    parser.add_argument("--port", type=int, default=8640, help="the tutor's port; the floor's is the next")
    args = parser.parse_args(argv)
    if any(n < 1 or n > 300 for n in args.phones) or not 1 <= args.runs <= 10:
        parser.error("1 to 300 phones per step, 1 to 10 runs")
    print(f"{os.cpu_count()} cores; phones {args.phones}, {args.runs} run(s), idle {args.idle:.0f} s", flush=True)
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        place = Path(folder)
        db_path, counter, bare = place / "progress.db", place / "counter", place / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
        counter.write_text("0")
        tutor_port, bare_port = args.port, args.port + 1
        env = dict(os.environ, ALUETTE_DB=str(db_path))
        tutor = stack.enter_context(serve(app_command(tutor_port), ROOT, env, tutor_port))
        bare_command = app_command(bare_port)
        bare_command[bare_command.index("run") + 1] = str(bare)
        floor = stack.enter_context(serve(bare_command, ROOT, dict(env, LIVE_BENCH_COUNTER=str(counter)), bare_port))
        db = stack.enter_context(ProgressDB(db_path))
        apps = [
            tutor_app(f"http://127.0.0.1:{tutor_port}", tutor.pid, db),
            bare_app(f"http://127.0.0.1:{bare_port}", floor.pid, counter),
        ]
        asyncio.run(measure(apps, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
