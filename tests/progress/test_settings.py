"""A learner's settings in the progress file (schema 5): kept per learner, replaced, bounded, gone with the learner."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from store_target import count

from tutor.progress.db import SCHEMA_VERSION, V1, V2, V3, V4
from tutor.progress.settings import LANGUAGE, VALUE_LIMIT, set_setting, setting
from tutor.progress.store import LearnerError, ProgressDB


def test_each_learner_keeps_their_own_value_and_a_new_one_replaces_it(store: Path | str) -> None:
    with ProgressDB(store) as db:
        db.create_learner("Ann")
        db.create_learner("Ben")
        set_setting(db, "Ann", LANGUAGE, "sq")
        set_setting(db, "ann", LANGUAGE, "mk")  # names are found case-insensitively
        assert (setting(db, "Ann", LANGUAGE), setting(db, "Ben", LANGUAGE)) == ("mk", None)
        assert setting(db, "Nobody", LANGUAGE) is None


def test_a_removed_learner_takes_their_settings_along(store: Path | str) -> None:
    with ProgressDB(store) as db:
        db.create_learner("Ann")
        set_setting(db, "Ann", LANGUAGE, "sq")
        db.delete_learner("Ann")
        db.create_learner("Ann")  # a new learner of the same name starts with nothing
        assert setting(db, "Ann", LANGUAGE) is None
        assert count(db, "settings") == 0


@pytest.mark.parametrize(
    ("learner", "key", "value", "error"),
    [
        ("Nobody", LANGUAGE, "sq", "No learner is called 'Nobody'."),
        ("Ann", "", "sq", "A setting's name is 1 to 40 characters, not 0."),
        ("Ann", LANGUAGE, "x" * (VALUE_LIMIT + 1), "The setting 'language' is at most 200 characters, not 201."),
    ],
)
def test_a_setting_that_cannot_be_kept_is_a_one_line_error(
    store: Path | str, learner: str, key: str, value: str, error: str
) -> None:
    with ProgressDB(store) as db:
        db.create_learner("Ann")
        with pytest.raises(LearnerError) as raised:
            set_setting(db, learner, key, value)
        assert str(raised.value) == error


def test_a_file_of_schema_4_gains_the_settings_and_keeps_its_learners(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    conn = sqlite3.connect(path)
    for statement in (*V1, *V2, *V3, *V4):
        conn.execute(statement)
    conn.execute("INSERT INTO learners (name, folded, created) VALUES ('Ann', 'ann', 0)")
    conn.execute("PRAGMA user_version = 4")
    conn.commit()
    conn.close()
    with ProgressDB(path) as db:
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 5
        assert db.learners() == ["Ann"] and setting(db, "Ann", LANGUAGE) is None
        set_setting(db, "Ann", LANGUAGE, "cs")
        assert setting(db, "Ann", LANGUAGE) == "cs"
