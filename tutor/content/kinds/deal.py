"""The kind ``deal`` (rules.md section 8): scoring a deal, from its nine trick results or from the hands and plays."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.content.drafting import (
    CardPlay,
    Draft,
    Drafting,
    best_card,
    best_first,
    codes,
    pick_ask,
    results_yaml,
    tie_size,
    weighted,
    worst_card,
)
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import Text, _
from tutor.engine import (
    SEATS,
    TIERS,
    Card,
    DealState,
    Explained,
    RuleViolation,
    Seat,
    eldest_of,
    play_deal,
    score_deal,
    shuffle_and_deal,
)
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.scoring import TRICKS_PER_DEAL


@dataclass(frozen=True)
class DealScoringSetup(Setup):
    """Either the nine trick results, or the dealer, the hands and the plays."""

    tricks: tuple[Seat | None, ...] | None = None
    dealer: Seat | None = None
    hands: Mapping[Seat, tuple[Card, ...]] | None = None  # a FrozenMap (a plain dict given is frozen)
    plays: tuple[tuple[Card, ...], ...] | None = None

    def __post_init__(self) -> None:
        freeze_fields(self, "hands")


def _read(r: Reader, s: dict[object, object]) -> DealScoringSetup | Missing:
    if "tricks" in s:
        r.keys(("setup",), s, ("tricks",))
        tricks = r.trick_results(("setup", "tricks"), s["tricks"])
        return MISSING if isinstance(tricks, Missing) else DealScoringSetup(tricks=tricks)
    if not any(k in s for k in ("dealer", "hands", "plays")):
        return r.add(("setup",), "give either 'tricks' (9 results) or 'dealer', 'hands' and 'plays'")
    r.keys(("setup",), s, ("dealer", "hands", "plays"))
    dealer = r.seat(("setup", "dealer"), s["dealer"]) if "dealer" in s else MISSING
    hands = r.hands(("setup", "hands"), s["hands"]) if "hands" in s else MISSING
    if isinstance(hands, dict):
        for seat in SEATS:
            if seat not in hands:
                r.add(("setup", "hands"), f"missing hand for {seat} (a deal needs all four hands)")
    played = r.sequence(("setup", "plays"), s["plays"], TRICKS_PER_DEAL, "tricks") if "plays" in s else MISSING
    plays: list[tuple[Card, ...]] = []
    if not isinstance(played, Missing):
        for number, trick in enumerate(played):
            found = r.cards(("setup", "plays", number), trick, 4)
            if not isinstance(found, Missing):
                plays.append(found)
    if isinstance(dealer, Missing) or isinstance(hands, Missing) or len(plays) != TRICKS_PER_DEAL:
        return MISSING
    return DealScoringSetup(dealer=dealer, hands=hands, plays=tuple(plays))


def _solve(setup: DealScoringSetup, mordienne: bool) -> Explained:
    if setup.tricks is not None:
        try:
            return score_deal(setup.tricks, mordienne)
        except RuleViolation as error:
            raise error.under("tricks") from None
    assert setup.dealer is not None and setup.hands is not None and setup.plays is not None
    return play_deal(setup.dealer, setup.hands, setup.plays, mordienne)


def _form_keys(setup: DealScoringSetup) -> tuple[str, ...]:
    """Who led each trick follows from the plays: nine results alone do not say."""
    keys = tuple(_OUTCOMES)
    return keys if setup.tricks is None else tuple(k for k in keys if k != "leaders")


# --- generated deals: trick results --------------------------------------------------------------

_DEAL_SHAPES: list[tuple[float, str]] = [
    (24, "mordienne"),
    (4, "mordienne-off"),
    (10, "near-miss"),
    (26, "tie"),
    (10, "three-way"),
    (1, "all-spoiled"),  # a real deal is never spoiled from start to finish: a rare reminder of the rule
    (2, "sweep"),
    (23, "ordinary"),
]


# Where the mordienne run starts (0-based trick): mostly mid-deal; a late start needs spoiled tricks first.
_RUN_STARTS = {1: 2, 2: 3, 3: 4, 4: 4, 5: 3, 6: 2, 7: 1, 8: 1}


def random_results(rng: random.Random, shape: str) -> list[Seat | None]:
    """Nine trick results (a seat, or None for spoiled) of the given shape."""
    match shape:
        case "mordienne" | "mordienne-off":
            return _mordienne_results(rng)
        case "near-miss":
            return _near_miss_results(rng)
        case "tie":
            return _tie_results(rng, 2)
        case "three-way":
            return _tie_results(rng, 3)
        case "all-spoiled":
            return [None] * 9
        case "sweep":
            return [rng.choice(SEATS)] * 9
    return _ordinary_results(rng)


def _mordienne_results(rng: random.Random) -> list[Seat | None]:
    """A player loses the first tricks, then wins every trick to the ninth, with the most tricks."""
    hero = rng.choice(SEATS)
    start = rng.choices(list(_RUN_STARTS), weights=list(_RUN_STARTS.values()))[0]
    others = [s for s in SEATS if s is not hero]
    won = dict.fromkeys(others, 0)
    results: list[Seat | None] = []
    for _n in range(start):
        # Nobody else may reach the hero's 9 - start tricks: they would have got there first.
        free = [s for s in others if won[s] + 1 < 9 - start]
        if not free or rng.random() < 0.25:
            results.append(None)
            continue
        seat = rng.choice(free)
        won[seat] += 1
        results.append(seat)
    return results + [hero] * (9 - start)


def _near_miss_results(rng: random.Random) -> list[Seat | None]:
    """Almost a mordienne: the point winner won the first trick, or a later trick broke the run."""
    while True:
        results = _mordienne_results(rng)
        hero = results[-1]
        assert hero is not None
        first = results.index(hero)
        if rng.random() < 0.3:
            results[0] = hero
        else:
            at = rng.randint(first + 1, 8) if first < 8 else 8
            results[at] = None if rng.random() < 0.5 else rng.choice([s for s in SEATS if s is not hero])
        score = score_deal(results, True)
        if score.point_winner is hero and not score.mordienne_run:
            return results


def _tie_results(rng: random.Random, tied: int) -> list[Seat | None]:
    """``tied`` players share the most tricks; whoever reached that number first takes the point."""
    # Few tricks each leave many spoiled ones (two players on 2 leave at least 3): lean towards more tricks.
    most = rng.choice([2, 3, 3, 4] if tied == 2 else [1, 2, 2, 3, 3])
    seats = list(SEATS)
    rng.shuffle(seats)
    results: list[Seat | None] = []
    for seat in seats[:tied]:
        results += [seat] * most
    for seat in seats[tied:]:
        results += [seat] * rng.randint(0, min(most - 1, 9 - len(results)))
    results += [None] * (9 - len(results))
    rng.shuffle(results)
    return results


def _ordinary_results(rng: random.Random) -> list[Seat | None]:
    """Tricks won by players of uneven strength, with some spoiled ones."""
    spoil = rng.uniform(0.1, 0.3)
    weights = [rng.random() ** 2 + 0.05 for _n in SEATS]
    return [None if rng.random() < spoil else rng.choices(SEATS, weights=weights)[0] for _n in range(9)]


# --- generated deals: hands and plays ------------------------------------------------------------


def _play(
    rng: random.Random,
    card_play: CardPlay,
    dealer: Seat,
    hands: Mapping[Seat, tuple[Card, ...]],
    hero: Seat | None,
    start: int,
) -> DealState:
    """Play a deal out through the engine, every card taken from the hand of the player whose turn it is.

    With a ``hero`` going for mordienne: before trick ``start`` (0-based) they throw their lowest cards,
    saving the best; from then on they play their best card, and the others, unable to beat it, their lowest.
    """
    state = DealState.start(dealer, hands)
    while not state.finished:
        seat, hand = state.to_play, state.hands[state.to_play]
        if hero is None or len(state.tricks) < start:
            chosen = worst_card(hand) if seat is hero else card_play(rng, state)
        else:
            chosen = best_card(hand) if seat is hero else worst_card(hand)
        state = state.play(chosen)
    return state


def _played_deal(rng: random.Random, target: str, card_play: CardPlay) -> tuple[Seat, DealState]:
    """Random hands from a shuffled pack, and legal plays steered towards ``target`` (mordienne, tie or none).

    Steering is by trying: a few playouts for each of a few deals, keeping the first that hits the target
    (or the last one tried, which is just as legal).
    """
    state: DealState | None = None
    for _n in range(8):
        dealer = rng.choice(SEATS)
        hands = shuffle_and_deal(rng, dealer).hands
        if target == "mordienne":
            # The strongest hand goes for it. A run of five or more needs a hand too strong to be common,
            # so the run starts between tricks 5 and 9 (measured: a start before trick 5 almost never works).
            hero = min(SEATS, key=lambda s: sum(sorted(TIERS[c] for c in hands[s])[:6]))
            starts = [4, 5, 6, 7, 8]
            rng.shuffle(starts)
            for start in starts:
                state = _play(rng, card_play, dealer, hands, hero, start)
                if score_deal([t.winner for t in state.tricks], True).mordienne:
                    return dealer, state
            continue
        for _n in range(3):
            state = _play(rng, card_play, dealer, hands, None, 0)
            if target != "tie" or tie_size(score_deal([t.winner for t in state.tricks])) >= 2:
                return dealer, state
    assert state is not None
    return dealer, state


def _generate(rng: random.Random, drafting: Drafting) -> Draft:
    """A deal to score: mostly nine trick results, one in five played card by card from random hands."""
    if rng.random() < 0.2:
        return _played_deal_draft(rng, drafting.card_play)
    shape = weighted(rng, _DEAL_SHAPES)
    results = random_results(rng, shape)
    # The rule is on where it matters, and now and then elsewhere, so learners check for it every time.
    if shape in ("mordienne", "near-miss", "sweep"):
        rule: bool | None = True
    elif shape == "mordienne-off":
        rule = False  # written out: the run scores 1 because the rule is off
    else:
        rule = True if rng.random() < 0.3 else None
    score = score_deal(results, bool(rule))
    options = [
        (["point_winner"], _("Who wins the point?")),
        (["point_winner", "points"], _("Who wins the point, and how many?")),
        (["scoring_team", "points"], _("Which partnership scores, and how much?")),
        (["tricks_won", "point_winner"], _("How many tricks each, and who wins the point?")),
    ]
    if rule is not None:
        options += [(["mordienne", "points"], _("Is this a mordienne?"))] * 2
    ask, title = pick_ask(rng, options)
    spoiled = sum(1 for r in results if r is None)
    run_trap = bool(rule) and score.point_winner is not None and not score.mordienne_run and shape == "near-miss"
    difficulty = (
        1
        + (tie_size(score) >= 2 or score.mordienne_run or spoiled >= 3)
        + (tie_size(score) >= 3 or run_trap or spoiled == 9 or (score.mordienne_run and not rule))
    )
    return Draft(
        title,
        "mordienne" if rule is not None or shape == "mordienne-off" else "scoring",
        difficulty,
        {"tricks": results_yaml(results)},
        ask,
        mordienne=rule,
        hint=_deal_hint(rule),
    )


def _deal_hint(rule: bool | None) -> Text:
    """The scoring reminder, with the mordienne's conditions when the rule is on (whatever the outcome)."""
    if rule:
        return _(
            "Each player counts only their own tricks; a tie goes to whoever reached that number first. "
            "Mordienne: no trick before the first win, not the first trick, then every trick to the ninth."
        )
    return _("Each player counts only their own tricks; a tie goes to whoever reached that number first.")


