"""Learners' PINs (schema 10), on both backends: set and checked by folded name, kept only hashed, the same line
for every wrong try, guessing slowed down per name and per client (a fixed clock), and a PIN cleared only by a
teacher of a class the learner is in."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from store_target import count, rows

from tutor.progress import pins
from tutor.progress.classes import ClassError, create_class, join
from tutor.progress.pins import PinError, come_back, has_pin, reset_pin, set_pin
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher

T0 = 1_800_000_000.0  # a fixed clock: the windows below are worked out by hand from it
WRONG = "This name and PIN do not match."
SLOWED = "Too many tries: wait a minute, then try again."


def refused(db: ProgressDB, name: object, pin: object, client: str, at: float) -> str:
    """The line a try that must fail gives."""
    with pytest.raises(PinError) as caught:
        come_back(db, name, pin, client=client, now=at)
    return str(caught.value)


def learner(db: ProgressDB, name: str) -> int:
    learner_id = db.learner_id(db.create_learner(name))
    assert learner_id is not None
    return learner_id


def test_a_learner_comes_back_by_folded_name_and_pin_kept_only_hashed(
    store: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with ProgressDB(store) as db:
        maelle = learner(db, "Maëlle")
        assert not has_pin(db, maelle)
        set_pin(db, maelle, "２４６８", now=T0)  # fullwidth digits, as some phone keyboards type them: 2468
        assert has_pin(db, maelle)
        assert come_back(db, "MAËLLE", "2468", client="10.0.0.7", now=T0 + 1) == "Maëlle"
        assert come_back(db, "maëlle", " 24 68 ", client="10.0.0.7", now=T0 + 2) == "Maëlle"  # spaces dropped
        [(stored, set_at)] = rows(db, "SELECT hash, set_at FROM pins")
        assert stored.startswith("$argon2id$") and "2468" not in stored and set_at == T0
        set_pin(db, maelle, "13579", now=T0 + 3)  # a new PIN replaces the old one
        assert refused(db, "Maëlle", "2468", "c", T0 + 4) == WRONG
        assert come_back(db, "Maëlle", "13579", client="c", now=T0 + 5) == "Maëlle"
        assert count(db, "pins") == 1
    assert "2468" not in caplog.text and "13579" not in caplog.text


@pytest.mark.parametrize("pin", ["123", "1234567", "12a4", "", "    ", "12-34", "١٢٣٤", None, 1234])
def test_a_pin_is_4_to_6_plain_digits_or_nothing_is_stored(store: Path | str, pin: object) -> None:
    with ProgressDB(store) as db:
        ann = learner(db, "Ann")
        with pytest.raises(PinError) as caught:
            set_pin(db, ann, pin)
        assert str(caught.value) == "A PIN is 4 to 6 digits."
        assert caught.value.words("fr") != str(caught.value)  # translated
        assert count(db, "pins") == 0


def test_4_and_6_digits_are_pins(store: Path | str) -> None:
    with ProgressDB(store) as db:
        ann, bob = learner(db, "Ann"), learner(db, "Bob")
        set_pin(db, ann, "0000")
        set_pin(db, bob, "999999")
        assert come_back(db, "Ann", "0000", client="c", now=T0) == "Ann"
        assert come_back(db, "Bob", "999999", client="c", now=T0) == "Bob"


def test_no_pin_for_a_guest_or_a_learner_that_does_not_exist(store: Path | str) -> None:
    with ProgressDB(store) as db:
        profile = db.guest("g" * 24)
        assert profile is not None
        for learner_id in (profile.id, 9999):
            with pytest.raises(PinError) as caught:
                set_pin(db, learner_id, "2468")
            assert str(caught.value) == "This learner's profile no longer exists."
        assert count(db, "pins") == 0


def test_an_unknown_name_no_pin_and_a_wrong_pin_get_the_same_line_and_cost_a_hash_each(
    store: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[str] = []
    verify = pins._verify

    def counted(stored: str, pin: str) -> bool:
        checked.append(pin)
        return verify(stored, pin)

    monkeypatch.setattr(pins, "_verify", counted)
    with ProgressDB(store) as db:
        set_pin(db, learner(db, "Ann"), "2468")
        learner(db, "Bob")  # no PIN
        lines = [
            refused(db, "Ann", "1357", "a", T0),  # a wrong PIN
            refused(db, "Nobody", "2468", "b", T0),  # a name nobody has
            refused(db, "Bob", "2468", "c", T0),  # a learner with no PIN
            refused(db, "Ann", "12x", "d", T0),  # a PIN that cannot be one
            refused(db, "", "2468", "e", T0),  # no name at all
            refused(db, None, None, "f", T0),  # not even text
        ]
        assert lines == [WRONG] * 6
        assert len(checked) == 6, "a hash is checked in every case, so none answers faster"
        assert count(db, "pin_failures") == 6


def test_five_failures_a_minute_for_one_name_slow_it_down_from_any_client(store: Path | str) -> None:
    with ProgressDB(store) as db:
        set_pin(db, learner(db, "Ann"), "2468")
        for n in range(5):  # at T0, T0+1, ..., T0+4, each from another client
            assert refused(db, "Ann", f"{1000 + n}", f"client {n}", T0 + n) == WRONG
        # At T0+59 all five fall in the last minute: even the right PIN is refused.
        assert refused(db, "ANN", "2468", "client 9", T0 + 59) == SLOWED
        # At T0+60.5 the try of T0 is over a minute old: four left, the right PIN lets Ann back.
        assert come_back(db, "Ann", "2468", client="client 9", now=T0 + 60.5) == "Ann"


def test_five_failures_a_minute_from_one_client_slow_it_down_for_any_name(store: Path | str) -> None:
    with ProgressDB(store) as db:
        set_pin(db, learner(db, "Ann"), "2468")
        for n in range(5):
            refused(db, f"Learner {n}", "2468", "10.0.0.66", T0 + n)  # five names nobody has
        assert refused(db, "Ann", "2468", "10.0.0.66", T0 + 30) == SLOWED
        assert come_back(db, "Ann", "2468", client="10.0.0.7", now=T0 + 30) == "Ann"  # another client is not slowed


def test_a_right_pin_is_not_counted_and_an_unknown_name_is_slowed_like_a_known_one(store: Path | str) -> None:
    with ProgressDB(store) as db:
        set_pin(db, learner(db, "Ann"), "2468")
        for n in range(4):
            refused(db, "Ann", "1111", "c", T0 + n)
        come_back(db, "Ann", "2468", client="c", now=T0 + 10)  # the fifth try, right: still four failures
        assert refused(db, "Ann", "1111", "c", T0 + 11) == WRONG
        assert refused(db, "Ann", "2468", "c", T0 + 12) == SLOWED  # five failures now
        for n in range(5):
            refused(db, "Nobody", "1111", f"other {n}", T0 + n)
        assert refused(db, "Nobody", "1111", "other 9", T0 + 10) == SLOWED


def test_the_teacher_of_the_learner_s_class_clears_the_pin(store: Path | str) -> None:
    with ProgressDB(store) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        thursday = create_class(db, roux, "Thursday club", "fr")
        maelle = learner(db, "Maëlle")
        join(db, thursday.code, maelle)
        set_pin(db, maelle, "2468")
        assert reset_pin(db, roux, thursday.id, maelle) is True
        assert not has_pin(db, maelle)
        assert refused(db, "Maëlle", "2468", "c", T0) == WRONG  # the old PIN no longer lets anybody in
        assert reset_pin(db, roux, thursday.id, maelle) is False  # nothing left to clear
        set_pin(db, maelle, "1357")  # the learner sets a new one
        assert come_back(db, "Maëlle", "1357", client="c", now=T0 + 1) == "Maëlle"


def test_a_teacher_of_another_class_or_of_a_non_member_cannot_clear_a_pin(store: Path | str) -> None:
    with ProgressDB(store) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        blanc = create_teacher(db, "M. Blanc", "another horse")
        thursday = create_class(db, roux, "Thursday club", "fr")
        friday = create_class(db, blanc, "Friday club", "en")
        maelle, bob = learner(db, "Maëlle"), learner(db, "Bob")
        join(db, thursday.code, maelle)
        join(db, friday.code, bob)
        set_pin(db, maelle, "2468")
        set_pin(db, bob, "1357")
        with pytest.raises(ClassError) as other_teacher:
            reset_pin(db, blanc, thursday.id, maelle)  # Roux's class, through Blanc's account
        assert str(other_teacher.value) == "There is no such class among yours."
        with pytest.raises(ClassError) as not_in_it:
            reset_pin(db, blanc, friday.id, maelle)  # Blanc's class, but Maëlle is not in it
        assert str(not_in_it.value) == "This learner is not a member of this class."
        with pytest.raises(ClassError):
            reset_pin(db, roux, thursday.id, bob)  # Bob is Blanc's
        assert has_pin(db, maelle) and has_pin(db, bob) and count(db, "pins") == 2


def test_a_pin_goes_with_its_learner(store: Path | str) -> None:
    with ProgressDB(store) as db:
        set_pin(db, learner(db, "Ann"), "2468")
        db.delete_learner("Ann")
        assert count(db, "pins") == 0
        learner(db, "Ann")  # a new Ann is not the old one: no PIN lets anybody in as her
        assert refused(db, "Ann", "2468", "c", T0) == WRONG
