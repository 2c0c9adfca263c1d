"""The ``play`` kind in scenario files: reading, solving, checking ``expect``, and one-line located errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.content.kinds import KINDS
from tutor.content.kinds.play import PlaySetup
from tutor.content.scenario import load_scenario
from tutor.engine.cards import cards
from tutor.engine.seats import Seat

# North 2 (first to 2), East 2, South 1, West 1, trick 7 spoiled. North led K-coins, East 4-cups, South
# 5-swords; West is last. 6-clubs: North's king wins (3), East's ace wins trick 9 (3, later) -> NS 1.
# K-swords ties the king and spoils trick 8; East's ace then wins trick 9 and East alone has 3 -> EW 1.
PLAY = """id: spoil-last
title: Spoil last
kind: play
topic: play
setup:
  tricks: [N, E, N, E, S, W, spoiled]
  leader: N
  plays: [K-coins, 4-cups, 5-swords]
  hands:
    N: [7-coins]
    E: [A-cups]
    S: [8-coins]
    W: [K-swords, 6-clubs]
ask: [best, value]
"""
PROBLEM_LINE = re.compile(r"^[^:\n]+:\d+: \S+: \S.*$")


def write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_the_kind_is_known_to_files_the_generator_and_the_app() -> None:
    assert "play" in KINDS


def test_a_play_file_reads_into_a_play_setup(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, PLAY))
    assert scenario.kind == "play"
    assert scenario.setup == PlaySetup(
        (Seat.N, Seat.E, Seat.N, Seat.E, Seat.S, Seat.W, None),
        Seat.N,
        cards("K-coins 4-cups 5-swords"),
        {
            Seat.N: cards("7-coins"),
            Seat.E: cards("A-cups"),
            Seat.S: cards("8-coins"),
            Seat.W: cards("K-swords 6-clubs"),
        },
    )
    assert scenario.setup.to_play is Seat.W
    assert scenario.outcome_keys == ("to_play", "value", "best", "results")


def test_solve_json_gives_the_hand_worked_outcome(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--json", str(write(tmp_path, PLAY))]) == 0
    (record,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["id"] == "spoil-last" and record["kind"] == "play"
    assert record["outcome"] == {
        "to_play": "W",
        "value": {"team": "EW", "points": 1},
        "best": ["K-swords"],
        "results": {"K-swords": {"team": "EW", "points": 1}, "6-clubs": {"team": "NS", "points": 1}},
    }
    assert record["explanation"] and all(isinstance(step, str) and step for step in record["explanation"])


def test_solve_for_a_person_reads_well(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(write(tmp_path, PLAY))]) == 0
    out = capsys.readouterr().out
    assert "value: {team: EW, points: 1}  (asked)" in out
    assert "If West plays K-swords: EW scores 1 point" in out


def test_a_right_expect_checks_clean_in_any_spelling(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = PLAY + (
        "expect:\n"
        "  to_play: west\n"
        "  value: {team: ew, points: 1}\n"
        "  best: [king of swords]\n"
        "  results: {6 of clubs: {team: NS, points: 1}}\n"  # naming some cards is enough
    )
    code, lines, err = check(write(tmp_path, text), capsys)
    assert (code, lines) == (0, [])
    assert "no problems" in err


def test_equal_best_cards_compare_as_a_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # North leads the last two tricks with two aces nobody can beat or tie: either wins both; North ends on
    # 4 against East's 3 -> NS 1 whichever ace, so both are best, written in any order.
    text = """id: two-aces
title: Two aces
kind: play
topic: play
setup:
  tricks: [E, E, E, N, N, S, W]
  leader: N
  plays: []
  hands: {N: [A-swords, A-coins], E: [K-cups, 4-cups], S: [5-swords, 6-swords], W: [7-clubs, 8-clubs]}
ask: [best]
expect:
  best: [A-swords, A-coins]
  value: {team: NS, points: 1}