def _played_deal_draft(rng: random.Random, card_play: CardPlay) -> Draft:
    """A deal played card by card: random hands, legal plays, leaders as the rules make them."""
    target = weighted(rng, [(30, "mordienne"), (35, "tie"), (35, "ordinary")])
    dealer, state = _played_deal(rng, target, card_play)
    rule = True if target == "mordienne" or rng.random() < 0.3 else None
    score = score_deal([t.winner for t in state.tricks], bool(rule))
    hands = {seat.value: codes(best_first([t.card_of(seat) for t in state.tricks])) for seat in SEATS}
    plays = [codes([c for _, c in t.plays]) for t in state.tricks]
    options = [
        (["leaders"], _("Who leads each trick?")),
        (["leaders", "point_winner"], _("Who leads each trick, and who wins the point?")),
        (["trick_winners"], _("Who wins each trick?")),
        (["point_winner", "points"], _("Who wins the point, and how many?")),
        (["tricks_won", "point_winner"], _("How many tricks each, and who wins the point?")),
    ]
    ask, title = pick_ask(rng, options)
    spoiled = sum(1 for t in state.tricks if t.spoiled)
    difficulty = 2 + (tie_size(score) >= 2 or score.mordienne_run or (spoiled > 0 and "leaders" in ask))
    return Draft(
        title,
        "mordienne" if rule else "scoring",
        difficulty,
        {"dealer": dealer.value, "hands": hands, "plays": plays},
        ask,
        mordienne=rule,
        # Translators: a hint; {eldest} is a seat (North...).
        hint=_(
            "{eldest}, the eldest, leads first; a trick's winner leads the next, "
            "and after a spoiled trick the same player leads again.",
            eldest=eldest_of(dealer),
        ),
    )


_OUTCOMES = {
    "trick_winners": Shape.SEAT_LIST,
    "tricks_won": Shape.SEAT_COUNT_MAP,
    "point_winner": Shape.SEAT,
    "scoring_team": Shape.TEAM,
    "points": Shape.INT,
    "mordienne": Shape.BOOL,
    "leaders": Shape.SEAT_LIST,
}

KIND = ContentKind(
    name="deal",
    order=4,
    setup_type=DealScoringSetup,
    read=_read,
    solve=_solve,
    outcomes=_OUTCOMES,
    generate=_generate,
    topics=("scoring", "mordienne"),
    ruled=lambda _setup: ("points", "mordienne"),  # a run scores 2 only with the rule on
    form_keys=_form_keys,
)
