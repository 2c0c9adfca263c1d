"""The Play page's saved game in the progress file: one per learner or guest, replaced on save, gone with the
learner, bounded, and a damaged one is a one-line error."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_target import count

from tutor.progress.db import V1, V2
from tutor.progress.games import Owner, SavedGameError, clear_game, load_game, save_game
from tutor.progress.pruning import Policy, prune
from tutor.progress.store import ProgressDB


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        opened.create_learner("Ann")
        yield opened


def test_a_game_is_saved_replaced_and_cleared(db: ProgressDB) -> None:
    ann = Owner(learner="ann")  # names match whatever their case
    assert load_game(db, ann) is None
    save_game(db, ann, {"phase": "chant", "deal": 1})
    save_game(db, ann, {"phase": "play", "deal": 2})
    assert load_game(db, Owner(learner="Ann")) == {"phase": "play", "deal": 2}
    clear_game(db, ann)
    assert load_game(db, ann) is None


def test_guests_and_learners_each_have_their_own(db: ProgressDB) -> None:
    one, two = Owner(guest=secrets.token_urlsafe(18)), Owner(guest=secrets.token_urlsafe(18))
    save_game(db, one, {"who": "one"})
    save_game(db, Owner(learner="Ann"), {"who": "Ann"})
    assert load_game(db, one) == {"who": "one"}
    assert load_game(db, two) is None
    assert load_game(db, Owner(learner="Ann")) == {"who": "Ann"}


def test_a_learner_s_game_goes_with_the_learner(db: ProgressDB) -> None:
    save_game(db, Owner(learner="Ann"), {"who": "Ann"})
    db.delete_learner("Ann")
    assert count(db, "games") == 0
    save_game(db, Owner(learner="Nobody"), {"x": 1})  # not a learner of this file: nothing to keep it under
    assert load_game(db, Owner(learner="Nobody")) is None


def test_old_guest_games_are_pruned(db: ProgressDB) -> None:
    old, new = Owner(guest=secrets.token_urlsafe(18)), Owner(guest=secrets.token_urlsafe(18))
    day = 86_400.0
    save_game(db, old, {"x": 1}, at=1_000 * day)
    save_game(db, Owner(learner="Ann"), {"x": 2}, at=1_000 * day)
    save_game(db, new, {"x": 3}, at=(1_000 + Policy().game_days + 1) * day)
    prune(db, now=(1_000 + Policy().game_days + 1) * day, policy=Policy(empty_days=10_000, idle_days=10_000))
    assert load_game(db, old) is None and load_game(db, new) == {"x": 3}
    assert load_game(db, Owner(learner="Ann")) == {"x": 2}  # a learner's game is never dropped for age


def test_a_damaged_saved_game_is_a_one_line_error(db: ProgressDB) -> None:
    guest = Owner(guest="0123456789abcdef")
    profile = db.guest("0123456789abcdef")
    assert profile is not None
    for text, words in (("{not json", "not JSON"), ("[1, 2]", "JSON list")):
        with db.using(write=True) as conn:
            key = f"learner:{profile.id}"
            conn.execute(
                "INSERT INTO games VALUES (?, ?, ?, 0) ON CONFLICT (owner) DO UPDATE SET data = excluded.data",
                (key, profile.id, text),
            )
        with pytest.raises(SavedGameError, match=words) as caught:
            load_game(db, guest)
        assert "\n" not in str(caught.value)


def test_owners_are_checked() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        Owner()
    with pytest.raises(ValueError, match="exactly one"):
        Owner(learner="Ann", guest="0123456789abcdef")
    with pytest.raises(ValueError, match="not a browser's token"):
        Owner(guest="../../etc")


def test_a_file_from_before_saved_games_gets_the_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    for statement in (*V1, *V2):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 2")
    conn.execute("INSERT INTO learners (name, folded, created) VALUES ('Bo', 'bo', 0)")
    conn.commit()
    conn.close()
    with ProgressDB(path) as db:
        save_game(db, Owner(learner="Bo"), {"phase": "draw"})
        assert load_game(db, Owner(learner="Bo")) == {"phase": "draw"}


def test_a_damaged_saved_game_is_said_in_the_learners_language(db: ProgressDB) -> None:
    # the Play page words it in the learner's language; the JSON type's name and the reader's words stay
    guest = Owner(guest="0123456789abcdef")
    profile = db.guest("0123456789abcdef")
    assert profile is not None
    with db.using(write=True) as conn:
        conn.execute("INSERT INTO games VALUES (?, ?, '[1, 2]', 0)", (f"learner:{profile.id}", profile.id))
    with pytest.raises(SavedGameError) as caught:
        load_game(db, guest)
    assert str(caught.value) == "the saved game is a JSON list, not an object"
    assert caught.value.words("cs") == "uložená hra je JSON typu list, ne objekt"
    assert caught.value.words("fr") == "la partie enregistrée est un list JSON, pas un objet"
    with db.using(write=True) as conn:
        conn.execute("UPDATE games SET data = '{not json' WHERE learner_id = ?", (profile.id,))
    with pytest.raises(SavedGameError) as caught:
        load_game(db, guest)
    assert caught.value.words("cs").startswith("uložená hra není JSON (")
    assert caught.value.words("cs").endswith(", znak 1)")
