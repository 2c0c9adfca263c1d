"""The kind ``rank``: which of some cards is highest, and their order by tier (rules.md section 3)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.content.drafting import Draft, Drafting, codes, has_trap, pick_ask, weighted
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import _
from tutor.engine import NAMED, PACK, TIERS, Card, Explained, cards_of_tier, rank_cards


@dataclass(frozen=True)
class RankSetup(Setup):
    cards: tuple[Card, ...]


def _read(r: Reader, s: dict[object, object]) -> RankSetup | Missing:
    r.keys(("setup",), s, ("cards",))
    found = r.cards(("setup", "cards"), s["cards"], 2, 48) if "cards" in s else MISSING
    return MISSING if isinstance(found, Missing) else RankSetup(found)


def _solve(setup: RankSetup, mordienne: bool) -> Explained:
    return rank_cards(setup.cards)


def _generate(rng: random.Random, _drafting: Drafting) -> Draft:
    """2-7 cards, built around a theme (threes, nines, twos, a tie) so that traps and ties come up often."""
    size = rng.randint(2, 7)
    theme = weighted(rng, [(3, "threes"), (3, "nines"), (2, "twos"), (5, "tie"), (2, "named"), (1, "any")])
    chosen: list[Card] = []
    below: int | None = None  # when set, the other cards all rank below this tier, so the tie is for the highest
    if theme == "threes":
        # Monsieur and Madame beside the plain threes, the best and the worst cards of one rank.
        chosen += rng.sample([c for c in PACK if c.rank == "3"], rng.randint(2, 3))
    elif theme == "nines":
        # Plain nines rank below the jacks; named nines above the aces.
        chosen += rng.sample([c for c in PACK if c.rank == "9"], rng.randint(1, 3))
        chosen += rng.sample([c for c in PACK if c.rank in ("J", "8")], 1)
    elif theme == "twos":
        chosen += rng.sample([c for c in PACK if c.rank == "2"], rng.randint(1, 2))
        chosen += rng.sample([c for c in PACK if c.rank in ("A", "K")], 1)
    elif theme == "tie":
        level = rng.choice([*range(9, 18), 9, 9, 13])  # aces and plain nines tie most memorably
        chosen += rng.sample(list(cards_of_tier(level)), 2)
        below = level if rng.random() < 0.8 else None
    elif theme == "named":
        chosen += rng.sample(list(NAMED), 2)
    while len(chosen) < size:
        pool = [c for c in PACK if c not in chosen and (below is None or TIERS[c] >= below)]
        # Fill partly with cards that share a tier with one already chosen, so equal cards are common.
        same = [c for c in pool if any(TIERS[c] == TIERS[x] for x in chosen)]
        chosen.append(rng.choice(same if same and rng.random() < 0.3 else pool))
    rng.shuffle(chosen)
    groups: dict[int, int] = {}
    for c in chosen:
        groups[TIERS[c]] = groups.get(TIERS[c], 0) + 1
    tie = groups[min(groups)] > 1
    equal = any(n > 1 for n in groups.values())
    options = [
        (["highest"], _("Which card is highest?")),
        (["highest", "tie"], _("Which card is highest, and is there a tie?")),
        (["tie"], _("Is there a tie for the highest card?")),
        (["order"], _("Put these cards in order, best first")),
        (["highest", "order"], _("Which card is highest? Then order them all")),
    ]
    if len(chosen) <= 4:
        options.append((["tiers"], _("What tier is each card?")))
    ask, title = pick_ask(rng, options)
    difficulty = 1 + (tie or equal) + has_trap(chosen) + (("order" in ask or "tiers" in ask) and len(chosen) >= 6)
    return Draft(
        title,
        "ranking",
        difficulty,
        {"cards": codes(chosen)},
        ask,
        hint=_("Suits matter only for the eight named cards; any other two cards of one rank are exactly equal."),
    )


KIND = ContentKind(
    name="rank",
    order=1,
    setup_type=RankSetup,
    read=_read,
    solve=_solve,
    outcomes={"highest": Shape.CARD_SET, "tie": Shape.BOOL, "order": Shape.CARD_GROUPS, "tiers": Shape.TIER_MAP},
    generate=_generate,
    topics=("ranking",),
)
