"""Export and import (tutor/progress/transfer.py): a learner's progress exported and imported elsewhere, twice,
under another name or merged from two installs; and import under hostile or sloppy files: bounds checked before
parsing, exact problem counts, times in the future, unknown keys, and answers repeated inside one file. Every
refused file changes nothing."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
from store_target import count

from tutor.progress import transfer as transfermod
from tutor.progress.backend import is_url
from tutor.progress.db import ProgressUnavailable
from tutor.progress.memory import MemoryProgress
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB, SqliteProgress
from tutor.progress.transfer import (
    CLOCK_SKEW,
    FORMAT,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_ENTRIES,
    MAX_PROBLEMS,
    ImportRejected,
    ImportResult,
    export_json,
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
def db(store: Path | str) -> ProgressDB:
    with ProgressDB(store) as opened:
        yield opened  # type: ignore[misc]


def assert_nothing_imported(db: ProgressDB) -> None:
    assert db.learners() == []
    for table in ("answers", "reads", "cards"):
        assert count(db, table) == 0


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


def test_every_key_of_an_export_is_known(db: ProgressDB, tmp_path: Path) -> None:
    with ProgressDB(tmp_path / "home.db") as home:
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
    assert count(db, "answers") == 1
    assert db.progress("Ann").item_state("spoiled-aces").reps == 1  # type: ignore[union-attr]


# --- Export and import --------------------------------------------------------------------------------------

T0 = datetime(2025, 3, 10, 12, 0).timestamp()  # local noon: no day boundary nearby
MINUTE = 60.0


def answer(item: str, ok: bool = True, seconds: float = 30.0, at: float = T0, kind: str = "trick") -> Answer:
    return Answer(item, kind, {"winner": "N" if ok else "S"}, {"winner": ok}, seconds, at)


def import_into(progress: SqliteProgress, data: object) -> ImportResult:
    """Import into this learner, whatever name the file was exported under (what the Progress page does)."""
    return import_progress(progress.db, data, progress.learner)  # type: ignore[arg-type]


@pytest.fixture
def path(store: Path | str) -> Path | str:
    return store


def filled(progress: SqliteProgress) -> None:
    progress.record(answer("spoiled-aces", ok=False, at=T0))
    progress.record(answer("spoiled-aces", ok=True, seconds=5, at=T0 + 3 * MINUTE))
    progress.record(answer("tier:9-swords", ok=True, kind="drill-tier", seconds=2, at=T0 + DAY))
    progress.record(answer("gen-trick-1-1", at=T0 + DAY))
    progress.mark_read("the-pack", 0)
    progress.mark_read("the-pack", 1)


def test_export_then_import_elsewhere_gives_the_same_progress(tmp_path: Path, store: Path | str) -> None:
    with SqliteProgress(tmp_path / "home.db", "Ann") as home:  # from a file to either backend
        filled(home)
        exported = export_json(home)
        data = json.loads(exported)
        assert data["format"] == FORMAT and data["version"] == 1 and data["learner"] == "Ann"
        with ProgressDB(store) as school:
            result = import_progress(school, exported)
            assert (result.learner, result.added, result.skipped, result.reads_added) == ("Ann", 4, 0, 2)
            there = school.progress("Ann", create=False)
            assert there.history == home.history
            assert sorted(there.item_states(), key=lambda s: s.item) == sorted(home.item_states(), key=lambda s: s.item)
            assert there.read("the-pack", 1)
            assert export_learner(there)["answers"] == data["answers"]


def test_importing_twice_adds_nothing(path: Path | str) -> None:
    with ProgressDB(path) as db:
        ann = db.progress("Ann")
        filled(ann)
        data = export_learner(ann)
        for _ in range(2):
            result = import_into(ann, json.dumps(data))
            assert result.added == 0 and result.skipped == 4 and result.reads_added == 0
        assert ann.totals == (4, 3)
        assert count(db, "answers") == 4


def test_importing_under_another_name_copies_without_touching_the_first(path: Path | str) -> None:
    with ProgressDB(path) as db:
        ann = db.progress("Ann")
        filled(ann)
        result = import_progress(db, export_json(ann), learner="Bob")
        assert result.learner == "Bob" and result.added == 4
        bob = db.progress("Bob", create=False)
        assert [a.uid for a in bob.history] == [a.uid for a in ann.history]
        assert ann.totals == bob.totals == (4, 3)
        bob.record(answer("tricks-lead"))
        assert not ann.answered("tricks-lead")


def test_import_merges_two_installs_and_replays_cards_in_time_order(tmp_path: Path, store: Path | str) -> None:
    home, school = SqliteProgress(tmp_path / "home.db", "Ann"), SqliteProgress(store, "Ann")
    both = MemoryProgress()
    for n in range(6):  # the same item answered on both installs, turn by turn
        a = answer("spoiled-aces", ok=n % 3 != 1, seconds=10, at=T0 + n * DAY)
        (home if n % 2 else school).record(a)
        both.record(a)
    result = import_into(home, export_json(school))
    assert result.added == 3 and result.rescheduled == 1
    assert home.item_state("spoiled-aces") == both.cards["spoiled-aces"]
    assert [a.uid for a in home.history] == [a.uid for a in both.history]


def bad_entries() -> list[tuple[object, str]]:
    good = answer("spoiled-aces")
    entry = {
        "uid": good.uid,
        "item": good.item,
        "kind": good.kind,
        "given": good.given,
        "correct": good.correct,
        "at": good.at,
        "seconds": good.seconds,
    }
    return [
        ({**entry, "seconds": "fast"}, "'seconds' must be a number"),
        ({**entry, "seconds": -1}, "'seconds' must be a number"),
        ({**entry, "at": float("nan")}, "'at' must be a time"),
        ({**entry, "correct": {"winner": "yes"}}, "'correct' must map each asked key to true or false"),
        ({**entry, "given": ["N"]}, "'given' must map"),
        ({**entry, "uid": "has space"}, "'uid' must be"),
        ({k: v for k, v in entry.items() if k != "item"}, "missing 'item'"),
        ({**entry, "extra": 1}, "unknown key 'extra'"),
        ("just text", "must be an object"),
    ]


@pytest.mark.parametrize(("entry", "message"), bad_entries())
def test_a_bad_entry_is_named_on_one_line_and_nothing_is_imported(
    path: Path | str, entry: object, message: str
) -> None:
    with ProgressDB(path) as db:
        fine = {
            "uid": "good1",
            "item": "tricks-lead",
            "kind": "trick",
            "given": {},
            "correct": {"w": True},
            "at": T0,
            "seconds": 3,
        }
        data = {"format": FORMAT, "version": 1, "learner": "Ann", "answers": [fine, entry], "reads": []}
        with pytest.raises(ImportRejected) as caught:
            import_progress(db, json.dumps(data))
        assert message in caught.value.problems[0]
        assert caught.value.problems[0].startswith("answers[1]")
        assert all("\n" not in p for p in caught.value.problems) and "\n" not in str(caught.value)
        assert db.learners() == []  # not even the learner was created
        assert count(db, "answers") == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not JSON"),
        ("[]", "must hold a JSON object"),
        ('{"format": "something-else", "version": 1}', "not an Aluette tutor progress export"),
        (json.dumps({"format": FORMAT, "version": 2, "learner": "A", "answers": []}), "export version 2"),
        (json.dumps({"format": FORMAT, "version": 1, "learner": "", "answers": []}), "'learner'"),
        (json.dumps({"format": FORMAT, "version": 1, "learner": "A", "answers": {}}), "'answers' must be a list"),
        (
            json.dumps({"format": FORMAT, "version": 1, "learner": "A", "answers": [], "reads": [{"lesson": 3}]}),
            "reads[0]",
        ),
    ],
)
def test_a_bad_file_is_refused_with_a_clear_message(path: Path | str, text: str, message: str) -> None:
    with ProgressDB(path) as db, pytest.raises(ImportRejected, match=message.replace("[", r"\[").replace("]", r"\]")):
        import_progress(db, text)


def test_a_uid_used_twice_with_different_answers_is_refused(path: Path | str) -> None:
    with SqliteProgress(path, "Ann") as ann:
        filled(ann)
        data = export_learner(ann)
        twin = dict(data["answers"][0], item="something-else")
        data["answers"].append(twin)
        with pytest.raises(ImportRejected, match=r"answers\[4\].*also used by answers\[0\]"):
            import_into(ann, data)


def test_an_import_failing_midway_leaves_whole_items_and_finishes_when_imported_again(
    path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ProgressDB(path) as db:
        source = db.progress("Ann")
        filled(source)
        data = export_json(source)
        monkeypatch.setattr(transfermod, "CHUNK", 1)  # one item per transaction: spoiled-aces (2), tier, gen
        real, calls = transfermod.card_row, []

        def broken(state: object) -> tuple[object, ...]:
            calls.append(state)
            if len(calls) == 2:  # the second transaction, the tier's card
                failure = psycopg.OperationalError if is_url(path) else sqlite3.OperationalError
                raise failure("disk I/O error")
            return real(state)  # type: ignore[arg-type]

        monkeypatch.setattr(transfermod, "card_row", broken)
        with pytest.raises(ProgressUnavailable):
            import_progress(db, data, learner="Bob")
        bob = db.progress("Bob", create=False)
        assert [a.item for a in bob.history] == ["spoiled-aces", "spoiled-aces"], "the first item, whole"
        assert bob.item_state("spoiled-aces") == source.item_state("spoiled-aces"), "with its card"
        assert bob.item_state("tier:9-swords") is None, "the second item not at all"
        monkeypatch.setattr(transfermod, "card_row", real)
        again = import_progress(db, data, learner="Bob")
        assert (again.added, again.skipped, again.reads_added) == (2, 2, 2)
        assert bob.history == source.history and bob.item_states() == source.item_states()
