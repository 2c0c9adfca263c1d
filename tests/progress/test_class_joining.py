"""Joining by code with tries counted per client, and a teacher deleting a member with their answers (schema 9),
on both backends."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_target import count, rows

from tutor.progress.classes import (
    JOINS_PER_MINUTE,
    WRONG_CODES_PER_MINUTE,
    ClassError,
    classes_of,
    create_class,
    delete_member,
    join,
    member_answers,
    members,
    open_class,
)
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

T0 = 1_800_000_000.0
WRONG = "No class is open to joiners with this code: check it with your teacher."
SLOWED = "Too many tries to join a class from here: wait a minute, then try again."
NOT_IN = "This learner is not in the class."


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


def refused(db: ProgressDB, code: str, client: str, at: float) -> str:
    with pytest.raises(ClassError) as caught:
        open_class(db, code, client=client, now=at)
    return str(caught.value)


def test_a_code_finds_its_open_class_typed_loosely(db: ProgressDB, roux: Teacher) -> None:
    made = create_class(db, roux, "Thursday club", "fr")
    loose = f" {made.code[:3].lower()}-{made.code[3:]} "
    found = open_class(db, loose, client="10.0.0.7", now=T0)
    assert (found.id, found.name, found.language) == (made.id, "Thursday club", "fr")


def test_ten_wrong_codes_in_a_minute_slow_the_client_down_even_for_a_right_one(db: ProgressDB, roux: Teacher) -> None:
    made = create_class(db, roux, "Thursday club", "fr")
    for n in range(WRONG_CODES_PER_MINUTE):
        assert refused(db, "ZZZZZZ" if n % 2 else "nonsense!", "10.0.0.7", T0 + n) == WRONG
    assert refused(db, made.code, "10.0.0.7", T0 + 30) == SLOWED
    assert open_class(db, made.code, client="10.0.0.8", now=T0 + 30).id == made.id  # another client is not slowed
    # The first wrong try (at T0) leaves the window at T0 + 60: nine remain, and a right code passes again.
    assert open_class(db, made.code, client="10.0.0.7", now=T0 + 60).id == made.id


def test_a_client_joining_by_the_dozen_is_stopped_at_the_limit(db: ProgressDB, roux: Teacher) -> None:
    made = create_class(db, roux, "Thursday club", "fr")
    for n in range(JOINS_PER_MINUTE):
        open_class(db, made.code, client="10.0.0.7", now=T0 + n / 10)
    assert refused(db, made.code, "10.0.0.7", T0 + 5) == SLOWED
    assert count(db, "join_tries") == JOINS_PER_MINUTE  # a refused try is not counted: waiting a minute is enough


def test_a_closed_class_is_a_wrong_code(db: ProgressDB, roux: Teacher) -> None:
    from tutor.progress.classes import set_joinable

    made = create_class(db, roux, "Thursday club", "fr")
    set_joinable(db, roux, made.id, False)
    assert refused(db, made.code, "10.0.0.7", T0) == WRONG


def answer(item: str, at: float) -> Answer:
    return Answer(item=item, kind="trick", given={"winner": "N"}, correct={"winner": True}, seconds=3.0, at=at)


def test_deleting_a_member_deletes_the_learner_and_their_answers_and_says_how_many(
    db: ProgressDB, roux: Teacher
) -> None:
    made = create_class(db, roux, "Thursday club", "fr")
    other = create_class(db, roux, "Friday club", "fr")
    ann = db.learner_id(db.create_learner("Ann"))
    ben = db.learner_id(db.create_learner("Ben"))
    assert ann is not None and ben is not None
    for learner in (ann, ben):
        join(db, made.code, learner)
    join(db, other.code, ann)
    store = db.progress("Ann")
    store.record(answer("spoiled-aces", T0))
    store.record(answer("spoiled-aces", T0 + 1))
    db.progress("Ben").record(answer("spoiled-aces", T0))
    assert member_answers(db, roux, made.id, ann) == 2
    assert delete_member(db, roux, made.id, ann) == 2
    assert db.learners() == ["Ben"]
    assert rows(db, "SELECT count(*) FROM answers") == [(1,)]  # Ben's stays
    assert [m.name for m in members(db, roux, made.id)] == ["Ben"]
    assert members(db, roux, other.id) == []  # gone from every class
    assert classes_of(db, ben)[0].name == "Thursday club"


def test_a_teacher_cannot_delete_a_learner_outside_their_class(db: ProgressDB, roux: Teacher) -> None:
    zola = create_teacher(db, "M. Zola", "correct horse")
    mine = create_class(db, roux, "Thursday club", "fr")
    theirs = create_class(db, zola, "Zola's club", "fr")
    ann = db.learner_id(db.create_learner("Ann"))
    assert ann is not None
    join(db, theirs.code, ann)
    for attempt in (
        lambda: delete_member(db, roux, mine.id, ann),  # Ann is not in Roux's class
        lambda: delete_member(db, roux, theirs.id, ann),  # nor is Zola's class Roux's
        lambda: member_answers(db, roux, theirs.id, ann),
    ):
        with pytest.raises(ClassError) as caught:
            attempt()
        assert str(caught.value) in (NOT_IN, "There is no such class among yours.")
    assert db.learners() == ["Ann"]
