"""The play layer's frozen values that hold a mapping (what the learner sees of a game, a hint, a coach's
decision): hashable, unchangeable, equal to the plain dicts they are made from."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from tutor.engine import DealState, Seat, shuffle_and_deal
from tutor.engine.frozen_map import FrozenMap
from tutor.play.coach import Decision
from tutor.play.hint import HintRequest, hint
from tutor.play.match import Match


def _table() -> object:
    match = Match.start(seed=4)
    match.next_deal()
    return match.table(see_everything=True)


def _state() -> DealState:
    return DealState.start(Seat.W, shuffle_and_deal(random.Random(8), Seat.W).hands)


def _hint() -> object:
    state = _state()
    return hint(HintRequest(state, state.to_play), playouts=60, seed=1)


def _decision() -> object:
    state = _state()
    first, second = state.legal_cards()[:2]
    return Decision(1, state, first, second, {first: 0.25, second: 0.5}, None)


VALUES: dict[str, tuple[Callable[[], object], tuple[str, ...]]] = {
    "Table": (_table, ("names", "hands", "hand_sizes", "tricks_won", "scores")),
    "Hint": (_hint, ("chances", "standard_errors")),
    "Decision": (_decision, ("chances",)),
}


@pytest.mark.parametrize("name", list(VALUES))
def test_a_play_value_is_hashable_and_its_mappings_cannot_change(name: str) -> None:
    build, fields = VALUES[name]
    value = build()
    assert type(value).__name__ == name
    plain = {field: dict(getattr(value, field)) for field in fields}
    again = dataclasses.replace(value, **plain)
    assert hash(value) == hash(again) and value == again
    for field in fields:
        mapping = getattr(value, field)
        assert isinstance(mapping, FrozenMap) and isinstance(getattr(again, field), FrozenMap), field
        assert mapping == plain[field]
        if mapping:
            key = next(iter(mapping))
            with pytest.raises(TypeError):
                mapping[key] = mapping[key]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, {})
