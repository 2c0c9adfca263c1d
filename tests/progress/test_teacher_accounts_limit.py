"""Creating teacher accounts is slowed down per client as sign-ins are (``create_teacher(..., client=)``), on
both backends: every try counts, made or refused; the sixth in a minute is refused in one line with nothing
stored; another client, a minute later, or a call without a client (the command line, tests) is not slowed;
and accounts created do not count against signing in, nor failed sign-ins against creating."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_target import count

from tutor.progress.store import ProgressDB
from tutor.progress.teachers import TRIES_PER_MINUTE, TeacherError, create_teacher, sign_in, teacher_of

T0 = 1_800_000_000.0
PASSWORD = "correct horse"
SLOWED = "Too many tries to create an account from here: wait a minute, then try again."
SLOWED_SIGN_IN = "Too many tries to sign in: wait a minute, then try again."
HALL, OTHER = "10.0.0.7", "10.0.0.8"


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


def refused(db: ProgressDB, name: str, password: str, client: str | None, at: float) -> str:
    with pytest.raises(TeacherError) as caught:
        create_teacher(db, name, password, client=client, now=at)
    return str(caught.value)


def test_the_sixth_try_in_a_minute_is_refused_made_or_not(db: ProgressDB) -> None:
    create_teacher(db, "Mme Roux", PASSWORD, client=HALL, now=T0)
    assert refused(db, "MME ROUX", PASSWORD, HALL, T0 + 1).startswith("A teacher is already called")
    assert refused(db, "M. Zola", "short", HALL, T0 + 2) == "A password has at least 8 characters."
    create_teacher(db, "M. Bel", PASSWORD, client=HALL, now=T0 + 3)
    create_teacher(db, "Mlle Caro", PASSWORD, client=HALL, now=T0 + 4)  # the fifth try
    assert refused(db, "M. Dupont", PASSWORD, HALL, T0 + 5) == SLOWED
    assert refused(db, "M. Dupont", "short", HALL, T0 + 6) == SLOWED  # refused before anything is checked
    assert count(db, "teachers") == 3
    assert create_teacher(db, "M. Dupont", PASSWORD, client=OTHER, now=T0 + 7).name == "M. Dupont"
    assert create_teacher(db, "M. Élie", PASSWORD, client=HALL, now=T0 + 60.5).name == "M. Élie"  # a minute on
    assert create_teacher(db, "Mme Fabre", PASSWORD, now=T0 + 61).name == "Mme Fabre"  # no client: not counted
    assert count(db, "teachers") == 6


def test_accounts_made_and_failed_sign_ins_are_counted_apart(db: ProgressDB) -> None:
    for n in range(TRIES_PER_MINUTE):
        create_teacher(db, f"Teacher {chr(65 + n)}", PASSWORD, client=HALL, now=T0 + n)
    token = sign_in(db, "Teacher A", PASSWORD, client=HALL, now=T0 + 6)  # creating did not use up signing in
    assert (found := teacher_of(db, token, now=T0 + 7)) is not None and found.name == "Teacher A"
    for n in range(TRIES_PER_MINUTE):
        with pytest.raises(TeacherError):
            sign_in(db, "Nobody", "wrong password", client=OTHER, now=T0 + 10 + n)
    with pytest.raises(TeacherError, match=SLOWED_SIGN_IN):
        sign_in(db, "Teacher A", PASSWORD, client=OTHER, now=T0 + 16)
    assert create_teacher(db, "M. Zola", PASSWORD, client=OTHER, now=T0 + 17).name == "M. Zola"
