"""Cards of the 48-card Spanish-suited pack and their one notation, ``RANK-SUIT``.

Every card round-trips through :func:`parse_card` and ``str``:

>>> str(parse_card("3 of coins"))
'3-coins'
>>> str(parse_card("monsieur"))
'3-coins'
>>> str(parse_card("12 clubs"))
'K-clubs'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import cache

from tutor.engine.errors import NotationError, short


class Suit(Enum):
    """The four Spanish suits, in the order that breaks ties when the chant keeps equal cards."""

    COINS = "coins"
    CUPS = "cups"
    SWORDS = "swords"
    CLUBS = "clubs"

    @property
    def order(self) -> int:
        return _SUIT_ORDER.index(self)

    @property
    def spanish(self) -> str:
        return _SUIT_NAMES[self][0]

    @property
    def french(self) -> str:
        return _SUIT_NAMES[self][1]

    def __str__(self) -> str:
        return self.value


_SUIT_ORDER = (Suit.COINS, Suit.CUPS, Suit.SWORDS, Suit.CLUBS)
_SUIT_NAMES = {
    Suit.COINS: ("oros", "deniers"),
    Suit.CUPS: ("copas", "coupes"),
    Suit.SWORDS: ("espadas", "épées"),
    Suit.CLUBS: ("bastos", "bâtons"),
}

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "C", "K")
# The number each rank carries (rules.md section 2): the ace is 1, the jack 10, the cavalier 11, the king 12.
RANK_NUMBERS: dict[str, int] = {rank: number for number, rank in enumerate(RANKS, start=1)}
COURT_RANKS: tuple[str, ...] = ("J", "C", "K")

# English, Spanish and French names of each rank; the French names follow the Aluette seeds.
_RANK_NAMES: dict[str, tuple[str, str, str]] = {
    "A": ("ace", "as", "as"),
    "2": ("two", "dos", "deux"),
    "3": ("three", "tres", "trois"),
    "4": ("four", "cuatro", "quatre"),
    "5": ("five", "cinco", "cinq"),
    "6": ("six", "seis", "six"),
    "7": ("seven", "siete", "sept"),
    "8": ("eight", "ocho", "huit"),
    "9": ("nine", "nueve", "neuf"),
    "J": ("jack", "sota", "valet"),
    "C": ("cavalier", "caballo", "cavalier"),
    "K": ("king", "rey", "roi"),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card; ``str(card)`` is its canonical code, e.g. ``3-coins``."""

    rank: str
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise NotationError(f"{short(self.rank)} is not a rank (ranks: A 2-9 J C K)")

    @property
    def code(self) -> str:
        return f"{self.rank}-{self.suit.value}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        """``card('3-coins')``: evaluates back to the same card with the engine's names in scope."""
        return f"card({self.code!r})"

    @property
    def index(self) -> int:
        """Position 0..47 in the canonical pack (suit order, then rank order)."""
        return self.suit.order * 12 + RANKS.index(self.rank)

    @property
    def english(self) -> str:
        return f"{_RANK_NAMES[self.rank][0]} of {self.suit.value}"

    @property
    def spanish(self) -> str:
        return f"{_RANK_NAMES[self.rank][1]} de {self.suit.spanish}"

    @property
    def french(self) -> str:
        suit = self.suit.french
        joiner = "d'" if suit[0] in "aeéiou" else "de "
        return f"{_RANK_NAMES[self.rank][2]} {joiner}{suit}"

    @property
    def name(self) -> str | None:
        """The card's Aluette name (``Monsieur`` ...) for the eight named cards, else ``None``."""
        return NAMED_CARDS.get(self.code)

    @property
    def label(self) -> str:
        """How explanations name a card: ``3-coins (Monsieur)`` or plain ``A-swords``."""
        return f"{self.code} ({self.name})" if self.name else self.code


NAMED_CARDS: dict[str, str] = {
    "3-coins": "Monsieur",
    "3-cups": "Madame",
    "2-coins": "Le Borgne",
    "2-cups": "La Vache",
    "9-cups": "Grand-neuf",
    "9-coins": "Petit-neuf",
    "2-clubs": "Deux de chêne",
    "2-swords": "Deux d'écrit",
}

