"""The load benchmark's simulated learner (benchmarks/load.py) speaks Streamlit's protocol as a browser does: on
the tutor's Practice page it clicks a card, chooses the radio and checks, and the verdict comes back; every card
picture the page names is fetched once; it keeps the cookie the server sets, so its answers are recorded in the
store under one guest profile, as a browser's are; an exception drawn on the page is counted as an error."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from load_driver import load_module
from served_app import serve


@pytest.fixture(scope="module")
def load() -> ModuleType:
    return load_module()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("db") / "progress.db"
    with serve(db) as url:
        yield url, db


def test_a_learner_answers_a_practice_question_over_the_websocket(load: ModuleType, served: tuple[str, Path]) -> None:
    tutor, db = served
    target = load.Target("tutor", tutor, (), tutor=True)
    timings, seen = load.Timings(), set()
    cookie = asyncio.run(load.question(target, seen, timings, 0, ""))
    assert timings.questions == 1 and timings.errors == []
    # the card (a radio group drawn as the cards) and the next leader's radio sit in Check's form: no click is a
    # run of its own, both choices go with Check
    assert (len(timings.load), len(timings.click), len(timings.check)) == (1, 0, 1)
    # spoiled-aces draws four cards on the table and four card choices: eight pictures, each fetched once
    assert len(seen) == 8 and all(name.startswith("cards/") for name in seen)
    again = load.Timings()
    assert asyncio.run(load.question(target, seen, again, 0, cookie)) == cookie, "the same browser, the same token"
    assert again.questions == 1 and len(seen) == 8, "a second question fetches no picture again"
    # both answers recorded, under the one guest profile the cookie names (a browser keeping its cookie)
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT learner_id, item FROM answers WHERE learner_id IN (SELECT learner_id FROM guests)"
        ).fetchall()
    assert len(rows) == 2 and len({learner for learner, _ in rows}) == 1 and {i for _, i in rows} == {"spoiled-aces"}


def test_the_memory_batch_answers_every_session_it_opens(load: ModuleType, served: tuple[str, Path]) -> None:
    # the memory figures open N pages (idle), answer each (active), then close them: each page a browser of its
    # own, so each Check is one more answer under one more guest
    tutor, db = served
    with sqlite3.connect(db) as conn:
        before = conn.execute("SELECT COUNT(*), COUNT(DISTINCT learner_id) FROM answers").fetchone()
    asyncio.run(load.batch(load.Target("tutor", tutor, (), tutor=True), 3))
    with sqlite3.connect(db) as conn:
        after = conn.execute("SELECT COUNT(*), COUNT(DISTINCT learner_id) FROM answers").fetchone()
    assert (after[0] - before[0], after[1] - before[1]) == (3, 3)


def test_an_exception_on_the_page_is_an_error(load: ModuleType) -> None:
    page = load.Page(socket=None, query="", page_name="")
    from streamlit.proto.Element_pb2 import Element

    element = Element()
    element.exception.message = "boom"
    with pytest.raises(load.Failed, match="exception element: boom"):
        page._drawn(element, "")


def test_the_machine_s_busy_share_counts_every_busy_tick_and_nothing_idle(load: ModuleType) -> None:
    # /proc/stat's first line: user nice system idle iowait irq softirq steal guest guest_nice, over every core;
    # busy 100 + 5 + 50 + 3 + 2 + 10 = 170, idle 800 + 20; guest (inside user already) is not counted twice
    assert load.busy_and_total("cpu  100 5 50 800 20 3 2 10 7 1") == (170, 990)
    busy, total = load.machine_ticks()
    assert 0 <= busy <= total
