"""The Hint button (tutor/play/hint.py): Monte-Carlo playouts with the bots' base policy, on tier arrays.

Checked here: the vectorized policy is exactly ``natural_card.base_choice``; a vectorized playout scores a
known deal exactly as the engine does; the hint reads no hidden card; hand-worked positions; the
signals constrain the sampled hands; and, statistically, following the hint wins more points than
playing a random card. No test looks at how long anything takes: benchmarks/hint_bench.py does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from tutor.engine import natural_card
from tutor.engine.cards import PACK, Card, card, cards
from tutor.engine.cut_and_deal import shuffle_and_deal
from tutor.engine.deal_state import DealState
from tutor.engine.errors import RuleViolation
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import score_deal
from tutor.engine.seats import SEATS, Seat
from tutor.engine.signalling import hand_signals
from tutor.engine.trick import resolve_trick
from tutor.i18n.sentences import render_all
from tutor.play.hint import (
    NO_CARD,
    PACK_COUNTS,
    TIER_COUNT,
    HintRequest,
    _play_out,
    _view,
    hint,
    policy_choice,
    sample_hands,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


# --- helpers -------------------------------------------------------------------------------------


def played_cards(state: DealState) -> list[Card]:
    return [c for trick in state.tricks for _, c in trick.plays]


def trick_so_far(state: DealState) -> list[tuple[Seat, Card]]:
    return list(zip(state.leader.clockwise_from(), state.current, strict=False))


def bot_card(state: DealState) -> Card:
    """What ``natural_card.base_choice`` plays for the seat to play, from that seat's own knowledge."""
    seat = state.to_play
    return natural_card.base_choice(state.hands[seat], trick_so_far(state), seat, state.leader, played_cards(state))


def counts(hand: Sequence[Card]) -> np.ndarray:
    return np.bincount([TIERS[c] - 1 for c in hand], minlength=TIER_COUNT).astype(np.int8)


def vector_card_tier(state: DealState) -> int:
    """The vectorized policy's choice (a tier, 1..19) for the seat to play, on a one-row batch."""
    seat = state.to_play
    best, best_count, best_seat = NO_CARD, 0, 0
    for who, c in trick_so_far(state):
        t = TIERS[c] - 1
        if t < best:
            best, best_count, best_seat = t, 1, who.index
        elif t == best:
            best_count += 1
    played = counts(played_cards(state) + list(state.current))
    choice = policy_choice(
        counts(state.hands[seat])[None, :],
        played[None, :],
        len(state.current),
        np.array([seat.index]),
        np.array([best]),
        np.array([best_count]),
        np.array([best_seat]),
    )
    return int(choice[0]) + 1


def random_state(rng: random.Random, plays: int, style: str = "base") -> DealState:
    """A random deal after ``plays`` cards, played by ``natural_card.base_choice`` or at random (``style``)."""
    state = DealState.start(rng.choice(SEATS), shuffle_and_deal(rng, rng.choice(SEATS)).hands)
    for _ in range(plays):
        if style == "random" or (style == "mixed" and rng.random() < 0.5):
            state = state.play(rng.choice(state.legal_cards()))
        else:
            state = state.play(bot_card(state))
    return state


def finish_with_bots(state: DealState) -> DealState:
    while not state.finished:
        state = state.play(bot_card(state))
    return state


def team_wins(state: DealState, seat: Seat) -> bool:
    winner = score_deal([t.winner for t in state.tricks]).point_winner
    return winner is not None and winner.team is seat.team


def build(dealer: Seat, hands: dict[Seat, str], tricks: Sequence[tuple[Seat, str]], current: str = "") -> DealState:
    """A deal in progress from its remaining hands, its tricks (leader, cards in play order), the trick under way."""
    done = tuple(resolve_trick(leader, cards(text)) for leader, text in tricks)
    leader = done[-1].next_leader if done else dealer.next
    return DealState(dealer, {s: cards(hands.get(s.value, "")) for s in SEATS}, done, cards(current), leader)


