"""A whole game against the bots (tutor/play/match.py): the draw and the seats, whole games legal and scored like
the engine, the phases and the learner's actions, and a game saved and resumed. Saved deals: test_record.py."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import (
    PACK,
    DealState,
    RuleViolation,
    Seat,
    Team,
    dealers,
    hand_signals,
    keep_best,
    play_deal,
    play_game,
)
from tutor.i18n.sentences import render_all
from tutor.play import bots
from tutor.play.match import LEARNER, PARTNER, Match


def learner_step(match: Match, rng: random.Random, style: str) -> None:
    """One learner action: ``random`` (any legal choice) or ``bot`` (the learner plays the bots' policy)."""
    phase = match.phase
    if phase in ("draw", "deal-over"):
        match.next_deal()
    elif phase == "chant":
        deal = match.deal
        assert deal is not None
        agree = bots.agree_to_chant(deal.dealt[LEARNER], LEARNER, deal.dealer) if style == "bot" else rng.random() < 0.8
        match.learner_agrees(agree)
    elif phase == "discard":
        hand = match.learner_hand()
        match.learner_discards(bots.choose_discards(hand) if style == "bot" else rng.sample(hand, 6))
    elif phase == "signals":
        true = [s.id for s in match.signal_advice().signals]
        match.learner_signals(true if style == "bot" else [s for s in true if rng.random() < 0.5])
    elif phase == "play":
        state = match.state
        assert state is not None
        if style == "bot":
            so_far = list(zip(state.leader.clockwise_from(), state.current, strict=False))
            played = {c for t in state.tricks for _, c in t.plays}
            hand = state.hands[LEARNER]
            match.learner_plays(
                bots.choose_card(hand, so_far, LEARNER, state.leader, played, match.partner_known(LEARNER))
            )
        else:
            match.learner_plays(rng.choice(match.legal_cards()))
    else:  # pragma: no cover
        raise AssertionError(phase)


def play_until(match: Match, rng: random.Random, style: str, done: object) -> Match:
    while not done(match):  # type: ignore[operator]
        learner_step(match, rng, style)
    return match


def whole_game(seed: int, style: str = "random", mordienne: bool = False) -> Match:
    match = Match.start(("Ana", "Blaise", "Chloé"), "Lou", seed, mordienne)
    return play_until(match, random.Random(seed), style, lambda m: m.phase == "game-over")


# --- the draw and the seats ---------------------------------------------------------------------------


def test_draw_seats_the_learner_south_with_the_draws_partner_north() -> None:
    for seed in range(20):
        match = Match.start(("Ana", "Blaise", "Chloé"), "Lou", seed)
        draw = match.draw()
        pair = next(p for p in draw.partnerships if "Lou" in p)
        partner = next(name for name in pair if name != "Lou")
        assert match.seats["Lou"] is Seat.S and match.seats[partner] is Seat.N
        others = next(p for p in draw.partnerships if "Lou" not in p)
        assert {match.seats[name] for name in others} == {Seat.E, Seat.W}
        assert match.first_dealer is match.seats[draw.holders["madame"]]
        assert match.phase == "draw"
        # The draw is shown card by card with the engine's own explanation.
        shown = match.events()[0]
        assert shown.kind == "draw" and shown.steps[: len(draw.explanation)] == draw.explanation


def test_same_seed_same_game() -> None:
    assert whole_game(7).to_dict() == whole_game(7).to_dict()
    assert whole_game(7).to_dict() != whole_game(8).to_dict()


def test_bad_names_are_refused() -> None:
    with pytest.raises(RuleViolation, match="different names"):
        Match.start(("Ana", "Ana", "Chloé"), "Lou", 1)
    with pytest.raises(RuleViolation, match="three computer players"):
        Match.start(("Ana", "Blaise"), "Lou", 1)
    with pytest.raises(RuleViolation, match="name"):
        Match.start(("Ana", "Blaise", " "), "Lou", 1)


# --- whole games: the invariants -------------------------------------------------------------------------


def check_game(match: Match) -> None:
    assert match.phase == "game-over"
    assert len(match.deals) == 5
    assert [d.dealer for d in match.deals] == list(dealers(match.first_dealer))
    scores = []
    for deal in match.deals:
        # The deal itself: nine cards each, the talon the other twelve.
        dealt = [c for seat in Seat for c in deal.dealt[seat]]
        assert all(len(deal.dealt[seat]) == 9 for seat in Seat)
        assert sorted(dealt + list(deal.talon), key=PACK.index) == list(PACK)
        # The chant: happens only if all four agreed; then six talon cards each to eldest and dealer.
        assert deal.chant_happened == all(deal.agree[seat] for seat in Seat)
        if deal.chant_happened:
            assert deal.received == {deal.eldest: deal.talon[0::2], deal.dealer: deal.talon[1::2]}
            for seat in (deal.eldest, deal.dealer):
                assert len(deal.discards[seat]) == 6
                assert set(deal.discards[seat]) <= set(deal.hand_before_discards(seat))
                if seat is not LEARNER:  # bots keep the highest
                    assert keep_best(seat, deal.hand_before_discards(seat)).accepts(deal.hand(seat))
        else:
            assert not deal.received and not deal.discards
        # Nine tricks, every card from the hand of the player whose turn it was (the engine checks it).
        assert len(deal.plays) == 36
        state = deal.replay()
        assert state.finished and len(state.tricks) == 9
        plays = [[c for _, c in t.plays] for t in state.tricks]
        played = play_deal(deal.dealer, deal.hands, plays, bool(deal.mordienne))
        assert [t.winner for t in played.tricks] == [t.winner for t in state.tricks]
        # Bots signal exactly what their hands call for.
        for seat in (Seat.N, Seat.E, Seat.W):
            assert deal.signals[seat] == tuple(s.id for s in hand_signals(deal.hand(seat)).signals)
        scores.append(played.score)
    game = play_game(match.first_dealer, scores)
    assert match.scores() == game.scores
    own = match.game()
    assert own is not None and own.explanation == game.explanation
    assert match.events()[-1].kind == "game" and match.events()[-1].steps == game.explanation


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["random", "bot"]), st.booleans())
def test_whole_games_are_legal_and_scored_like_the_engine(seed: int, style: str, mordienne: bool) -> None:
    check_game(whole_game(seed, style, mordienne))


