"""A scenario like another one, for "A similar one" after an answer: same kind and topic, new cards.

The generator makes most kinds; a scenario whose topic it never writes (or a kind it does not make) gets
another of the course's scenarios of that kind and topic instead.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tutor.content.course import Course
from tutor.content.scenario import Scenario
from tutor.engine import RuleViolation

BATCH = 6  # generated at a time, a few ms each
TRIES = 6  # batches before settling for a near match


def similar(scenario: Scenario, course: Course | None, seed: int) -> Scenario | None:
    """A scenario like ``scenario``: generated with its kind and topic (the same questions if possible),
    else another of ``course``'s scenarios of its kind and topic, else a generated one of its kind; None
    when there is no such scenario at all. ``seed`` (0 or more) makes the choice repeatable."""
    made = [s for s in _generated(scenario, seed) if s.id != scenario.id]
    same_topic = [s for s in made if s.topic == scenario.topic]
    if same_topic:
        return _closest(scenario, same_topic)
    if course is not None:
        others = [
            s
            for s in course.scenarios.values()
            if (s.kind, s.topic) == (scenario.kind, scenario.topic) and s.id != scenario.id
        ]
        if others:
            return random.Random(seed).choice(sorted(others, key=lambda s: s.id))
    return _closest(scenario, made) if made else None


def _generated(scenario: Scenario, seed: int) -> list[Scenario]:
    """Generated scenarios of the kind, batch after batch until one has the topic and the questions."""
    from tutor.content.generate import generate_scenarios  # imported when used: its tables are not small

    made: list[Scenario] = []
    for attempt in range(TRIES):
        try:
            batch = generate_scenarios(scenario.kind, BATCH, seed * TRIES + attempt)
        except RuleViolation:  # a kind the generator does not make
            return []
        made.extend(batch)
        if any(s.topic == scenario.topic and set(s.ask) == set(scenario.ask) for s in batch):
            break
    return made


def _closest(scenario: Scenario, candidates: Iterable[Scenario]) -> Scenario:
    """The first candidate asking the most of the same questions (the generator varies what it asks)."""
    asked = set(scenario.ask)
    return max(candidates, key=lambda s: len(asked & set(s.ask)) - len(set(s.ask) - asked))
