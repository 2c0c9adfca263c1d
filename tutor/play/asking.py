"""What the learner knows at one moment of a deal, as the hint's question.

The Play page's Hint button and the coach after the deal both ask :func:`tutor.play.hint.hint` about the
learner's card; they must ask the same question of the same position, or the coach judges a card at a
different chance than the Hint showed for it. :func:`hint_request` is that question, built once for both.
"""

from __future__ import annotations

from tutor.engine.deal_state import DealState
from tutor.engine.signals import signal
from tutor.play.hint import HintRequest
from tutor.play.match import LEARNER, PARTNER, DealRecord, Match


def hint_request(match: Match, deal: DealRecord, state: DealState) -> HintRequest:
    """The learner's knowledge at ``state`` of ``deal``: own hand and the cards played (in ``state``), the
    partner's signals, the own chant discards, whether the chant happened, and the mordienne rule."""
    ids = deal.signals.get(PARTNER, ())
    named = frozenset(s.card for s in (signal(i) for i in ids) if s.card is not None)
    aces = sum(1 for c in deal.hand(PARTNER) if c.rank == "A") if "aces" in ids else None
    return HintRequest(
        state=state,
        seat=LEARNER,
        partner_holds=named,
        partner_aces=aces,
        # The partner bot gives exactly the signals its hand calls for (rule G1 of tutor.play.bots).
        partner_signalled=True,
        out_of_play=frozenset(deal.discards.get(LEARNER, ())),
        # A finished deal keeps the rule it was scored under; during the deal, the game's setting applies.
        mordienne=bool(match.mordienne if deal.mordienne is None else deal.mordienne),
        # The chanters kept their nine best of fifteen: the hidden hands are sampled accordingly.
        chant=bool(deal.chant_happened),
    )
