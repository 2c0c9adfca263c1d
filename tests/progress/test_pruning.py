"""Pruning the progress file (real SQLite files, hand-made timestamps): guests who never answered go after a
day, idle guests after 90, their games after 30; named learners and recently active guests stay."""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from tutor.progress import browsers
from tutor.progress.games import Owner, load_game, save_game
from tutor.progress.pruning import Policy, PolicyError, Pruned, policy_from, prune
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB

DAY = 86_400.0
NOW = 20_000 * DAY  # an afternoon in 2024, fixed


def token(n: int) -> str:
    return f"browser-token-{n:010d}"


def guest_made(db: ProgressDB, n: int, created: float) -> int:
    profile = db.guest(token(n))
    assert profile is not None
    with db.using(write=True) as conn:
        conn.execute("UPDATE guests SET created = ? WHERE token = ?", (created, token(n)))
    return profile.id


def answered(db: ProgressDB, n: int, at: float) -> None:
    profile = db.guest(token(n))
    assert profile is not None
    profile.record(Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 9.0, at=at))


def guests(db: ProgressDB) -> set[str]:
    with db.using() as conn:
        return {str(row[0]) for row in conn.execute("SELECT token FROM guests")}


@pytest.fixture
def db(tmp_path: Path) -> ProgressDB:
    return ProgressDB(tmp_path / "progress.db")


def test_guests_go_by_their_last_sign_of_life(db: ProgressDB) -> None:
    guest_made(db, 1, NOW - 1.5 * DAY)  # looked around 36 hours ago, answered nothing: goes
    guest_made(db, 2, NOW - 0.5 * DAY)  # looked around this morning: stays
    guest_made(db, 3, NOW - 200 * DAY)  # answered 91 days ago, nothing since: goes
    answered(db, 3, NOW - 91 * DAY)
    guest_made(db, 4, NOW - 200 * DAY)  # answered 89 days ago: stays
    answered(db, 4, NOW - 89 * DAY)
    guest_made(db, 5, NOW - 3 * DAY)  # never answered, but played this morning: stays
    save_game(db, Owner(guest=token(5)), {"phase": "play"}, at=NOW - 0.2 * DAY)
    ann = db.progress("Ann")  # a named learner idle for years: never pruned
    ann.record(Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 9.0, at=NOW - 900 * DAY))

    assert prune(db, now=NOW) == Pruned(empty_guests=1, idle_guests=1, games=0, browsers=0)
    assert guests(db) == {token(2), token(4), token(5)}
    assert db.learners() == ["Ann"] and ann.totals == (1, 1)
    with db.using() as conn:  # the pruned guests' answers and cards went with them
        assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 2
        assert conn.execute("SELECT count(*) FROM cards").fetchone()[0] == 2
    assert prune(db, now=NOW) == Pruned(), "pruning twice removes nothing more"


def test_a_guest_s_game_goes_after_30_days_and_a_learner_s_never(db: ProgressDB) -> None:
    guest_made(db, 1, NOW - 100 * DAY)
    answered(db, 1, NOW - 10 * DAY)  # an active guest...
    save_game(db, Owner(guest=token(1)), {"phase": "play"}, at=NOW - 31 * DAY)  # ...whose game is stale
    db.create_learner("Ann")
    save_game(db, Owner(learner="Ann"), {"phase": "chant"}, at=NOW - 400 * DAY)
    assert prune(db, now=NOW).games == 1
    assert load_game(db, Owner(guest=token(1))) is None and token(1) in guests(db)
    assert load_game(db, Owner(learner="Ann")) == {"phase": "chant"}


def test_a_browser_not_seen_for_400_days_forgets_its_learner(db: ProgressDB) -> None:
    db.create_learner("Maëlle")
    browsers.remember(db, token(1), "Maëlle", at=NOW - 401 * DAY)
    browsers.remember(db, token(2), "Maëlle", at=NOW - 10 * DAY)
    assert prune(db, now=NOW).browsers == 1
    assert browsers.remembered(db, token(1), at=NOW) is None
    assert browsers.remembered(db, token(2), at=NOW) == "Maëlle" and db.learners() == ["Maëlle"]


def test_the_policy_is_set_in_days_by_the_environment(db: ProgressDB) -> None:
    policy = policy_from({"ALUETTE_PRUNE_EMPTY_GUEST_DAYS": "7", "ALUETTE_PRUNE_IDLE_GUEST_DAYS": " 365 "})
    assert policy == Policy(empty_days=7, idle_days=365, game_days=30, browser_days=400)
    guest_made(db, 1, NOW - 3 * DAY)  # would go after a day; not after a week
    assert prune(db, now=NOW, policy=policy) == Pruned()
    with pytest.raises(PolicyError, match=r"^ALUETTE_PRUNE_GUEST_GAME_DAYS: 'a month' is not a number of days$"):
        policy_from({"ALUETTE_PRUNE_GUEST_GAME_DAYS": "a month"})
    with pytest.raises(PolicyError, match=r"^ALUETTE_PRUNE_BROWSER_DAYS: '0' is not a number of days above 0$"):
        policy_from({"ALUETTE_PRUNE_BROWSER_DAYS": "0"})


def test_a_guest_who_answers_while_pruning_runs_is_kept(db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
    guest_made(db, 1, NOW - 2 * DAY)
    real = db.using
    first_write = [True]

    def answering_first(write: bool = False) -> AbstractContextManager[sqlite3.Connection]:
        if write and first_write:
            first_write.clear()
            answered(db, 1, NOW)  # between the pruning's look at the guests and its delete
        return real(write)

    monkeypatch.setattr(db, "using", answering_first)
    assert prune(db, now=NOW).empty_guests == 1  # it was idle when looked at...
    assert token(1) in guests(db)  # ...but not when its batch was deleted
