"""The Play page's drawing (tutor/app/play_view.py) reads the game's facts from fields, never from the words:
every template reworded, as a translation would, changes nothing the page derives.
"""

from __future__ import annotations

import pytest

from tutor.app import play_view as pv
from tutor.engine import card
from tutor.engine.messages import step
from tutor.i18n.sentences import render
from tutor.play.match import Match

# --- the Play page reads facts from fields: rewording changes nothing ---------------------------------------


def reworded(lang: str, context: str, msgid: str, plural: str | None = None, n: int | None = None) -> str:
    """Every template reworded (the words around the placeholders changed), as a translation would."""
    chosen = msgid if plural is None or n == 1 else plural
    return "«" + chosen.replace("Card", "Carte").replace("Trick", "Pli").replace(" ", "  ") + "»"


def play_page_facts(seed: int) -> list[object]:
    """What the Play page derives from a game's events: secret flags, trick numbers, the draw step by step."""
    match = Match.start(seed=seed)
    facts: list[object] = [pv.draw_view(match, shown).steps for shown in range(len(match.draw_cards) + 1)]
    while match.phase not in ("game-over",) and match.deal_number < 2:
        if match.phase in ("draw", "deal-over"):
            match.next_deal()
        elif match.phase == "chant":
            match.learner_agrees(True)
        elif match.phase == "discard":
            match.learner_discards(match.discard_advice().discarded)
        elif match.phase == "signals":
            match.learner_signals([])
        else:
            match.learner_plays(match.legal_cards()[0])
        for event in match.events(see_everything=True):
            facts.append((event.kind, event.secret, pv.trick_number(event), event.visible(False)))
    facts.append(match.to_dict())
    return facts


def test_rewording_every_template_changes_no_behaviour(monkeypatch: pytest.MonkeyPatch) -> None:
    before = play_page_facts(seed=3)
    sample = step("draw.card", number=1, card=card("5-cups"), name="Ann").about(draw_card=1)
    plain = render(sample)
    monkeypatch.setattr("tutor.i18n.sentences.translate", reworded)
    assert render(sample) != plain and render(sample).startswith("«Carte  1,"), "the rewording is in effect"
    assert play_page_facts(seed=3) == before
