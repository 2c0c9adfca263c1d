"""The tactics course (lessons 11-16): six lessons of play puzzles after the rules, each graded by difficulty.

Every puzzle's ``expect`` was worked out by hand and ``check`` compares it with the solver (test_curriculum
runs that over the whole course). These tests hold the course's shape: the lessons, their order, enough
puzzles in each, easy ones first, and puzzles where the card really matters.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tutor.content.course import Course, load_course
from tutor.content.kinds.play import PlaySetup
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine.cards import card

ROOT = Path(__file__).resolve().parents[2]
TACTICS = (
    "spoiling-on-purpose",
    "the-race",
    "counting-the-top-cards",
    "the-chant-in-play",
    "signals-in-play",
    "mordienne-tactics",
)


@cache
def course() -> Course:
    return load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")], verify=True)


def puzzles(lesson_id: str) -> list[Scenario]:
    lesson = course().lesson(lesson_id)
    assert lesson is not None, lesson_id
    return [s for s in course().practice(lesson) if s.kind == "play"]


def test_the_six_lessons_follow_the_rules_in_order() -> None:
    lessons = course().lessons
    assert [lesson.id for lesson in lessons[10:]] == list(TACTICS)
    assert [lesson.order for lesson in lessons[10:]] == list(range(11, 17))
    assert lessons[9].id == "the-game"


@pytest.mark.parametrize("lesson_id", TACTICS)
def test_each_lesson_has_eight_puzzles_easy_first(lesson_id: str) -> None:
    found = puzzles(lesson_id)
    assert len(found) >= 8
    levels = [s.difficulty or 0 for s in found]
    assert levels == sorted(levels), f"{lesson_id}: puzzles out of difficulty order: {levels}"
    assert levels[0] == 1 and levels[-1] >= 2


def test_forty_puzzles_in_all_each_in_one_lesson() -> None:
    ids = [s.id for lesson_id in TACTICS for s in puzzles(lesson_id)]
    assert len(ids) >= 40
    assert len(set(ids)) == len(ids)


def all_puzzles() -> list[Scenario]:
    return [s for lesson_id in TACTICS for s in puzzles(lesson_id)]


@pytest.mark.parametrize("scenario", all_puzzles(), ids=lambda s: s.id)
def test_the_card_matters(scenario: Scenario) -> None:
    """The best cards are a strict, non-empty part of the mover's hand, and the author expected them."""
    outcome = solve(scenario).outcome()
    hand = set(outcome["results"])  # type: ignore[arg-type]
    best = set(outcome["best"])  # type: ignore[arg-type]
    assert best and best < hand
    assert {"to_play", "value", "best"} <= set(scenario.expect)
    assert "best" in scenario.ask


@pytest.mark.parametrize("scenario", all_puzzles(), ids=lambda s: s.id)
def test_title_and_hint_do_not_name_a_lone_best_card(scenario: Scenario) -> None:
    (best, *others) = solve(scenario).outcome()["best"]  # type: ignore[misc]
    if others:
        return
    c = card(best)
    shown = f"{scenario.title} {scenario.hint or ''}".lower()
    assert best.lower() not in shown
    assert c.name is None or c.name.lower() not in shown


def test_the_mordienne_lesson_plays_with_the_rule_on() -> None:
    assert all(s.mordienne for s in puzzles("mordienne-tactics"))


def test_every_puzzle_explains_itself() -> None:
    """A hint to reveal first and a note with the hand-worked reasoning after the answer."""
    for s in all_puzzles():
        assert s.hint and s.note and len(s.note) > 200, s.id


@pytest.mark.parametrize("scenario", all_puzzles(), ids=lambda s: s.id)
def test_the_leader_is_the_last_trick_winner(scenario: Scenario) -> None:
    """A history a learner can follow: whoever won the last trick leads (a spoiled trick is led again)."""
    setup = scenario.setup
    assert isinstance(setup, PlaySetup)
    winners = [t for t in setup.tricks if t is not None]
    if winners:
        assert winners[-1] is setup.leader
