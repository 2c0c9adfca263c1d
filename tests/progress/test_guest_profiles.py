"""Guest profiles in the progress file: found by a browser's token, hidden from the learners, and handed over
whole to the learner a guest becomes. On both backends (tests/store_target.py); times given explicitly."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from tutor.progress.memory import MemoryProgress
from tutor.progress.records import Answer
from tutor.progress.store import LearnerError, ProgressDB

T0 = datetime(2025, 3, 10, 12, 0).timestamp()
MINUTE = 60.0
TOKEN = "abcdefghijklmnop-_0123456789"


def answer(item: str, ok: bool, at: float, uid: str) -> Answer:
    return Answer(item, "trick", {"winner": "N" if ok else "S"}, {"winner": ok}, 30.0, at, uid)


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


def test_a_guest_profile_is_made_on_demand_and_found_again_by_its_token(db: ProgressDB) -> None:
    assert db.guest(TOKEN, create=False) is None
    made = db.guest(TOKEN)
    assert made is not None
    made.record(answer("spoiled-aces", True, T0, "g1"))
    found = db.guest(TOKEN, create=False)
    assert found is not None and found.id == made.id and found.totals == (1, 1)
    other = db.guest("another-browser-token-xyz")
    assert other is not None and other.id != made.id and other.totals == (0, 0)


def test_guests_are_not_learners_and_take_no_name(db: ProgressDB) -> None:
    db.guest(TOKEN)
    assert db.learners() == []
    assert db.create_learner("Guest") == "Guest", "a learner may be called Guest"
    assert db.learners() == ["Guest"]
    assert db.progress("Guest", create=False).totals == (0, 0)
    with pytest.raises(LearnerError):
        db.progress(f"\x00guest:{TOKEN}", create=False)


@pytest.mark.parametrize("token", ["", "short", "has space in it here", "x" * 65, "quote'andmoreletters"])
def test_a_malformed_token_is_a_one_line_error(db: ProgressDB, token: str) -> None:
    with pytest.raises(LearnerError, match=r"^A guest's token is 16 to 64 letters, digits, '-' or '_'\.$"):
        db.guest(token)


def test_a_guest_becoming_a_learner_hands_over_everything_once(db: ProgressDB) -> None:
    ann = db.progress("Ann")
    ann.record(answer("spoiled-aces", False, T0, "a1"))  # Ann's own past: wrong at first
    ann.mark_read("pack", 0, T0)
    visitor = db.guest(TOKEN)
    assert visitor is not None
    visitor.record(answer("spoiled-aces", True, T0 + 5 * MINUTE, "g1"))
    visitor.record(answer("spoiled-aces", True, T0 + 9 * MINUTE, "g2"))
    visitor.record(answer("tricks-deal-who-leads", False, T0 + 7 * MINUTE, "g3"))
    visitor.record(answer("spoiled-aces", False, T0 - MINUTE, "a1"))  # an answer Ann holds already (same uid)
    visitor.mark_read("pack", 0, T0 + MINUTE)
    visitor.mark_read("ranking", 2, T0 + 2 * MINUTE)

    assert db.adopt_guest(TOKEN, "ann") == 3, "Ann's own a1 is not counted twice"

    assert [a.uid for a in ann.history] == ["a1", "g1", "g3", "g2"], "in time order"
    assert ann.totals == (4, 2) and ann.solved("spoiled-aces")
    assert ann.sections() == [("pack", 0, T0), ("ranking", 2, T0 + 2 * MINUTE)], "Ann's own reading time stays"
    # Every card as if all the answers had been given under one name, in time order.
    one_name = MemoryProgress()
    for a in sorted(ann.history, key=lambda a: a.at):
        one_name.record(a)
    assert {s.item: s for s in ann.item_states()} == one_name.cards
    assert db.guest(TOKEN, create=False) is None, "the guest is gone"
    with db.using() as conn:
        assert conn.execute("SELECT count(*) FROM learners").fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 4, "the duplicate went with the guest"


def test_adopting_a_guest_with_no_profile_moves_nothing(db: ProgressDB) -> None:
    db.create_learner("Ann")
    assert db.adopt_guest(TOKEN, "Ann") == 0
    with pytest.raises(LearnerError, match="No learner is called 'Bob'"):
        db.adopt_guest(TOKEN, "Bob")
