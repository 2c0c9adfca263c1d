"""``aluette-tutor import``: a progress export merged from the command line, how far it has come on stderr,
and a bad file refused in one line per problem, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.progress import transfer as transfermod
from tutor.progress.store import ProgressDB


def export(count: int) -> str:
    answers = [
        {"uid": f"u{n}", "item": f"item-{n % 10}", "kind": "trick", "given": {"winner": "N"},
         "correct": {"winner": n % 2 == 0}, "at": 1_700_000_000.0 + n, "seconds": 9.0}
        for n in range(count)
    ]  # fmt: skip
    return json.dumps({"format": transfermod.FORMAT, "version": 1, "learner": "Ann", "answers": answers})


def test_an_import_says_how_far_it_has_come_then_what_it_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transfermod, "CHUNK", 10)  # ten items of 3 answers: 3 items a transaction
    source, db = tmp_path / "ann.json", tmp_path / "progress.db"
    source.write_text(export(30), encoding="utf-8")
    assert main(["import", str(source), "--db", str(db), "--learner", "Bea"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        "imported 0 of 30 new answers",
        "imported 9 of 30 new answers",
        "imported 18 of 30 new answers",
        "imported 27 of 30 new answers",
        "imported 30 of 30 new answers",
    ]
    assert out == "added 30 answers (0 already there) and 0 lesson sections read to Bea; 10 review cards rebuilt\n"
    assert main(["import", str(source), "--db", str(db), "--learner", "Bea"]) == 0
    assert capsys.readouterr().out.startswith("added 0 answers (30 already there)")
    with ProgressDB(db) as opened:
        assert opened.progress("Bea", create=False).totals == (30, 15)


def test_a_bad_file_is_refused_one_line_a_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.json"
    source.write_text('{"format": "aluette-tutor-progress", "version": 1, "learner": "Ann", "answers": [7]}')
    assert main(["import", str(source), "--db", str(tmp_path / "progress.db")]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{source}: answers[0] must be an object with uid, item, kind, given, correct, at and seconds",
        f"{source}: nothing was imported",
    ]
    assert main(["import", str(tmp_path / "missing.json")]) == 1
    assert capsys.readouterr().err == f"{tmp_path / 'missing.json'}: cannot be read (no such file or directory)\n"
