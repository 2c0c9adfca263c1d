"""The tests' PostgreSQL (tests/pg_server.py): a real server, a fresh database per test, stopped however the run
ends."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import psycopg
from local_postgres import LocalPostgres
from psycopg_pool import ConnectionPool

ROOT = Path(__file__).resolve().parents[2]


def test_a_real_server_answers_a_query(postgres_url: str) -> None:
    with psycopg.connect(postgres_url) as connection:
        connection.execute("CREATE TABLE answers (id serial PRIMARY KEY, card text NOT NULL, right_answer bool)")
        connection.execute(
            "INSERT INTO answers (card, right_answer) VALUES (%s, %s), (%s, %s), (%s, %s)",
            ("1-coins", True, "2-cups", False, "C-swords", True),
        )
        rows = connection.execute("SELECT card FROM answers WHERE right_answer ORDER BY id").fetchall()
        version = connection.execute("SHOW server_version_num").fetchone()
    assert rows == [("1-coins",), ("C-swords",)]
    assert version is not None and int(version[0]) >= 130000  # a real server (Debian 12 ships 15)


def test_each_test_gets_a_new_empty_database(postgres_url: str, postgres_server: LocalPostgres) -> None:
    other = postgres_server.create_database("another_one")
    assert postgres_url != other and postgres_url.startswith(f"postgresql://aluette@127.0.0.1:{postgres_server.port}/")
    with psycopg.connect(other) as connection:
        connection.execute("CREATE TABLE only_here (n int)")
    with psycopg.connect(postgres_url) as connection:
        tables = connection.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
        assert tables.fetchall() == [], "the test's database is empty: nothing from another database shows in it"


def test_a_pool_of_connections_reaches_it_as_the_store_will(postgres_module_url: str) -> None:
    with ConnectionPool(postgres_module_url, min_size=1, max_size=3, open=True) as pool:
        with pool.connection() as connection:
            connection.execute("CREATE TABLE learners (name text PRIMARY KEY)")
            connection.execute("INSERT INTO learners VALUES ('Maëlle'), ('Jean-Yves')")
        with pool.connection() as connection:
            names = connection.execute("SELECT name FROM learners ORDER BY name").fetchall()
    assert names == [("Jean-Yves",), ("Maëlle",)]  # committed by the first connection, seen by the next


def test_the_server_is_stopped_and_removed_when_the_tests_fail(tmp_path: Path) -> None:
    # A run of its own whose one test fails after noting where its server was.
    notes = tmp_path / "where.txt"
    (tmp_path / "conftest.py").write_text("from pg_server import postgres_server, postgres_url  # noqa: F401\n")
    (tmp_path / "test_fails.py").write_text(
        textwrap.dedent(f"""
            from pathlib import Path

            def test_fails(postgres_url, postgres_server):
                Path({str(notes)!r}).write_text(f"{{postgres_server.folder}}\\n{{postgres_url}}")
                assert False, "this test fails on purpose"
            """)
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), str(ROOT / "deploy")]))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 1 and "1 failed" in run.stdout, run.stdout + run.stderr
    folder, url = notes.read_text().splitlines()
    assert not Path(folder).exists(), "the server's folder is removed"
    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.OperationalError:
        pass
    else:
        raise AssertionError(f"the server of the failed run still answers at {url}")
