"""Running a scenario through the engine, and comparing the author's ``expect`` with the result."""

from __future__ import annotations

from collections.abc import Mapping

from tutor.content import kinds
from tutor.content.outcomes import matches, show
from tutor.content.problems import ContentError, Problem
from tutor.content.scenario import Scenario
from tutor.engine import Explained, RuleViolation


def solve(scenario: Scenario) -> Explained:
    """The engine's result for a scenario; a rule broken by the setup becomes a located problem."""
    try:
        return kinds.kind(scenario.kind).solve_setup(scenario.setup, scenario.mordienne)
    except RuleViolation as error:
        raise ContentError([scenario.problem(("setup", *error.path), error.message)]) from None
    except Exception as error:  # a bug must not hide the other files' results
        message = f"internal error in the engine ({type(error).__name__}: {error}); please report it"
        raise ContentError([scenario.problem(("setup",), message)]) from error


def compare(scenario: Scenario, result: Explained) -> list[Problem]:
    """Every ``expect`` entry the engine disagrees with, and every ``ask`` key the outcome lacks."""
    outcome = result.outcome()
    problems = []
    for position, key in enumerate(scenario.ask):
        if key not in outcome:
            problems.append(
                scenario.problem(
                    ("ask", position), f"'{key}' is not in this scenario's outcome (it has: {' '.join(outcome)})"
                )
            )
    for key, expected in scenario.expect.items():
        if key not in outcome:
            problems.append(
                scenario.problem(
                    ("expect", key), f"'{key}' is not in this scenario's outcome (it has: {' '.join(outcome)})"
                )
            )
            continue
        actual = kinds.normalize(scenario.kind, key, outcome[key])
        if not agrees(scenario, key, expected, result, partial=True):
            problems.append(
                scenario.problem(
                    ("expect", key), f"the engine says {show(actual)}, the scenario expects {show(expected)}"
                )
            )
    return problems


def agrees(scenario: Scenario, key: str, given: object, result: Explained, partial: bool) -> bool:
    """Whether a normalized answer (an author's ``expect`` or a learner's prediction) is right.

    ``partial`` lets a mapping name only some of its entries (authors may; learners must give all).
    Where the rules allow several right answers, the engine decides which ones are acceptable.
    """
    actual = kinds.normalize(scenario.kind, key, result.outcome()[key])
    accepted = kinds.kind(scenario.kind).agrees(key, given, result, partial)  # where the rules allow several
    if accepted is not None:
        return accepted
    if not partial and isinstance(given, Mapping) and isinstance(actual, Mapping) and set(given) != set(actual):
        return False
    return matches(given, actual)
