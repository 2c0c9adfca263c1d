"""A browser session on a served app (tests/served_app.py) without a browser: Streamlit's websocket protocol.

    from st_session import Session
    with Session(url, page="learn") as session:      # connected, the page run once
        session.click("Next")                          # a button by its label, as a click reruns the page

The client does what the browser's does at the level the server sees: it connects to ``/_stcore/stream``,
sends a ``BackMsg`` asking to run the script (the page, the query string, the widgets' values), and reads
``ForwardMsg`` s until the run is finished. Closing the websocket ends the session as closing a tab does.
For tests and benchmarks that need many sessions against one real server (descriptors, memory).
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path
from types import TracebackType

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

RUN_TIMEOUT = 120  # seconds for one run of a page: a guard against a hang on a busy machine, not a speed check


class SessionError(AssertionError):
    """The page's run failed (an exception shown) or the server closed the session."""


class Session:
    """One session: connected on entering, the page run once; closed (the session dropped) on leaving."""

    def __init__(self, url: str, page: str = "", query: str = "") -> None:
        self.url = url.replace("http://", "ws://", 1).rstrip("/") + "/_stcore/stream"
        self.page = page
        self.query = query
        self.buttons: dict[str, str] = {}  # label -> widget id, from the last run
        self.texts: list[str] = []  # markdown and captions of the last run, in order
        self._socket: ClientConnection | None = None
        self._stack = ExitStack()

    def __enter__(self) -> Session:
        opened = connect(self.url, subprotocols=[Subprotocol("streamlit")], max_size=None, open_timeout=RUN_TIMEOUT)
        self._socket = self._stack.enter_context(opened)
        self.run()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self._socket = None
        self._stack.close()

    def click(self, label: str) -> None:
        """Press the button labelled ``label`` on the page as last run, and wait for the rerun."""
        if label not in self.buttons:
            raise SessionError(f"no button {label!r} on the page (buttons: {sorted(self.buttons)})")
        pressed = WidgetState(id=self.buttons[label], trigger_value=True)
        self.run([pressed])

    def run(self, widgets: list[WidgetState] | None = None) -> None:
        """Ask for a run of the page (with ``widgets``' values) and read until it has finished."""
        assert self._socket is not None, "the session is not connected"
        message = BackMsg()
        message.rerun_script.query_string = self.query
        message.rerun_script.page_name = self.page
        message.rerun_script.widget_states.widgets.extend(widgets or [])
        self._socket.send(message.SerializeToString())
        self.buttons, self.texts = {}, []
        while True:
            raw = self._socket.recv(timeout=RUN_TIMEOUT)
            if not isinstance(raw, bytes):
                continue
            forward = ForwardMsg()
            forward.ParseFromString(raw)
            kind = forward.WhichOneof("type")
            if kind == "delta":
                self._read(forward)
            elif kind == "script_finished":
                if forward.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
                    return
                if forward.script_finished in (ForwardMsg.FINISHED_WITH_COMPILE_ERROR,):
                    raise SessionError("the app's script did not compile")
                # FINISHED_EARLY_FOR_RERUN: a callback asked for another run, which follows

    def _read(self, forward: ForwardMsg) -> None:
        delta = forward.delta
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        which = element.WhichOneof("type")
        if which == "button":
            self.buttons[element.button.label] = element.button.id
        elif which == "markdown":
            self.texts.append(element.markdown.body)
        elif which == "exception":
            raise SessionError(f"the page failed: {element.exception.type}: {element.exception.message}")


# --- what the server holds ------------------------------------------------------------------------------------


def descriptors(pid: int) -> int:
    """How many file descriptors process ``pid`` has open now."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def resident_kb(pid: int) -> int:
    """Process ``pid``'s resident memory now, in KiB (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SessionError(f"no VmRSS in /proc/{pid}/status")


def visit(url: str, *, active: bool) -> None:
    """One session from opening to closing: the Home page (idle), or a lesson read and its first section
    marked read (active: it writes to the progress file, which makes the browser's guest profile)."""
    if not active:
        with Session(url):
            return
    with Session(url, page="learn") as session:
        session.click(NEXT_SECTION)


NEXT_SECTION = "Next section →"
