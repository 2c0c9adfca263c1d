"""Names that look the same are one learner or refused (real SQLite files): NFKC folding, invisible and
mixed-script characters refused, ZWNJ/ZWJ kept inside a word, an over-long name cut at a word boundary."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tutor.progress.db import SCHEMA_VERSION, connect
from tutor.progress.names import NAME_LIMIT, shorten
from tutor.progress.store import LearnerError, ProgressDB

INVISIBLE = "A learner's name cannot hold invisible characters."
MIXED = "A learner's name cannot mix alphabets whose letters look alike (such as Latin and Cyrillic)."


@pytest.fixture
def db(tmp_path: Path) -> ProgressDB:
    opened = ProgressDB(tmp_path / "progress.db")
    opened.create_learner("Ann")
    return opened


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("\u0410nn", MIXED),  # Cyrillic capital A, then Latin nn
        ("Ann\u3164", INVISIBLE),  # Hangul filler (NFKC makes it U+1160, as invisible)
        ("Ann\u2800", INVISIBLE),  # Braille blank
        ("\u3164", INVISIBLE),  # nothing but a filler
        ("An\u200bn", INVISIBLE),  # zero-width space
        ("Ann\u200d", INVISIBLE),  # a joiner at the end joins nothing
        ("A\u200dnn", INVISIBLE),  # nor between Latin letters, which do not join
        ("\u202eAnn", INVISIBLE),  # a direction override
        ("Ann\ufe0f", INVISIBLE),  # an emoji selector after a letter
    ],
)
def test_a_name_that_looks_like_another_or_holds_nothing_visible_is_refused(
    db: ProgressDB, typed: str, why: str
) -> None:
    with pytest.raises(LearnerError) as refused:
        db.create_learner(typed)
    assert str(refused.value) == why
    assert db.learners() == ["Ann"]


def test_a_fullwidth_name_is_the_same_learner(db: ProgressDB) -> None:
    with pytest.raises(LearnerError, match=r"^There is already a learner called 'Ann'\.$"):
        db.create_learner("\uff21\uff4e\uff4e")  # Ａｎｎ
    assert db.learner_id("\uff21\uff4e\uff4e") == db.learner_id("Ann") is not None
    assert db.progress("ＡＮＮ", create=False).learner == "Ann"


@pytest.mark.parametrize(
    "name",
    [
        "مهرزاد\u200cنیا",  # Persian: ZWNJ between two Arabic letters keeps them apart, as it must
        "👩\u200d💻",  # an emoji ZWJ sequence (woman technologist)
        "🏳\ufe0f\u200d🌈",  # with a presentation selector before the joiner
        "ક્\u200dષમા",  # Gujarati: ZWJ after the virama
        "田中さん",  # Han and Hiragana: Japanese
        "Мария",  # one alphabet, Cyrillic
        "Zoé Ørsted",
    ],
)
def test_names_in_every_script_with_joiners_inside_a_word_are_accepted(db: ProgressDB, name: str) -> None:
    assert db.create_learner(name) == name
    assert name in db.learners()


def test_a_ten_thousand_character_name_is_cut_at_a_word_boundary_and_says_so() -> None:
    typed = " ".join(["Maëlle"] * 1500)[:10_000]
    name, cut = shorten(typed)
    assert cut and len(name) <= NAME_LIMIT and name == " ".join(["Maëlle"] * 5)  # 34 characters: a sixth won't fit
    single, cut_again = shorten("x" * 10_000)
    assert cut_again and single == "x" * NAME_LIMIT
    accented, _ = shorten("a" + "x\u0301" * 30)  # 61 code points; never a letter without its accent
    assert accented == "a" + "x\u0301" * 19  # 39: the 40th would be an x whose accent is cut off
    assert shorten("Maëlle") == ("Maëlle", False)


def test_a_file_made_before_the_fold_is_refolded_and_lookalikes_are_told_apart(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = connect(path)
    conn.execute("PRAGMA user_version = 5")
    later = ("assignments", "round_answers", "round_players", "rounds")  # schemas 11's and 12's
    later += ("pin_failures", "pins", "teacher_tickets", "join_tries")  # 10's and 9's
    for table in (*later, "class_members", "classes", "sign_in_failures", "teacher_sessions", "teachers"):  # and 8's
        conn.execute(f"DROP TABLE {table}")
    conn.execute("DROP TABLE browsers")
    conn.execute("DROP INDEX games_by_learner")
    conn.execute("ALTER TABLE learners DROP COLUMN revision")  # schema 7's
    # What schema 5 stored: the casefold of the NFC name, so a fullwidth Ａｎｎ was another learner.
    conn.execute("INSERT INTO learners (name, folded, created) VALUES ('Ann', 'ann', 1.0)")
    conn.execute("INSERT INTO learners (name, folded, created) VALUES ('Ｂｅａ', 'ｂｅａ', 2.0)")
    conn.execute("INSERT INTO learners (name, folded, created) VALUES ('Ａｎｎ', 'ａｎｎ', 3.0)")
    conn.close()
    with ProgressDB(path) as db:
        assert db.learners() == ["Ann", "Ａｎｎ (2)", "Ｂｅａ"]
        assert db.progress("Bea", create=False).learner == "Ｂｅａ"
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    check.close()
