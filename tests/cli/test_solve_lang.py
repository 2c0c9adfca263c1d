"""``solve --lang``: the same outcomes in every language for the whole course; only the words change."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

import tutor.cli as cli
from tutor.cli import main
from tutor.content.scenario import Scenario, load_scenario
from tutor.content.solve import solve
from tutor.engine import Explained
from tutor.i18n import LANGUAGES, PSEUDO_LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
COURSE = [str(ROOT / "scenarios"), str(ROOT / "lessons")]


@cache
def _solved(path: str) -> Explained:
    return solve(load_scenario(Path(path)))


def solve_once(scenario: Scenario) -> Explained:
    """Each scenario solved once for all the languages (the outcome cannot depend on the language)."""
    return _solved(scenario.file)


def records(capsys: pytest.CaptureFixture[str], lang: str) -> dict[str, dict[str, object]]:
    assert main(["solve", "--json", "--lang", lang, *COURSE[:1]]) == 0
    found = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return {record["id"]: record for record in found}


def test_every_language_gives_the_same_outcomes_for_the_whole_course(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "solve", solve_once)
    english = records(capsys, "en")
    assert len(english) >= 180
    for lang in (*LANGUAGES[1:], PSEUDO_LANGUAGE):
        other = records(capsys, lang)
        assert other.keys() == english.keys(), lang
        for sid, record in other.items():
            source = english[sid]
            assert record["outcome"] == source["outcome"], (lang, sid)
            assert record["kind"] == source["kind"]
            assert isinstance(record["explanation"], list) and isinstance(source["explanation"], list)
            assert len(record["explanation"]) == len(source["explanation"]), (lang, sid)
            if lang == PSEUDO_LANGUAGE:  # every step in other words, the outcome untouched
                assert all(step.startswith("⟦") for step in record["explanation"]), sid
                assert record["explanation"] != source["explanation"]


def test_the_readable_output_translates_titles_and_steps(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "scenarios" / "examples" / "spoiled-aces.yaml")
    assert main(["solve", "--lang", PSEUDO_LANGUAGE, path]) == 0
    lines = capsys.readouterr().out.rstrip("\n").splitlines()
    assert lines[0] == "spoiled-aces: ⟦Ţŵó áçéš áţ ţĥé ţóþ⟧ [trick]"
    assert lines[1:5] == [
        "  winner: null  (asked)",
        "  spoiled: true",
        "  next_leader: N  (asked)",
        "  best: [A-swords, A-coins]",
    ]
    assert lines[-1].startswith("  note: ⟦Ţŵó áçéš") and lines[-1].endswith("⟧")


# --- solve --lang ----------------------------------------------------------------------------------------


def test_solve_lang_en_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "scenarios" / "examples")
    assert main(["solve", "--json", path]) == 0
    default = capsys.readouterr().out
    assert main(["solve", "--json", "--lang", "en", path]) == 0
    assert capsys.readouterr().out == default
    assert main(["solve", "--lang", "en", path]) == 0
    assert "why:" in capsys.readouterr().out


def test_solve_with_an_unknown_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--json", "--lang", "klingon", str(ROOT / "scenarios" / "examples")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "aluette-tutor: unknown language 'klingon' (languages: en fr cs sq mk ms gu)\n"