def past_tricks(winners: str, avoid: str) -> list[tuple[Seat, str]]:
    """Seven finished tricks won by the given seats (``-``: spoiled), South leading the first.

    Each winner plays a king or a cavalier, the others cards of tier 12 or worse (two equal court
    cards spoil a trick), none of them among ``avoid``, the cards the position still needs.
    """
    used = set(cards(avoid))
    lows = iter(c for c in sorted(PACK, key=lambda c: -TIERS[c]) if TIERS[c] >= 12 and c not in used)
    courts = sorted((c for c in PACK if 10 <= TIERS[c] <= 11 and c not in used), key=TIERS.__getitem__)
    leader = S
    result = []
    for code in winners:
        order = leader.clockwise_from()
        if code == "-":
            high = courts.pop()  # the last court card and an equal one
            mate = next(c for c in courts if TIERS[c] == TIERS[high])
            courts.remove(mate)
            plays = [high, mate, next(lows), next(lows)]
        else:
            high = courts.pop(0)
            plays = [high if s is Seat.parse(code) else next(lows) for s in order]
        result.append((leader, " ".join(str(c) for c in plays)))
        leader = resolve_trick(leader, plays).next_leader
    return result


# --- 1. the vectorized policy is natural_card.base_choice --------------------------------------------


def test_vectorized_policy_matches_base_choice() -> None:
    rng = random.Random(6)
    rules = {"sure lead": 0, "plain lead": 0, "spoil": 0, "beat": 0, "partner alone": 0}
    checked = 0
    for number in range(2000):
        style = ("base", "random", "mixed")[number % 3]
        # Every other position has the player last to play, where the spoil rule (rare) can apply.
        plays = 4 * rng.randrange(9) + 3 if number % 2 else rng.randrange(36)
        state = random_state(rng, plays, style)
        expected = TIERS[bot_card(state)]
        assert vector_card_tier(state) == expected, (state.current, state.hands[state.to_play], played_cards(state))
        checked += 1
        hand_tiers = [TIERS[c] for c in state.hands[state.to_play]]
        if not state.current:
            rules["sure lead" if expected < max(hand_tiers) else "plain lead"] += 1
        else:
            best = min(TIERS[c] for c in state.current)
            holders = [s for s, c in trick_so_far(state) if TIERS[c] == best]
            if holders == [state.to_play.partner]:
                rules["partner alone"] += 1
            elif expected < best:
                rules["beat"] += 1
            elif expected == best:
                rules["spoil"] += 1
    assert checked == 2000
    # Every rule of the policy was exercised, not just the common ones.
    assert all(count >= 10 for count in rules.values()), rules


def test_playout_scores_a_known_deal_like_the_engine() -> None:
    """With every hand known, one vectorized playout is the engine's deal played with base_choice."""
    rng = random.Random(61)
    for _ in range(150):
        state = random_state(rng, rng.randrange(36), "mixed")
        own = state.hands[state.to_play]
        first = rng.choice(own)
        expected = finish_with_bots(state.play(first))
        view = _view(HintRequest(state, state.to_play))
        hands = np.stack([counts(state.hands[s]) for s in SEATS])[None, :, :].copy()
        result = _play_out(view, hands, np.array([TIERS[first] - 1]), mordienne=True)
        score = score_deal([t.winner for t in expected.tricks], mordienne=True)
        want = score.point_winner.index if score.point_winner else -1
        assert int(result.point_winner[0]) == want
        assert int(result.points[0]) == score.points
        trick = expected.tricks[len(state.tricks)]
        assert int(result.trick_winner[0]) == (trick.winner.index if trick.winner else -1)


# --- 2. no hidden information --------------------------------------------------------------------


def test_hint_ignores_hidden_hands() -> None:
    rng = random.Random(62)
    for plays in (0, 5, 13, 22, 30, 34):
        dealt = shuffle_and_deal(rng, W)
        state = DealState.start(W, dealt.hands)
        for _ in range(plays):
            state = state.play(bot_card(state))
        me = state.to_play
        # Reshuffle everything the learner cannot see among the other hands and the talon.
        hidden = [c for s in SEATS if s is not me for c in state.hands[s]] + list(dealt.talon)
        rng.shuffle(hidden)
        other_hands = dict(state.hands)
        for s in SEATS:
            if s is not me:
                other_hands[s], hidden = tuple(hidden[: len(state.hands[s])]), hidden[len(state.hands[s]) :]
        twin = DealState(state.dealer, other_hands, state.tricks, state.current, state.leader)
        assert twin.hands != state.hands or plays >= 33
        one = hint(HintRequest(state, me), playouts=600, seed=9)
        two = hint(HintRequest(twin, me), playouts=600, seed=9)
        assert one == two