PACK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in _SUIT_ORDER for rank in RANKS)
_BY_CODE: dict[str, Card] = {card.code: card for card in PACK}

# Every rank word the engine prints (English, Spanish, French) reads back, plus numbers and letters.
_RANK_WORDS: dict[str, str] = {
    **{word: rank for rank, names in _RANK_NAMES.items() for word in names},
    **{rank.lower(): rank for rank in RANKS},
    **{str(number): rank for rank, number in RANK_NUMBERS.items()},
    "ace": "A",
    "as": "A",
    "jack": "J",
    "sota": "J",
    "valet": "J",
    "cavalier": "C",
    "caballo": "C",
    "knight": "C",
    "king": "K",
    "rey": "K",
    "roi": "K",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
}
# Suit words as they arrive after folding (lower case, no accents): English, Spanish, French.
_SUIT_WORDS: dict[str, Suit] = {
    "coins": Suit.COINS,
    "coin": Suit.COINS,
    "oros": Suit.COINS,
    "deniers": Suit.COINS,
    "cups": Suit.CUPS,
    "cup": Suit.CUPS,
    "copas": Suit.CUPS,
    "coupes": Suit.CUPS,
    "swords": Suit.SWORDS,
    "sword": Suit.SWORDS,
    "espadas": Suit.SWORDS,
    "epees": Suit.SWORDS,
    "clubs": Suit.CLUBS,
    "club": Suit.CLUBS,
    "bastos": Suit.CLUBS,
    "batons": Suit.CLUBS,
    "chene": Suit.CLUBS,
}

_NAME_WORDS: dict[str, str] = {
    "monsieur": "3-coins",
    "madame": "3-cups",
    "borgne": "2-coins",
    "le-borgne": "2-coins",
    "vache": "2-cups",
    "la-vache": "2-cups",
    "grand-neuf": "9-cups",
    "petit-neuf": "9-coins",
    "deux-de-chene": "2-clubs",
    "deux-d-ecrit": "2-swords",
}

_SEPARATORS = re.compile(r"[\s\-_'’]+")


def _fold(text: str) -> str:
    """Lower case without accents, separators reduced to one '-': 'Deux d'écrit' -> 'deux-d-ecrit'."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SEPARATORS.sub("-", plain).strip("-")


@cache
def _parse_text(folded: str) -> Card | None:
    if folded in _NAME_WORDS:
        return _BY_CODE[_NAME_WORDS[folded]]
    words = [word for word in folded.split("-") if word not in ("of", "de", "d")]
    if len(words) != 2:
        return None
    rank, suit = _RANK_WORDS.get(words[0]), _SUIT_WORDS.get(words[1])
    if rank is None or suit is None:
        return None
    return _BY_CODE[f"{rank}-{suit.value}"]


def parse_card(value: object) -> Card:
    """Read a card from any notation of the scenario contract (case-insensitive).

    Raises :class:`NotationError` (a :class:`RuleViolation`) with a message naming what was wrong.
    """
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise NotationError(f"{short(value)} is not a card (write RANK-SUIT, e.g. 3-coins)")
    card = _parse_text(_fold(value))
    if card is not None:
        return card
    words = [word for word in _fold(value).split("-") if word not in ("of", "de", "d")]
    if len(words) == 2 and words[0] not in _RANK_WORDS:
        return _fail(value, "ranks: A 2-9 J C K")
    if len(words) == 2 and words[1] not in _SUIT_WORDS:
        return _fail(value, "suits: coins cups swords clubs")
    return _fail(value, "write RANK-SUIT, e.g. 3-coins, or a card's name such as monsieur")


def _fail(value: str, hint: str) -> Card:
    raise NotationError(f"{short(value)} is not a card ({hint})")


def card(code: str) -> Card:
    """Shorthand for tests and examples: ``card("3-coins")``."""
    return parse_card(code)


def cards(text: str) -> tuple[Card, ...]:
    """Several cards separated by spaces or commas: ``cards("3-coins A-swords")``."""
    return tuple(parse_card(part) for part in re.split(r"[\s,]+", text.strip()) if part)
