"""Explanation steps as data (tutor/engine/steps.py): a step names its cards and reads its parameters, a
message checks them, and steps round-trip through plain JSON.
"""

from __future__ import annotations

import json

import pytest
from explanation_corpus import corpus

from tutor.engine import Seat, Team, card, cards, resolve_trick
from tutor.engine.errors import RuleViolation
from tutor.engine.messages import step
from tutor.engine.signals import signal
from tutor.engine.steps import Message, Step, Tier
from tutor.i18n.sentences import render

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_steps_round_trip_through_plain_json() -> None:
    for s in corpus():
        text = json.dumps(s.to_json(), ensure_ascii=False)
        back = Step.from_json(json.loads(text))
        assert back == s
        assert render(back) == render(s)


# --- steps and messages --------------------------------------------------------------------------------


def test_a_step_names_its_cards_nested_ones_included() -> None:
    spoiled = resolve_trick(N, cards("A-coins 5-cups A-cups 4-clubs"))
    summary = step("deal.trick", number=3, summary=step("trick.play", seat=E, card=card("5-cups"))).about(trick=3)
    assert summary.cards == {card("5-cups")} and summary.trick == 3 and summary.draw_card is None
    assert spoiled.explanation[4].cards == {card("A-coins"), card("A-cups")}  # the sharers, nested
    assert step("score.points", team=Team.NS, points=1).cards == frozenset()


def test_a_step_reads_its_parameters_by_name() -> None:
    s = step("trick.won", card=card("3-coins"), winner=S)
    assert s.param("winner") is S and s.param("card") == card("3-coins")
    with pytest.raises(KeyError):
        s.param("loser")


def test_a_message_checks_its_parameters() -> None:
    with pytest.raises(TypeError, match=r"missing parameters \['winner'\]"):
        step("trick.won", card=card("3-coins"))
    with pytest.raises(TypeError, match=r"unexpected \['seat'\]"):
        step("trick.won", card=card("3-coins"), winner=S, seat=N)
    with pytest.raises(TypeError, match="not a step parameter"):
        step("trick.won", card=card("3-coins"), winner=[S])  # a list is no step parameter: tuples are
    with pytest.raises(TypeError, match="count 'points' must be a whole number"):
        step("score.points", team=Team.NS, points=1.0)
    with pytest.raises(TypeError, match="not a message of the engine"):
        step("trick.lost")


def test_a_message_knows_its_placeholders_and_its_count() -> None:
    m = Message("x", "{n} card for {seat}", "{n} cards for {seat:code}", "n")
    assert m.names == {"n", "seat"}
    with pytest.raises(ValueError, match="needs both"):
        Message("y", "one", "other")


@pytest.mark.parametrize(
    "data",
    [
        "trick.won",
        {"params": {}},
        {"msg": "trick.won", "params": []},
        {"msg": "trick.won", "params": {"winner": {"seat": "X"}}},
        {"msg": "trick.won", "params": {"winner": {"planet": "Mars"}}},
        {"msg": "trick.won", "params": {"card": {"card": "3-coins", "seat": "N"}}},
        {"msg": "trick.won", "params": {}, "trick": "3"},
        {"msg": "rank.card", "params": {"tier": {"tier": 20}}},
    ],
)
def test_a_damaged_step_is_one_rule_violation(data: object) -> None:
    with pytest.raises(RuleViolation) as raised:
        Step.from_json(data)
    assert "\n" not in raised.value.message


def test_every_kind_of_parameter_survives_json() -> None:
    s = step(
        "score.tie",
        tied=(N, S),
        most=3,
        reached=(step("score.reached", seat=S, number=5), step("score.reached", seat=N, number=7)),
        winner=S,
        team=Team.NS,
    ).about(trick=9, draw_card=2)
    data = json.loads(json.dumps(s.to_json()))
    assert data["params"]["tied"] == [{"seat": "N"}, {"seat": "S"}]
    assert data["trick"] == 9 and data["draw_card"] == 2
    assert Step.from_json(data) == s
    mixed = Step("x", (("t", Tier(9)), ("s", signal("aces")), ("f", 0.25), ("name", "Zoé"), ("no", None)))
    assert Step.from_json(json.loads(json.dumps(mixed.to_json()))) == mixed
