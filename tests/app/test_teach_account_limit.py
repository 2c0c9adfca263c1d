"""/teach's new account form is slowed down per client as signing in is: after five tries in a minute from this
browser's client (made or refused), the next is one line and no account. AppTest (its client key is
``local``) on the app's store, on each backend."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app import guest
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import TRIES_PER_MINUTE

PASSWORD = "correct horse"
SLOWED = "Too many tries to create an account from here: wait a minute, then try again."


@pytest.fixture
def db(app_store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(app_store) as opened:  # the app's own store (ALUETTE_DB): a file, then PostgreSQL
        yield opened


def create(at: AppTest, name: str, password: str = PASSWORD) -> AppTest:
    at.text_input(key="teach.create.name").set_value(name)
    at.text_input(key="teach.create.password").set_value(password)
    at.text_input(key="teach.create.again").set_value(password)
    at.button(key="teach.create.go").click().run()
    assert not at.exception
    return at


def teachers(db: ProgressDB) -> list[str]:
    with db.using() as conn:
        return [str(row[0]) for row in conn.execute("SELECT name FROM teachers ORDER BY id").fetchall()]


def test_the_sixth_new_account_in_a_minute_is_one_line_and_nothing_made(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guest, "cookies", lambda: {guest.COOKIE: "a" * 24})
    made = [f"Teacher {chr(65 + n)}" for n in range(TRIES_PER_MINUTE - 1)]
    for name in made:
        at = create(open_page("screens/teach.py"), name)  # each from a new session: the client is the same
        assert not at.main.error, name
    at = open_page("screens/teach.py")
    assert [e.value for e in create(at, "x", "short").main.error] == ["A password has at least 8 characters."]
    assert [e.value for e in create(at, "M. Zola").main.error] == [SLOWED]
    assert not at.main.link_button  # no ticket
    assert teachers(db) == made