def test_many_seeds_whole_games() -> None:
    for seed in range(30):
        check_game(whole_game(seed, "random" if seed % 2 else "bot"))


def test_the_bots_play_by_the_documented_policy() -> None:
    """Replaying a game, every bot card is ``choose_card`` on what that bot knew at the time."""
    match = whole_game(11, "bot")
    for deal in match.deals:
        state = DealState.start(deal.dealer, deal.hands)
        known = {
            seat: frozenset(x for x in deal.hand(seat.partner) if hand_signals([x]).signals[0].card == x)
            for seat in Seat
        }
        for c in deal.plays:
            seat = state.to_play
            if seat is not LEARNER:
                so_far = list(zip(state.leader.clockwise_from(), state.current, strict=False))
                played = {x for t in state.tricks for _, x in t.plays}
                # The learner (style "bot") signalled every named card, as the bots do.
                assert c == bots.choose_card(state.hands[seat], so_far, seat, state.leader, played, known[seat])
            state = state.play(c)


# --- the phases and the learner's actions -------------------------------------------------------------


def first_deal_with(pred: object, style: str = "random") -> Match:
    """A match stopped in the first deal whose state satisfies ``pred`` (searching seeds)."""
    for seed in range(200):
        match = Match.start(("Ana", "Blaise", "Chloé"), "Lou", seed)
        rng = random.Random(seed)
        while match.phase != "game-over":
            if pred(match):  # type: ignore[operator]
                return match
            learner_step(match, rng, style)
    raise AssertionError("no seed found")


