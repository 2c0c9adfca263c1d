"""FrozenMap, and the engine's frozen value types that hold a mapping: each is hashable and cannot be changed,
and a plain dict given to its constructor is frozen while comparing equal to it."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Callable

import pytest

from tutor.engine import SEATS, DealState, Seat, chant, eldest_of, partnership_draw, score_deal, shuffle_and_deal
from tutor.engine.cards import Card, card, cards
from tutor.engine.deal_state import play_deal
from tutor.engine.frozen_map import FrozenMap
from tutor.engine.position import Position
from tutor.engine.simulate import simulate
from tutor.engine.solver import solve_position

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


# --- FrozenMap itself --------------------------------------------------------------------------------------------


def test_a_frozen_map_equals_and_hashes_by_its_entries() -> None:
    plain = {"a": 1, "b": (2, 3)}
    frozen = FrozenMap(plain)
    assert frozen == plain and plain == frozen and frozen == FrozenMap([("b", (2, 3)), ("a", 1)])
    assert frozen != {"a": 1} and frozen != FrozenMap({"a": 1, "b": (2,)}) and frozen != [("a", 1), ("b", (2, 3))]
    assert hash(frozen) == hash(FrozenMap({"b": (2, 3), "a": 1}))  # order does not matter, as for equality
    assert {frozen: "found"}[FrozenMap(plain)] == "found"
    assert len(frozen) == 2 and list(frozen) == ["a", "b"] and "a" in frozen and "z" not in frozen
    assert frozen.get("a") == 1 and frozen.get("z") is None and frozen.get("z", 0) == 0
    assert dict(frozen.items()) == plain and list(frozen.keys()) == ["a", "b"] and list(frozen.values()) == [1, (2, 3)]
    assert repr(frozen) == "FrozenMap({'a': 1, 'b': (2, 3)})"


def test_a_frozen_map_is_its_own_copy_and_cannot_be_changed() -> None:
    plain = {"a": 1}
    frozen = FrozenMap(plain)
    plain["a"] = 2  # the dict it was made from is not the map
    assert frozen["a"] == 1
    with pytest.raises(TypeError):
        frozen["a"] = 3  # what is tested: a FrozenMap has no item assignment
    with pytest.raises(TypeError):
        del frozen["a"]  # nor item deletion
    for method in ("clear", "update", "pop", "popitem", "setdefault", "__setitem__", "__delitem__", "__ior__"):
        assert not hasattr(frozen, method), method
    with pytest.raises(AttributeError):
        frozen._entries = {}  # nor a new dict underneath
    with pytest.raises(AttributeError):
        del frozen._entries
    with pytest.raises(AttributeError):
        frozen.extra = 1  # nor anything else
    assert frozen == {"a": 1}


def test_a_frozen_map_is_made_anew_for_a_change() -> None:
    frozen = FrozenMap({"a": 1, "b": 2})
    assert frozen.updated("a", 5) == {"a": 5, "b": 2} and frozen | {"c": 3} == {"a": 1, "b": 2, "c": 3}
    assert isinstance(frozen | {"c": 3}, FrozenMap) and frozen == {"a": 1, "b": 2}
    assert FrozenMap.of(frozen) is frozen and FrozenMap.of({"a": 1}) == {"a": 1}


def test_a_frozen_map_pickles_and_copies() -> None:
    frozen = FrozenMap({Seat.N: (card("A-cups"),), Seat.S: ()})
    for again in (pickle.loads(pickle.dumps(frozen)), copy.copy(frozen), copy.deepcopy(frozen)):
        assert isinstance(again, FrozenMap) and again == frozen and hash(again) == hash(frozen)


def test_a_frozen_map_of_unhashable_values_still_reads_but_does_not_hash() -> None:
    frozen = FrozenMap({"a": [1]})
    assert frozen["a"] == [1] and frozen == {"a": [1]}
    with pytest.raises(TypeError):
        hash(frozen)


# --- the engine's value types ------------------------------------------------------------------------------------


def _deal() -> tuple[Seat, dict[Seat, tuple[Card, ...]]]:
    dealer = Seat.E
    return dealer, dict(shuffle_and_deal(random.Random(7), dealer).hands)


def _state() -> DealState:
    dealer, hands = _deal()
    return DealState.start(dealer, hands)


def _played() -> object:
    state = _state()
    dealer, hands = state.dealer, dict(state.hands)
    rng = random.Random(3)
    while not state.finished:
        state = state.play(rng.choice(state.legal_cards()))
    plays = [[c for _, c in trick.plays] for trick in state.tricks]
    return play_deal(dealer, hands, plays)


def _position() -> Position:
    return Position.build(
        [N, E, N, E, S, W, None],
        N,
        cards("K-coins 4-cups 5-swords"),
        {N: cards("7-coins"), E: cards("A-cups"), S: cards("8-coins"), W: cards("K-swords 6-clubs")},
    )


def _chant() -> object:
    dealt = shuffle_and_deal(random.Random(5), Seat.N)
    eldest = eldest_of(Seat.N)
    return chant(Seat.N, dealt.talon, {eldest: True, Seat.N: True}, {eldest: dealt.hands[eldest]})


# Each type, built by the engine, and its mapping fields
VALUES: dict[str, tuple[Callable[[], object], tuple[str, ...]]] = {
    "DealState": (_state, ("hands",)),
    "PlayedDeal": (_played, ("hands",)),
    "Position": (_position, ("hands",)),
    "Chant": (_chant, ("received", "keeps")),
    "Dealt": (lambda: shuffle_and_deal(random.Random(1), Seat.S), ("hands",)),
    "Draw": (
        lambda: partnership_draw(["Ann", "Bob", "Cleo", "Dan"], cards("3-coins A-coins 3-cups 2-coins 2-cups")),
        ("received", "holders"),
    ),
    "DealScore": (lambda: score_deal([N, N, E, S, None, W, N, E, N]), ("tricks_won",)),
    "PlaySolution": (lambda: solve_position(_position()), ("results",)),
    "SimulationStats": (lambda: simulate(3, 1), ("points_histogram",)),
}


@pytest.mark.parametrize("name", list(VALUES))
def test_an_engine_value_is_hashable_and_its_mappings_cannot_change(name: str) -> None:
    build, fields = VALUES[name]
    value = build()
    assert type(value).__name__ == name
    assert hash(value) == hash(dataclasses.replace(value)) and value == dataclasses.replace(value)  # a copy
    for field in fields:
        mapping = getattr(value, field)
        assert isinstance(mapping, FrozenMap), field
        key = next(iter(mapping))
        with pytest.raises(TypeError):
            mapping[key] = mapping[key]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, {})


@pytest.mark.parametrize("name", list(VALUES))
def test_an_engine_value_made_from_plain_dicts_is_frozen_and_equal(name: str) -> None:
    build, fields = VALUES[name]
    value = build()
    plain = {field: dict(getattr(value, field)) for field in fields}
    again = dataclasses.replace(value, **plain)  # every VALUES entry is a dataclass
    assert again == value and hash(again) == hash(value)
    for field in fields:
        assert isinstance(getattr(again, field), FrozenMap) and getattr(again, field) == plain[field]


def test_the_next_state_changes_one_hand_and_leaves_the_state_before_alone() -> None:
    state = _state()
    before = dict(state.hands)
    card = state.legal_cards()[0]
    after = state.play(card)
    assert state.hands == before and card not in after.hands[state.to_play]
    assert {s: h for s, h in after.hands.items() if s is not state.to_play} == {
        s: h for s, h in before.items() if s is not state.to_play
    }
    assert set(SEATS) == set(after.hands)
