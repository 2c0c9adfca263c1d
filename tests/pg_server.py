"""A real PostgreSQL for the tests: one throwaway server per test run, a fresh database for each test that asks.

    def test_something(postgres_url: str) -> None:        # a new empty database, for this test alone
    def test_other(postgres_module_url: str) -> None:     # one database shared by the tests of a module

The server is ``deploy/local_postgres.py``'s :class:`LocalPostgres` (``initdb`` and ``pg_ctl`` in a temporary
folder, on a free loopback port, as the unprivileged ``nobody`` when the tests run as root). It starts the first
time a test asks for a database, so a run without such a test never pays for it, and it is stopped and its folder
removed when the session ends, however it ends: a failing test, an error in a fixture, Ctrl-C (pytest runs the
session's finalizers on each), and, should pytest itself die, ``atexit``. Debian's ``postgresql`` package gives
the server (``make test`` installs it); without it these tests fail with one line saying so.

The fixtures are registered by ``tests/conftest.py`` importing them.
"""

from __future__ import annotations

import atexit
import itertools
import re
from collections.abc import Iterator

import pytest
from local_postgres import LocalPostgres, PostgresMissing

_numbers = itertools.count(1)


def database_name(number: int, nodeid: str) -> str:
    """A database name unique in the run (by ``number``), readable in the server's log.

    >>> database_name(7, "tests/progress/test_store.py::test_answers[pg-1]")
    't7_test_answers_pg_1'
    """
    words = re.sub(r"[^a-z0-9]+", "_", nodeid.rpartition("::")[2].lower()).strip("_")
    return f"t{number}_{words}"[:63]  # PostgreSQL cuts identifiers at 63 bytes


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[LocalPostgres]:
    """The run's PostgreSQL server, started on first use and always stopped."""
    try:
        server = LocalPostgres()
    except PostgresMissing as missing:
        pytest.fail(f"{missing}; `make postgresql` installs it", pytrace=False)
    atexit.register(server.stop)  # pytest killed mid-run: the server still goes (stop() twice is harmless)
    try:
        server.start()
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)
    try:
        yield server
    finally:
        server.stop()
        atexit.unregister(server.stop)


@pytest.fixture
def postgres_url(postgres_server: LocalPostgres, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty database of the run's server, for this test alone."""
    return postgres_server.create_database(database_name(next(_numbers), request.node.nodeid))


@pytest.fixture(scope="module")
def postgres_module_url(postgres_server: LocalPostgres, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty database shared by the tests of one module."""
    return postgres_server.create_database(database_name(next(_numbers), request.module.__name__))
