"""Several app instances behind HAProxy on one machine, for trying a school's set-up: ``make cluster N=3 DB=...``.

    python deploy/cluster.py --instances 3 --db postgresql://aluette@127.0.0.1:5432/aluette [--port 8501]

Starts N instances of the app (``aluette-tutor app``'s command) on free loopback ports, all with one
``server.cookieSecret`` (Streamlit signs its XSRF cookie with it: a browser moved to another instance must still be
accepted) and one database (``ALUETTE_DB``), then Debian's ``haproxy`` in front with ``deploy/haproxy.cfg`` (cookie
affinity, health checks on ``/_stcore/health``, websockets), its instances and address written in. Prints the
one address to open; Ctrl-C (or SIGTERM) stops the proxy and every instance. An instance that dies is reported
and its browsers are sent to the others; the cluster carries on while one instance lives.

Without ``--db`` the instances share ``ALUETTE_DB`` or the default SQLite file, which several processes cannot
share safely: fine for a look, not for a school (use a PostgreSQL URL).

Each instance is kept on a core of its own, in turn (``ALUETTE_CPU``: instance 1 on the first core this script may
use, instance 2 on the next, ...): a Streamlit process serves more on one core than spread over several
(``tutor/app/affinity.py``); ``--no-pin`` lets them run anywhere.

From Python (the tests): ``with Cluster(2, db) as cluster:`` then ``cluster.url`` and ``cluster.instances``.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

# one free-port finder for both scripts; `cluster.free_port` stays importable (benchmarks/load.py, the tests)
from local_postgres import free_port as free_port

from tutor.app.affinity import allowed

ROOT = Path(__file__).resolve().parent.parent
CONFIG = Path(__file__).resolve().parent / "haproxy.cfg"
ADDRESS = ("    # --- address (deploy/cluster.py writes its own) ---", "    # --- end of address ---")
INSTANCES = ("    # --- instances (deploy/cluster.py writes its own) ---", "    # --- end of instances ---")
STARTUP = 90.0  # s: an instance on a busy machine loads the course before it answers


class ClusterError(RuntimeError):
    """Something the cluster needs is missing or did not start: one line for the person who ran it."""


def wait_until(ready: Callable[[], bool], process: subprocess.Popen[bytes], seconds: float, exited: str, late: str,
               pause: float = 0.2) -> None:  # fmt: skip
    """Poll ``ready`` every ``pause`` s until it holds; :class:`ClusterError` with ``exited`` (its ``{code}`` the
    exit code) as soon as ``process`` has exited, or with ``late`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not ready():
        if process.poll() is not None:
            raise ClusterError(exited.replace("{code}", str(process.returncode)))
        if time.monotonic() > deadline:
            raise ClusterError(late)
        time.sleep(pause)


def haproxy() -> str:
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if not found:
        raise ClusterError("haproxy is not installed (Debian: apt-get install haproxy, or `make haproxy`)")
    return found


@dataclass
class Instance:
    """One app instance: its name (the proxy's cookie value), its port and its process."""

    name: str
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def render(config: str, bind: str, instances: list[Instance]) -> str:
    """``deploy/haproxy.cfg`` with ``bind`` as its address and ``instances`` as its servers.

    >>> text = render(CONFIG.read_text(), "127.0.0.1:9000", [Instance("app1", 9001)])
    >>> [line.strip() for line in text.splitlines() if line.strip().startswith(("bind", "server"))]
    ['bind 127.0.0.1:9000', 'server app1 127.0.0.1:9001 check cookie app1']
    """
    text = _replace(config, ADDRESS, [f"    bind {bind}"])
    servers = [f"    server {i.name} 127.0.0.1:{i.port} check cookie {i.name}" for i in instances]
    return _replace(text, INSTANCES, servers)


def _replace(text: str, markers: tuple[str, str], lines: list[str]) -> str:
    start, end = markers
    if start not in text or end not in text:
        raise ClusterError(f"{CONFIG}: the marker line {start.strip()!r} or {end.strip()!r} is missing")
    head, _, rest = text.partition(start + "\n")
    _, _, tail = rest.partition(end)
    return head + start + "\n" + "".join(line + "\n" for line in lines) + end + tail


def healthy(url: str, through_proxy: bool = False) -> bool:
    """Whether ``url`` answers its health check (through the proxy: with the header only our proxy sets)."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.status == 200 and (not through_proxy or "X-Aluette-Instance" in response.headers)
    except OSError:
        return False


def port_free(host: str, port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


@dataclass
class Cluster:
    """N instances and the proxy: ``start()`` (or ``with``), then :attr:`url`; ``stop()`` stops them all."""

    count: int
    db: str | None = None
    port: int = 0  # the proxy's; 0: a free one
    host: str = "127.0.0.1"
    quiet: bool = True  # the instances' own output to /dev/null (else to this terminal)
    pin: bool = True  # each instance kept on a core of its own (ALUETTE_CPU), in turn
    instances: list[Instance] = field(default_factory=list)
    proxy: subprocess.Popen[bytes] | None = None
    folder: Path | None = None

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("", "0.0.0.0") else self.host
        return f"http://{host}:{self.port}"

    def start(self) -> Cluster:
        if self.count < 1:
            raise ClusterError(f"--instances {self.count}: at least one instance")
        proxy_binary = haproxy()
        self.port = self.port or free_port()
        if not port_free(self.host, self.port):
            raise ClusterError(f"port {self.port} is in use on {self.host}: choose another with --port (make: PORT=)")
        self.folder = Path(tempfile.mkdtemp(prefix="aluette-cluster-"))
        secret = os.environ.get("ALUETTE_COOKIE_SECRET") or secrets.token_hex(32)
        # Streamlit takes the secret only from a file or its variable, never from the command line (where `ps` shows it)
        env = dict(os.environ, STREAMLIT_SERVER_COOKIE_SECRET=secret, **({"ALUETTE_DB": self.db} if self.db else {}))
        try:
            self.instances = [Instance(f"app{n + 1}", free_port()) for n in range(self.count)]
            output = subprocess.DEVNULL if self.quiet else None
            cores = allowed()
            for n, instance in enumerate(self.instances):
                # a core of its own for each instance, in turn (tutor/app/affinity.py says why)
                pinned = dict(env, ALUETTE_CPU=str(cores[n % len(cores)])) if self.pin else env
                instance.process = subprocess.Popen(
                    app_command(instance.port),
                    cwd=ROOT, env=pinned, start_new_session=True,  # Ctrl-C reaches this script: it stops them in order
                    stdout=output, stderr=output,
                )  # fmt: skip
            for instance in self.instances:
                self._wait_until_healthy(instance)
            config = self.folder / "haproxy.cfg"
            config.write_text(render(CONFIG.read_text(encoding="utf-8"), f"{self.host}:{self.port}", self.instances))
            check = subprocess.run([proxy_binary, "-c", "-q", "-f", str(config)], capture_output=True, text=True)
            if check.returncode != 0:
                raise ClusterError(f"haproxy refuses {config}: {(check.stderr or check.stdout).strip()}")
            # -db: in the foreground, stopped with this script
            self.proxy = subprocess.Popen(
                [proxy_binary, "-db", "-f", str(config)], start_new_session=True, stdout=subprocess.DEVNULL
            )
            refused = f"haproxy did not start on {self.host}:{self.port} (is the port taken?)"
            wait_until(lambda: healthy(self.url, through_proxy=True), self.proxy, 15, refused, refused, pause=0.1)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_until_healthy(self, instance: Instance) -> None:
        assert instance.process is not None
        wait_until(
            lambda: healthy(instance.url), instance.process, STARTUP,
            f"instance {instance.name} exited at start (code {{code}})",
            f"instance {instance.name} did not answer on port {instance.port} in {STARTUP:.0f} s",
        )  # fmt: skip

    def stop(self) -> None:
        """The proxy first (no request goes to an instance on its way out), then every instance."""
        processes = [p for p in [self.proxy, *(i.process for i in self.instances)] if p is not None]
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.proxy = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def app_command(port: int) -> list[str]:
    """``aluette-tutor app --port PORT``'s command (on 127.0.0.1: the proxy alone faces the network)."""
    sys.path.insert(0, str(ROOT))  # run from a checkout: tutor is importable from the project's root
    from tutor.cli import app_command as command
    from tutor.cli import build_parser

    return command(build_parser().parse_args(["app", "--port", str(port), "--address", "127.0.0.1"]))


def check_database(db: str | None) -> None:
    """A PostgreSQL URL must reach its server before any instance starts: one line if it does not."""
    if not db or not db.startswith(("postgresql://", "postgres://")):
        return
    import psycopg

    try:
        psycopg.connect(db, connect_timeout=5).close()
    except psycopg.Error as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ClusterError(f"--db {db}: cannot connect ({reason})") from None


def watch(cluster: Cluster) -> None:
    """Until Ctrl-C: say once when an instance dies; stop when the proxy or every instance has."""
    reported: set[str] = set()
    while True:
        time.sleep(1)
        for instance in cluster.instances:
            if instance.process is not None and instance.process.poll() is not None and instance.name not in reported:
                reported.add(instance.name)
                print(f"cluster: instance {instance.name} exited (code {instance.process.returncode}); "
                      "its browsers go to the others", flush=True)  # fmt: skip
        if len(reported) == len(cluster.instances):
            raise ClusterError("every instance has exited")
        if cluster.proxy is not None and cluster.proxy.poll() is not None:
            raise ClusterError(f"haproxy exited (code {cluster.proxy.returncode})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", "-n", type=int, default=3, help="how many app instances (default 3)")
    parser.add_argument("--db", default=None, help="the database every instance uses: a PostgreSQL URL (or a path)")
    parser.add_argument("--port", type=int, default=8501, help="the proxy's port (default 8501)")
    parser.add_argument("--host", default="127.0.0.1", help="the proxy's address (0.0.0.0: every network)")
    parser.add_argument("--verbose", action="store_true", help="show the instances' own output")
    parser.add_argument(
        "--no-pin", action="store_true", help="let every instance run on any core (default: each on one of its own)"
    )
    args = parser.parse_args(argv)
    cluster = Cluster(
        args.instances, args.db, port=args.port, host=args.host, quiet=not args.verbose, pin=not args.no_pin
    )
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        check_database(args.db)
        if not args.db or not args.db.startswith(("postgresql://", "postgres://")):
            print("cluster: several instances on one SQLite file is for a look only: give --db postgresql://...",
                  file=sys.stderr)  # fmt: skip
        cluster.start()
        names = ", ".join(f"{i.name} on port {i.port}" for i in cluster.instances)
        count = f"{len(cluster.instances)} instance{'s' if len(cluster.instances) > 1 else ''}"
        print(f"Aluette tutor: {cluster.url}  ({count}: {names}; Ctrl-C stops them)",
              flush=True)  # fmt: skip
        watch(cluster)
    except ClusterError as error:
        print(f"cluster: {error}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
