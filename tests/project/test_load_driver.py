"""The load benchmark's simulated learner (benchmarks/load.py) speaks Streamlit's protocol as a browser does: on
the tutor's Practice page it clicks a card, chooses the radio and checks, and the verdict comes back; every card
picture the page names is fetched once; an exception drawn on the page is counted as an error."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from types import ModuleType

import pytest
from load_driver import load_module
from served_app import serve


@pytest.fixture(scope="module")
def load() -> ModuleType:
    return load_module()


@pytest.fixture(scope="module")
def tutor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("db") / "progress.db") as url:
        yield url


def test_a_learner_answers_a_practice_question_over_the_websocket(load: ModuleType, tutor: str) -> None:
    target = load.Target("tutor", tutor, (), tutor=True)
    timings, seen = load.Timings(), set()
    asyncio.run(load.question(target, seen, timings, 0, ""))
    assert timings.questions == 1 and timings.errors == []
    assert (len(timings.load), len(timings.click), len(timings.check)) == (1, 2, 1)  # the card, then the radio
    # spoiled-aces draws four cards on the table and four card buttons: eight pictures, each fetched once
    assert len(seen) == 8 and all(name.startswith("cards/") for name in seen)
    again = load.Timings()
    asyncio.run(load.question(target, seen, again, 0, ""))
    assert again.questions == 1 and len(seen) == 8, "a second question fetches no picture again"


def test_an_exception_on_the_page_is_an_error(load: ModuleType) -> None:
    page = load.Page(socket=None, query="", page_name="")
    from streamlit.proto.Element_pb2 import Element

    element = Element()
    element.exception.message = "boom"
    with pytest.raises(load.Failed, match="exception element: boom"):
        page._drawn(element, "")
