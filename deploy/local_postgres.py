"""A throwaway PostgreSQL server in a folder of its own, on a free loopback port: for the tests and for
trying several instances locally (``make cluster``).

Debian's ``postgresql`` package gives the server binaries (``initdb``, ``pg_ctl``, ``postgres``); ``initdb``
refuses to run as root, so as root the folder is handed to the unprivileged user ``nobody`` and every server
command runs as that user. Nothing outside the folder is touched: the server listens on 127.0.0.1 only, its
socket lives in the folder, and :meth:`LocalPostgres.stop` (also called when the ``with`` block fails)
stops it and removes the folder.

    python deploy/local_postgres.py            # start one, print its URL, stop on Ctrl-C
"""

from __future__ import annotations

import argparse
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

SERVER_USER = "nobody"  # who runs the server when we are root (initdb refuses root)
DATABASE_USER = "aluette"


class PostgresMissing(RuntimeError):
    """The server binaries are not installed (Debian's ``postgresql`` package)."""


def bin_dir() -> Path:
    """The folder with ``initdb`` and ``pg_ctl``: ``$PG_BINDIR``, else the newest Debian version's."""
    chosen = os.environ.get("PG_BINDIR")
    found = (
        [Path(chosen)]
        if chosen
        else sorted(
            (Path(p) for p in glob.glob("/usr/lib/postgresql/*/bin")), key=lambda p: int(p.parent.name), reverse=True
        )
    )
    for folder in found:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).resolve().parent
    raise PostgresMissing("PostgreSQL's server is not installed (Debian: apt-get install postgresql)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalPostgres:
    """One server: ``start()`` (or ``with``), then :attr:`url`; ``create_database(name)`` for a fresh one."""

    def __init__(self, folder: Path | None = None, port: int | None = None) -> None:
        self.bin = bin_dir()
        self._made_folder = folder is None
        self.folder = Path(folder or tempfile.mkdtemp(prefix="aluette-pg-"))
        self.data = self.folder / "data"
        self.port = port or free_port()
        self.started = False

    # --- running as the server's user ----------------------------------------------------------------

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": str(self.folder)}
        if os.geteuid() != 0:
            return subprocess.run(list(args), check=check, capture_output=True, text=True, env=env, cwd=self.folder)
        user = pwd.getpwnam(SERVER_USER)
        return subprocess.run(
            list(args), check=check, capture_output=True, text=True, env=env, cwd=self.folder,
            user=user.pw_uid, group=user.pw_gid, extra_groups=[],
        )  # fmt: skip

    # --- life ----------------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        return f"postgresql://{DATABASE_USER}@127.0.0.1:{self.port}/{database}"

    def start(self) -> LocalPostgres:
        if os.geteuid() == 0:
            user = pwd.getpwnam(SERVER_USER)
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        self.folder.chmod(0o700)
        try:
            self._run(
                str(self.bin / "initdb"), "-D", str(self.data), "-U", DATABASE_USER, "-A", "trust",
                "-E", "UTF8", "--no-sync",
            )  # fmt: skip
            # fsync off: a throwaway server for tests, where a crash of the machine loses nothing of value.
            options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off -c max_connections=200"
            self._run(
                str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "server.log"),
                "-o", options, "-w", "-t", "60", "start",
            )  # fmt: skip
        except subprocess.CalledProcessError as error:
            log = self.folder / "server.log"
            detail = (error.stderr or error.stdout or "").strip().splitlines()
            tail = log.read_text(errors="replace").strip().splitlines()[-3:] if log.exists() else []
            self.stop()
            raise RuntimeError(f"PostgreSQL did not start: {' / '.join(detail[-2:] + tail)}") from None
        self.started = True
        return self

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", DATABASE_USER, name)
        return self.url_of(name)

    def stop(self) -> None:
        if self.started:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
            self.started = False
        if self._made_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> LocalPostgres:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--database", default="aluette", help="a database to create (default: aluette)")
    args = parser.parse_args(argv)
    try:
        server = LocalPostgres(port=args.port).start()
    except (PostgresMissing, RuntimeError) as error:
        print(f"local_postgres: {error}", file=sys.stderr)
        return 1
    try:
        print(server.create_database(args.database), flush=True)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        while True:
            time.sleep(3600)
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
