"""Teachers' accounts (schema 8), on both backends: names folded and unique, passwords hashed, session tokens
stored hashed and expiring, guessing slowed down without telling whether a name exists."""

from __future__ import annotations

import hashlib
import logging
import secrets
from pathlib import Path

import pytest
from store_target import count, rows

from tutor.progress.store import ProgressDB
from tutor.progress.teachers import (
    SESSION_SECONDS,
    Teacher,
    TeacherError,
    change_password,
    create_teacher,
    sign_in,
    sign_out,
    sign_out_everywhere,
    teacher_of,
)

T0 = 1_800_000_000.0  # a fixed clock: the windows below are worked out by hand from it
PASSWORD = "correct horse"
SLOWED = "Too many tries to sign in: wait a minute, then try again."


def refused(db: ProgressDB, name: str, password: str, client: str, at: float) -> str:
    """The line a sign-in that must fail gives."""
    with pytest.raises(TeacherError) as caught:
        sign_in(db, name, password, client=client, now=at)
    return str(caught.value)


def test_a_teacher_signs_in_by_the_folded_name_and_the_token_finds_them(store: Path | str) -> None:
    with ProgressDB(store) as db:
        roux = create_teacher(db, "Mme  Roux", PASSWORD, now=T0)
        assert roux.name == "Mme Roux"  # spaces collapsed, as learners' names are
        token = sign_in(db, "ＭＭＥ ROUX", PASSWORD, client="10.0.0.7", now=T0)  # fullwidth and capitals: one name
        assert teacher_of(db, token, now=T0 + 1) == Teacher(roux.id, "Mme Roux")


def test_a_name_taken_is_one_line_and_nothing_is_stored(store: Path | str) -> None:
    with ProgressDB(store) as db:
        create_teacher(db, "Mme Roux", PASSWORD)
        with pytest.raises(TeacherError) as caught:
            create_teacher(db, "mme roux", "another password")
        assert str(caught.value) == "A teacher is already called mme roux: choose another name."
        assert caught.value.words("fr") != str(caught.value)  # translated
        assert count(db, "teachers") == 1


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("", "Give the teacher a name."),
        ("Ann\x07", "A teacher's name cannot hold control characters."),
        ("Ann\u200b", "A teacher's name cannot hold invisible characters."),
        ("x" * 10_000, "A teacher's name has at most 40 characters."),
        ("Аnn", "A teacher's name cannot mix alphabets whose letters look alike (such as Latin and Cyrillic)."),
    ],
)
def test_an_unusable_name_is_one_line_about_a_teacher(store: Path | str, name: str, line: str) -> None:
    with ProgressDB(store) as db:
        with pytest.raises(TeacherError) as caught:
            create_teacher(db, name, PASSWORD)
        assert str(caught.value) == line
        assert count(db, "teachers") == 0


