"""The partnership draw (rules.md section 4): cards dealt face up until the four top cards are out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.errors import RuleViolation, short
from tutor.engine.explanation import Explained
from tutor.engine.ranking import TOP_CARDS
from tutor.engine.words import join_and

# Outcome keys for the four top cards, in rank order (Monsieur, Madame, Le Borgne, La Vache).
TOP_KEYS: tuple[str, ...] = ("monsieur", "madame", "borgne", "vache")


@dataclass(frozen=True)
class Draw(Explained):
    players: tuple[str, ...]
    received: dict[str, tuple[Card, ...]]
    holders: dict[str, str]  # top key -> player

    @property
    def partnerships(self) -> tuple[tuple[str, str], tuple[str, str]]:
        h = self.holders
        return ((h["monsieur"], h["madame"]), (h["borgne"], h["vache"]))

    @property
    def first_dealer(self) -> str:
        return self.holders["madame"]

    def outcome(self) -> dict[str, object]:
        return {
            "holders": dict(self.holders),
            "partnerships": [list(pair) for pair in self.partnerships],
            "first_dealer": self.first_dealer,
            "received": {name: [str(c) for c in cards] for name, cards in self.received.items()},
        }


def partnership_draw(players: Sequence[str], cards: Sequence[Card]) -> Draw:
    """Deal ``cards`` face up to ``players`` in turn, skipping anyone who already holds a top card.

    Errors are located at ``("players", i)`` or ``("cards", i)``.
    """
    if len(players) != 4:
        raise RuleViolation(f"the draw needs 4 players, not {len(players)}", ("players",))
    for position, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation(f"{short(name)} is not a player's name", ("players", position))
        if name in players[:position]:
            raise RuleViolation(f"{short(name)} is named twice", ("players", position))
    for position, c in enumerate(cards):
        if c in cards[:position]:
            raise RuleViolation(f"{c} appears twice in the pack", ("cards", position))
    received: dict[str, list[Card]] = {name: [] for name in players}
    holders: dict[str, str] = {}
    steps: list[str] = []
    turn = 0
    for position, c in enumerate(cards):
        if len(holders) == 4:
            raise RuleViolation(
                f"{len(cards) - position} card(s) follow the last top card: the draw ends when all four "
                "top cards are out",
                ("cards", position),
            )
        skipped = []
        while any(top_of(x) for x in received[players[turn % 4]]):
            skipped.append(players[turn % 4])
            turn += 1
        name = players[turn % 4]
        received[name].append(c)
        key = top_of(c)
        verbs = ("holds", "is") if len(skipped) == 1 else ("hold", "are")
        skip = f" ({join_and(skipped)} already {verbs[0]} a top card and {verbs[1]} skipped)" if skipped else ""
        if key:
            holders[key] = name
            steps.append(
                f"Card {position + 1}, {c.label}, goes to {name}{skip}: a top card, so {name} is dealt no more cards."
            )
        else:
            steps.append(f"Card {position + 1}, {c}, goes to {name}{skip}.")
        turn += 1
    if len(holders) < 4:
        missing = ", ".join(c.label for c, key in zip(TOP_CARDS, TOP_KEYS, strict=True) if key not in holders)
        raise RuleViolation(
            f"the cards run out before all four top cards are out (still missing: {missing})", ("cards",)
        )
    steps.append("All four top cards are out, so the draw ends.")
    h = holders
    steps.append(
        f"{h['monsieur']} (Monsieur) and {h['madame']} (Madame) are partners; "
        f"{h['borgne']} (Le Borgne) and {h['vache']} (La Vache) are partners. Partners sit opposite."
    )
    steps.append(f"{h['madame']} holds Madame and deals the first deal.")
    return Draw(
        tuple(steps),
        tuple(players),
        {n: tuple(cs) for n, cs in received.items()},
        {key: holders[key] for key in TOP_KEYS},
    )


def top_of(c: Card) -> str | None:
    """``monsieur``/``madame``/``borgne``/``vache`` for a top card, else ``None``."""
    for top, key in zip(TOP_CARDS, TOP_KEYS, strict=True):
        if c == top:
            return key
    return None
