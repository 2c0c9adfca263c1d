"""One-time sign-in tickets and the split sign-in (schema 9), on both backends: a ticket redeems once for a
session, not after its minute, not forged; only its hash is stored."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_target import count, rows

from tutor.progress import tickets
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import (
    SESSION_SECONDS,
    Teacher,
    TeacherError,
    check_sign_in,
    create_teacher,
    teacher_of,
    teachers,
)

T0 = 1_800_000_000.0
PASSWORD = "correct horse"


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", PASSWORD, now=T0)


def test_a_ticket_redeems_once_for_a_session_of_its_teacher(db: ProgressDB, roux: Teacher) -> None:
    ticket = tickets.issue(db, roux, now=T0)
    token = tickets.redeem(db, ticket, now=T0 + 59)
    assert token is not None and token != ticket
    assert teacher_of(db, token, now=T0 + 60) == roux
    assert teacher_of(db, token, now=T0 + 59 + SESSION_SECONDS) is None  # 30 days from the redeeming
    assert tickets.redeem(db, ticket, now=T0 + 60) is None  # spent: a replay signs nobody in
    assert count(db, "teacher_tickets") == 0
    assert count(db, "teacher_sessions") == 1


def test_a_ticket_expires_after_its_minute(db: ProgressDB, roux: Teacher) -> None:
    ticket = tickets.issue(db, roux, now=T0)
    assert tickets.redeem(db, ticket, now=T0 + 60) is None  # 60 s is the first moment it is no good
    assert count(db, "teacher_sessions") == 0
    assert count(db, "teacher_tickets") == 0  # gone with the try: it cannot be tried again


def test_the_store_keeps_only_the_tickets_hash_and_forged_ones_find_nobody(db: ProgressDB, roux: Teacher) -> None:
    ticket = tickets.issue(db, roux, now=T0)
    assert rows(db, "SELECT ticket_hash, teacher_id FROM teacher_tickets") == [
        (hashlib.sha256(ticket.encode()).hexdigest(), roux.id)
    ]
    for forged in ("", "x" * 65, ticket[:-1], hashlib.sha256(ticket.encode()).hexdigest()):
        assert tickets.redeem(db, forged, now=T0) is None
    assert tickets.redeem(db, None, now=T0) is None
    assert tickets.redeem(db, ticket, now=T0) is not None  # the forgeries spent nothing


def test_issuing_sweeps_away_stale_tickets(db: ProgressDB, roux: Teacher) -> None:
    tickets.issue(db, roux, now=T0)
    tickets.issue(db, roux, now=T0 + 61)
    assert count(db, "teacher_tickets") == 1


def test_check_sign_in_names_the_teacher_and_opens_no_session(db: ProgressDB, roux: Teacher) -> None:
    assert check_sign_in(db, "MME ROUX", PASSWORD, client="10.0.0.7", now=T0) == roux
    assert count(db, "teacher_sessions") == 0
    with pytest.raises(TeacherError) as caught:
        check_sign_in(db, "Mme Roux", "wrong horse", client="10.0.0.7", now=T0)
    assert str(caught.value) == "This name and password do not match an account."


def test_teachers_are_listed_by_name_with_their_creation(db: ProgressDB, roux: Teacher) -> None:
    zola = create_teacher(db, "abel Zola", PASSWORD, now=T0 + 5)
    assert teachers(db) == [(zola, T0 + 5), (roux, T0)]  # "abel" folds before "mme"
