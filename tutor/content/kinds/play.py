"""The kind ``play`` (the contract's second edition): which card should the player to move play?

Every hand is shown and the position is solved double dummy (:mod:`tutor.engine.solver`), scored as a deal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

from tutor.content.drafting import Data, Draft, Drafting, best_first, codes, pick_ask, results_yaml
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import _
from tutor.engine import SEATS, TIERS, Card, DealState, Explained, RuleViolation, Seat, parse_card, shuffle_and_deal
from tutor.engine.errors import PathPart, short
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.position import Position
from tutor.engine.scoring import TRICKS_PER_DEAL
from tutor.engine.solver import solve_position


@dataclass(frozen=True)
class PlaySetup(Setup):
    """A position to play from: the results of the tricks done, the trick under way, the four hands."""

    tricks: tuple[Seat | None, ...]
    leader: Seat
    plays: tuple[Card, ...]
    hands: Mapping[Seat, tuple[Card, ...]]  # FrozenMaps (plain dicts given are frozen): a setup is hashable
    hand_keys: Mapping[Seat, PathPart] = field(default_factory=dict, compare=False)  # each seat's key as written

    def __post_init__(self) -> None:
        freeze_fields(self, "hands", "hand_keys")

    @property
    def to_play(self) -> Seat:
        return self.leader.clockwise_from()[len(self.plays)]


def _read(r: Reader, s: dict[object, object]) -> PlaySetup | Missing:
    r.keys(("setup",), s, ("tricks", "leader", "plays", "hands"))
    tricks = _tricks_done(r, ("setup", "tricks"), s["tricks"]) if "tricks" in s else MISSING
    leader = r.seat(("setup", "leader"), s["leader"]) if "leader" in s else MISSING
    plays: tuple[Card, ...] | Missing = MISSING
    if "plays" in s:
        written = s["plays"]
        if isinstance(written, list) and len(written) > 3:
            r.add(
                ("setup", "plays"),
                f"at most 3 cards can be played to the trick under way (a fourth ends it), found {len(written)}",
            )
        else:
            plays = r.cards(("setup", "plays"), written, 0, 3)
    hands: dict[Seat, tuple[Card, ...]] = {}
    keys: dict[Seat, PathPart] = {}
    by_seat = r.seat_mapping(("setup", "hands"), s["hands"]) if "hands" in s else MISSING
    if not isinstance(by_seat, Missing):
        for seat, (where, cards) in by_seat.items():
            found = r.cards(where, cards, 0, TRICKS_PER_DEAL)
            if not isinstance(found, Missing):
                hands[seat] = found
                keys[seat] = where[-1]
        for seat in SEATS:
            if seat not in by_seat:
                r.add(("setup", "hands"), f"missing hand for {seat} (give all four hands, [] for an empty one)")
    if (
        isinstance(tricks, Missing)
        or isinstance(leader, Missing)
        or isinstance(plays, Missing)
        or isinstance(by_seat, Missing)
        or len(hands) != len(SEATS)
    ):
        return MISSING
    return PlaySetup(tricks, leader, plays, hands, keys)


def _tricks_done(r: Reader, path: tuple[str | int, ...], value: object) -> tuple[Seat | None, ...] | Missing:
    """The results of the tricks played so far: 0 to 8 entries, each a seat or 'spoiled'."""
    items = r.sequence(path, value, None, "trick results")
    if isinstance(items, Missing):
        return MISSING
    if len(items) >= TRICKS_PER_DEAL:
        return r.add(
            path, f"at most {TRICKS_PER_DEAL - 1} tricks can be done (a trick must be left to play), found {len(items)}"
        )
    results: list[Seat | None] = []
    for position, item in enumerate(items):
        if item is None or (isinstance(item, str) and item.strip().lower() == "spoiled"):
            results.append(None)
            continue
        try:
            results.append(Seat.parse(item))
        except RuleViolation:
            r.add((*path, position), f"{short(item)} is not a seat or 'spoiled'")
    return tuple(results) if len(results) == len(items) else MISSING


def _check_expect(r: Reader, written: object, setup: PlaySetup) -> None:
    """Cards named in ``best`` or ``results`` must be in the hand of the player to move."""
    if not isinstance(written, dict):
        return
    mover = setup.to_play
    hand = set(setup.hands[mover])
    named: list[tuple[tuple[str | int, ...], object]] = []
    if isinstance(written.get("best"), list):
        named += [(("expect", "best", n), c) for n, c in enumerate(written["best"])]
    if isinstance(written.get("results"), dict):
        named += [(("expect", "results", cast(PathPart, k)), k) for k in written["results"]]
    for path, value in named:
        try:
            c = parse_card(value)
        except RuleViolation:
            continue  # already reported by the outcome's own check
        if c not in hand:
            r.add(path, f"{c} is not in {mover.title}'s hand ({mover.title} is to play)")


def _solve(setup: PlaySetup, mordienne: bool) -> Explained:
    try:
        position = Position.build(setup.tricks, setup.leader, setup.plays, setup.hands, mordienne)
        return solve_position(position)
    except RuleViolation as error:
        raise _as_written(error, setup) from None


def _as_written(error: RuleViolation, setup: PlaySetup) -> RuleViolation:
    """Point a hand's problem at the seat's key as the file writes it (``north:`` as well as ``N:``)."""
    path = error.path
    if len(path) >= 2 and path[0] == "hands":
        seat = Seat.parse(path[1])
        path = ("hands", setup.hand_keys.get(seat, seat.value), *path[2:])
    return RuleViolation(error.message, path)


def _generate(rng: random.Random, drafting: Drafting) -> Draft:
    """A position from a deal played naturally up to its last tricks, where the card to play matters.

    The deal is dealt and played by the tutor's card-play policy with slips (``drafting.card_play``) until 1
    to ``drafting.tricks_left`` tricks are left, then 0 to 3 cards into the trick under way. The exact solver keeps the
    position only if some card of the mover's hand does worse than the best one (``best`` a strict subset
    of the hand): choosing is then the point of the puzzle. Mostly 3 to 5 tricks left, where choices are rich.
    """
    most_left = drafting.tricks_left
    rule = True if rng.random() < 0.3 else None
    lefts = list(range(min(2, most_left), most_left + 1))
    weights = [1 + min(k, 5) for k in lefts]  # more tricks left, more to think about (but 6-7 are slow)
    for _n in range(200):
        left = rng.choices(lefts, weights=weights)[0]
        dealer = rng.choice(SEATS)
        state = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        while len(state.tricks) < 9 - left:
            state = state.play(drafting.card_play(rng, state))
        for _n in range(rng.randint(0, 3)):
            state = state.play(drafting.card_play(rng, state))
        position = Position.build(
            [t.winner for t in state.tricks], state.leader, state.current, state.hands, bool(rule)
        )
        solution = solve_position(position)
        if len(solution.best) < len(state.hands[state.to_play]):
            break
    mover = state.to_play
    # Translators: questions of generated play puzzles; {seat} is the seat to play (North...).
    options = [
        (["best"], _("Which card should {seat} play?", seat=mover)),
        (["best"], _("{seat} to play: which card is best?", seat=mover)),
        (["best", "value"], _("Which card should {seat} play, and what does the deal score then?", seat=mover)),
        (
            ["value", "best"],
            _("With best play by all, what does the deal score? Which card should {seat} play?", seat=mover),
        ),
    ]
    if len(state.hands[state.to_play]) <= 3:
        options.append(
            (["results"], _("What does each of {seat}'s cards lead to, with best play after it?", seat=mover))
        )
    ask, title = pick_ask(rng, options)
    tiers = {TIERS[c] for c in state.hands[state.to_play]}
    difficulty = 1 + (position.tricks_left >= 4) + (bool(rule) or "results" in ask or len(tiers) >= 4)
    setup: Data = {
        "tricks": results_yaml([t.winner for t in state.tricks]),
        "leader": state.leader.value,
        "plays": codes(state.current),
        "hands": {seat.value: codes(best_first(state.hands[seat])) for seat in SEATS},
    }
    return Draft(
        title,
        "play",
        difficulty,
        setup,
        ask,
        mordienne=rule,
        hint=_(
            "Count the tricks each player can still take: the point goes to the most tricks, "
            "a tie to whoever got there first."
        ),
    )


KIND = ContentKind(
    name="play",
    order=9,
    setup_type=PlaySetup,
    read=_read,
    solve=_solve,
    outcomes={"to_play": Shape.SEAT, "value": Shape.RESULT, "best": Shape.CARD_SET, "results": Shape.RESULT_MAP},
    generate=_generate,
    topics=("play",),
    ruled=lambda _setup: ("value", "best", "results"),  # a mordienne within reach changes what a card is worth
    check_expect=_check_expect,
    # The table shows who is to play, and the reveal each card's result; the card to play is always asked, and
    # any one of the best cards is right.
    not_asked=("to_play", "results"),
    always_asked=("best",),
    one_card=("best",),
)