def test_same_seed_same_hint_and_every_card_gets_a_chance() -> None:
    state = random_state(random.Random(63), 9)
    request = HintRequest(state, state.to_play)
    first, again = hint(request, seed=3), hint(request, seed=3)
    assert first == again
    assert set(first.chances) == set(state.legal_cards())
    assert first.best in state.legal_cards()
    assert first.playouts >= 2000
    for a in state.legal_cards():
        for b in state.legal_cards():
            if TIERS[a] == TIERS[b]:  # equal cards are interchangeable: one estimate per tier
                assert first.chances[a] == first.chances[b]
    assert all(0.0 <= p <= 1.0 for p in first.chances.values())
    assert first.chances[first.best] == max(first.chances.values())


def test_not_the_learners_turn_or_deal_over() -> None:
    state = random_state(random.Random(64), 3)
    with pytest.raises(RuleViolation, match="turn"):
        hint(HintRequest(state, state.to_play.next))
    with pytest.raises(RuleViolation, match="over"):
        done = finish_with_bots(state)
        hint(HintRequest(done, done.leader))
    with pytest.raises(RuleViolation, match="playouts"):
        hint(HintRequest(state, state.to_play), playouts=0)


# --- 3. hand-worked positions --------------------------------------------------------------------


def test_last_to_play_must_take_the_trick_with_monsieur() -> None:
    """Tricks 1-7: East won 3 (reaching 3 first), South 3, West the seventh, so West leads trick 8.

    West and North play low, East plays Madame, South plays last with 3-coins and 5-clubs.
    3-coins wins trick 8 (South reaches 4 first) and trick 9 cannot change that: 100%.
    5-clubs lets East reach 4 at trick 8; Monsieur then wins trick 9, but South's 4 comes later: 0%.
    """
    hands = {"S": "3-coins 5-clubs", "N": "4-swords 9-clubs", "E": "3-cups 6-swords", "W": "7-swords 8-coins"}
    state = build(W, hands, past_tricks("EEESSSW", " ".join(hands.values())))
    assert state.to_play is W
    state = state.play(card("7-swords")).play(card("4-swords")).play(card("3-cups"))
    assert state.to_play is S and len(state.tricks) == 7
    result = hint(HintRequest(state, S), seed=1)
    assert result.chances == {card("3-coins"): 1.0, card("5-clubs"): 0.0}
    assert result.best == card("3-coins")
    assert any("wins this trick outright in every playout" in step for step in render_all(result.explanation))


def test_leading_monsieur_late_is_best() -> None:
    """Trick 8, South leads with 3-coins and 4-swords, East 3 tricks reached first, South 3.

    Monsieur now wins trick 8 and South reaches 4 first: certain. The four first may let East win trick 8.
    """
    hands = {"S": "3-coins 4-swords", "W": "2-coins 3-clubs", "N": "9-coins 5-swords", "E": "2-cups 9-swords"}
    state = build(W, hands, past_tricks("EEESSS-", " ".join(hands.values())))
    assert state.to_play is S and not state.current
    result = hint(HintRequest(state, S), seed=2)
    assert result.chances[card("3-coins")] == 1.0
    assert result.chances[card("4-swords")] < 1.0
    assert result.best == card("3-coins")


def test_a_lost_deal_scores_zero_for_every_card() -> None:
    """East already won five tricks: nobody else can reach five, whatever South plays."""
    hands = {"S": "3-coins 5-clubs", "N": "A-coins 9-clubs", "E": "A-cups 2-cups", "W": "2-clubs 2-swords"}
    state = build(W, hands, past_tricks("EEEEENS", " ".join(hands.values())))
    assert state.to_play is S
    result = hint(HintRequest(state, S), playouts=500)
    assert set(result.chances.values()) == {0.0}


def test_mordienne_does_not_change_the_chance_but_is_explained() -> None:
    state = random_state(random.Random(65), 17)
    plain = hint(HintRequest(state, state.to_play), playouts=800, seed=4)
    doubled = hint(HintRequest(state, state.to_play, mordienne=True), playouts=800, seed=4)
    assert plain.chances == doubled.chances
    assert any("mordienne" in step for step in render_all(doubled.explanation))


# --- 4. the signals shape the sampled hands ------------------------------------------------------