def test_a_password_has_at_least_8_characters_and_is_kept_only_hashed(
    store: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with ProgressDB(store) as db:
        with pytest.raises(TeacherError) as caught:
            create_teacher(db, "Mme Roux", "7chars!")
        assert str(caught.value) == "A password has at least 8 characters."
        assert count(db, "teachers") == 0
        create_teacher(db, "Mme Roux", "8chars!!")  # exactly 8: accepted
        token = sign_in(db, "Mme Roux", "8chars!!", client="c", now=T0)
        [(stored,)] = rows(db, "SELECT password FROM teachers")
        assert stored.startswith("$argon2id$") and "8chars!!" not in stored
        [(kept, expires)] = rows(db, "SELECT token_hash, expires FROM teacher_sessions")
        assert kept == hashlib.sha256(token.encode()).hexdigest()  # the token itself is nowhere in the store
        assert expires == T0 + 30 * 24 * 3600
    assert "8chars!!" not in caplog.text and token not in caplog.text


def test_an_unknown_name_and_a_wrong_password_get_the_same_line(store: Path | str) -> None:
    with ProgressDB(store) as db:
        create_teacher(db, "Mme Roux", PASSWORD)
        wrong_password = refused(db, "Mme Roux", "not the password", "a", T0)
        unknown_name = refused(db, "M. Nobody", PASSWORD, "b", T0)
        assert wrong_password == unknown_name == "This name and password do not match an account."
        assert refused(db, "", PASSWORD, "c", T0) == unknown_name  # not even an empty name is told apart
        assert count(db, "teacher_sessions") == 0


def test_five_failures_a_minute_for_one_name_slow_it_down_from_any_client(store: Path | str) -> None:
    with ProgressDB(store) as db:
        create_teacher(db, "Mme Roux", PASSWORD)
        for n in range(5):  # at T0, T0+1, ..., T0+4, each from another client
            refused(db, "Mme Roux", f"guess {n}", f"client {n}", T0 + n)
        # At T0+59 all five fall in the last minute: even the right password is refused.
        assert refused(db, "mme roux", PASSWORD, "client 9", T0 + 59) == SLOWED
        # At T0+60.5 the try of T0 is over a minute old: four left, the right password signs in.
        assert teacher_of(db, sign_in(db, "Mme Roux", PASSWORD, client="client 9", now=T0 + 60.5), now=T0 + 61)


def test_five_failures_a_minute_from_one_client_slow_it_down_for_any_name(store: Path | str) -> None:
    with ProgressDB(store) as db:
        create_teacher(db, "Mme Roux", PASSWORD)
        for n in range(5):
            refused(db, f"Teacher {n}", PASSWORD, "10.0.0.66", T0 + n)  # five names nobody has
        assert refused(db, "Mme Roux", PASSWORD, "10.0.0.66", T0 + 30) == SLOWED
        assert sign_in(db, "Mme Roux", PASSWORD, client="10.0.0.7", now=T0 + 30)  # another client is not slowed


def test_a_right_password_is_not_counted_as_a_failure(store: Path | str) -> None:
    with ProgressDB(store) as db:
        create_teacher(db, "Mme Roux", PASSWORD)
        for n in range(4):
            refused(db, "Mme Roux", f"guess {n}", "c", T0 + n)
        sign_in(db, "Mme Roux", PASSWORD, client="c", now=T0 + 10)  # the fifth try, right: still four failures
        assert refused(db, "Mme Roux", "guess 5", "c", T0 + 11) == "This name and password do not match an account."
        assert refused(db, "Mme Roux", PASSWORD, "c", T0 + 12) == SLOWED  # five failures now
        assert count(db, "sign_in_failures") == 5


def test_an_unknown_name_is_slowed_down_like_a_known_one(store: Path | str) -> None:
    with ProgressDB(store) as db:
        create_teacher(db, "Mme Roux", PASSWORD)
        lines: dict[str, str] = {}
        for name in ("Mme Roux", "M. Nobody"):
            for n in range(5):
                refused(db, name, "wrong password", f"{name} {n}", T0 + n)
            lines[name] = refused(db, name, "wrong password", f"{name} 9", T0 + 10)
        assert lines == {"Mme Roux": SLOWED, "M. Nobody": SLOWED}


def test_a_session_expires_after_30_days(store: Path | str) -> None:
    with ProgressDB(store) as db:
        roux = create_teacher(db, "Mme Roux", PASSWORD)
        token = sign_in(db, "Mme Roux", PASSWORD, client="c", now=T0)
        assert SESSION_SECONDS == 2_592_000
        assert teacher_of(db, token, now=T0 + 2_592_000 - 1) == roux
        assert teacher_of(db, token, now=T0 + 2_592_000) is None


def test_signing_out_revokes_that_token_only(store: Path | str) -> None:
    with ProgressDB(store) as db:
        roux = create_teacher(db, "Mme Roux", PASSWORD)
        phone = sign_in(db, "Mme Roux", PASSWORD, client="c", now=T0)
        laptop = sign_in(db, "Mme Roux", PASSWORD, client="c", now=T0)
        sign_out(db, phone)
        assert (teacher_of(db, phone, now=T0), teacher_of(db, laptop, now=T0)) == (None, roux)
        sign_out(db, phone)  # again: nothing happens
        assert count(db, "teacher_sessions") == 1


def test_a_forged_token_finds_nobody(store: Path | str) -> None:
    with ProgressDB(store) as db:
        create_teacher(db, "Mme Roux", PASSWORD)
        token = sign_in(db, "Mme Roux", PASSWORD, client="c", now=T0)
        [(kept,)] = rows(db, "SELECT token_hash FROM teacher_sessions")
        forged: list[object] = [secrets.token_urlsafe(32), kept, token + "x", token[:-1], "", None, 42, "x" * 100_000]
        assert [teacher_of(db, t, now=T0) for t in forged] == [None] * len(forged)


def test_changing_the_password_needs_the_old_one_and_signs_out_everywhere(store: Path | str) -> None:
    with ProgressDB(store) as db:
        roux = create_teacher(db, "Mme Roux", PASSWORD)
        token = sign_in(db, "Mme Roux", PASSWORD, client="c", now=T0)
        with pytest.raises(TeacherError) as caught:
            change_password(db, roux, "not the password", "a new password")
        assert str(caught.value) == "The current password is not this one."
        assert teacher_of(db, token, now=T0) == roux  # nothing changed
        change_password(db, roux, PASSWORD, "a new password")
        assert teacher_of(db, token, now=T0) is None
        assert refused(db, "Mme Roux", PASSWORD, "c", T0) == "This name and password do not match an account."
        assert teacher_of(db, sign_in(db, "Mme Roux", "a new password", client="c", now=T0), now=T0) == roux


def test_signing_out_everywhere_revokes_every_session_of_that_teacher_only(store: Path | str) -> None:
    with ProgressDB(store) as db:
        roux = create_teacher(db, "Mme Roux", PASSWORD)
        blanc = create_teacher(db, "M. Blanc", PASSWORD)
        mine = [sign_in(db, "Mme Roux", PASSWORD, client="c", now=T0) for _ in range(3)]
        theirs = sign_in(db, "M. Blanc", PASSWORD, client="c", now=T0)
        assert sign_out_everywhere(db, roux) == 3
        assert [teacher_of(db, t, now=T0) for t in mine] == [None, None, None]
        assert teacher_of(db, theirs, now=T0) == blanc
