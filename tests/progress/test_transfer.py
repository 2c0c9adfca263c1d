"""Import under hostile or sloppy files: bounds checked before parsing, exact problem counts, times in the
future, unknown keys, and answers repeated inside one file. Every refused file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.transfer import (
    CLOCK_SKEW,
    FORMAT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_ENTRIES,
    MAX_PROBLEMS,
    ImportRejected,
    export_learner,
    import_progress,
    load_json,
)

NOW = 1_741_600_000.0  # 2025-03-10 09:46:40 UTC: the clock, as the import is told it
HOUR, DAY = 3600.0, 86_400.0


def entry(uid: str, at: float = NOW - DAY, **changes: object) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "uid": uid,
        "item": "spoiled-aces",
        "kind": "trick",
        "given": {"winner": "nobody"},
        "correct": {"winner": True},
        "at": at,
        "seconds": 12.0,
    }
    return {**fields, **changes}


def export(answers: list[object], **top: object) -> dict[str, Any]:
    return {"format": FORMAT, "version": 1, "learner": "Ann", "answers": answers, "reads": [], **top}


@pytest.fixture
def db(tmp_path: Path) -> ProgressDB:
    with ProgressDB(tmp_path / "progress.db") as opened:
        yield opened  # type: ignore[misc]


def assert_nothing_imported(db: ProgressDB) -> None:
    assert db.learners() == []
    for table in ("answers", "reads", "cards"):
        assert db.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0


def rejected(db: ProgressDB, data: object) -> ImportRejected:
    with pytest.raises(ImportRejected) as caught:
        import_progress(db, data, now=NOW)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value) and all("\n" not in p for p in caught.value.problems)
    assert_nothing_imported(db)
    return caught.value


# --- bounds, before parsing -----------------------------------------------------------------------------------


def test_deeply_nested_cards_are_refused_in_one_line(db: ProgressDB) -> None:
    bomb = json.dumps(export([]))[:-1] + ', "cards": ' + "[" * 5000 + "]" * 5000 + "}"
    assert len(bomb) < 11_000  # 10 KB, as reported
    error = rejected(db, bomb.encode())
    assert str(error) == (
        "Nothing was imported: the file is not a progress export: it nests lists and objects more than 6 deep."
    )


@pytest.mark.parametrize(
    "text",
    [
        "[" * 5000,  # never closed
        "{" + '"a":' * 1 + "[" * 3000 + "]" * 3000 + "}",
        '{"a": ' + '{"b": ' * 4000 + "1" + "}" * 4000 + "}",
        "[" * 3000 + "}" * 3000,  # brackets that do not even pair up
    ],
    ids=["unclosed", "lists", "objects", "mismatched"],
)
def test_any_deep_nesting_is_refused_before_parsing(db: ProgressDB, text: str) -> None:
    assert "more than 6 deep" in str(rejected(db, text))


def test_nesting_up_to_the_bound_is_parsed_and_brackets_in_strings_do_not_count() -> None:
    assert MAX_DEPTH == 6
    six = "[[[[[[1]]]]]]"
    assert load_json(six) == [[[[[[1]]]]]]
    with pytest.raises(ImportRejected, match="more than 6 deep"):
        load_json("[" + six + "]")
    brackets = '{"given": {"k": "[[[[[[[[[[{{{{{{{{ \\" ]]]]"}}'
    assert load_json(brackets) == {"given": {"k": '[[[[[[[[[[{{{{{{{{ " ]]]]'}}


def test_a_shallow_json_error_is_reported_by_the_parser(db: ProgressDB) -> None:
    assert str(rejected(db, "{not json")).startswith("Nothing was imported: the file is not JSON (Expecting")
    assert "not UTF-8" in str(rejected(db, b'{"format": "\xff"}'))


def test_a_file_over_the_size_bound_is_refused_unread(db: ProgressDB) -> None:
    big = b"{" + b" " * MAX_BYTES + b"}"
    assert "an export is at most 32 MB" in str(rejected(db, big))


def test_too_many_entries_are_refused(db: ProgressDB) -> None:
    error = rejected(db, json.dumps(export([0] * (MAX_ENTRIES + 1))))
    assert error.problems == ("'answers' has 200,001 entries; an import takes at most 200,000",)


def test_too_many_asked_keys_in_one_answer_are_refused(db: ProgressDB) -> None:
    wide = entry("a1", given={f"k{n}": "x" for n in range(101)}, correct={f"k{n}": True for n in range(101)})
    error = rejected(db, json.dumps(export([wide])))
    assert "'given' must map" in error.problems[0] and "'correct' must map" in error.problems[0]


# --- problems counted exactly ---------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [1, 2, 21, 5000])
def test_the_count_of_problems_is_exact(db: ProgressDB, bad: int) -> None:
    answers = [entry(f"ok{n}") for n in range(3)] + [entry(f"bad{n}", seconds=-1) for n in range(bad)]
    error = rejected(db, json.dumps(export(answers)))
    assert error.total == bad
    assert len(error.problems) == min(bad, MAX_PROBLEMS)
    assert error.problems[0].startswith("answers[3] (uid bad0): 'seconds' must be")
    assert error.problems[-1].startswith(f"answers[{3 + min(bad, MAX_PROBLEMS) - 1}] ")
    more = {1: "", 2: " (and 1 more problem)", 21: " (and 20 more problems)", 5000: " (and 4999 more problems)"}
    assert str(error).endswith("must be a number of seconds from 0 to 1000000, not -1" + more[bad] + ".")


# --- times --------------------------------------------------------------------------------------------------


def test_answers_up_to_a_day_ahead_are_taken_and_later_ones_refused(db: ProgressDB) -> None:
    assert CLOCK_SKEW == DAY
    error = rejected(db, json.dumps(export([entry("late", at=NOW + DAY + 60), entry("far", at=4_000_000_000.0)])))
    assert error.problems == (
        "answers[0] (uid late): 'at' is 2025-03-11 09:47 UTC, in the future (more than a day after this "
        "computer's clock)",
        "answers[1] (uid far): 'at' is 2096-10-02 07:06 UTC, in the future (more than a day after this "
        "computer's clock)",
    )
    result = import_progress(db, json.dumps(export([entry("skewed", at=NOW + 23 * HOUR)])), now=NOW)
    assert (result.added, result.skipped) == (1, 0)


def test_a_section_read_in_the_future_is_refused(db: ProgressDB) -> None:
    reads = [{"lesson": "the-pack", "section": 0, "at": NOW + 2 * DAY}]
    error = rejected(db, json.dumps(export([], reads=reads)))
    assert error.problems[0].startswith("reads[0]: 'at' is 2025-03-12 09:46 UTC, in the future")


# --- unknown keys -------------------------------------------------------------------------------------------


def test_unknown_top_level_keys_refuse_the_file_and_are_named(db: ProgressDB) -> None:
    error = rejected(db, json.dumps(export([entry("a1")], read=[{"lesson": "x", "section": 0}], notes="hi")))
    assert error.problems == (
        "unknown top-level keys 'notes', 'read' (an export has format, version, learner, exported_at, answers, "
        "reads and cards)",
    )


def test_every_key_of_an_export_is_known(db: ProgressDB) -> None:
    with ProgressDB(db.path.with_name("home.db")) as home:
        ann = home.progress("Ann")
        ann.record(Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 12.0, NOW - DAY))
        ann.mark_read("the-pack", 0, NOW - DAY)
        data = export_learner(ann)
    assert set(data) == {"format", "version", "learner", "exported_at", "answers", "reads", "cards"}
    result = import_progress(db, json.dumps(data), now=NOW)
    assert (result.added, result.reads_added, result.rescheduled) == (1, 1, 1)


# --- repeats ------------------------------------------------------------------------------------------------


def test_an_answer_repeated_in_one_file_is_added_once_and_counted_as_skipped(db: ProgressDB) -> None:
    same = entry("a1")
    result = import_progress(db, json.dumps(export([same, dict(same)])), now=NOW)
    assert (result.added, result.skipped, result.rescheduled) == (1, 1, 1)
    assert db.conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 1
    assert db.progress("Ann").item_state("spoiled-aces").reps == 1  # type: ignore[union-attr]
