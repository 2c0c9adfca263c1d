"""Giving signals (rules.md section 10): what a signal says, which signals a hand calls for, when one is false.

Each answer comes with the steps that explain it; the table of signals itself is :mod:`tutor.engine.signals`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.explained import Explained
from tutor.engine.messages import step
from tutor.engine.ranking import NAMED, distinct, ordered
from tutor.engine.signals import Signal, own_signal, signal, signal_for_card
from tutor.engine.steps import Step


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
    chosen = [own_signal(c) for c in named]
    steps = [step("signal.card", card=c, signal=own_signal(c)) for c in named]
    if aces:
        chosen.append(signal("aces"))
        steps.append(step("signal.aces", count=aces, signal=signal("aces")))
    if not chosen:
        chosen.append(signal("useless-hand"))
        steps.append(step("signal.useless", signal=signal("useless-hand")))
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
