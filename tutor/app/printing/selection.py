"""Which scenarios a worksheet holds: a lesson's, a topic's, a picked set, or a generated set of one kind.

Each returns a :class:`Worksheet` in the language asked for: its title, and the scenarios with their texts in
that language (their setups and answers are never translated). A name that is not in the course is one line
that names what there is (``RuleViolation``, which the command line prints as it is).

A generated worksheet is repeatable: the same kind, count and seed give the same scenarios, as ``generate`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.app.quiz import kind_name, topic_title
from tutor.content.course import Course
from tutor.content.generate import generate_scenarios
from tutor.content.kinds import KINDS
from tutor.content.localize import localize_generated, localize_lesson, localize_scenario
from tutor.content.scenario import Scenario
from tutor.engine import RuleViolation
from tutor.i18n import ui

MOST = 60  # scenarios on one worksheet: a lesson has at most 26; more is no longer a sheet to hand out


@dataclass(frozen=True)
class Worksheet:
    """A worksheet's title and its scenarios, in their language."""

    title: str
    scenarios: tuple[Scenario, ...]
    lang: str


def _listed(names: Sequence[str]) -> str:
    text = ", ".join(names)
    return text if len(text) <= 400 else text[:397] + "..."


def for_lesson(course: Course, lesson_id: str, lang: str) -> Worksheet:
    """Every scenario of the lesson ``lesson_id``, in the lesson's order."""
    lesson = course.lesson(lesson_id)
    if lesson is None:
        there = [found.id for found in course.lessons]
        raise RuleViolation(f"there is no lesson {lesson_id!r}: the lessons are {_listed(there)}")
    shown = localize_lesson(lesson, lang)
    # Translators: a printed worksheet's title for a lesson: its number and its title ("6. Spoiled tricks").
    title = ui.gettext(lang, "Lesson {number}: {title}", number=lesson.order, title=shown.title)
    return _sheet(title, course.practice(lesson), lang)


def for_topic(course: Course, topic: str, lang: str) -> Worksheet:
    """Every scenario of a topic, in file order."""
    if topic not in course.topics:
        raise RuleViolation(f"there is no topic {topic!r}: the topics are {_listed(sorted(course.topics))}")
    return _sheet(topic_title(topic, lang), course.topics[topic], lang)


def for_ids(course: Course, ids: Sequence[str], lang: str, title: str | None = None) -> Worksheet:
    """The scenarios named, in the order given (each once)."""
    unknown = [sid for sid in ids if sid not in course.scenarios]
    if unknown:
        raise RuleViolation(
            f"there is no scenario {unknown[0]!r} in the course (ids are the files' 'id:', e.g. "
            f"{', '.join(list(course.scenarios)[:3])})"
        )
    picked = [course.scenarios[sid] for sid in dict.fromkeys(ids)]
    # Translators: a printed worksheet's title when the teacher picked its scenarios one by one.
    return _sheet(title or ui.gettext(lang, "Worksheet"), picked, lang)


def generated(kind: str, count: int, seed: int, lang: str) -> Worksheet:
    """``count`` scenarios of ``kind`` made by the engine from ``seed``."""
    if kind not in KINDS:
        raise RuleViolation(f"there is no kind {kind!r}: the kinds are {', '.join(KINDS)}")
    if not 1 <= count <= MOST:
        raise RuleViolation(f"--count must be 1 to {MOST}, not {count}")
    made = generate_scenarios(kind, count, seed)
    # Translators: a printed worksheet's title for scenarios the engine made: the kind ("Tricks") and the seed that
    # makes the same sheet again.
    title = ui.gettext(lang, "{kind} (set {seed})", kind=kind_name(kind, lang), seed=seed)
    return Worksheet(title, tuple(localize_generated(scenario, lang) for scenario in made), lang)


def _sheet(title: str, scenarios: Sequence[Scenario], lang: str) -> Worksheet:
    if not scenarios:
        raise RuleViolation("no scenarios to print: the lesson or topic has none that loaded")
    if len(scenarios) > MOST:
        raise RuleViolation(f"{len(scenarios)} scenarios is more than a worksheet holds ({MOST}): pick fewer")
    return Worksheet(title, tuple(localize_scenario(scenario, lang) for scenario in scenarios), lang)


__all__ = ["MOST", "Worksheet", "for_ids", "for_lesson", "for_topic", "generated"]
