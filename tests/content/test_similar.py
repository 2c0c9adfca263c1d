"""``similar``: "A similar one" after an answer is a scenario of the same kind and topic, new cards."""

from __future__ import annotations

import dataclasses

from tutor.app import state
from tutor.content.similar import similar


def test_a_generated_trick_keeps_the_topic_and_the_questions() -> None:
    asked = state.course().scenarios["spoiled-aces"]  # a spoiled trick: who wins, who leads next
    found = similar(asked, state.course(), seed=7)
    assert found is not None and found.id.startswith("gen-trick-")
    assert (found.kind, found.topic, set(found.ask)) == ("trick", "spoiled-tricks", {"winner", "next_leader"})


def test_the_same_seed_gives_the_same_scenario_and_another_seed_may_not() -> None:
    asked = state.course().scenarios["spoiled-aces"]
    first = similar(asked, None, seed=3)
    again = similar(asked, None, seed=3)
    assert first is not None and again is not None and first.id == again.id
    ids = {s.id for s in (similar(asked, None, seed=n) for n in range(5)) if s is not None}
    assert len(ids) > 1


def test_a_topic_the_generator_never_writes_takes_another_course_scenario_of_it() -> None:
    course = state.course()
    asked = next(s for s in course.scenarios.values() if s.topic == "pack")  # the generator writes no "pack"
    found = similar(asked, course, seed=1)
    assert found is not None and found.id in course.scenarios and found.id != asked.id
    assert (found.kind, found.topic) == (asked.kind, "pack")


def test_without_course_a_lone_topic_falls_back_to_the_kind() -> None:
    asked = next(s for s in state.course().scenarios.values() if s.topic == "pack")
    found = similar(asked, None, seed=1)
    assert found is not None and found.kind == asked.kind and found.topic != "pack"


def test_a_kind_nobody_makes_and_no_course_gives_none() -> None:
    # A kind no generator makes and no course scenario has.
    asked = dataclasses.replace(state.course().scenarios["spoiled-aces"], kind="nonesuch", topic="nowhere")
    assert similar(asked, None, seed=1) is None
