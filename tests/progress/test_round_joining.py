"""Opening a live round by its code (``rounds.open_round``) counts the try for the client, with /join's tries
(one budget, ``join_tries``), on both backends: wrong codes and tries a minute are limited, a guest's name that
makes a learner (``classes.counted_try``) is a try too, and waiting a minute lets the client in again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_target import rows

from tutor.progress.classes import (
    JOINS_PER_MINUTE,
    WRONG_CODES_PER_MINUTE,
    ClassError,
    counted_try,
    create_class,
    open_class,
)
from tutor.progress.rounds import RoundError, act, open_round, start_round, too_many_round_joins
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

T0 = 1_800_000_000.0
ACES = "spoiled-aces"
SLOWED = "Too many tries to join a round from here: wait a minute, then try again."
SLOWED_CLASS = "Too many tries to join a class from here: wait a minute, then try again."
PHONE, OTHER = "10.0.0.7", "10.0.0.8"


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


def tries(db: ProgressDB, client: str) -> list[tuple[int, ...]]:
    return [tuple(int(v) for v in row) for row in rows(db, "SELECT wrong FROM join_tries WHERE client = ?", client)]


def limited(db: ProgressDB, code: str, client: str, at: float) -> str:
    with pytest.raises(RoundError) as caught:
        open_round(db, code, client=client, now=at)
    return str(caught.value)


def wrong_code(code: str) -> str:
    """Another well-formed code than ``code`` (no round has it)."""
    return "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"


def test_a_right_code_finds_the_round_and_a_wrong_one_nothing_each_counted(db: ProgressDB, roux: Teacher) -> None:
    made = start_round(db, roux, None, [ACES], now=T0)
    found = open_round(db, f" {made.code.lower()[:3]}-{made.code[3:]} ", client=PHONE, now=T0 + 1)
    assert found is not None and found.id == made.id
    assert open_round(db, wrong_code(made.code), client=PHONE, now=T0 + 2) is None
    assert tries(db, PHONE) == [(0,), (1,)]  # the right code's try, then the wrong one's


def test_ten_wrong_codes_in_a_minute_refuse_even_the_right_one_until_the_minute_is_over(
    db: ProgressDB, roux: Teacher
) -> None:
    made = start_round(db, roux, None, [ACES], now=T0)
    for n in range(WRONG_CODES_PER_MINUTE):
        assert open_round(db, wrong_code(made.code), client=PHONE, now=T0 + n) is None
    assert limited(db, made.code, PHONE, T0 + 20) == SLOWED
    assert len(tries(db, PHONE)) == WRONG_CODES_PER_MINUTE  # a refused try is not counted
    # another phone is not slowed down; the first is let in once its first wrong try is a minute old
    assert open_round(db, made.code, client=OTHER, now=T0 + 20) is not None
    assert open_round(db, made.code, client=PHONE, now=T0 + 60.5) is not None


def test_the_round_and_the_class_pages_share_one_budget(db: ProgressDB, roux: Teacher) -> None:
    thursday = create_class(db, roux, "Thursday club", "fr")
    for n in range(WRONG_CODES_PER_MINUTE):
        open_round(db, wrong_code(thursday.code), client=PHONE, now=T0 + n)
    with pytest.raises(ClassError) as caught:  # guesses spread over /round and /join are still guesses
        open_class(db, thursday.code, client=PHONE, now=T0 + 15)
    assert str(caught.value) == SLOWED_CLASS


def test_a_guests_names_count_as_tries(db: ProgressDB, roux: Teacher) -> None:
    made = start_round(db, roux, None, [ACES], now=T0)
    for n in range(JOINS_PER_MINUTE - 1):
        counted_try(db, PHONE, too_many_round_joins(), now=T0 + n / 10)
    assert open_round(db, made.code, client=PHONE, now=T0 + 5) is not None  # the 30th try of the minute
    with pytest.raises(ClassError) as caught:
        counted_try(db, PHONE, too_many_round_joins(), now=T0 + 6)
    assert str(caught.value) == SLOWED
    assert limited(db, made.code, PHONE, T0 + 7) == SLOWED
    assert tries(db, PHONE) == [(0,)] * JOINS_PER_MINUTE


def test_an_ended_or_idle_round_is_a_wrong_code(db: ProgressDB, roux: Teacher) -> None:
    ended = start_round(db, roux, None, [ACES], now=T0)
    act(db, roux, ended.id, "end", now=T0 + 1)
    idle = start_round(db, roux, None, [ACES], now=T0)
    assert open_round(db, ended.code, client=PHONE, now=T0 + 2) is None
    assert tries(db, PHONE) == [(1,)]
    assert open_round(db, idle.code, client=PHONE, now=T0 + 3601) is None  # an hour without an act
    assert tries(db, PHONE) == [(1,)]  # the wrong try (the first one, an hour old, is gone)