def test_actions_out_of_phase_are_refused() -> None:
    match = Match.start(seed=1)
    with pytest.raises(RuleViolation, match="waiting for the first deal"):
        match.learner_plays("3-coins")
    match.next_deal()
    assert match.phase == "chant" and len(match.learner_hand()) == 9
    with pytest.raises(RuleViolation, match="your answer to the chant"):
        match.learner_signals([])
    with pytest.raises(RuleViolation, match="yes"):
        match.learner_agrees("yes")  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="can't start the next deal"):
        match.next_deal()


def test_refusing_the_chant_means_no_chant() -> None:
    match = Match.start(seed=2)
    match.next_deal()
    match.learner_agrees(False)
    deal = match.deal
    assert deal is not None and deal.chant_happened is False and match.phase == "signals"
    chant_event = next(e for e in match.events() if e.kind == "chant")
    assert any("South" in step and "refuse" in step for step in render_all(chant_event.steps))


def test_a_chanting_learner_discards_six_with_advice_available() -> None:
    match = first_deal_with(lambda m: m.phase == "discard")
    hand = match.learner_hand()
    assert len(hand) == 15
    advice = match.discard_advice()
    with pytest.raises(RuleViolation, match="exactly 6"):
        match.learner_discards(hand[:5])
    with pytest.raises(RuleViolation, match="don't hold"):
        match.learner_discards([*hand[:5], next(c for c in PACK if c not in hand)])
    with pytest.raises(RuleViolation, match="twice"):
        match.learner_discards([hand[0], *hand[:5]])
    match.learner_discards(advice.discarded)
    assert match.phase == "signals" and len(match.learner_hand()) == 9
    assert any("kept the highest" in step for e in match.events() for step in render_all(e.steps))


def test_discarding_badly_is_allowed_and_explained() -> None:
    match = first_deal_with(lambda m: m.phase == "discard")
    best = match.discard_advice()
    match.learner_discards(best.kept[:6])  # throws away the best six: legal, but not the advice
    assert set(match.learner_hand()) == set(best.kept[6:]) | set(best.discarded)
    steps = [step for e in match.events() for step in render_all(e.steps)]
    assert any("advice was to keep the highest" in step for step in steps)


def test_learner_signals_must_be_true_and_the_partner_uses_them() -> None:
    match = first_deal_with(lambda m: m.phase == "signals" and any(s.card for s in m.signal_advice().signals))
    advice = match.signal_advice()
    hand = match.learner_hand()
    missing = next(s for s in ("monsieur", "madame", "borgne", "vache") if s not in [x.id for x in advice.signals])
    with pytest.raises(RuleViolation, match="you don't hold"):
        match.learner_signals([missing])
    with pytest.raises(RuleViolation, match="not a signal"):
        match.learner_signals(["wave"])
    if not any(c.rank == "A" for c in hand):
        with pytest.raises(RuleViolation, match="no ace"):
            match.learner_signals(["aces"])
    with pytest.raises(RuleViolation, match="not useless"):
        match.learner_signals(["useless-hand"])
    named = [s for s in advice.signals if s.card is not None]
    match.learner_signals([named[0].id, "mordienne"])
    assert match.partner_known(PARTNER) == frozenset({named[0].card})
    assert match.partner_known(Seat.E) == frozenset(
        s.card
        for s in hand_signals(match.deal.hand(Seat.W)).signals
        if s.card  # type: ignore[union-attr]
    )
    shown = match.signals_shown()
    assert {s.seat for s in shown} <= {PARTNER, LEARNER}
    assert {s.seat for s in match.signals_shown(see_everything=True)} >= {Seat.E, Seat.W}


