"""The guided first deal, "Learn to play": one scripted deal that tells the learner, one
step at a time, what to click and why, accepts only that, then hands over to a free game.

The deal is deal 1 of the game of seed :data:`SEED`, chosen by :func:`shows_everything` (a search, see
``find_seed``) because, played the guided way, it shows a chant, a spoiled trick, a partner's signal and a
point decided by who reached the most tricks first. The guided way is the computer players' own documented
policy (:mod:`tutor.play.bots`): agree to the chant, keep the highest, give the signals the hand calls for,
and play each card by the first rule of the bots' list that applies. Each instruction names that rule with
the facts it rests on (which card is winning the trick, whose it is, which of the learner's cards beats it),
as explanation steps.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.chant import keep_best
from tutor.engine.natural_card import is_sure_winner, sure_winners
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import score_deal
from tutor.engine.signalling import hand_signals
from tutor.engine.signals import signal
from tutor.engine.steps import Step
from tutor.play import bots
from tutor.play.match import LEARNER, PARTNER, Match
from tutor.play.messages import step

SEED = 205  # the first seed find_seed() returns: see shows_everything
LEARNER_NAME = "You"


@dataclass(frozen=True)
class Expected:
    """The one action the guide accepts next, and what to tell the learner."""

    action: str  # deal, chant, discard, signals, play, over
    instruction: Step  # what to click
    why: tuple[Step, ...]  # the facts behind it
    agree: bool | None = None
    cards: tuple[Card, ...] = ()  # the six discards, or the one card to play
    signals: tuple[str, ...] = ()


def start(name: str = LEARNER_NAME, bot_names: tuple[str, str, str] = ("Anne", "Bastien", "Colette")) -> Match:
    """The guided game: seed :data:`SEED`, the draw made."""
    return Match.start(bot_names, name, SEED)


def expected(match: Match) -> Expected:
    """The next action of the guided deal, with its instruction and why."""
    deal = match.deal
    if match.phase == "draw":
        first = match.names[match.first_dealer]
        return Expected(
            "deal",
            step("guide.deal"),
            (step("guide.draw", partner=match.names[PARTNER], dealer=first),),
        )
    assert deal is not None
    if match.phase == "chant":
        chanter = bots.is_chanter(LEARNER, deal.dealer)
        role = step("guide.chant.you") if chanter else step("guide.chant.not_you")
        return Expected("chant", step("guide.chant"), (role,), agree=True)
    if match.phase == "discard":
        keep = keep_best(LEARNER, deal.hand_before_discards(LEARNER))
        return Expected("discard", step("guide.discard"), keep.explanation, cards=tuple(keep.discarded))
    if match.phase == "signals":
        advice = hand_signals(deal.hand(LEARNER))
        ids = tuple(s.id for s in advice.signals)
        partner = [signal(i) for i in deal.signals.get(PARTNER, ())]
        heard = tuple(step("guide.partner_signal", partner=PARTNER, signal=s) for s in partner)
        return Expected("signals", step("guide.signals"), (*heard, *advice.explanation), signals=ids)
    if match.phase == "play":
        card, reason = choice(match)
        return Expected("play", step("guide.play", card=card), (reason,), cards=(card,))
    return Expected("over", step("guide.over"), ())


def choice(match: Match) -> tuple[Card, Step]:
    """The card the bots' policy plays for South now, and the rule that picks it, with its facts."""
    state = match.state
    assert state is not None and state.to_play is LEARNER
    hand = state.hands[LEARNER]
    trick = state.current_plays
    played = {c for t in state.tricks for _, c in t.plays}
    known = match.partner_known(LEARNER)
    card = bots.choose_card(hand, trick, LEARNER, state.leader, played, known)
    return card, reason(match, card)


def reason(match: Match, card: Card) -> Step:
    """Which of the bots' rules gives ``card`` (the same order as :func:`tutor.play.bots.choose_card`)."""
    state = match.state
    assert state is not None
    hand = state.hands[LEARNER]
    trick = state.current_plays
    played = {c for t in state.tricks for _, c in t.plays}
    on_table = {c for _, c in trick}
    known = match.partner_known(LEARNER) - played - on_table - set(hand)
    accounted = {*hand, *played, *on_table, *known}
    if not trick:
        sure = sure_winners(hand, accounted)
        if sure:
            return step("guide.rule.sure", card=card)
        return step("guide.rule.lead_low", card=card)
    best = min(TIERS[c] for _, c in trick)
    holders = [seat for seat, c in trick if TIERS[c] == best]
    top = next(c for _, c in trick if TIERS[c] == best)
    if len(trick) == 1 and any(TIERS[k] < best and is_sure_winner(k, accounted) for k in known):
        return step("guide.rule.leave", partner=PARTNER, card=card)
    if holders == [PARTNER]:
        return step("guide.rule.partner", partner=PARTNER, top=top, card=card)
    if TIERS[card] < best:
        return step("guide.rule.cheapest", card=card, top=top)
    if TIERS[card] == best and len(holders) == 1:
        return step("guide.rule.spoil", seat=holders[0], top=top, card=card)
    return step("guide.rule.lowest", top=top, card=card)


def act(match: Match, wanted: Expected) -> None:
    """Do the expected action on the match (the page does this when the learner clicks the right thing)."""
    if wanted.action == "deal":
        match.next_deal()
    elif wanted.action == "chant":
        match.learner_agrees(bool(wanted.agree))
    elif wanted.action == "discard":
        match.learner_discards(wanted.cards)
    elif wanted.action == "signals":
        match.learner_signals(wanted.signals)
    elif wanted.action == "play":
        match.learner_plays(wanted.cards[0])


def play_through(seed: int) -> Match:
    """Deal 1 of game ``seed`` played the guided way, to its end."""
    match = Match.start(("Anne", "Bastien", "Colette"), LEARNER_NAME, seed)
    while match.phase not in ("deal-over", "game-over"):
        act(match, expected(match))
    return match


def shows_everything(match: Match) -> bool:
    """The deal shows a chant with the learner as a chanter, a spoiled trick, a named card signalled by the
    partner, and a point decided by who reached the most tricks first."""
    deal, state = match.deal, match.state
    if deal is None or state is None or not deal.chant_happened or LEARNER not in deal.received:
        return False
    if not any(t.winner is None for t in state.tricks):
        return False
    if not any(signal(i).card is not None for i in deal.signals.get(PARTNER, ())):
        return False
    score = score_deal([t.winner for t in state.tricks], bool(deal.mordienne))
    return any(s.msg == "score.tie" for s in score.explanation)


def find_seed(limit: int = 2000) -> int | None:
    """The first seed whose guided deal :func:`shows_everything` (how :data:`SEED` was chosen)."""
    return next((seed for seed in range(limit) if shows_everything(play_through(seed))), None)
