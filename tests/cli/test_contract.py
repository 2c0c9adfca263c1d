"""The fixed contract of ``aluette-tutor solve`` and ``check`` (shared/scenario-contract.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "scenarios" / "examples"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command in a fresh process, as an author would run it."""
    return subprocess.run(
        [sys.executable, "-m", "tutor.cli", *args], capture_output=True, text=True, timeout=60, cwd=ROOT
    )


def solve_json(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["solve", "--json", str(path)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


TRICK = """id: t
title: T
kind: trick
topic: tricks
setup:
  leader: E
  plays: [K-cups, 2-swords, 5-coins, 9-coins]
ask: [winner]
"""


# --- solve: one JSON object per scenario, the outcome keys of each kind ---------------------------


@pytest.mark.parametrize(
    ("file", "kind", "keys"),
    [
        ("madame-over-plain-threes.yaml", "rank", {"highest", "tie", "order", "tiers"}),
        ("draw-with-skips.yaml", "draw", {"holders", "partnerships", "first_dealer", "received"}),
        ("spoiled-aces.yaml", "trick", {"winner", "spoiled", "next_leader", "best"}),
        (
            "late-run-mordienne.yaml",
            "deal",
            {"trick_winners", "tricks_won", "point_winner", "scoring_team", "points", "mordienne"},
        ),
        (
            "played-deal.yaml",
            "deal",
            {"trick_winners", "tricks_won", "point_winner", "scoring_team", "points", "mordienne", "leaders"},
        ),
        ("one-refusal.yaml", "chant", {"happens", "eldest", "received"}),
        ("hand-to-signal.yaml", "signal", {"signals", "aces"}),
        ("drawn-game.yaml", "game", {"dealers", "scores", "winner"}),
    ],
)
def test_solve_json_shape(file: str, kind: str, keys: set[str], capsys: pytest.CaptureFixture[str]) -> None:
    (record,) = solve_json(EXAMPLES / file, capsys)
    assert set(record) == {"id", "kind", "outcome", "explanation"}
    assert record["kind"] == kind
    assert set(record["outcome"]) == keys  # type: ignore[arg-type]
    assert record["explanation"] and all(isinstance(s, str) and s for s in record["explanation"])  # type: ignore[union-attr]


def test_solve_trick_outcome_worked_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # East leads K-cups (tier 10); South 2-swords is Deux d'écrit (tier 8); 5-coins tier 17; 9-coins Petit-neuf tier 6.
    (record,) = solve_json(write(tmp_path, "t.yaml", TRICK), capsys)
    assert record["outcome"] == {"winner": "N", "spoiled": False, "next_leader": "N", "best": ["9-coins"]}
    assert any("Petit-neuf" in step for step in record["explanation"])  # type: ignore[union-attr]


def test_solve_accepts_every_card_alias(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TRICK.replace("[K-cups, 2-swords, 5-coins, 9-coins]", "['12 of cups', deux d'écrit, 5 COINS, petit-neuf]")
    (record,) = solve_json(write(tmp_path, "t.yaml", text), capsys)
    assert record["outcome"]["best"] == ["9-coins"]  # type: ignore[index]


def test_solve_chant_keep_and_tiers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Dealer N, so the eldest is E. E receives talon cards 1,3,...,11; N cards 2,...,12.
    text = """id: c
title: C
kind: chant
topic: chant
setup:
  dealer: N
  talon: [3-coins, 3-cups, A-coins, A-cups, 4-coins, 4-cups, 5-coins, 5-cups, 6-coins, 6-cups, 7-coins, 7-cups]
  hands:
    E: [K-coins, K-cups, K-swords, K-clubs, 8-coins, 8-cups, 8-swords, 8-clubs, 3-swords]
ask: [keep]
"""
    (record,) = solve_json(write(tmp_path, "c.yaml", text), capsys)
    outcome = record["outcome"]
    assert outcome["received"] == {  # type: ignore[index]
        "E": ["3-coins", "A-coins", "4-coins", "5-coins", "6-coins", "7-coins"],
        "N": ["3-cups", "A-cups", "4-cups", "5-cups", "6-cups", "7-cups"],
    }
    # E's fifteen: Monsieur 1, ace 9, four kings 10, four eights 14, then 7, 6, 5, 4 and 3-swords (15-19).
    assert outcome["keep_tiers"] == {"E": [1, 9, 10, 10, 10, 10, 14, 14, 14]}  # type: ignore[index]
    # Three of the four equal eights fit: suit order keeps coins, cups, swords.
    assert outcome["keep"]["E"][-3:] == ["8-coins", "8-cups", "8-swords"]  # type: ignore[index]


def test_solve_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(EXAMPLES / "spoiled-aces.yaml")]) == 0
    out = capsys.readouterr().out
    assert "spoiled-aces: Two aces at the top [trick]" in out
    assert "winner: null  (asked)" in out
    assert "leads again" in out


def test_solve_folder_is_recursive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "a.yaml", TRICK)
    (tmp_path / "deep" / "deeper").mkdir(parents=True)
    write(tmp_path / "deep" / "deeper", "b.yaml", TRICK.replace("id: t", "id: t2"))
    write(tmp_path, "ignored.txt", "not yaml")
    ids = sorted(r["id"] for r in solve_json(tmp_path, capsys))  # type: ignore[type-var]
    assert ids == ["t", "t2"]


