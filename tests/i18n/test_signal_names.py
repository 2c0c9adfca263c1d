"""A learner reads a signal's name, never its id: every explanation that names a signal (looking one up, the
signals a hand calls for, why a signal would be false), rendered in every language, names it in words
(``fmt.signal.name.ID``); the id (``useless-hand``, ``deux-de-chene``) stays in outcomes and files."""

from __future__ import annotations

import re

import pytest

from tutor.engine import cards
from tutor.engine.signalling import false_signal, hand_signals, look_up
from tutor.engine.signals import SIGNALS, Signal
from tutor.i18n import LANGUAGES
from tutor.i18n.sentences import render, word

# Hands that call for every kind of signal step: all eight named cards, two aces, nothing worth a signal.
NAMED_HAND = cards("3-coins 3-cups 2-coins 2-cups 9-cups 9-coins 2-clubs 2-swords 4-cups")
ACES_HAND = cards("A-coins A-swords 4-cups 5-clubs 6-swords 7-coins 8-cups K-clubs J-swords")
USELESS_HAND = cards("4-cups 5-clubs 6-swords 7-coins 8-cups K-clubs J-swords C-coins 3-swords")


def _sentences(lang: str) -> list[str]:
    steps = [step for s in SIGNALS for step in look_up(s.id).explanation]
    for hand in (NAMED_HAND, ACES_HAND, USELESS_HAND):
        steps += hand_signals(hand).explanation
    # each signal against a hand that makes it false (mordienne announces a plan: never false)
    for s in SIGNALS:
        for hand in (USELESS_HAND, NAMED_HAND):
            why = false_signal(s, hand)
            if why is not None:
                steps.append(why)
    return [render(step, lang) for step in steps]


def _shows_id(s: Signal, lang: str, text: str) -> bool:
    # "mordienne" is both the id and the French word: an id counts only where the name does not contain it.
    if s.id in word(lang, f"fmt.signal.name.{s.id}"):
        return False
    return re.search(rf"(?<![\w-]){re.escape(s.id)}(?![\w-])", text) is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_signal_id_reaches_a_learner(lang: str) -> None:
    shown = [(s.id, text) for text in _sentences(lang) for s in SIGNALS if _shows_id(s, lang, text)]
    assert shown == []


def test_every_signal_step_is_rendered() -> None:
    # the sweep above covers each signal message: 11 look-ups, 8 named + aces + useless, the false ones
    ids = {
        step.msg
        for step in (
            *hand_signals(NAMED_HAND).explanation,
            *hand_signals(ACES_HAND).explanation,
            *hand_signals(USELESS_HAND).explanation,
        )
    }
    assert {"signal.card", "signal.aces", "signal.useless", "signal.rest"} <= ids


def test_signals_are_named_in_the_learners_words() -> None:
    # hand-worked: each language's word for the signal, inside the sentence's own quotation marks
    useless = look_up("useless-hand").explanation[0]
    assert render(useless, "en") == "The 'useless hand' signal says \"I have a useless hand\": shrug the shoulders."
    assert "« jeu sans valeur »" in render(useless, "fr").replace("\u00a0", " ").replace("\u202f", " ")
    aces = hand_signals(ACES_HAND).explanation[0]
    assert aces.msg == "signal.aces"
    assert render(aces, "cs").startswith("2 esa: znamení „esa“, otevřete ústa dvakrát")
    assert "'Deux de chêne'" in render(hand_signals(NAMED_HAND).explanation[6], "sq")
    assert "'દ્યૂ દ શેન'" in render(hand_signals(NAMED_HAND).explanation[6], "gu")
    assert "('kad tidak berguna')" in render(hand_signals(USELESS_HAND).explanation[0], "ms")
