"""The phones' page (``/round?code=``) counts its tries for the client as /join does: each code a session opens
(once: the page's own reruns are no new tries) and each name a guest gives. Over the limit, one line and
nothing of the round. AppTest on the app's store, on each backend; in AppTest the client key is ``local``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app import client, live_phone
from tutor.progress import rounds
from tutor.progress.classes import JOINS_PER_MINUTE, WRONG_CODES_PER_MINUTE, count_try, counted_try
from tutor.progress.rounds import Round
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher

PAGE = "screens/round.py"
SLOWED = "Too many tries to join a round from here: wait a minute, then try again."
ASKED = "tell the room who you are"


@pytest.fixture
def db(app_store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(app_store) as opened:  # the app's own store (ALUETTE_DB): a file, then PostgreSQL
        yield opened


@pytest.fixture
def live(db: ProgressDB) -> Round:
    return rounds.start_round(db, create_teacher(db, "Mme Roux", "correct horse"), None, ["spoiled-aces"])


def tried(db: ProgressDB) -> int:
    with db.using() as conn:
        return int(conn.execute("SELECT count(*) FROM join_tries WHERE client = ?", (client.LOCAL,)).fetchone()[0])


def said(at: AppTest) -> str:
    kinds = (at.markdown, at.error, at.warning, at.info, at.caption)
    return "\n".join(str(e.value) for kind in kinds for e in kind)


def test_wrong_codes_from_this_client_refuse_the_right_one_in_one_line(db: ProgressDB, live: Round) -> None:
    with db.using(write=True) as conn:  # this client's earlier wrong codes this minute, but the last
        for _ in range(WRONG_CODES_PER_MINUTE - 1):
            count_try(conn, client.LOCAL, time.time(), wrong=True)
    at = open_page(PAGE, query={"code": "ZZZZZZ" if live.code != "ZZZZZZ" else "YYYYYY"})  # the last, on the page
    assert [str(w.value) for w in at.warning] == [live_phone.no_round("en")]
    assert tried(db) == WRONG_CODES_PER_MINUTE
    at = open_page(PAGE, query={"code": live.code})
    assert not at.exception
    assert [str(e.value) for e in at.error] == [SLOWED]
    assert ASKED not in said(at) and not at.main.text_input, "nothing of the round, no name form"


def test_a_session_counts_its_code_once_and_a_guests_name_is_a_try(db: ProgressDB, live: Round) -> None:
    for _ in range(JOINS_PER_MINUTE - 2):  # this client's earlier tries this minute
        counted_try(db, client.LOCAL, rounds.too_many_round_joins(), now=time.time())
    at = open_page(PAGE, query={"code": live.code})
    assert ASKED in said(at) and tried(db) == JOINS_PER_MINUTE - 1
    at.run()  # the page's own rerun is no new try
    assert tried(db) == JOINS_PER_MINUTE - 1
    at.text_input(key=live_phone.NAME).set_value("Ann")
    at.button(key=live_phone.JOIN).click().run()  # the 30th try of the minute: let in
    assert not at.exception and [p.name for p in rounds.players(db, live.id)] == ["Ann"]
    assert tried(db) == JOINS_PER_MINUTE
    other = open_page(PAGE, query={"code": live.code})  # another phone behind the same address
    assert [str(e.value) for e in other.error] == [SLOWED]


def test_a_guests_name_over_the_limit_is_one_line_and_makes_no_learner(db: ProgressDB, live: Round) -> None:
    at = open_page(PAGE, query={"code": live.code})
    for _ in range(JOINS_PER_MINUTE - 1):
        counted_try(db, client.LOCAL, rounds.too_many_round_joins(), now=time.time())
    at.text_input(key=live_phone.NAME).set_value("Ann")
    at.button(key=live_phone.JOIN).click().run()
    assert not at.exception
    assert [str(e.value) for e in at.error] == [SLOWED]
    assert db.learners() == [] and rounds.players(db, live.id) == []