def test_playing_a_card_not_held_or_out_of_turn_is_refused() -> None:
    match = first_deal_with(lambda m: m.phase == "play")
    state = match.state
    assert state is not None and state.to_play is LEARNER
    hand = match.learner_hand()
    assert match.legal_cards() == hand
    stranger = next(c for c in PACK if c not in hand and c not in match.played_cards())
    with pytest.raises(RuleViolation, match="not in your hand"):
        match.learner_plays(stranger)
    if match.played_cards():
        with pytest.raises(RuleViolation, match="already played"):
            match.learner_plays(next(iter(match.played_cards())))
    with pytest.raises(RuleViolation, match="not a card"):
        match.learner_plays("joker")
    before = match.to_dict()
    match.learner_plays(str(hand[0]))
    assert match.to_dict() != before
    assert match.to_play in (LEARNER, None)


def test_each_trick_is_explained_by_the_engine() -> None:
    match = first_deal_with(lambda m: m.phase in ("deal-over",))
    state = match.state
    assert state is not None and state.finished
    # The last action's events end with the last trick(s) and the scoring explanation.
    events = match.events()
    assert events[-1].kind == "score"
    assert events[-2].kind == "trick" and events[-2].steps == state.tricks[-1].explanation


def test_hidden_cards_stay_hidden_unless_see_everything() -> None:
    match = Match.start(seed=4)
    match.next_deal()
    deal = match.deal
    assert deal is not None
    text = " ".join(step for e in match.events() for step in render_all(e.steps))
    everything = " ".join(step for e in match.events(see_everything=True) for step in render_all(e.steps))
    codes = set(re.findall(r"\b[A2-9JCK]-(?:coins|cups|swords|clubs)\b", text))
    assert codes <= {str(c) for c in deal.dealt[LEARNER]}
    assert all(str(c) in everything for c in deal.dealt[Seat.E])
    table = match.table()
    assert table.hands[LEARNER] is not None and table.hands[Seat.E] is None
    assert match.table(see_everything=True).hands[Seat.E] is not None


def test_mordienne_setting_applies_to_scoring() -> None:
    on = whole_game(5, mordienne=True)
    assert all(d.mordienne is True for d in on.deals)
    off = whole_game(5)
    assert all(d.mordienne is False for d in off.deals)


# --- serialization -----------------------------------------------------------------------------------------


def test_round_trip_mid_game_continues_identically() -> None:
    match = Match.start(("Ana", "Blaise", "Chloé"), "Lou", 21)
    rng = random.Random(3)
    # Stop in deal 2, in the middle of a trick.
    play_until(match, rng, "random", lambda m: m.deal_number == 2 and m.phase == "play" and m.state.current)  # type: ignore[union-attr]
    saved = json.loads(json.dumps(match.to_dict()))
    copy = Match.from_dict(saved)
    assert copy == match and copy.to_dict() == saved
    assert copy.table() == match.table() and copy.events() == match.events()
    a = play_until(match, random.Random(9), "random", lambda m: m.phase == "game-over")
    b = play_until(copy, random.Random(9), "random", lambda m: m.phase == "game-over")
    assert a.to_dict() == b.to_dict()


def test_round_trip_in_every_phase() -> None:
    match = Match.start(seed=33)
    rng = random.Random(33)
    seen = set()
    while match.phase != "game-over":
        seen.add(match.phase)
        assert Match.from_dict(json.loads(json.dumps(match.to_dict()))) == match
        learner_step(match, rng, "random")
    assert Match.from_dict(match.to_dict()) == match
    assert {"draw", "chant", "signals", "play", "deal-over"} <= seen


def test_damaged_snapshot_is_refused_plainly() -> None:
    match = whole_game(1)
    data = match.to_dict()
    data["deals"][0]["plays"][3] = data["deals"][0]["plays"][0]
    with pytest.raises(RuleViolation, match="damaged"):
        Match.from_dict(data)
    with pytest.raises(RuleViolation, match="damaged"):
        Match.from_dict({"version": 1})
    with pytest.raises(RuleViolation, match="version"):
        Match.from_dict({"version": 99})


def test_scores_view_is_per_team() -> None:
    match = whole_game(2)
    assert set(match.scores()) == {Team.NS, Team.EW}
    assert sum(match.scores().values()) == sum(s.points for s in match.deal_scores())
