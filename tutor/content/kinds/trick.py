"""The kind ``trick``: who wins one trick, or nobody when it is spoiled, and who leads next (rules.md section 7)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tutor.content.drafting import (
    ACES,
    NAMED_NINES,
    NAMED_THREES,
    PLAIN_NINES,
    PLAIN_THREES,
    Draft,
    Drafting,
    codes,
    has_trap,
    pick_ask,
    weighted,
    worse_than,
)
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import _
from tutor.engine import NAMED, PACK, SEATS, TIERS, Card, Explained, RuleViolation, Seat, cards_of_tier, resolve_trick


@dataclass(frozen=True)
class TrickSetup(Setup):
    leader: Seat
    plays: tuple[Card, ...]


def _read(r: Reader, s: dict[object, object]) -> TrickSetup | Missing:
    r.keys(("setup",), s, ("leader", "plays"))
    leader = r.seat(("setup", "leader"), s["leader"]) if "leader" in s else MISSING
    plays = r.cards(("setup", "plays"), s["plays"], 4) if "plays" in s else MISSING
    if isinstance(leader, Missing) or isinstance(plays, Missing):
        return MISSING
    return TrickSetup(leader, plays)


def _solve(setup: TrickSetup, mordienne: bool) -> Explained:
    try:
        return resolve_trick(setup.leader, setup.plays)
    except RuleViolation as error:
        raise error.under("plays") from None


def _generate(rng: random.Random, _drafting: Drafting) -> Draft:
    """Four cards from a random leader; a quarter of the tricks are spoiled, the rest full of traps and near misses.

    A quarter is still four times what random play gives (6.9%), enough to keep spoiling in mind without
    teaching that it is the usual ending of a trick (as a half did).
    """
    leader = rng.choice(SEATS)
    shape = weighted(rng, _TRICK_WEIGHTS)
    plays = _TRICK_SHAPES[shape](rng)
    trick = resolve_trick(leader, plays)
    options = [
        (["winner"], _("Who wins this trick?")),
        (["winner", "next_leader"], _("Who wins this trick, and who leads next?")),
        (["next_leader"], _("Who leads the next trick?")),
        (["spoiled", "next_leader"], _("Is this trick spoiled? Who leads next?")),
        (["winner", "best"], _("Who wins this trick, and with which card?")),
    ]
    ask, title = pick_ask(rng, options)
    tiers = [TIERS[c] for c in plays]
    equal_below = any(tiers.count(t) > 1 for t in tiers if t != trick.best_tier)
    difficulty = 1 + (trick.spoiled or equal_below) + (has_trap(plays) or len(trick.best) > 2)
    # Tricks about equal cards (spoiled, or a pair that is not the best) belong to the spoiled-tricks topic,
    # which therefore also holds near misses: the topic alone does not give the answer away.
    topic = "spoiled-tricks" if trick.spoiled or equal_below else "tricks"
    return Draft(
        title,
        topic,
        difficulty,
        {"leader": leader.value, "plays": codes(plays)},
        ask,
        hint=_("Find the best tier played; if two cards share it, nobody wins the trick."),
    )


def _spoiled_plays(rng: random.Random) -> list[Card]:
    """Two, three or four cards share the best tier played, mostly among the first three cards."""
    share = rng.choices([2, 3, 4], weights=[7, 2, 1])[0]
    levels = [t for t in range(9, 19) if len(cards_of_tier(t)) >= share and len(worse_than(t)) >= 4 - share]
    level = rng.choices(levels, weights=[3 if t == 9 else 1 for t in levels])[0]
    plays = rng.sample(list(cards_of_tier(level)), share) + rng.sample(worse_than(level), 4 - share)
    rng.shuffle(plays)
    if share < 4 and rng.random() < 0.75:
        # Mostly keep the tie among the first three cards: the last player spoiling is a shape of its own.
        last = rng.choice([c for c in plays if TIERS[c] > level])
        plays.remove(last)
        plays.append(last)
    return plays


def _last_spoils_plays(rng: random.Random) -> list[Card]:
    """The first three cards have one best card; the last player spoils it with an equal card."""
    level = rng.randint(9, 18)
    best, equal = rng.sample(list(cards_of_tier(level)), 2)
    others = rng.sample(worse_than(level), 2)
    # Usually an opponent of the last player holds the best card (leader or third seat): spoiling it is
    # the tactic worth teaching. Sometimes it is the partner (second seat), a spoil that hurts.
    where = rng.choices([0, 2, 1], weights=[4, 4, 2])[0]
    first = others[:]
    first.insert(where, best)
    return [*first, equal]


def _equal_not_best_plays(rng: random.Random) -> list[Card]:
    """A pair of equal cards that does not spoil the trick, because a better card stands alone."""
    level = rng.randint(10, 18)
    pair = rng.sample(list(cards_of_tier(level)), 2)
    better_pool = [c for c in PACK if TIERS[c] < level]
    better = rng.choices(better_pool, weights=[3 if TIERS[c] <= 8 else 1 for c in better_pool])[0]
    rest = [c for c in PACK if TIERS[c] not in (level, TIERS[better])]
    plays = [*pair, better, rng.choice(rest)]
    rng.shuffle(plays)
    return plays


def _trap_plays(rng: random.Random) -> list[Card]:
    """Plain threes and nines, named cards: a card that looks high but is not, or the reverse; one winner."""
    theme = rng.choice(["threes", "nines", "twos", "named"])
    while True:
        if theme == "threes":
            start = [rng.choice(PLAIN_THREES), rng.choice([*NAMED_THREES, *cards_of_tier(18)])]
        elif theme == "nines":
            start = [rng.choice(PLAIN_NINES), rng.choice([*cards_of_tier(12), *cards_of_tier(14), *NAMED_NINES])]
        elif theme == "twos":
            start = [rng.choice([c for c in NAMED if c.rank == "2"]), rng.choice([*ACES, *cards_of_tier(10)])]
        else:
            start = rng.sample(list(NAMED), 2)
        plays = start + rng.sample([c for c in PACK if c not in start], 2)
        rng.shuffle(plays)
        if not resolve_trick(Seat.N, plays).spoiled:
            return plays


def _ordinary_plays(rng: random.Random) -> list[Card]:
    """Four cards with a single winner; named cards are drawn three times as often as the others."""
    while True:
        plays: list[Card] = []
        while len(plays) < 4:
            pool = [c for c in PACK if c not in plays]
            plays.append(rng.choices(pool, weights=[3 if TIERS[c] <= 8 else 1 for c in pool])[0])
        if not resolve_trick(Seat.N, plays).spoiled:
            return plays


# The two spoiled shapes make up a quarter; equal cards that do not spoil and traps make most of the rest.
_TRICK_WEIGHTS: list[tuple[float, str]] = [
    (13, "spoiled"),
    (12, "last-spoils"),
    (20, "equal-not-best"),
    (30, "trap"),
    (25, "ordinary"),
]


_TRICK_SHAPES: dict[str, Callable[[random.Random], list[Card]]] = {
    "spoiled": _spoiled_plays,
    "last-spoils": _last_spoils_plays,
    "equal-not-best": _equal_not_best_plays,
    "trap": _trap_plays,
    "ordinary": _ordinary_plays,
}


KIND = ContentKind(
    name="trick",
    order=3,
    setup_type=TrickSetup,
    read=_read,
    solve=_solve,
    outcomes={"winner": Shape.SEAT, "spoiled": Shape.BOOL, "next_leader": Shape.SEAT, "best": Shape.CARD_SET},
    generate=_generate,
    topics=("tricks", "spoiled-tricks"),
)
