"""Findings of the engine review (issue 10 parts 2-3): reprs, notation errors, the trick under way."""

from __future__ import annotations

from pathlib import Path

import pytest

import tutor.engine as engine
from tutor.content.scenario import load_scenario
from tutor.content.solve import solve
from tutor.engine import (
    PACK,
    Card,
    DealPoint,
    DealState,
    Explained,
    NotationError,
    RuleViolation,
    Seat,
    Suit,
    Team,
    card,
    cards,
    hand_signals,
    parse_card,
    play_game,
    rank_cards,
    score_deal,
    signal,
)
from tutor.engine.ranking import number_notes
from tutor.engine.signalling import false_signal
from tutor.engine.steps import Step
from tutor.i18n.sentences import render, render_all

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


# --- a game says why a deal's run is no mordienne ---------------------------------------------------------


def solved(scenario_id: str) -> Explained:
    (path,) = (ROOT / "scenarios").rglob(f"{scenario_id}.yaml")
    return solve(load_scenario(path))


def test_a_game_says_the_spoiled_fifth_trick_broke_norths_run() -> None:
    # Deal 4 of game-run-broken-by-spoiled: tricks W, N, N, N, spoiled, N, N, N, N with mordienne on.
    # North has 7 tricks, the point; the first win is trick 2, the spoiled trick 5 breaks the run, so 1 point.
    game = solved("game-run-broken-by-spoiled")
    fourth = next(s for s in game.explanation if s.msg == "game.deal" and s.param("number") == 4)
    assert render(fourth) == (
        "Deal 4 (West deals): North won the most tricks (7), but no mordienne: after North's first win (trick 2), "
        "trick 5 was spoiled, which breaks the run, so NS scores 1. NS 2, EW 2."
    )
    why = fourth.param("why")
    assert isinstance(why, Step) and why.msg == "score.summary.no_mordienne"
    reason = why.param("reason")
    assert isinstance(reason, Step) and reason.msg == "mordienne.broken.spoiled" and reason.param("breaker") == 5


def test_a_game_names_the_player_whose_trick_broke_a_run() -> None:
    # South wins trick 3, then tricks 4-9 except trick 7, which East takes: 6 tricks, no mordienne.
    broken = score_deal([N, None, S, S, S, S, E, S, S], mordienne=True)
    game = play_game(Seat.N, [broken, *[DealPoint(None, 0)] * 4])
    assert render(game.explanation[1]) == (
        "Deal 1 (North deals): South won the most tricks (6), but no mordienne: after South's first win "
        "(trick 3), trick 7 went to East, which breaks the run, so NS scores 1. NS 1, EW 0."
    )


def test_a_game_without_the_mordienne_rule_says_nothing_of_it() -> None:
    plain = score_deal([N, None, S, S, S, S, E, S, S], mordienne=False)
    game = play_game(Seat.N, [plain, *[DealPoint(None, 0)] * 4])
    assert (
        render(game.explanation[1])
        == "Deal 1 (North deals): South won the most tricks (6), so NS scores 1. NS 1, EW 0."
    )


# --- the numbers of the court cards ---------------------------------------------------------------------------


def test_the_ten_eleven_and_twelve_are_the_jack_cavalier_and_king() -> None:
    # pack-ten-eleven-twelve ranks "10 of coins", "12 of swords", "11 of cups": J-coins, K-swords, C-cups.
    steps = render_all(solved("pack-ten-eleven-twelve").explanation)
    assert "J-coins is a jack: the jack carries the number 10." in steps
    assert "C-cups is a cavalier: the cavalier carries the number 11." in steps
    assert "K-swords is a king: the king carries the number 12." in steps


def test_several_court_cards_of_a_rank_share_one_note() -> None:
    notes = render_all(number_notes(cards("J-cups 5-coins J-clubs K-coins")))
    assert notes == [
        "J-cups and J-clubs are jacks: the jack carries the number 10.",
        "K-coins is a king: the king carries the number 12.",
    ]


def test_cards_that_are_not_court_cards_get_no_number_note() -> None:
    assert number_notes(cards("A-coins 9-cups 3-clubs 8-swords")) == []
    assert not any(s.msg.startswith("rank.number") for s in rank_cards(cards("A-coins 2-cups")).explanation)


# --- a false signal is the engine's to say ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("signal_id", "hand", "expected"),
    [
        (
            "monsieur",
            "A-coins 4-cups",
            "the 'monsieur' signal says \"I hold Monsieur\", but you don't hold 3-coins (Monsieur)",
        ),
        ("aces", "3-coins 4-cups", "the 'aces' signal says \"I hold aces\", but you hold no ace"),
        (
            "useless-hand",
            "5-cups A-coins 2-cups",
            "your hand is not useless: 2-cups (La Vache) and A-coins are worth a signal",
        ),
        ("useless-hand", "5-cups A-coins", "your hand is not useless: A-coins is worth a signal"),
    ],
)
def test_a_false_signal_says_why(signal_id: str, hand: str, expected: str) -> None:
    found = false_signal(signal(signal_id), cards(hand))
    assert found is not None and render(found) == expected


@pytest.mark.parametrize(
    ("signal_id", "hand"),
    [
        ("monsieur", "3-coins 4-cups"),
        ("aces", "A-swords 4-cups"),
        ("useless-hand", "5-cups 4-swords 3-clubs"),
        ("mordienne", "5-cups 4-swords"),  # a plan, not a card: never false
    ],
)
def test_a_true_signal_is_not_false(signal_id: str, hand: str) -> None:
    assert false_signal(signal(signal_id), cards(hand)) is None


def test_every_signal_a_hand_calls_for_is_true_for_it() -> None:
    for n in range(0, 48, 3):
        hand = PACK[n : n + 9]
        assert all(false_signal(s, hand) is None for s in hand_signals(hand).signals)


def test_a_game_does_not_dwell_on_a_mordienne_ruled_out_by_the_first_trick() -> None:
    # North wins trick 1 and five more: no run to speak of, so the game's line stays short.
    first = score_deal([N, E, N, N, None, N, E, N, W], mordienne=True)
    assert render(first.explanation[-2]) == "No mordienne: North won the first trick."
    game = play_game(Seat.N, [first, *[DealPoint(None, 0)] * 4])
    assert render(game.explanation[1]) == (
        "Deal 1 (North deals): North won the most tricks (5), so NS scores 1. NS 1, EW 0."
    )
