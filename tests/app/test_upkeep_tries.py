"""The hourly upkeep (tutor/app/upkeep.py) deletes the tries older than their minute, on both backends: joining
by a code (``join_tries``), teachers' failed sign-ins (``sign_in_failures``) and failed PINs
(``pin_failures``); the tries of the last minute stay, and still slow their client down."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_target import count

from tutor.app.upkeep import prune_once, prune_tries
from tutor.progress.classes import ClassError, open_class
from tutor.progress.names import LearnerError
from tutor.progress.pins import PinError, come_back
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import SESSION_SECONDS, create_teacher, open_session, sign_in, teacher_of
from tutor.progress.tickets import TICKET_SECONDS, issue, prune_expired, redeem

T0 = 1_800_000_000.0
TABLES = ("join_tries", "sign_in_failures", "pin_failures")


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


def fail_everywhere(db: ProgressDB, client: str, at: float) -> None:
    """One wrong class code, one wrong teacher's password and one wrong PIN from ``client`` at ``at``."""
    with pytest.raises(ClassError):
        open_class(db, "ZZZZZZ", client=client, now=at)
    with pytest.raises(LearnerError):
        sign_in(db, "Mme Roux", "not the password", client=client, now=at)
    with pytest.raises(PinError):
        come_back(db, "Nobody", "1234", client=client, now=at)


def counts(db: ProgressDB) -> list[int]:
    return [count(db, table) for table in TABLES]


def test_tries_older_than_a_minute_are_deleted_and_the_last_minutes_stay(db: ProgressDB) -> None:
    create_teacher(db, "Mme Roux", "correct horse")
    fail_everywhere(db, "10.0.0.7", T0)
    fail_everywhere(db, "10.0.0.8", T0 + 1)
    fail_everywhere(db, "10.0.0.9", T0 + 30)  # (a try prunes only what is a minute older than itself)
    assert counts(db) == [3, 3, 3]
    assert prune_tries(db, now=T0 + 61) == 6  # those at T0 and T0 + 1: 3 tables, 2 each
    assert counts(db) == [1, 1, 1]
    assert prune_tries(db, now=T0 + 61) == 0
    assert prune_tries(db, now=T0 + 90) == 3
    assert counts(db) == [0, 0, 0]


def test_the_upkeep_line_says_how_many_tries_it_deleted(app_store: Path | str) -> None:
    with ProgressDB(app_store) as db:  # the app's store (ALUETTE_DB), on each backend
        create_teacher(db, "Mme Roux", "correct horse")
        now = time.time()
        fail_everywhere(db, "10.0.0.7", now - 70)  # more than a minute old when the upkeep runs
        fail_everywhere(db, "10.0.0.8", now - 20)
        line = prune_once()
        assert "; tries: 3 old deleted; teachers' tickets and sessions: 0 expired deleted; live rounds:" in line, line
        assert counts(db) == [1, 1, 1]


def test_expired_tickets_and_sessions_are_deleted_and_the_live_ones_stay(db: ProgressDB) -> None:
    roux = create_teacher(db, "Mme Roux", "correct horse")
    blanc = create_teacher(db, "M. Blanc", "battery staple")
    issue(db, roux, now=T0)
    old_session = open_session(db, blanc, now=T0)
    at = T0 + SESSION_SECONDS + 1  # the ticket and the session of T0 have both expired
    new_ticket = issue(db, blanc, now=at - 1)  # (issuing prunes the stale tickets itself: this one is the new)
    new_session = open_session(db, roux, now=at - 1)
    assert count(db, "teacher_tickets") == 1  # the old ticket went with the new one's issue
    old_ticket = issue(db, roux, now=at - TICKET_SECONDS - 1)  # expired one second before ``at``
    assert count(db, "teacher_tickets") == 2
    assert count(db, "teacher_sessions") == 2  # blanc's old one stays: only a teacher's own are pruned on opening
    assert prune_expired(db, now=at) == 2  # roux's old ticket and blanc's old session
    assert count(db, "teacher_tickets") == 1
    assert count(db, "teacher_sessions") == 1
    assert teacher_of(db, old_session, now=at) is None
    assert teacher_of(db, new_session, now=at) == roux
    assert redeem(db, old_ticket, now=at) is None
    assert prune_expired(db, now=at) == 0
    assert teacher_of(db, redeem(db, new_ticket, now=at), now=at) == blanc
