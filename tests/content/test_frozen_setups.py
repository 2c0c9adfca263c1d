"""The content's frozen values that hold a mapping (the chant's, the deal's and the play kind's setups, a
scenario's ``expect``, an order drill's places): hashable, unchangeable, equal to the plain dicts they are
made from; and every scenario of the course hashes."""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from pathlib import Path

import pytest

from tutor.content import drills
from tutor.content.course import Course, load_course
from tutor.content.kinds.chant import ChantSetup
from tutor.content.kinds.deal import DealScoringSetup
from tutor.content.kinds.play import PlaySetup
from tutor.content.scenario import Scenario
from tutor.content.solve import compare, solve
from tutor.engine import Seat, shuffle_and_deal
from tutor.engine.cards import cards
from tutor.engine.frozen_map import FrozenMap

ROOT = Path(__file__).resolve().parents[2]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PLAYED = ((N, "coins"), (E, "cups"), (S, "swords"), (W, "clubs"))


@cache
def course() -> Course:
    return load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")], verify=False)


def _hands() -> dict[Seat, tuple[object, ...]]:
    return dict(shuffle_and_deal(random.Random(2), Seat.W).hands)


SETUPS: dict[str, tuple[object, tuple[str, ...]]] = {
    "ChantSetup": (
        ChantSetup(Seat.N, tuple(cards("A-coins A-cups A-swords A-clubs K-coins K-cups")), {E: True}, {}),
        ("agree", "hands"),
    ),
    "DealScoringSetup": (DealScoringSetup(dealer=Seat.W, hands=_hands(), plays=()), ("hands",)),
    "PlaySetup": (
        PlaySetup((N,) * 7, N, (), {s: tuple(cards(f"A-{suit} 2-{suit}")) for s, suit in PLAYED}, {N: "N"}),
        ("hands", "hand_keys"),
    ),
}


@pytest.mark.parametrize("name", list(SETUPS))
def test_a_setup_is_hashable_and_its_mappings_cannot_change(name: str) -> None:
    setup, fields = SETUPS[name]
    plain = {field: dict(getattr(setup, field)) for field in fields}
    again = dataclasses.replace(setup, **plain)
    assert hash(setup) == hash(again) and setup == again
    for field in fields:
        mapping = getattr(setup, field)
        assert isinstance(mapping, FrozenMap) and mapping == plain[field]
        with pytest.raises(TypeError):
            mapping[Seat.S] = ()
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(setup, field, {})


def test_a_deal_setup_without_hands_keeps_none() -> None:
    setup = DealScoringSetup(tricks=(N,) * 9)
    assert setup.hands is None and hash(setup) == hash(DealScoringSetup(tricks=(N,) * 9))


def test_every_scenario_of_the_course_and_its_setup_hash() -> None:
    scenarios = list(course().scenarios.values())
    assert len(scenarios) > 100
    assert len({hash(s) for s in scenarios}) == len({s.id for s in scenarios})  # distinct ones hash apart
    assert all(hash(s.setup) == hash(dataclasses.replace(s.setup)) for s in scenarios)


def _with_map_expect() -> Scenario:
    return next(s for s in course().scenarios.values() if any(isinstance(v, FrozenMap) for v in s.expect.values()))


def test_expect_is_frozen_with_its_mapping_values_and_still_agrees_with_the_engine() -> None:
    scenario = _with_map_expect()
    assert isinstance(scenario.expect, FrozenMap)
    key = next(k for k, v in scenario.expect.items() if isinstance(v, FrozenMap))
    with pytest.raises(TypeError):
        scenario.expect[key] = {}
    with pytest.raises(TypeError):
        scenario.expect[key]["N"] = 9
    assert compare(scenario, solve(scenario)) == []  # an expectation naming some entries still agrees
    plain = {k: dict(v) if isinstance(v, FrozenMap) else v for k, v in scenario.expect.items()}
    again = dataclasses.replace(scenario, expect=plain)
    assert again == scenario and hash(again) == hash(scenario) and again.expect == plain
    assert isinstance(again.expect[key], FrozenMap)


def test_an_order_drills_places_cannot_change() -> None:
    drill = drills.order_drill(cards("3-coins A-cups A-coins 5-clubs K-swords"))
    assert isinstance(drill.places, FrozenMap) and hash(drill) == hash(dataclasses.replace(drill))
    with pytest.raises(TypeError):
        drill.places["3-coins"] = 5
    assert dataclasses.replace(drill, places=dict(drill.places)) == drill