def position_for(seat: Seat, seed: int, plays: int) -> tuple[DealState, dict[Seat, tuple[Card, ...]]]:
    """A base-policy position where ``seat`` is to play, and the starting hands."""
    rng = random.Random(seed)
    while True:
        start = DealState.start(rng.choice(SEATS), shuffle_and_deal(rng, rng.choice(SEATS)).hands)
        state = start
        for _ in range(plays):
            state = state.play(bot_card(state))
        if state.to_play is seat:
            return state, start.hands


def test_signalled_cards_always_go_to_the_partner() -> None:
    monsieur = card("3-coins")
    for seed in range(70, 400):  # a position where North really holds Monsieur, still unplayed
        state, _ = position_for(S, seed, 4)
        if monsieur in state.hands[N]:
            break
    sampled = sample_hands(HintRequest(state, S, partner_holds=frozenset({monsieur})), 3000, seed=1)
    assert (sampled[:, N.index, 0] == 1).all()  # tier index 0 is Monsieur
    assert (sampled[:, [E.index, W.index], 0] == 0).all()
    # Without the signal, Monsieur lands with each of the three others.
    free = sample_hands(HintRequest(state, S), 3000, seed=1)
    assert all(free[:, seat.index, 0].any() for seat in (N, E, W))


def test_complete_signals_without_aces() -> None:
    # Find a position where the partner really holds no ace and its signals are complete.
    for seed in range(100, 400):
        state, start = position_for(S, seed, 6)
        partner_start = start[N]
        if not any(c.rank == "A" for c in partner_start):
            break
    signals = hand_signals(partner_start)
    named = frozenset(s.card for s in signals.signals if s.card is not None)
    request = HintRequest(state, S, partner_holds=named, partner_aces=None, partner_signalled=True)
    sampled = sample_hands(request, 3000, seed=2)
    partner = sampled[:, N.index]
    assert (partner[:, 8] == 0).all()  # tier 9: the aces
    still_held = {TIERS[c] - 1 for c in named if c in state.hands[N]}
    for t in range(8):  # the named cards: exactly the signalled ones not yet played
        assert (partner[:, t] == (1 if t in still_held else 0)).all()
    # Every sample is a whole deal of the unseen cards: sizes right, no card invented.
    sizes = [len(state.hands[s]) for s in SEATS]
    assert (sampled.sum(axis=2) == np.array(sizes)[None, :]).all()
    seen = counts(played_cards(state) + list(state.current))
    assert (sampled.sum(axis=1) + seen[None, :] <= PACK_COUNTS[None, :]).all()


def test_aces_signal_fixes_the_partners_ace_count() -> None:
    for seed in range(500, 800):
        state, start = position_for(S, seed, 2)
        aces = sum(1 for c in start[N] if c.rank == "A")
        if aces >= 2 and not any(c.rank == "A" for c in state.hands[S]):
            break
    still = sum(1 for c in state.hands[N] if c.rank == "A")
    sampled = sample_hands(HintRequest(state, S, partner_aces=aces), 2000, seed=3)
    assert (sampled[:, N.index, 8] == still).all()


def test_unsignalled_sampling_is_uniform() -> None:
    """Without signals, each unseen card lands in the partner's hand with probability size / unseen."""
    state, _ = position_for(S, 71, 5)
    request = HintRequest(state, S)
    view = _view(request)
    deals = 20_000
    sampled = sample_hands(request, deals, seed=4)
    share = len(state.hands[N]) / len(view.unseen)
    unseen_ones = [c for c in view.unseen if PACK_COUNTS[TIERS[c] - 1] == 1]  # one-card tiers: countable
    for c in unseen_ones:
        got = sampled[:, N.index, TIERS[c] - 1].mean()
        assert abs(got - share) < 5 * math.sqrt(share * (1 - share) / deals)


def test_impossible_signals_fall_back_and_say_so() -> None:
    state, _ = position_for(S, 72, 8)
    request = HintRequest(state, S, partner_aces=7, partner_signalled=True)
    result = hint(request, playouts=300)
    assert any("cannot be" in step for step in render_all(result.explanation))
    sampled = sample_hands(request, 200)
    assert (sampled.sum(axis=2) == np.array([len(state.hands[s]) for s in SEATS])[None, :]).all()


