"""``aluette-tutor generate play`` and ``generate.play_puzzle``: positions where the card to play matters.

Each generated position goes through the file loader, the solver and ``check``; the card matters when some
card of the mover's hand reaches a worse result than the best one.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.content.course import load_course
from tutor.content.generate import generate, generate_scenarios, play_puzzle, write_scenarios
from tutor.content.kinds import KINDS
from tutor.content.kinds.play import PlaySetup
from tutor.content.scenario import Scenario
from tutor.content.solve import compare, solve
from tutor.engine import SEATS, RuleViolation
from tutor.engine.solver import PlaySolution

ROOT = Path(__file__).resolve().parents[2]


def tricks_left(setup: PlaySetup) -> int:
    return 9 - len(setup.tricks)


@pytest.fixture(scope="module")
def puzzles() -> list[tuple[Scenario, PlaySolution]]:
    found = []
    for s in generate_scenarios("play", 60, 2026):
        result = solve(s)
        assert isinstance(result, PlaySolution)
        found.append((s, result))
    return found


def test_play_is_a_generated_kind() -> None:
    assert "play" in KINDS


def test_every_position_is_valid_and_the_card_matters(puzzles: list[tuple[Scenario, PlaySolution]]) -> None:
    for s, result in puzzles:
        assert s.kind == "play" and s.topic == "play" and s.expect == {}
        assert compare(s, result) == []
        setup = s.setup
        assert isinstance(setup, PlaySetup)
        hand = setup.hands[setup.to_play]
        # The card matters: some card of the hand reaches a worse result than the best.
        assert set(result.best) < set(hand), s.id
        assert any(result.results[c] != result.value for c in hand)
        assert 1 <= tricks_left(setup) <= 5
        # Every card of a fresh deal is somewhere: played to earlier tricks (not shown), on the table, or held.
        held = sum(len(setup.hands[seat]) for seat in SEATS)
        assert held + len(setup.plays) == 4 * tricks_left(setup)


def test_positions_vary(puzzles: list[tuple[Scenario, PlaySolution]]) -> None:
    setups = [s.setup for s, _ in puzzles if isinstance(s.setup, PlaySetup)]
    assert {len(p.plays) for p in setups} == {0, 1, 2, 3}
    assert {tricks_left(p) for p in setups} >= {3, 4, 5}
    assert {p.to_play for p in setups} == set(SEATS)
    assert any(s.mordienne for s, _ in puzzles) and not all(s.mordienne for s, _ in puzzles)
    assert len({s.ask for s, _ in puzzles}) >= 3
    assert all("best" in s.ask or "results" in s.ask for s, _ in puzzles)
    assert {s.difficulty for s, _ in puzzles} >= {1, 2, 3}
    # Both partnerships come out on top, and some positions nobody can win for the mover's side.
    assert {r.value.team for _, r in puzzles} >= {*{seat.team for seat in SEATS}}


def test_fewer_tricks_left_on_request() -> None:
    for s in generate_scenarios("play", 12, 4, tricks_left=3):
        assert isinstance(s.setup, PlaySetup) and tricks_left(s.setup) <= 3


def test_same_seed_same_positions() -> None:
    assert generate("play", 6, 9) == generate("play", 6, 9)
    assert generate("play", 10, 9)[:6] == generate("play", 6, 9)
    assert generate("play", 6, 10) != generate("play", 6, 9)


@pytest.mark.parametrize("bad", [0, 8, True, "5"])
def test_bad_tricks_left_raises_rule_violation(bad: object) -> None:
    with pytest.raises(RuleViolation, match="tricks left"):
        generate("play", 2, 0, tricks_left=bad)  # type: ignore[arg-type]


def test_generate_play_then_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "puzzles"
    assert main(["generate", "play", "--count", "8", "--seed", "3", "--out", str(out)]) == 0
    assert "wrote 8 scenarios" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == sorted(f"gen-play-3-{n}.yaml" for n in range(1, 9))
    checked = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "check", str(out)], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert load_course([str(out)], verify=True).problems == ()


def test_generate_play_refuses_bad_tricks_left_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "play", "--tricks-left", "9", "--out", str(tmp_path / "o")]) != 0
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "tricks left" in err
    assert not (tmp_path / "o").exists()


def test_written_files_never_overwrite(tmp_path: Path) -> None:
    write_scenarios("play", 2, 1, tmp_path)
    with pytest.raises(RuleViolation):
        write_scenarios("play", 2, 1, tmp_path)


def test_play_puzzle_for_endless_practice() -> None:
    first = play_puzzle(random.Random(5))
    assert first == play_puzzle(random.Random(5))
    assert isinstance(first, Scenario) and first.kind == "play"
    result = solve(first)
    assert isinstance(result, PlaySolution) and isinstance(first.setup, PlaySetup)
    assert set(result.best) < set(first.setup.hands[first.setup.to_play])
    small = play_puzzle(random.Random(6), tricks_left=2)
    assert isinstance(small.setup, PlaySetup) and tricks_left(small.setup) <= 2
