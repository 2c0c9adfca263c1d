"""The kind ``draw`` (rules.md section 4): cards dealt face up until the four top cards are out."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.content.drafting import Draft, Drafting, codes, pick_ask
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import _
from tutor.engine import PACK, TOP_CARDS, Card, Explained, partnership_draw
from tutor.engine.errors import short

# First names for the partnership draw: French, Breton and Vendéen (Bas-Poitou, Marais) names, so that
# a learner tracks people rather than letters. None of them reads as a YAML boolean or null.
NAMES: tuple[str, ...] = (
    # French
    "Jeanne",
    "Pierre",
    "Marie",
    "Louis",
    "Madeleine",
    "Jacques",
    "Françoise",
    "Étienne",
    "Geneviève",
    "Henri",
    "Colette",
    "Marcel",
    # Breton
    "Yann",
    "Soizic",
    "Gwenaëlle",
    "Erwan",
    "Nolwenn",
    "Loïc",
    "Maïwenn",
    "Ronan",
    "Rozenn",
    "Goulven",
    "Katell",
    "Tanguy",
    "Enora",
    "Brieuc",
    "Anaïg",
    "Corentin",
    "Fañch",
    "Gwenolé",
    # Vendéen
    "Aimé",
    "Célestine",
    "Séraphin",
    "Honorine",
    "Mathurin",
    "Perrine",
    "Athanase",
    "Victorine",
    "Siméon",
    "Rosalie",
    "Philomène",
    "Célestin",
)


@dataclass(frozen=True)
class DrawSetup(Setup):
    players: tuple[str, ...]
    cards: tuple[Card, ...]


def _read(r: Reader, s: dict[object, object]) -> DrawSetup | Missing:
    r.keys(("setup",), s, ("players", "cards"))
    players = r.sequence(("setup", "players"), s["players"], 4, "players") if "players" in s else MISSING
    names: list[str] = []
    if not isinstance(players, Missing):
        for position, name in enumerate(players):
            text = r.name(("setup", "players", position), name)
            if isinstance(text, str):
                if text in names:
                    r.add(("setup", "players", position), f"{short(text)} is named twice")
                names.append(text)
    found = r.cards(("setup", "cards"), s["cards"], 1, 48) if "cards" in s else MISSING
    if isinstance(found, Missing) or len(names) != 4:
        return MISSING
    return DrawSetup(tuple(names), found)


def _solve(setup: DrawSetup, mordienne: bool) -> Explained:
    return partnership_draw(setup.players, setup.cards)


def _generate(rng: random.Random, _drafting: Drafting) -> Draft:
    """Cards dealt face up to four named players until the four top cards are out; many draws end early."""
    names = rng.sample(NAMES, 4)
    spread = rng.random()
    if spread < 0.6:
        # A short or middling draw: the four top cards come early, so skips happen within a few cards.
        length = rng.randint(4, 12) if spread < 0.35 else rng.randint(13, 24)
        others = rng.sample([c for c in PACK if c not in TOP_CARDS], length - 4)
        tops = list(TOP_CARDS)
        rng.shuffle(tops)
        early = sorted(rng.sample(range(length - 1), 3))
        cards: list[Card] = []
        for position in range(length - 1):
            cards.append(tops.pop() if position in early else others.pop())
        cards.append(tops.pop())  # the draw ends with the last top card
    else:
        pack = list(PACK)
        rng.shuffle(pack)
        last = max(pack.index(c) for c in TOP_CARDS)
        cards = pack[: last + 1]
    result = partnership_draw(names, cards)
    skips = result.skips
    options = [
        (["partnerships"], _("Who partners whom?")),
        (["first_dealer"], _("Who deals the first deal?")),
        (["partnerships", "first_dealer"], _("Who partners whom, and who deals first?")),
        (["holders"], _("Who holds which top card?")),
    ]
    if len(cards) <= 14:
        options.append((["received"], _("Who receives which cards?")))
    ask, title = pick_ask(rng, options)
    difficulty = 1 + skips + (len(cards) > 24 or "received" in ask)
    return Draft(
        title,
        "draw",
        difficulty,
        {"players": names, "cards": codes(cards)},
        ask,
        hint=_("Once a player holds a top card, the dealing skips them."),
    )


KIND = ContentKind(
    name="draw",
    order=2,
    setup_type=DrawSetup,
    read=_read,
    solve=_solve,
    outcomes={
        "holders": Shape.NAME_MAP,
        "partnerships": Shape.PAIRS,
        "first_dealer": Shape.NAME,
        "received": Shape.CARD_LIST_MAP,
    },
    generate=_generate,
    topics=("draw",),
)
