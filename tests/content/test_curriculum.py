"""The course itself: every file loads and checks clean, lessons resolve, every rule is practised."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from tutor.content.course import Course, load_course
from tutor.content.coverage import RULES, rules_exercised
from tutor.content.solve import solve

ROOT = Path(__file__).resolve().parents[2]
LESSON_IDS = (
    "the-pack",
    "the-ranking",
    "the-draw",
    "dealing-and-chant",
    "tricks",
    "spoiled-tricks",
    "scoring",
    "mordienne",
    "signals",
    "the-game",
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


def test_all_content_checks_clean() -> None:
    assert [str(p) for p in course().problems] == []


def test_the_sixteen_lessons_in_order() -> None:
    assert [lesson.id for lesson in course().lessons] == list(LESSON_IDS)
    assert [lesson.order for lesson in course().lessons] == list(range(1, 17))


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_each_lesson_is_complete(lesson_id: str) -> None:
    lesson = course().lesson(lesson_id)
    assert lesson is not None
    assert lesson.objectives and lesson.sections
    assert len(course().practice(lesson)) == len(lesson.scenarios) >= 8
    assert any(section.cards or section.trick for section in lesson.sections), "every lesson illustrates with cards"


def test_at_least_150_scenarios_across_every_kind() -> None:
    scenarios = course().scenarios.values()
    assert len(scenarios) >= 150
    kinds = Counter(s.kind for s in scenarios)
    assert set(kinds) >= {"rank", "draw", "trick", "deal", "chant", "signal", "game", "play"}


def test_every_scenario_is_graded_and_expected_by_its_author() -> None:
    for s in course().scenarios.values():
        assert s.difficulty in (1, 2, 3), s.id
        assert set(s.ask) <= set(s.expect), f"{s.id}: expect must cover every asked key"


def test_every_scenario_belongs_to_a_lesson() -> None:
    taught = {sid for lesson in course().lessons for sid in lesson.scenarios}
    assert set(course().scenarios) - taught == set()


def test_difficulties_are_graded_within_each_lesson() -> None:
    for lesson in course().lessons:
        levels = {s.difficulty for s in course().practice(lesson)}
        assert {1, 2} <= levels, f"{lesson.id} needs easy and harder scenarios"


@cache
def coverage() -> dict[str, list[str]]:
    users: dict[str, list[str]] = {rule.id: [] for rule in RULES}
    for s in course().scenarios.values():
        for rule in rules_exercised(s, solve(s)):
            users[rule.id].append(s.id)
    return users


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.id)
def test_every_rule_is_exercised(rule: object) -> None:
    need = 1 if rule.decision else 3  # type: ignore[attr-defined]
    assert len(coverage()[rule.id]) >= need  # type: ignore[attr-defined]


def test_rules_md_copy_is_current() -> None:
    shared = ROOT.parent / "shared" / "rules.md"
    if not shared.exists():
        pytest.skip("the shared rules page is not beside this checkout")
    assert (ROOT / "docs" / "rules.md").read_text() == shared.read_text()
