"""What the kinds' generators share: a scenario drafted before it has an id, what a generator is given, and
small helpers over cards, choices and trick results.

A generator (one per kind, in :mod:`tutor.content.kinds`) takes a :class:`random.Random` and a
:class:`Drafting` and returns a :class:`Draft`; :mod:`tutor.content.generate` gives it its id, writes it as a
file and reads it back through the loader.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.content.texts import Text
from tutor.engine.cards import PACK, Card, card
from tutor.engine.deal_state import DealState
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import DealScore
from tutor.engine.seats import Seat

Data = dict[str, object]
# The card a generated deal's player to move plays (given the deal so far).
CardPlay = Callable[[random.Random, DealState], Card]

PLAIN_THREES = (card("3-swords"), card("3-clubs"))  # the lowest cards of the pack
PLAIN_NINES = (card("9-swords"), card("9-clubs"))  # just below the jacks
NAMED_THREES = (card("3-coins"), card("3-cups"))  # Monsieur and Madame
NAMED_NINES = (card("9-cups"), card("9-coins"))  # Grand-neuf and Petit-neuf
ACES = tuple(c for c in PACK if c.rank == "A")
# Cards that call for no signal: neither named nor an ace (plain threes and nines included, as traps).
PLAIN = tuple(c for c in PACK if TIERS[c] >= 10)


@dataclass(frozen=True)
class Draft:
    """One generated scenario before it gets its id: everything but the bookkeeping."""

    title: Text
    topic: str
    difficulty: int
    setup: Data
    ask: list[str]
    mordienne: bool | None = None  # the mordienne rule, written out when not None
    hint: Text | None = None


@dataclass(frozen=True)
class Drafting:
    """What a generator is given besides its random source."""

    tricks_left: int  # a play position has at most this many tricks left (1 to 7)
    # The tutor's card-play policy, with slips, so that a generated deal looks like the deals a learner meets at
    # the Play page.
    card_play: CardPlay


def codes(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def best_first(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (TIERS[c], c.suit.order))


def best_card(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (TIERS[c], c.suit.order))


def worst_card(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (TIERS[c], c.suit.order))


def weighted(rng: random.Random, options: Sequence[tuple[float, str]]) -> str:
    """One of the labels, chosen with the given weights."""
    return rng.choices([label for _, label in options], weights=[w for w, _ in options])[0]


def worse_than(level: int) -> list[Card]:
    """Every card of a worse tier than ``level``."""
    return [c for c in PACK if TIERS[c] > level]


def has_trap(cards: Sequence[Card]) -> bool:
    """A plain three or nine: its rank suggests a high card, its tier says otherwise."""
    return any(c in PLAIN_THREES or c in PLAIN_NINES for c in cards)


def pick_ask(rng: random.Random, options: Sequence[tuple[list[str], Text]]) -> tuple[list[str], Text]:
    """One (ask, title) pair; the title names the first thing asked, so it always matches the question."""
    ask, title = rng.choice(list(options))
    return list(ask), title


def results_yaml(results: Sequence[Seat | None]) -> list[str]:
    """Trick results as a file writes them: a seat, or ``spoiled``."""
    return [s.value if s else "spoiled" for s in results]


def tie_size(score: DealScore) -> int:
    """How many players share the most tricks (0 when nobody wins the point)."""
    if score.point_winner is None:
        return 0
    most = max(score.tricks_won.values())
    return sum(1 for n in score.tricks_won.values() if n == most)
