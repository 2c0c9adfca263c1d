"""The guided first deal: its seed shows a chant, a spoiled trick, a partner's signal and a point decided by
who reached the most tricks first; every instruction names the bots' rule that gives the card, with its facts."""

from __future__ import annotations

from tutor.engine.cards import Card, parse_card
from tutor.engine.ranking import TIERS
from tutor.engine.seats import Seat
from tutor.engine.signals import signal
from tutor.i18n.sentences import render
from tutor.play import bots, guided
from tutor.play.match import LEARNER, PARTNER, Match


def test_the_seed_shows_a_chant_a_spoil_a_signal_and_a_first_to_reach() -> None:
    match = guided.play_through(guided.SEED)
    deal, state = match.deal, match.state
    assert deal is not None and state is not None
    assert deal.chant_happened and LEARNER in deal.received  # the learner receives talon cards and discards
    assert any(t.winner is None for t in state.tricks)
    assert [s for s in deal.signals[PARTNER] if signal(s).card is not None]
    winners = [t.winner for t in state.tricks]
    counts = {seat: winners.count(seat) for seat in Seat}
    most = max(counts.values())
    assert sorted(counts.values()).count(most) >= 2  # a tie for the most tricks, settled by who got there first
    assert guided.find_seed(limit=guided.SEED + 1) == guided.SEED  # and it is the first such seed


def test_each_instruction_names_the_rule_that_gives_the_card() -> None:
    # The guided deal and the first deal of other seeds, played the guided way: each rule keeps its promise.
    for seed in (guided.SEED, *range(1, 25)):
        match = Match.start(("Anne", "Bastien", "Colette"), "You", seed)
        while match.phase not in ("deal-over", "game-over"):
            wanted = guided.expected(match)
            if wanted.action == "play":
                check_rule(match, wanted.cards[0], wanted.why[0].msg)
            guided.act(match, wanted)


def check_rule(match: Match, card: Card, rule: str) -> None:
    state = match.state
    assert state is not None
    hand = state.hands[LEARNER]
    trick = state.current_plays
    lowest = max(TIERS[c] for c in hand)
    if rule in ("guide.rule.lead_low", "guide.rule.leave", "guide.rule.partner", "guide.rule.lowest"):
        assert TIERS[card] == lowest, (rule, card, hand)
    if rule in ("guide.rule.sure", "guide.rule.lead_low"):
        assert not trick
    if rule == "guide.rule.partner":
        top = min(TIERS[c] for _, c in trick)
        assert [s for s, c in trick if TIERS[c] == top] == [PARTNER]
    if rule == "guide.rule.cheapest":
        top = min(TIERS[c] for _, c in trick)
        assert TIERS[card] < top and not any(TIERS[card] < TIERS[c] < top for c in hand)
    if rule == "guide.rule.spoil":
        assert len(trick) == 3 and TIERS[card] == min(TIERS[c] for _, c in trick)
    if rule == "guide.rule.lowest":
        assert all(TIERS[c] >= min(TIERS[x] for _, x in trick) for c in hand)
    assert (
        bots.choose_card(  # and it is the bots' own choice
            hand,
            trick,
            LEARNER,
            state.leader,
            {c for t in state.tricks for _, c in t.plays},
            match.partner_known(LEARNER),
        )
        == card
    )


def test_the_first_trick_s_instruction_in_words() -> None:
    match = guided.start()
    wanted = guided.expected(match)
    assert wanted.action == "deal" and render(wanted.instruction) == "Click “Deal the first hand”."
    guided.act(match, wanted)
    assert guided.expected(match).action == "chant"
    guided.act(match, guided.expected(match))
    wanted = guided.expected(match)
    assert wanted.action == "discard" and len(wanted.cards) == 6
    guided.act(match, wanted)
    wanted = guided.expected(match)
    assert wanted.action == "signals"
    guided.act(match, wanted)
    wanted = guided.expected(match)
    state = match.state
    assert wanted.action == "play" and state is not None
    # Trick 1: West leads Monsieur (3-coins, tier 1): nothing beats it, so South throws the lowest card.
    assert state.current_plays[0] == (Seat.W, parse_card("3-coins"))
    assert wanted.cards == (parse_card("J-swords"),)
    assert render(wanted.why[0]) == "Nothing of yours beats 3-coins (Monsieur): throw your lowest card, J-swords."
