"""The partnership draw (rules.md section 4): cards dealt face up until the four top cards are out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.errors import RuleViolation, short
from tutor.engine.explained import Explained
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.messages import step
from tutor.engine.ranking import TOP_CARDS
from tutor.engine.steps import Step

# Outcome keys for the four top cards, in rank order (Monsieur, Madame, Le Borgne, La Vache).
TOP_KEYS: tuple[str, ...] = ("monsieur", "madame", "borgne", "vache")


@dataclass(frozen=True)
class Draw(Explained):
    players: tuple[str, ...]
    received: Mapping[str, tuple[Card, ...]]  # FrozenMaps (plain dicts given are frozen)
    holders: Mapping[str, str]  # top key -> player
    skipped: tuple[tuple[str, ...], ...] = ()  # per card dealt: the players passed over before it

    def __post_init__(self) -> None:
        freeze_fields(self, "received", "holders")

    @property
    def skips(self) -> bool:
        """Whether the dealing ever passed over a player who already held a top card."""
        return any(self.skipped)

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
    steps: list[Step] = []
    skips: list[tuple[str, ...]] = []
    turn = 0
    for position, c in enumerate(cards):
        if len(holders) == 4:
            raise RuleViolation(
                f"{len(cards) - position} card(s) follow the last top card: the draw ends when all four "
                "top cards are out",
                ("cards", position),
            )
        skipped: list[str] = []
        while any(top_of(x) for x in received[players[turn % 4]]):
            skipped.append(players[turn % 4])
            turn += 1
        name = players[turn % 4]
        received[name].append(c)
        skips.append(tuple(skipped))
        key = top_of(c)
        passed = {"skipped": step("draw.skipped", names=tuple(skipped), count=len(skipped))} if skipped else {}
        msg = ("draw.top" if key else "draw.card") + (".skip" if skipped else "")
        steps.append(step(msg, number=position + 1, card=c, name=name, **passed).about(draw_card=position + 1))
        if key:
            holders[key] = name
        turn += 1
    if len(holders) < 4:
        missing = ", ".join(c.label for c, key in zip(TOP_CARDS, TOP_KEYS, strict=True) if key not in holders)
        raise RuleViolation(
            f"the cards run out before all four top cards are out (still missing: {missing})", ("cards",)
        )
    steps.append(step("draw.end"))
    steps.append(step("draw.partners", **{key: holders[key] for key in TOP_KEYS}))
    steps.append(step("draw.first_dealer", name=holders["madame"]))
    return Draw(
        tuple(steps),
        tuple(players),
        {n: tuple(cs) for n, cs in received.items()},
        {key: holders[key] for key in TOP_KEYS},
        tuple(skips),
    )


def top_of(c: Card) -> str | None:
    """``monsieur``/``madame``/``borgne``/``vache`` for a top card, else ``None``."""
    for top, key in zip(TOP_CARDS, TOP_KEYS, strict=True):
        if c == top:
            return key
    return None