# --- check: expect cross-checked; one line per problem; non-zero exit ------------------------------


def test_check_clean_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES)]) == 0
    assert capsys.readouterr().out == ""


def test_check_reports_expect_disagreement(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "t.yaml", TRICK + "expect:\n  winner: S\n  spoiled: false\n")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:10: expect.winner: the engine says N, the scenario expects S"
    ]


def test_check_equal_cards_compare_as_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TRICK.replace("[K-cups, 2-swords, 5-coins, 9-coins]", "[K-cups, K-swords, 5-coins, K-coins]")
    path = write(tmp_path, "t.yaml", text + "expect:\n  best: [K-coins, K-cups, K-swords]\n  winner: null\n")
    assert main(["check", str(path)]) == 0


def test_check_duplicate_ids_across_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "a.yaml", TRICK)
    second = write(tmp_path, "b.yaml", TRICK)
    assert main(["check", str(tmp_path)]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{second}:1: id: the id 't' is already used by ")


def test_check_reports_every_problem_of_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        TRICK.replace("leader: E", "leader: Q").replace("2-swords", "Q-cups").replace("ask: [winner]", "ask: [winnr]")
    )
    path = write(tmp_path, "t.yaml", text)
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:6: setup.leader: 'Q' is not a seat (seats: N E S W)",
        f"{path}:7: setup.plays[1]: 'Q-cups' is not a card (ranks: A 2-9 J C K)",
        f"{path}:8: ask[0]: 'winnr' is not an outcome of this scenario (outcomes: winner spoiled next_leader best)",
    ]


