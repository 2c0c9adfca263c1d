"""The pseudo-language ``qps`` (tutor/i18n/pseudo.py), which makes every untranslated string stand out: every
translated string wrapped and accented, every step of the corpus too.
"""

from __future__ import annotations

import re

from explanation_corpus import corpus, walk

from tutor.engine import Seat
from tutor.engine.cards import Card
from tutor.engine.seats import Team
from tutor.engine.signals import Signal
from tutor.engine.steps import Step
from tutor.i18n import FALLBACKS, ui
from tutor.i18n.sentences import render


def test_the_pseudo_language_wraps_and_accents_every_translated_string() -> None:
    _ = ui.translator("qps")
    assert _("Check my answer") == "⟦Çĥéçķ ɱý áñšŵéŕ⟧"
    assert ui.ngettext("qps", "{n} card left", "{n} cards left", 2) == "⟦2 çáŕðš ĺéƒţ⟧"
    assert _("{seat} to play", seat=Seat.W) == "⟦⟦Ŵéšţ⟧ ţó þĺáý⟧", "the seat is a translated word too"
    assert FALLBACKS.count("qps") == 0


def notation(s: Step) -> set[str]:
    """The parameter values shown as they are in every language: cards, teams, signal ids, names, seats."""
    found: set[str] = set()
    for _, value in s.params:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Card):
                found |= {item.code, item.name} if item.name else {item.code}  # named cards keep French names
            elif isinstance(item, Team | Seat):
                found.add(item.value)
            elif isinstance(item, Signal):
                found.add(item.id)
            elif isinstance(item, str):
                found.add(item)
            elif isinstance(item, Step):
                found |= notation(item)
    return found


def test_every_step_of_the_corpus_is_wrapped_in_the_pseudo_language() -> None:
    steps = list(walk(corpus()))
    assert len(steps) > 1000
    for s in steps:
        text = render(s, "qps")
        assert text.startswith("⟦") and text.endswith("⟧"), text
        assert text.count("⟦") == text.count("⟧")
        # take away the notation (card codes, seats' letters, teams, signal ids, players' names): no ASCII
        # letter may be left, or some English was not translated
        rest = text
        for raw in sorted(notation(s), key=len, reverse=True):
            rest = rest.replace(raw, "")
        assert not re.search("[A-Za-z]", rest), (s.msg, text)
