"""Explanation steps turned into sentences (tutor/i18n/sentences.py): English as worked out by hand, lists,
numbers and plurals, cards, tiers and signals by their format spec, nested steps, and what the renderer
refuses to say."""

from __future__ import annotations

import pytest

from tutor.engine import Seat, Team, card, cards, resolve_trick, score_deal
from tutor.engine.messages import step
from tutor.engine.signals import signal
from tutor.engine.steps import Step, Tier
from tutor.i18n import UnknownLanguage
from tutor.i18n.sentences import RenderError, render, render_all
from tutor.play.messages import step as play_step

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


# --- English, worked out by hand -----------------------------------------------------------------------


def test_a_won_trick_in_english() -> None:
    # North leads A-swords (tier 9); East 3-coins is Monsieur (tier 1); 5-cups tier 17; 4-clubs tier 18.
    trick = resolve_trick(N, cards("A-swords 3-coins 5-cups 4-clubs"))
    assert render_all(trick.explanation) == [
        "North led A-swords (an ace, tier 9).",
        "East played 3-coins (Monsieur, tier 1).",
        "South played 5-cups (a five, tier 17).",
        "West played 4-clubs (a four, tier 18).",
        "The best card played is 3-coins (Monsieur, tier 1), the only card of its tier in this trick: East wins "
        "the trick and leads the next one.",
    ]


def test_partners_spoiling_each_others_trick_are_named() -> None:
    # West leads A-coins, North 5-cups, East A-cups (West's partner), South 4-clubs: the aces tie.
    trick = resolve_trick(W, cards("A-coins 5-cups A-cups 4-clubs"))
    assert render_all(trick.explanation)[-2:] == [
        "Two cards share the best tier played, the aces (tier 9): West's A-coins and East's A-cups. The trick "
        "is spoiled. Nobody wins it, and West, who led it, leads again.",
        "West and East are partners: East's equal card stopped West from winning it.",
    ]


def test_partners_among_three_tied_cards_are_named_with_the_others() -> None:
    # North, East and South all play a king: without East's, South's king still ties North's.
    trick = resolve_trick(N, cards("K-coins K-cups K-swords 4-clubs"))
    assert render_all(trick.explanation)[-1] == (
        "North and South are partners: even without East's K-cups, South's equal card would have stopped North "
        "from winning it."
    )


def test_opponents_tying_get_no_partnership_remark() -> None:
    trick = resolve_trick(N, cards("K-coins K-cups 4-swords 4-clubs"))  # North and East tie: opponents
    assert [s.msg for s in trick.explanation][-1] == "trick.spoiled"


def test_lists_numbers_and_plurals_in_english() -> None:
    three = step("trick.tie_below", cards=cards("5-coins 5-cups 5-clubs"), tier=Tier(17))
    assert render(three).startswith("5-coins, 5-cups and 5-clubs are equal (tier 17)")
    assert render(step("score.points", team=Team.EW, points=1)) == "EW scores 1 point."
    assert render(step("score.points", team=Team.EW, points=2)) == "EW scores 2 points."
    once, twice, thrice = (render(step("signal.aces", count=n, signal=signal("aces"))) for n in (1, 2, 3))
    assert once == "1 ace: signal 'aces', opening the mouth once."
    assert twice == "2 aces: signal 'aces', opening the mouth twice, once for each ace."
    assert thrice == "3 aces: signal 'aces', opening the mouth 3 times, once for each ace."
    chance = play_step("hint.chance", cards=cards("A-coins A-cups"), chance=0.4567, error=0.0123)
    assert render(chance) == "A-coins/A-cups 45.7% ± 1.2"
    assert render(play_step("hint.chance", cards=cards("3-coins"), chance=1.0, error=0.0)) == "3-coins 100% ± 0.0"


def test_cards_tiers_and_signals_by_format_spec() -> None:
    shared = step("rank.best.shared", tier=Tier(13), cards=cards("9-swords 9-clubs"))
    assert render(shared).startswith(
        "The best tier present is 13 (the plain nines of swords and clubs), shared by 9-swords and 9-clubs:"
    )
    says = step("signal.says", signal=signal("petit-neuf"))
    assert render(says) == "The 'Petit-neuf' signal says \"I hold Petit-neuf\": stick out the little finger."
    assert render(step("rank.best.alone", tier=Tier(2), card=card("3-cups"))) == (
        "The best tier present is 2: 3-cups (Madame) alone is the highest card."
    )


def test_a_nested_step_is_rendered_in_place() -> None:
    score = score_deal([W, N, N, N, None, N, N, N, N], mordienne=True)
    assert render(score.explanation[-2]) == (
        "No mordienne: after North's first win (trick 2), trick 5 was spoiled, which breaks the run."
    )


def test_the_renderer_refuses_what_it_cannot_say() -> None:
    with pytest.raises(RenderError, match="not a message"):
        render(Step("trick.lost"))
    with pytest.raises(RenderError, match="does not apply"):
        render(Step("rank.card", (("card", 5),)))  # a number cannot be "described" as a card
    with pytest.raises(UnknownLanguage, match=r"unknown language 'xx' \(languages: en fr cs sq mk ms gu\)"):
        render(step("draw.end"), "xx")
