"""Grading a learner's prediction against the engine's outcome, key by key.

The same normalization as ``check`` uses for authors' ``expect`` (see :mod:`tutor.content.outcomes`),
except that a learner's answer must be complete: a mapping answer must give every entry.

A kind may ask differently (its entry's ``not_asked``, ``always_asked`` and ``one_card``): a ``play`` puzzle asks
which card to play, and the learner names one card, right when it is one of the ``best`` cards (any card
reaching the best result will do); its ``to_play`` is shown on the table and its ``results`` are the reveal's
business, so the app asks neither (see :func:`asked`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.content import kinds
from tutor.content.outcomes import show
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


def asked(scenario: Scenario) -> tuple[str, ...]:
    """The keys a learner answers, in the order asked: the scenario's ``ask``, less the keys its kind never asks,
    after the keys it always asks (for a ``play`` puzzle, the card, ``best``, and the ``value`` if asked)."""
    kind = kinds.kind(scenario.kind)
    keys = tuple(k for k in scenario.ask if k not in kind.not_asked)
    return (*(k for k in kind.always_asked if k not in keys), *keys)


def grade(scenario: Scenario, result: Explained, answers: Mapping[str, object]) -> Grade:
    """Grade the answers to each asked key (:func:`asked`); a missing or unreadable answer is wrong, with a
    reason."""
    outcome = result.outcome()
    one_card = kinds.kind(scenario.kind).one_card
    grades = []
    for key in asked(scenario):
        expected = kinds.normalize(scenario.kind, key, outcome[key])
        if key in one_card and isinstance(answers.get(key), str):
            answers = {**answers, key: [answers[key]]}  # one card, as the card widget gives it
        # None means "not answered"; a learner who means "nobody" says so ("spoiled", "none").
        if answers.get(key) is None:
            grades.append(KeyGrade(key, False, "(no answer)", show(expected), "no answer given"))
            continue
        try:
            given = kinds.normalize(scenario.kind, key, answers[key])
        except RuleViolation as error:
            grades.append(KeyGrade(key, False, show(answers[key]), show(expected), error.message))
            continue
        if key in one_card:  # one card (to play): right if it is one of the set (the best cards)
            cards = given if isinstance(given, frozenset) else frozenset()
            best = expected if isinstance(expected, frozenset) else frozenset()  # a card set: the kind says so
            right = len(cards) == 1 and cards <= best
            grades.append(KeyGrade(key, right, show(given), show(expected)))
            continue
        grades.append(KeyGrade(key, agrees(scenario, key, given, result, partial=False), show(given), show(expected)))
    return Grade(tuple(grades))
