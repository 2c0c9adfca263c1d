"""The engine's errors (tutor/engine/errors.py): text outside the notation is a notation error, which is a rule
violation (a ``ValueError``); a rule broken is not a notation error, and a notation error located under a key
stays one."""

from __future__ import annotations

import pytest

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


def test_rule_violation_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("Q-cups")
