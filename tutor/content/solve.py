"""Running a scenario through the engine, and comparing the author's ``expect`` with the result."""

from __future__ import annotations

from tutor.content.outcomes import matches, normalize, show
from tutor.content.problems import ContentError, Problem
from tutor.content.scenario import (
    ChantSetup,
    CutAndDealSetup,
    DealScoringSetup,
    DrawSetup,
    GameSetup,
    PlaySetup,
    RankSetup,
    Scenario,
    SignalSetup,
    TrickSetup,
)
from tutor.engine import (
    Chant,
    DealPoint,
    DealScore,
    Explained,
    RuleViolation,
    chant,
    deal,
    hand_signals,
    look_up,
    partnership_draw,
    play_deal,
    play_game,
    rank_cards,
    resolve_trick,
    score_deal,
)
from tutor.engine.cards import parse_card
from tutor.engine.position import Position
from tutor.engine.seats import Seat
from tutor.engine.solver import solve_position


def solve(scenario: Scenario) -> Explained:
    """The engine's result for a scenario; a rule broken by the setup becomes a located problem."""
    try:
        return _compute(scenario)
    except RuleViolation as error:
        raise ContentError([scenario.problem(("setup", *error.path), error.message)]) from None
    except Exception as error:  # a bug must not hide the other files' results
        message = f"internal error in the engine ({type(error).__name__}: {error}); please report it"
        raise ContentError([scenario.problem(("setup",), message)]) from error


def _compute(s: Scenario) -> Explained:
    setup = s.setup
    match setup:
        case RankSetup(cards=cards):
            return rank_cards(cards)
        case DrawSetup(players=players, cards=cards):
            return partnership_draw(players, cards)
        case TrickSetup(leader=leader, plays=plays):
            try:
                return resolve_trick(leader, plays)
            except RuleViolation as error:
                raise error.under("plays") from None
        case DealScoringSetup(tricks=tricks) if tricks is not None:
            try:
                return score_deal(tricks, s.mordienne)
            except RuleViolation as error:
                raise error.under("tricks") from None
        case DealScoringSetup(dealer=dealer, hands=hands, plays=plays):
            assert dealer is not None and hands is not None and plays is not None
            return play_deal(dealer, hands, plays, s.mordienne)
        case ChantSetup(dealer=dealer, talon=talon, agree=agree, hands=hands):
            return chant(dealer, talon, agree, hands)
        case SignalSetup(signal=signal_id, hand=hand):
            return look_up(signal_id) if signal_id else hand_signals(hand or ())
        case CutAndDealSetup(dealer=dealer, pack=pack, cut=at):
            return deal(pack, dealer, at)
        case GameSetup(first_dealer=first, deals=deals):
            scored: list[DealPoint | DealScore] = []
            for number, entry in enumerate(deals):
                if isinstance(entry, DealPoint):
                    scored.append(entry)
                    continue
                try:
                    scored.append(score_deal(entry, s.mordienne))
                except RuleViolation as error:
                    raise error.under("deals", number, "tricks") from None
            return play_game(first, scored)
        case PlaySetup():
            try:
                position = Position.build(setup.tricks, setup.leader, setup.plays, setup.hands, s.mordienne)
                return solve_position(position)
            except RuleViolation as error:
                raise _as_written(error, setup) from None
    raise AssertionError(setup)  # pragma: no cover


def _as_written(error: RuleViolation, setup: PlaySetup) -> RuleViolation:
    """Point a hand's problem at the seat's key as the file writes it (``north:`` as well as ``N:``)."""
    path = error.path
    if len(path) >= 2 and path[0] == "hands":
        seat = Seat.parse(path[1])
        path = ("hands", setup.hand_keys.get(seat, seat.value), *path[2:])
    return RuleViolation(error.message, path)


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
        actual = normalize(scenario.kind, key, outcome[key])
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
    actual = normalize(scenario.kind, key, result.outcome()[key])
    if scenario.kind == "chant" and key == "keep" and isinstance(result, Chant) and isinstance(given, dict):
        # Equal cards straddling the line between kept and discarded: any of them will do.
        seats = {Seat.parse(s): {parse_card(c) for c in cards} for s, cards in given.items()}
        complete = partial or set(seats) == set(result.keeps)
        return complete and all(s in result.keeps and result.keeps[s].accepts(c) for s, c in seats.items())
    if not partial and isinstance(given, dict) and isinstance(actual, dict) and set(given) != set(actual):
        return False
    return matches(scenario.kind, key, given, actual)
