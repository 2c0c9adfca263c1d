"""What a learner reads before answering: a course scenario's title is where it says the mordienne is on.

Lesson 8 promises that every exercise played with the optional rule says "mordienne on" in its title and
that any other exercise is played without it; the app shows nothing else before the answer.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tutor.content.course import Course, load_course

ROOT = Path(__file__).resolve().parents[2]
MARK = "mordienne on"


@cache
def course() -> Course:
    return load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])


def test_the_course_loads() -> None:
    assert [str(p) for p in course().problems] == []


def test_every_scenario_with_the_rule_on_says_so_in_its_title() -> None:
    unmarked = [s.id for s in course().scenarios.values() if s.mordienne and MARK not in s.title.lower()]
    assert unmarked == []


def test_no_title_says_the_rule_is_on_when_it_is_off() -> None:
    wrong = [s.id for s in course().scenarios.values() if not s.mordienne and MARK in s.title.lower()]
    assert wrong == []


def test_the_lesson_tells_learners_how_the_rule_is_shown() -> None:
    lesson = course().lesson("mordienne")
    assert lesson is not None
    assert any(MARK in section.text.lower() for section in lesson.sections)