BROKEN: dict[str, tuple[bytes, int, str]] = {
    # name: (content, expected line, expected fragment of the message)
    "unknown-card": (
        TRICK.replace("5-coins", "5-hearts").encode(),
        7,
        "setup.plays[2]: '5-hearts' is not a card (suits: coins cups swords clubs)",
    ),
    "duplicate-card": (TRICK.replace("5-coins", "K-cups").encode(), 7, "setup.plays[2]: K-cups appears twice"),
    "wrong-count": (TRICK.replace(", 9-coins]", "]").encode(), 7, "setup.plays: expected 4 cards, found 3"),
    "wrong-type": (TRICK.replace("leader: E", "leader: [E]").encode(), 6, "setup.leader: ['E'] is not a seat"),
    "missing-key": (TRICK.replace("topic: tricks\n", "").encode(), 1, "(file): missing key 'topic'"),
    "kind-a-list": (
        TRICK.replace("kind: trick", "kind: [trick]").encode(),
        3,
        "kind: ['trick'] is not a kind (kinds: ",
    ),
    "kind-a-mapping": (
        TRICK.replace("kind: trick", "kind: {trick: 1}").encode(),
        3,
        "kind: {'trick': 1} is not a kind",
    ),
    "hint-nul": ((TRICK + 'hint: "\\x00"\n').encode(), 9, "hint: the control character U+0000 at character 1"),
    "yaml-syntax": (b"id: t\ntitle: [unclosed\nkind: trick\n", 3, "YAML syntax error"),
    "a-list": (b"- id: t\n- title: T\n", 1, "not a list"),
    "a-scalar": (b"hello\n", 1, "not 'hello'"),
    "empty": (b"", 1, "the file is empty"),
    "binary-junk": (bytes(range(256)) * 4, 1, "not a text file"),
    "latin1-junk": ("titre: épée\n".encode("latin-1"), 1, "not UTF-8 text"),
    "python-tag": (
        b"id: !!python/object/apply:os.system ['touch PWNED']\n",
        1,
        "the tag '!!python/object/apply:os.system' is not allowed",
    ),
    "deep-nesting": (b"id: " + b"[" * 100 + b"]" * 100 + b"\n", 1, "nested too deeply"),
    "block-nesting": ("".join(" " * i + f"k{i}:\n" for i in range(40)).encode(), 13, "nested too deeply"),
    "alias-bomb": (
        (
            "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
            + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))
        ).encode(),
        5,
        "alias bomb",
    ),
    "huge-file": (b"id: t\nnote: " + b"x" * 300_000 + b"\n", 1, "the limit is 262,144"),
    "two-documents": (TRICK.encode() + b"---\n" + TRICK.encode(), 9, "a file holds one YAML document"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_check_broken_file_one_line(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content, line, fragment = BROKEN[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1, out
    assert out[0].startswith(f"{path}:{line}: "), out[0]
    assert fragment in out[0]
    assert len(out[0]) < 300  # never the whole huge value


@pytest.mark.parametrize(
    "name", ["python-tag", "alias-bomb", "binary-junk", "yaml-syntax", "kind-a-list", "kind-a-mapping", "hint-nul"]
)
def test_real_process_never_tracebacks(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    witness = tmp_path / "pwned"  # what the python-tag file would create if its tag were ever obeyed
    path.write_bytes(BROKEN[name][0].replace(b"PWNED", str(witness).encode()))
    for command in ("check", "solve"):
        result = run_cli(command, str(path))
        assert result.returncode != 0
        assert "Traceback" not in result.stderr + result.stdout
        assert str(path) in result.stdout + result.stderr
    assert not witness.exists()


def test_a_pipe_or_a_dangling_link_in_a_folder_is_reported_not_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")  # reading it would wait for a writer for ever
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "removed.yaml")
    write(tmp_path, "t.yaml", TRICK)
    for paths in ([tmp_path], [tmp_path / "pipe.yaml", tmp_path / "gone.yaml"]):
        assert main(["check", *map(str, paths)]) == 1
        assert capsys.readouterr().out.splitlines() == [
            f"{tmp_path / 'gone.yaml'}:1: (file): this is a symbolic link to a missing file",
            f"{tmp_path / 'pipe.yaml'}:1: (file): this is not a regular file",
        ]


def test_missing_path_is_a_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(tmp_path / "nope.yaml")]) == 1
    assert "no such file or folder" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["solve", "check", "simulate", "coverage", "generate", "app"])
def test_help_on_every_command(command: str) -> None:
    result = run_cli(command, "--help")
    assert result.returncode == 0
    assert "usage: aluette-tutor " + command in result.stdout


def test_solve_passes_over_the_lessons_of_a_folder_and_refuses_a_lesson_named_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons = tmp_path / "course"
    lessons.mkdir()
    lesson = lessons / "01-intro.yaml"
    lesson.write_text("id: intro\ntitle: Intro\nsections:\n  - title: One\n    text: Hello.\n", encoding="utf-8")
    scenario = lessons / "spoiled.yaml"
    scenario.write_text(TRICK, encoding="utf-8")
    assert main(["solve", "--json", str(lessons)]) == 0
    out, err = capsys.readouterr()
    assert [json.loads(line)["id"] for line in out.splitlines()] == ["t"]
    assert err == f"{lesson}: a lesson, passed over (solve works out scenarios)\n"
    assert main(["solve", str(lesson)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{lesson}:1: (file): this is a lesson: solve works out scenarios (check reads lessons)\n"
