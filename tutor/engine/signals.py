"""Partners' signals (rules.md section 10): fixed gestures for important cards, never for anything else."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card, card
from tutor.engine.errors import NotationError, short
from tutor.engine.explained import Explained
from tutor.engine.ranking import NAMED, distinct, ordered
from tutor.engine.steps import Step, step


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


def signal_for_card(c: Card) -> Signal | None:
    """The signal announcing ``c``: its own for a named card, ``aces`` for an ace, else ``None``."""
    return _BY_CARD.get(c) or (_BY_ID["aces"] if c.rank == "A" else None)


def find_by_gesture(text: str) -> list[Signal]:
    """Signals whose gesture or meaning mentions every word of ``text`` (case-insensitive)."""
    words = text.lower().split()
    return [s for s in SIGNALS if all(w in (s.gesture + " " + s.meaning + " " + s.id).lower() for w in words)]


@dataclass(frozen=True)
class SignalLookup(Explained):
    signal: Signal

    def outcome(self) -> dict[str, object]:
        return {"meaning": self.signal.meaning, "gesture": self.signal.gesture}


def look_up(signal_id: str) -> SignalLookup:
    s = signal(signal_id)
    steps = [step("signal.says", signal=s)]
    if s.card is not None:
        steps.append(step("signal.announces", card=s.card))
    steps.append(step("signal.discreetly"))
    return SignalLookup(tuple(steps), s)


@dataclass(frozen=True)
class HandSignals(Explained):
    signals: tuple[Signal, ...]
    aces: int

    def outcome(self) -> dict[str, object]:
        return {"signals": [s.id for s in self.signals], "aces": self.aces}


def hand_signals(hand: Sequence[Card]) -> HandSignals:
    """The signals a hand calls for: one per named card, ``aces`` with the count, or ``useless-hand``."""
    distinct(hand)
    named = [c for c in NAMED if c in hand]
    aces = sum(1 for c in hand if c.rank == "A")
    chosen = [_BY_CARD[c] for c in named]
    steps = [step("signal.card", card=c, signal=_BY_CARD[c]) for c in named]
    if aces:
        chosen.append(_BY_ID["aces"])
        steps.append(step("signal.aces", count=aces))
    if not chosen:
        chosen.append(_BY_ID["useless-hand"])
        steps.append(step("signal.useless"))
    else:
        rest = len(hand) - len(named) - aces
        if rest:
            steps.append(step("signal.rest", count=rest))
    return HandSignals(tuple(steps), tuple(chosen), aces)


def false_signal(s: Signal, hand: Sequence[Card]) -> Step | None:
    """Why ``s`` would be false for ``hand`` (a signal says "I hold ...", so it must be true), else ``None``.

    A named card's signal needs that card, ``aces`` needs an ace, and ``useless-hand`` needs a hand with
    nothing worth a signal (rules.md section 10). ``mordienne`` announces a plan, not a card: never false.
    """
    if s.card is not None and s.card not in hand:
        return step("signal.false.card", signal=s, card=s.card)
    if s.id == "aces" and not any(c.rank == "A" for c in hand):
        return step("signal.false.aces", signal=s)
    if s.id == "useless-hand":
        worth = tuple(c for c in ordered(hand) if signal_for_card(c) is not None)
        if worth:
            return step("signal.false.useless", cards=worth, count=len(worth))
    return None
