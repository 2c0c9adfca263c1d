"""Lesson files are validated like scenarios: one located line per problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli import main

TRICK = """id: t1
title: T
kind: trick
topic: tricks
difficulty: 1
setup: {leader: N, plays: [A-coins, 2-cups, 5-cups, 6-cups]}
ask: [winner]
expect: {winner: E}
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
  - heading: Rows
    text: Cards can be shown in rows.
    cards: [[3-coins], [3-cups, 2-coins]]
scenarios: [t1]
"""


def make(tmp_path: Path, lesson: str) -> Path:
    (tmp_path / "lessons").mkdir()
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "t1.yaml").write_text(TRICK)
    path = tmp_path / "lessons" / "05-tricks.yaml"
    path.write_text(lesson)
    return path


def test_a_good_lesson_checks_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make(tmp_path, LESSON)
    assert main(["check", str(tmp_path / "lessons"), str(tmp_path / "scenarios")]) == 0
    assert capsys.readouterr().out == ""


def test_lessons_alone_resolve_against_the_scenarios_beside_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make(tmp_path, LESSON)
    assert main(["check", str(tmp_path / "lessons")]) == 0


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("scenarios: [t1]", "scenarios: [t1, nope]", 15, "scenarios[1]: no scenario has the id 'nope'"),
        ("cards: [A-coins, 2-cups]", "cards: [A-coins, Z-cups]", 10, "sections[0].cards[1]: 'Z-cups' is not a card"),
        ("summary: How a trick is won.\n", "", 1, "(file): missing key 'summary'"),
        ("order: 5", "order: five", 2, "order: expected a whole number from 1 to 999, not 'five'"),
        ("    text: Cards can be shown in rows.\n", "", 12, "sections[1]: missing key 'text'"),
        ("  - Say who wins a trick.", "  - [not, text]", 6, "objectives[0]: expected text, not a list"),
        ("id: tricks", "id: Tricks!", 1, "id: 'Tricks!' is not a slug"),
        ("    caption: La Vache beats the ace.", "    capton: typo", 11, "sections[0].capton: unknown key 'capton'"),
        # A section's trick is read like a trick scenario's setup: a seat and four cards.
        (
            "    cards: [A-coins, 2-cups]\n",
            "    trick: {leader: X, plays: [A-coins, 2-cups, 5-cups, 6-cups]}\n",
            10,
            "sections[0].trick.leader: 'X' is not a seat",
        ),
        (
            "    cards: [A-coins, 2-cups]\n",
            "    trick: {leader: N, plays: [A-coins, 2-cups]}\n",
            10,
            "sections[0].trick.plays: expected 4 cards, found 2",
        ),
    ],
)
def test_lesson_problems_are_located(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, line: int, message: str
) -> None:
    assert old in LESSON
    path = make(tmp_path, LESSON.replace(old, new))
    assert main(["check", str(tmp_path / "lessons"), str(tmp_path / "scenarios")]) == 1
    (out,) = capsys.readouterr().out.splitlines()
    assert out.startswith(f"{path}:{line}: {message}"), out


def test_two_lessons_with_one_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make(tmp_path, LESSON)
    second = tmp_path / "lessons" / "05-zz-again.yaml"  # files are read in name order: this one comes second
    second.write_text(LESSON.replace("id: tricks", "id: tricks-again"))
    assert main(["check", str(tmp_path)]) == 1
    (out,) = capsys.readouterr().out.splitlines()
    assert out.startswith(f"{second}:2: order: order 5 is already used by ")


# --- a scenario with problems still exists for the lessons that list it ----------------------------------


@pytest.mark.parametrize("alone", [False, True], ids=["with-scenarios", "lessons-alone"])
def test_a_scenario_failing_its_expect_is_reported_once(
    alone: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # North leads A-coins (tier 9), East plays 2-cups (La Vache, tier 4), South and West 5-cups and 6-cups
    # (tiers 17, 16): East wins, so expecting North is wrong, as an engine change could make a right expect
    # wrong. The lesson listing t1 is not at fault and must not be reported.
    make(tmp_path, LESSON)
    scenario = tmp_path / "scenarios" / "t1.yaml"
    scenario.write_text(TRICK.replace("expect: {winner: E}", "expect: {winner: N}"))
    folders = [str(tmp_path / "lessons")] if alone else [str(tmp_path / "lessons"), str(tmp_path / "scenarios")]
    assert main(["check", *folders]) == (0 if alone else 1)
    out = capsys.readouterr().out.splitlines()
    if alone:  # only the lessons are checked, and they are right
        assert out == []
    else:
        assert out == [f"{scenario}:8: expect.winner: the engine says E, the scenario expects N"]


def test_a_scenario_with_a_bad_card_is_reported_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make(tmp_path, LESSON)
    scenario = tmp_path / "scenarios" / "t1.yaml"
    scenario.write_text(TRICK.replace("A-coins", "Z-coins"))
    assert main(["check", str(tmp_path / "lessons"), str(tmp_path / "scenarios")]) == 1
    (out,) = capsys.readouterr().out.splitlines()
    assert out.startswith(f"{scenario}:6: setup.plays[0]: 'Z-coins' is not a card")


def test_a_lesson_still_lists_a_scenario_that_fails_its_expect(tmp_path: Path) -> None:
    from tutor.content.course import load_course

    make(tmp_path, LESSON)
    (tmp_path / "scenarios" / "t1.yaml").write_text(TRICK.replace("expect: {winner: E}", "expect: {winner: N}"))
    course = load_course([str(tmp_path / "lessons"), str(tmp_path / "scenarios")], verify=True)
    (lesson,) = course.lessons
    assert lesson.scenarios == ("t1",)
    assert "t1" not in course.scenarios  # a wrong scenario is never practised
    assert course.practice(lesson) == []
