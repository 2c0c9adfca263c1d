"""The coach and the Play page's Hint ask the hint the same question: after a deal with a chant, the request
the coach's review makes for a position is the very request the Hint button made at that moment (the chant
flag included: the chanters kept their nine best, which changes every chance)."""

from __future__ import annotations

import random

import pytest

from tutor.app import play_view
from tutor.engine.deal_state import DealState
from tutor.play import bots, coach
from tutor.play.hint import Hint, HintRequest, hint
from tutor.play.match import LEARNER, Match


def first_deal_with_a_chant() -> Match:
    """A game in the first deal whose chant happened (everyone agreed), at the learner's signals."""
    for seed in range(60):
        match = Match.start(("Ana", "Blaise", "Chloé"), "Lou", seed)
        match.next_deal()
        match.learner_agrees(True)
        deal = match.deal
        assert deal is not None
        if deal.chant_happened:
            if match.phase == "discard":
                match.learner_discards(bots.choose_discards(match.learner_hand()))
            match.learner_signals([s.id for s in match.signal_advice().signals])
            return match
    raise AssertionError("no seed gives a chant in the first deal")


def test_the_coach_asks_what_the_hint_button_asked_after_a_chant(monkeypatch: pytest.MonkeyPatch) -> None:
    match = first_deal_with_a_chant()
    rng = random.Random(7)
    from_button: dict[DealState, HintRequest] = {}
    while match.phase == "play":
        if match.to_play is LEARNER:
            request = play_view.hint_request(match)
            from_button[request.state] = request
            match.learner_plays(rng.choice(match.legal_cards()))
        else:
            match.advance()
    asked: list[HintRequest] = []

    def recording(request: HintRequest, playouts: int, seed: int) -> Hint:
        asked.append(request)
        return hint(request, playouts=200, seed=seed)

    monkeypatch.setattr(coach, "hint", recording)
    coach.review(match, playouts=200)
    assert asked, "the coach judged no card"
    for request in asked:
        assert request.chant
        assert request == from_button[request.state]
