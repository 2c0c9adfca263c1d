"""Texts in scenarios and lessons are plain: no control characters, and line breaks only where a text may
run over several lines (notes, hints, section bodies). Problems quoting such text stay on one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli import main
from tutor.content.problems import Problem

TRICK = """id: t1
title: Two aces
kind: trick
topic: tricks
setup: {leader: N, plays: [A-coins, 2-cups, 5-cups, 6-cups]}
ask: [winner]
"""

DRAW = """id: d1
title: A draw
kind: draw
topic: draw
setup:
  players: [Ann, Bea, Cy, Dee]
  cards: [3-coins, 3-cups, 2-coins, 2-cups]
ask: [first_dealer]
"""

LESSON = """id: tricks
order: 5
title: Tricks
summary: How a trick is won.
objectives:
  - Say who wins a trick.
sections:
  - heading: The best tier wins
    text: The card of the best tier wins the trick.
    cards: [A-coins, 2-cups]
    caption: La Vache beats the ace.
scenarios: [t1]
"""


def check(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, lesson: str = LESSON) -> list[str]:
    """``check`` on a folder holding one lesson and the scenario t1; its output lines."""
    (tmp_path / "lessons").mkdir()
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "t1.yaml").write_text(scenario, encoding="utf-8")
    (tmp_path / "lessons" / "05-tricks.yaml").write_text(lesson, encoding="utf-8")
    code = main(["check", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert code == (1 if out else 0)
    return out


# In YAML double quotes, "\x00", "\r", "\a", "\e" and "\u2028" write those characters.
BAD_SCENARIO_TEXTS = [
    ('hint: "\\x00"', 7, "hint: the control character U+0000 at character 1 is not allowed in text"),
    ('note: "Look\\rhere"', 7, "note: the control character U+000D at character 5 is not allowed in text"),
    ('note: "bell \\a"', 7, "note: the control character U+0007 at character 6 is not allowed in text"),
    ('hint: "\\e[2J clear"', 7, "hint: the control character U+001B at character 1 is not allowed in text"),
    ('hint: "a\\u2028b"', 7, "hint: the control character U+2028 at character 2 is not allowed in text"),
]


@pytest.mark.parametrize(("line", "where", "message"), BAD_SCENARIO_TEXTS)
def test_control_characters_in_scenario_texts_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, where: int, message: str
) -> None:
    out = check(tmp_path, capsys, TRICK + line + "\n")
    assert out == [f"{tmp_path / 'scenarios' / 't1.yaml'}:{where}: {message}"]


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        (
            "title: Two aces",
            'title: "Two\\naces"',
            2,
            "title: this text is one line, but it holds a line break at character 4",
        ),
        (
            "title: Two aces",
            'title: "Two\\taces"',
            2,
            "title: this text is one line, but it holds a tab at character 4",
        ),
        ("title: Two aces", 'title: "\\u202eseca owT"', 2, "title: the control character U+202E at character 1"),
    ],
)
def test_a_title_is_one_line_of_plain_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, where: int, message: str
) -> None:
    out = check(tmp_path, capsys, TRICK.replace(old, new))
    (line,) = out
    assert line.startswith(f"{tmp_path / 'scenarios' / 't1.yaml'}:{where}: {message}"), line


def test_player_names_are_plain_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "d1.yaml").write_text(DRAW.replace("Bea", '"B\\x1bea"'), encoding="utf-8")
    assert main(["check", str(tmp_path / "d1.yaml")]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    message = "setup.players[1]: the control character U+001B at character 2 is not allowed in text"
    assert line == f"{tmp_path / 'd1.yaml'}:6: {message}"


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ("title: Tricks", 'title: "Tricks\\x00"', 3, "title: the control character U+0000 at character 7"),
        ("summary: How a trick is won.", 'summary: "How\\na trick"', 4, "summary: this text is one line"),
        ("  - Say who wins a trick.", '  - "Say\\x07"', 6, "objectives[0]: the control character U+0007"),
        (
            "  - heading: The best tier wins",
            '  - heading: "Best\\ttier"',
            8,
            "sections[0].heading: this text is one line",
        ),
        (
            "    text: The card of the best tier wins the trick.",
            '    text: "The\\x0ccard"',
            9,
            "sections[0].text: the control character U+000C at character 4",
        ),
        (
            "    caption: La Vache beats the ace.",
            '    caption: "La\\x7fVache"',
            11,
            "sections[0].caption: the control character U+007F at character 3",
        ),
    ],
)
def test_control_characters_in_lesson_texts_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, where: int, message: str
) -> None:
    assert old in LESSON
    out = check(tmp_path, capsys, TRICK, LESSON.replace(old, new))
    (line,) = out
    assert line.startswith(f"{tmp_path / 'lessons' / '05-tricks.yaml'}:{where}: {message}"), line


def test_multi_line_texts_keep_line_breaks_and_tabs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = TRICK + 'note: "First line.\\n\\tIndented second line."\nhint: |\n  One.\n  Two.\n'
    lesson = LESSON.replace(
        "    text: The card of the best tier wins the trick.", "    text: |\n      One.\n\n      Two,\tthree.\n"
    )
    assert check(tmp_path, capsys, scenario, lesson) == []


def test_a_problem_quoting_control_characters_stays_on_one_line() -> None:
    problem = Problem("a\nb.yaml", 3, "setup.x\r", "unknown key 'x\r\x1b[2J\u2028'")
    assert str(problem) == "a\\x0ab.yaml:3: setup.x\\x0d: unknown key 'x\\x0d\\x1b[2J\\u2028'"


def test_an_unknown_key_with_a_carriage_return_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t1.yaml").write_text(TRICK + '"hi\\rnt": x\n', encoding="utf-8")
    assert main(["check", str(tmp_path / "t1.yaml")]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{tmp_path / 't1.yaml'}:7: hi\\x0dnt: unknown key 'hi\\x0dnt'"), line
