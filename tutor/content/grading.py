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
from tutor.content.outcomes import Shape, show
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
    # An answer given entry by entry (:data:`PARTED`): each entry (a top card, a player) and whether it is right.
    parts: tuple[tuple[str, bool], ...] = ()

    @property
    def right_parts(self) -> int:
        """How many parts are right: the entries right, or 1 or 0 for an answer in one part."""
        return sum(1 for _entry, right in self.parts if right) if self.parts else int(self.correct)

    @property
    def total_parts(self) -> int:
        return len(self.parts) or 1


@dataclass(frozen=True)
class Grade:
    keys: tuple[KeyGrade, ...]

    @property
    def right(self) -> int:
        """The parts answered right: one per question, or one per entry of an answer given entry by entry."""
        return sum(k.right_parts for k in self.keys)

    @property
    def total(self) -> int:
        return sum(k.total_parts for k in self.keys)

    @property
    def all_correct(self) -> bool:
        return all(k.correct for k in self.keys)

    def by_key(self) -> dict[str, bool]:
        return {k.key: k.correct for k in self.keys}


# Answers given entry by entry, one widget per top card or player: each entry is graded and counted on its own.
PARTED = (Shape.NAME_MAP, Shape.CARD_LIST_MAP, Shape.CARD_SET_MAP, Shape.INT_LIST_MAP)


def _parts(scenario: Scenario, key: str, given: object, expected: object, right: bool) -> tuple[tuple[str, bool], ...]:
    """Each entry of a parted answer and whether the learner's entry is the engine's (all right if it is)."""
    if kinds.shape_of(scenario.kind, key) not in PARTED or not isinstance(expected, Mapping):
        return ()
    mine = given if isinstance(given, Mapping) else {}
    return tuple((str(entry), right or (entry in mine and mine[entry] == value)) for entry, value in expected.items())


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
            parts = _parts(scenario, key, None, expected, False)
            grades.append(KeyGrade(key, False, "(no answer)", show(expected), "no answer given", parts))
            continue
        try:
            given = kinds.normalize(scenario.kind, key, answers[key])
        except RuleViolation as error:
            parts = _parts(scenario, key, None, expected, False)
            grades.append(KeyGrade(key, False, show(answers[key]), show(expected), error.message, parts))
            continue
        if key in one_card:  # one card (to play): right if it is one of the set (the best cards)
            cards = given if isinstance(given, frozenset) else frozenset()
            best = expected if isinstance(expected, frozenset) else frozenset()  # a card set: the kind says so
            right = len(cards) == 1 and cards <= best
            grades.append(KeyGrade(key, right, show(given), show(expected)))
            continue
        right = agrees(scenario, key, given, result, partial=False)
        parts = _parts(scenario, key, given, expected, right)
        grades.append(KeyGrade(key, right, show(given), show(expected), parts=parts))
    return Grade(tuple(grades))
