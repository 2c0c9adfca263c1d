"""Findings of the engine review (issue 10 parts 2-3): reprs, notation errors, the trick under way."""

from __future__ import annotations

from pathlib import Path

import pytest

import tutor.engine as engine
from tutor.engine import (
    PACK,
    Card,
    DealState,
    NotationError,
    RuleViolation,
    Seat,
    Suit,
    Team,
    card,
    cards,
    parse_card,
    signal,
)

ROOT = Path(__file__).resolve().parent.parent
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# --- Card's repr evaluates back to the card -------------------------------------------------------


@pytest.mark.parametrize("c", PACK, ids=str)
def test_a_cards_repr_evaluates_to_the_same_card(c: Card) -> None:
    names = {name: getattr(engine, name) for name in engine.__all__}
    assert eval(repr(c), names) == c


def test_a_cards_repr_shows_its_code() -> None:
    assert repr(card("3-coins")) == "card('3-coins')"
    assert repr([card("A-swords"), Card("K", Suit.CUPS)]) == "[card('A-swords'), card('K-cups')]"


# --- a notation error is a rule violation, but not every rule violation is a notation error ------------


@pytest.mark.parametrize(
    ("read", "text"),
    [(parse_card, "Q-cups"), (parse_card, "3-stars"), (Seat.parse, "X"), (Team.parse, "NE"), (signal, "wave")],
)
def test_text_outside_the_notation_is_a_notation_error(read: object, text: str) -> None:
    with pytest.raises(NotationError) as raised:
        read(text)  # type: ignore[operator]
    assert isinstance(raised.value, RuleViolation)
    assert f"'{text}'" in raised.value.message


def test_an_unknown_rank_in_a_card_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="'Q' is not a rank"):
        Card("Q", Suit.CUPS)


def test_a_rule_broken_is_not_a_notation_error() -> None:
    hands = {seat: cards(" ".join(str(c) for c in PACK[9 * n : 9 * n + 9])) for n, seat in enumerate(Seat)}
    state = DealState.start(Seat.N, hands)
    with pytest.raises(RuleViolation) as raised:
        state.play(card("3-coins"))  # East leads, and 3-coins is North's
    assert not isinstance(raised.value, NotationError)


def test_a_located_notation_error_stays_a_notation_error() -> None:
    try:
        parse_card("Z-cups")
    except NotationError as error:
        moved = error.under("setup", "plays", 2)
    assert isinstance(moved, NotationError)
    assert moved.path == ("setup", "plays", 2)


# --- the trick under way ------------------------------------------------------------------------------


def test_current_plays_pairs_each_card_with_its_player_from_the_leader() -> None:
    hands = {seat: tuple(PACK[9 * n : 9 * n + 9]) for n, seat in enumerate(Seat)}
    state = DealState.start(Seat.S, hands)  # West is eldest and leads
    assert state.current_plays == ()
    state = state.play(hands[Seat.W][0]).play(hands[Seat.N][3])
    assert state.current_plays == ((Seat.W, hands[Seat.W][0]), (Seat.N, hands[Seat.N][3]))
    state = state.play(hands[Seat.E][0]).play(hands[Seat.S][0])
    assert state.current_plays == (), "a finished trick is no longer under way"