"""
    code, lines, _ = check(write(tmp_path, text), capsys)
    assert (code, lines) == (0, [])


def test_a_wrong_expect_is_one_located_line_per_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = PLAY + "expect:\n  value: {team: NS, points: 1}\n  best: [6-clubs]\n"
    path = write(tmp_path, text)
    code, lines, _ = check(path, capsys)
    assert code == 1
    assert lines == [
        f"{path}:16: expect.value: the engine says {{team: EW, points: 1}}, "
        "the scenario expects {team: NS, points: 1}",
        f"{path}:17: expect.best: the engine says [K-swords], the scenario expects [6-clubs]",
    ]


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ("[N, E, N, E, S, W, spoiled]", "[N, E, N, E, S, W, spoiled, N, E]", "6: setup.tricks", "at most 8 tricks"),
        ("[N, E, N, E, S, W, spoiled]", "[N, E, X, E, S, W, spoiled]", "6: setup.tricks[2]", "'X' is not a seat"),
        ("[N, E, N, E, S, W, spoiled]", "N", "6: setup.tricks", "expected a list"),
        ("leader: N", "leader: Q", "7: setup.leader", "'Q' is not a seat"),
        ("[K-coins, 4-cups, 5-swords]", "[K-coins, 4-cups, 5-swords, 9-coins]", "8: setup.plays", "at most 3 cards"),
        ("[K-coins, 4-cups, 5-swords]", "[K-coins, 4-cups, 5-dragons]", "8: setup.plays[2]", "suits:"),
        ("[K-coins, 4-cups, 5-swords]", "[K-coins, K-coins, 5-swords]", "8: setup.plays[1]", "appears twice"),
        ("    W: [K-swords, 6-clubs]\n", "", "9: setup.hands", "missing hand for W"),
        ("W: [K-swords, 6-clubs]", "W: [K-swords, K-swords]", "13: setup.hands.W[1]", "appears twice"),
        ("W: [K-swords, 6-clubs]", "W: [K-swords, A-cups]", "13: setup.hands.W[1]", "held by East and by West"),
        ("W: [K-swords, 6-clubs]", "W: [K-swords, 4-cups]", "13: setup.hands.W[1]", "also played to the trick"),
        ("W: [K-swords, 6-clubs]", "W: [K-swords]", "13: setup.hands.W", "West holds 1 card, but with 2 tricks"),
        ("N: [7-coins]", "N: [7-coins, 9-coins]", "10: setup.hands.N", "having played to it, North must hold 1"),
        ("N: [7-coins]", "north: [7-coins, 9-coins]", "10: setup.hands.north", "North must hold 1"),
        ("  leader: N\n", "", "5: setup", "missing key 'leader'"),
        ("  leader: N\n", "  leader: N\n  dealer: N\n", "8: setup.dealer", "unknown key 'dealer'"),
        ("ask: [best, value]", "ask: [winner]", "14: ask[0]", "outcomes: to_play value best results"),
    ],
)
def test_malformed_play_files_are_one_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, where: str, message: str
) -> None:
    assert old in PLAY
    path = write(tmp_path, PLAY.replace(old, new, 1))
    code, lines, err = check(path, capsys)
    assert code == 1
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}:{where}: "), lines[0]
    assert message in lines[0]
    assert PROBLEM_LINE.match(lines[0])
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("expect", "where", "message"),
    [
        ("  best: [9-cups]", "16: expect.best[0]", "9-cups is not in West's hand (West is to play)"),
        ("  results: {monsieur: {team: NS, points: 1}}", "16: expect.results.monsieur", "3-coins is not in West's"),
        ("  value: {team: NS}", "16: expect.value", "a result needs its points"),
        ("  value: {team: NS, points: 3}", "16: expect.value.points", "worth 0, 1 or 2 points, not 3"),
        ("  value: {team: null, points: 1}", "16: expect.value.team", "but no team"),
        ("  value: {team: NS, points: 1, who: N}", "16: expect.value.who", "'who' is not part of a result"),
        ("  value: NS", "16: expect.value", "expected a mapping"),
        ("  results: {K-swords: {team: XX, points: 1}}", "16: expect.results.K-swords.team", "'XX' is not a team"),
        ("  to_play: Z", "16: expect.to_play", "'Z' is not a seat"),
    ],
)
def test_malformed_expectations_are_one_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], expect: str, where: str, message: str
) -> None:
    path = write(tmp_path, PLAY + "expect:\n" + expect + "\n")
    code, lines, err = check(path, capsys)
    assert code == 1
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}:{where}: "), lines[0]
    assert message in lines[0]
    assert "Traceback" not in err


def test_nobody_scores_is_written_with_a_null_team(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Every trick so far spoiled; in the ninth North's and East's aces tie, so nobody ever wins a trick.
    text = """id: all-spoiled
title: All spoiled
kind: play
topic: play
setup:
  tricks: [spoiled, spoiled, spoiled, spoiled, spoiled, spoiled, spoiled, spoiled]
  leader: N
  plays: [A-coins, A-cups]
  hands: {N: [], E: [], S: [K-swords], W: [5-clubs]}
ask: [value]
expect:
  value: {team: null}
  results: {K-swords: {team: null, points: 0}}
"""
    code, lines, _ = check(write(tmp_path, text), capsys)
    assert (code, lines) == (0, [])


def test_the_app_course_includes_play_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.app import state

    folder = tmp_path / "content"
    folder.mkdir()
    write(folder, PLAY, "play.yaml")
    trick = (
        "id: t\ntitle: T\nkind: trick\ntopic: tricks\nsetup: {leader: N, plays: [A-coins, 4-cups, 5-cups, 6-cups]}\n"
    )
    write(folder, trick + "ask: [winner]\n", "trick.yaml")
    monkeypatch.setenv(state.CONTENT_VARIABLE, str(folder))
    assert sorted(state.course().scenarios) == ["spoil-last", "t"], "play puzzles are asked in the app too"