def test_out_of_play_cards_are_never_dealt() -> None:
    state, _ = position_for(S, 73, 1)
    unseen = [c for c in PACK if c not in state.hands[S] and c not in state.current]
    gone = frozenset(c for c in unseen if c.code in ("3-cups", "2-coins")) or frozenset(unseen[:2])
    sampled = sample_hands(HintRequest(state, S, out_of_play=gone), 1000)
    for c in gone:
        if PACK_COUNTS[TIERS[c] - 1] == 1:
            assert (sampled[:, :, TIERS[c] - 1].sum(axis=1) == 0).all()


# --- 5. the hint beats a random choice -----------------------------------------------------------


def mid_deal_positions(count: int, seed: int) -> list[HintRequest]:
    """Random deals played by the base policy for 4 to 30 cards; the learner is whoever is to play and
    has received its partner's complete signals (rules.md section 10) for the partner's dealt hand."""
    rng = random.Random(seed)
    requests = []
    for _ in range(count):
        start = DealState.start(rng.choice(SEATS), shuffle_and_deal(rng, rng.choice(SEATS)).hands)
        state = start
        for _ in range(rng.randint(4, 30)):
            state = state.play(bot_card(state))
        signals = hand_signals(start.hands[state.to_play.partner])
        requests.append(
            HintRequest(
                state,
                state.to_play,
                partner_holds=frozenset(s.card for s in signals.signals if s.card is not None),
                partner_aces=signals.aces,
                partner_signalled=True,
            )
        )
    return requests


def paired(name: str, ours: list[float], theirs: list[float]) -> tuple[float, float, str]:
    """Mean paired difference, its standard error, and a line reporting the rates."""
    diff = np.array(ours) - np.array(theirs)
    error = float(diff.std(ddof=1) / math.sqrt(len(diff)))
    line = (
        f"hint {np.mean(ours):.3f} vs {name} {np.mean(theirs):.3f}: "
        f"{diff.mean():+.3f} ± {error:.3f} ({diff.mean() / error:.1f} standard errors)"
    )
    return float(diff.mean()), error, line


def test_hint_choice_beats_a_random_card() -> None:
    """One decision: the learner plays the hint's card, or a uniformly random legal card; then all four
    (learner included) finish the deal with the base policy on the true hands.

    Each legal card's outcome is played out on the true hands, so a random card's chance of winning the
    point in a position is known exactly (the average over the legal cards): comparing with it rather
    than with one random draw removes the draw's own noise. The hint must lead by more than four
    standard errors of the paired difference over 400 positions.
    """
    hinted, uniform, drawn, base = [], [], [], []
    draw = random.Random(7)
    for number, request in enumerate(mid_deal_positions(400, 2026)):
        state, me = request.state, request.seat
        wins = {c: float(team_wins(finish_with_bots(state.play(c)), me)) for c in state.legal_cards()}
        hinted.append(wins[hint(request, playouts=500, seed=number).best])
        uniform.append(sum(wins.values()) / len(wins))
        drawn.append(wins[draw.choice(state.legal_cards())])
        base.append(wins[bot_card(state)])
    gain, error, line = paired("a random card", hinted, uniform)
    print(f"\none decision, {len(hinted)} positions: {line}")
    print(f"  one random draw per position: {paired('a drawn card', hinted, drawn)[2]}")
    print(f"  the base policy's card: {paired('the base policy', hinted, base)[2]}")
    assert gain > 4 * error


def test_following_the_hint_all_deal_beats_random_cards() -> None:
    """Every decision: from the position on, the learner plays the hint's card at each turn, or a random
    legal card at each turn; the other three play the base policy. 300 positions, paired."""
    draw = random.Random(8)
    hinted, randomly, base = [], [], []
    for number, request in enumerate(mid_deal_positions(300, 2027)):
        me = request.seat

        def advised(state: DealState, request: HintRequest = request, seed: int = number) -> Card:
            return hint(replace(request, state=state), playouts=300, seed=seed).best

        for results, choose in (
            (hinted, advised),
            (randomly, lambda s: draw.choice(s.legal_cards())),
            (base, bot_card),
        ):
            state = request.state
            while not state.finished:
                state = state.play(choose(state) if state.to_play is me else bot_card(state))
            results.append(float(team_wins(state, me)))
    gain, error, line = paired("random cards", hinted, randomly)
    print(f"\nevery decision, {len(hinted)} positions: {line}")
    print(f"  the base policy throughout: {paired('the base policy', hinted, base)[2]}")
    assert gain > 4 * error
