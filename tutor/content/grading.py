"""Grading a learner's prediction against the engine's outcome, key by key.

The same normalization as ``check`` uses for authors' ``expect`` (see :mod:`tutor.content.outcomes`),
except that a learner's answer must be complete: a mapping answer must give every entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.content.outcomes import normalize, show
from tutor.content.scenario import Scenario
from tutor.content.solve import agrees
from tutor.engine import Explained, RuleViolation


@dataclass(frozen=True)
class KeyGrade:
    key: str
    correct: bool
    given: str  # the learner's answer, shown back
    expected: str  # the engine's answer
    problem: str | None = None  # why the answer could not be read, if it could not


@dataclass(frozen=True)
class Grade:
    keys: tuple[KeyGrade, ...]

    @property
    def right(self) -> int:
        return sum(1 for k in self.keys if k.correct)

    @property
    def all_correct(self) -> bool:
        return all(k.correct for k in self.keys)

    def by_key(self) -> dict[str, bool]:
        return {k.key: k.correct for k in self.keys}


def grade(scenario: Scenario, result: Explained, answers: Mapping[str, object]) -> Grade:
    """Grade the answers to each asked key; a missing or unreadable answer is wrong, with a reason."""
    outcome = result.outcome()
    grades = []
    for key in scenario.ask:
        expected = normalize(scenario.kind, key, outcome[key])
        # None means "not answered"; a learner who means "nobody" says so ("spoiled", "none").
        if answers.get(key) is None:
            grades.append(KeyGrade(key, False, "(no answer)", show(expected), "no answer given"))
            continue
        try:
            given = normalize(scenario.kind, key, answers[key])
        except RuleViolation as error:
            grades.append(KeyGrade(key, False, show(answers[key]), show(expected), error.message))
            continue
        grades.append(KeyGrade(key, agrees(scenario, key, given, result, partial=False), show(given), show(expected)))
    return Grade(tuple(grades))
