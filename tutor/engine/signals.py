"""Partners' signals (rules.md section 10): fixed gestures for important cards, never for anything else.

This is the table of signals, what each says and how it is given, and nothing that explains: a signal is a
value an explanation step can carry (:mod:`tutor.engine.steps`), so the table sits below the steps. Which
signals a hand calls for, and why, is :mod:`tutor.engine.signalling`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card, card
from tutor.engine.errors import NotationError, short


@dataclass(frozen=True)
class Signal:
    id: str
    meaning: str
    gesture: str
    card: Card | None  # the named card it announces, if any


SIGNALS: tuple[Signal, ...] = (
    Signal("monsieur", "I hold Monsieur", "look upward without moving the head", card("3-coins")),
    Signal("madame", "I hold Madame", "tilt the head to one side, or smile", card("3-cups")),
    Signal("borgne", "I hold Le Borgne", "wink", card("2-coins")),
    Signal("vache", "I hold La Vache", "pout, or purse the lips", card("2-cups")),
    Signal("grand-neuf", "I hold Grand-neuf", "stick out the thumb", card("9-cups")),
    Signal("petit-neuf", "I hold Petit-neuf", "stick out the little finger", card("9-coins")),
    Signal("deux-de-chene", "I hold the Deux de chêne", "stick out the index or middle finger", card("2-clubs")),
    Signal("deux-d-ecrit", "I hold the Deux d'écrit", "stick out the ring finger, or mime writing", card("2-swords")),
    Signal("aces", "I hold aces", "open the mouth once for each ace held", None),
    Signal("useless-hand", "I have a useless hand", "shrug the shoulders", None),
    Signal("mordienne", "I am going for mordienne", "bite the lip", None),
)
SIGNAL_IDS: tuple[str, ...] = tuple(s.id for s in SIGNALS)
_BY_ID = {s.id: s for s in SIGNALS}
_BY_CARD = {s.card: s for s in SIGNALS if s.card is not None}


def signal(signal_id: str) -> Signal:
    if signal_id not in _BY_ID:
        raise NotationError(f"{short(signal_id)} is not a signal (signals: {' '.join(SIGNAL_IDS)})")
    return _BY_ID[signal_id]


def own_signal(named: Card) -> Signal:
    """The signal of its own that a named card has (``KeyError`` for any other card)."""
    return _BY_CARD[named]


def signal_for_card(c: Card) -> Signal | None:
    """The signal announcing ``c``: its own for a named card, ``aces`` for an ace, else ``None``."""
    return _BY_CARD.get(c) or (_BY_ID["aces"] if c.rank == "A" else None)


def find_by_gesture(text: str) -> list[Signal]:
    """Signals whose gesture or meaning mentions every word of ``text`` (case-insensitive)."""
    words = text.lower().split()
    return [s for s in SIGNALS if all(w in (s.gesture + " " + s.meaning + " " + s.id).lower() for w in words)]
