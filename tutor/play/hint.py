"""The Hint button: estimate each card's chance of winning the deal's point by playouts.

For the learner's turn, the cards the learner cannot see are dealt at random (consistently with what
has been played, with the partner's signals and, after a chant, with the chanters having kept their nine
best of fifteen), and the rest of the deal is played out with the bots' policy (the signal layer S1-S2
over :func:`tutor.engine.natural_card.base_choice`, every player knowing its partner's named cards as signalled;
``follow_signals=False`` gives the base policy alone), once per candidate card. The share of playouts
in which the learner's partnership wins the point is that card's chance.

Everything runs on numpy arrays of tier counts, a batch of playouts at a time:

* Suits decide nothing in play (rules.md section 3), and the base policy looks only at tiers, so a
  hand is a vector of 19 counts and equal-tier cards are interchangeable: one estimate per tier.
* All playouts of one hint start from the same trick and position, so they advance in lockstep: step
  ``k`` is the same trick position in every playout, only the seat to play differs (the leader of
  later tricks depends on who won).
* Every candidate tier is played out on the *same* sampled deals (common random numbers), so the
  comparison between two cards is not blurred by one of them having been tried on luckier deals.

The hint never looks at the hidden hands in ``DealState.hands``: only the learner's own hand, the
cards played (tricks and the current trick), how many cards each player still holds, and the signals.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from tutor.engine.cards import PACK, Card
from tutor.engine.deal_state import DealState
from tutor.engine.errors import RuleViolation
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.ranking import NAMED, TIERS, ordered
from tutor.engine.scoring import TRICKS_PER_DEAL
from tutor.engine.seats import SEATS, Seat
from tutor.engine.simulate import score_batch
from tutor.engine.steps import Step
from tutor.play.messages import step

TIER_COUNT = 19
NO_CARD = TIER_COUNT  # "no best card yet" in a trick: worse than every tier index 0..18
ACE_TIER = 9
# How many of the pack's cards sit in each tier (index = tier - 1): 1 for the named cards, 4 for the aces...
PACK_COUNTS: np.ndarray = np.bincount([TIERS[c] - 1 for c in PACK], minlength=TIER_COUNT).astype(np.int8)
_TIER_INDEX = np.arange(TIER_COUNT)
_NAMED_SET = frozenset(NAMED)
_NAMED_TIERS = (_TIER_INDEX < 8).astype(np.int8)  # 1 for the tiers of the eight named cards (indices 0-7)
CHANT_DISCARDS = 6  # each chanter discards six (rules.md section 6)
DEFAULT_PLAYOUTS = 2000
MIN_PLAYOUTS = 2000  # the least the Hint plays out: a chance is then known to ±1.1 points (one standard error)


@dataclass(frozen=True)
class HintRequest:
    """What the learner knows when pressing Hint; it must be the learner's turn in ``state``."""

    state: DealState  # the deal in progress; only the learner's hand and public facts are read
    seat: Seat  # the learner
    partner_holds: frozenset[Card] = frozenset()  # cards the partner signalled (named cards)
    partner_aces: int | None = None  # aces the partner signalled (None: no aces signal received)
    # True: the partner's signals are complete (rules.md section 10: one per named card held, plus the
    # aces), so the partner holds no other named card and exactly ``partner_aces`` aces (0 if None).
    partner_signalled: bool = False
    out_of_play: frozenset[Card] = frozenset()  # cards the learner knows are out of play (own chant discards)
    mordienne: bool = False
    # The chant happened this deal: the eldest and the dealer each kept their nine best of fifteen (rules.md
    # section 6), so their discards, among the unseen cards, are no better than anything they kept.
    chant: bool = False
    # Playouts follow the signal layer of the bots (rules S1 and S2 of tutor.play.bots): every player knows
    # the named cards its partner holds, as rule G1 signals them. False: the base policy alone (the old hint).
    follow_signals: bool = True


@dataclass(frozen=True)
class Hint:
    """The estimate for every legal card and the suggested one."""

    chances: Mapping[Card, float]  # per legal card: estimated P(learner's partnership wins the deal's point)
    best: Card
    playouts: int  # total playouts run (sampled deals x distinct tiers)
    explanation: tuple[Step, ...]
    standard_errors: Mapping[Card, float] = field(default_factory=dict)  # per legal card, of its chance

    def __post_init__(self) -> None:
        freeze_fields(self, "chances", "standard_errors")  # FrozenMaps (plain dicts given are frozen)


# --- the base policy on tier arrays ----------------------------------------------------------------


def _lowest(hand: np.ndarray) -> np.ndarray:
    """Tier index of the lowest card held (highest tier number), per row; hands must not be empty."""
    lowest: np.ndarray = TIER_COUNT - 1 - np.argmax(hand[:, ::-1] > 0, axis=1)  # numpy types arithmetic as Any
    return lowest


def policy_choice(
    hand: np.ndarray,
    played: np.ndarray,
    position: int,
    seat: np.ndarray,
    best: np.ndarray,
    best_count: np.ndarray,
    best_seat: np.ndarray,
) -> np.ndarray:
    """The bots' base policy (:func:`tutor.engine.natural_card.base_choice`, rules 1-6), vectorized: the tier
    index (0..18) each row's player plays.

    ``hand`` and ``played`` are ``(rows, 19)`` counts: the player's hand, and every card played so far
    in the deal (the current trick included). ``position`` is 0 for the leader to 3 for the last player
    (the same in every row); ``seat`` is the player's seat index (N, E, S, W = 0..3). ``best`` is the
    best tier index in the trick so far (``NO_CARD`` when leading), ``best_count`` how many cards share
    it and ``best_seat`` who played it (meaningful when ``best_count == 1``).
    """
    lowest = _lowest(hand)
    if position == 0:
        # Rule 5: a sure winner's tier and every better tier hold no card outside this hand and the
        # played ones. Cards in the talon count as unseen, as they do for a bot; rule 6 otherwise.
        unseen = PACK_COUNTS[None, :] - hand - played
        sure = (hand > 0) & (np.cumsum(unseen, axis=1) == 0)
        return np.where(sure.any(axis=1), _pick_sure(sure), lowest)
    held = hand > 0
    partner_alone = (best_count == 1) & (best_seat == (seat + 2) % 4)  # rule 1
    beats = held & (_TIER_INDEX[None, :] < best[:, None])
    can_beat = beats.any(axis=1)
    cheapest_beat = TIER_COUNT - 1 - np.argmax(beats[:, ::-1], axis=1)
    choice = np.where(can_beat & ~partner_alone, cheapest_beat, lowest)  # rule 2, else rules 1 and 4
    if position == 3:
        # Rule 3: last to play, cannot beat, an opponent alone holds the best tier and we hold it too.
        rows = np.arange(hand.shape[0])
        holds_best = held[rows, np.minimum(best, TIER_COUNT - 1)] & (best < NO_CARD)
        spoil = ~partner_alone & ~can_beat & holds_best & _opponent_holds_best(seat, best_count, best_seat)
        choice = np.where(spoil, best, choice)
    return choice


def signal_choice(
    hand: np.ndarray,
    played: np.ndarray,
    position: int,
    seat: np.ndarray,
    best: np.ndarray,
    best_count: np.ndarray,
    best_seat: np.ndarray,
    partner_named: np.ndarray,
) -> np.ndarray:
    """The bots' full policy (:func:`tutor.play.bots.choose_card`: rules S1 and S2, then the base policy),
    vectorized. ``partner_named`` is ``(rows, 19)``: the named cards (tiers 1-8) the partner still holds,
    which its signals told the player (rule G1); the other arguments are as for :func:`policy_choice`.
    """
    base = policy_choice(hand, played, position, seat, best, best_count, best_seat)
    # Cards nobody but the player, its partner's known cards and the played ones accounts for.
    unseen = PACK_COUNTS[None, :] - hand - played - partner_named
    clear = np.cumsum(unseen, axis=1) == 0  # [row, t]: every card of tier t or better is accounted for
    if position == 0:
        sure = (hand > 0) & clear  # S1: the partner's known cards count as friends
        return np.where(sure.any(axis=1), _pick_sure(sure), base)
    if position == 1:
        # S2: the partner, last to play, holds a card better than the best so far that nobody can beat or tie.
        partner_wins = ((partner_named > 0) & clear & (_TIER_INDEX[None, :] < best[:, None])).any(axis=1)
        return np.where(partner_wins, _lowest(hand), base)
    return base


def _pick_sure(sure: np.ndarray) -> np.ndarray:
    """Rule 5 of the natural card: lead the cheapest sure winner (it wins as surely, saves the better ones)."""
    cheapest: np.ndarray = TIER_COUNT - 1 - np.argmax(sure[:, ::-1], axis=1)
    return cheapest


def _opponent_holds_best(seat: np.ndarray, best_count: np.ndarray, best_seat: np.ndarray) -> np.ndarray:
    """The best card so far is an opponent's alone: spoiling it stops the opponents winning the trick."""
    alone: np.ndarray = (best_count == 1) & ((best_seat - seat) % 2 == 1)
    return alone


# --- the learner's view: what is known, what is sampled --------------------------------------------


@dataclass(frozen=True)
class _View:
    """Everything the hint may use, read once from the request."""

    learner: int  # seat index
    own: tuple[Card, ...]
    sizes: tuple[int, ...]  # cards still held, per seat index
    played_cards: tuple[Card, ...]  # in the tricks and the current trick
    unseen: tuple[Card, ...]  # cards the learner has not seen: in other hands or out of play
    past_winners: tuple[int, ...]  # seat index or -1, per completed trick
    current: tuple[tuple[int, Card], ...]  # (seat index, card) of the trick under way
    leader: int


def _view(request: HintRequest) -> _View:
    state = request.state
    if state.finished:
        raise RuleViolation("the deal is over: there is nothing left to hint")
    if request.seat is not state.to_play:
        raise RuleViolation(f"it is {state.to_play.title}'s turn, not {request.seat.title}'s: no hint")
    own = state.hands[request.seat]
    played = [c for trick in state.tricks for _, c in trick.plays] + list(state.current)
    current = tuple((seat.index, c) for seat, c in state.current_plays)
    known = {*own, *played, *request.out_of_play}
    unseen = tuple(c for c in PACK if c not in known)
    # Only the number of cards in each hidden hand is read, never the cards.
    sizes = tuple(len(state.hands[s]) for s in SEATS)
    hidden = sum(sizes) - len(own)
    if hidden > len(unseen):
        raise RuleViolation(
            f"the other players hold {hidden} cards but only {len(unseen)} cards are unseen: "
            "out_of_play names a card someone still holds"
        )
    winners = tuple(t.winner.index if t.winner else -1 for t in state.tricks)
    return _View(request.seat.index, own, sizes, tuple(played), unseen, winners, current, state.leader.index)


@dataclass(frozen=True)
class _Plan:
    """How to deal the unseen cards: the partner's forced cards and pools, and what the signals said."""

    forced: tuple[Card, ...]  # go to the partner in every sample
    aces: tuple[Card, ...]  # unseen aces, of which the partner gets exactly ``ace_count`` (when limited)
    ace_count: int | None  # None: aces are not limited, they sit in ``free``
    free: tuple[Card, ...]  # may go to the partner
    barred: tuple[Card, ...]  # may not go to the partner (other named cards, with complete signals)
    notes: tuple[Step, ...]  # what the signals constrain, and any fallback taken


def _plan(request: HintRequest, view: _View) -> _Plan:
    """Turn the partner's signals into sampling constraints, relaxing them if they cannot all hold."""
    partner = SEATS[(view.learner + 2) % 4]
    room = view.sizes[partner.index]
    unseen = set(view.unseen)
    notes: list[Step] = []
    played_by_partner = request.state.played_by(partner)
    forced = [c for c in ordered(request.partner_holds) if c in unseen]
    stray = tuple(c for c in ordered(request.partner_holds) if c not in unseen and c not in played_by_partner)
    if stray:
        notes.append(step("hint.ignored_signal", cards=stray, partner=partner))
    if len(forced) > room:
        notes.append(step("hint.too_many_signalled", partner=partner, count=len(forced), room=room))
        forced = forced[:room]
    if forced:
        notes.append(step("hint.forced", partner=partner, cards=tuple(forced)))
    room -= len(forced)

    ace_count: int | None = None
    if request.partner_aces is not None or request.partner_signalled:
        signalled = request.partner_aces or 0
        ace_count = signalled - sum(1 for c in played_by_partner if TIERS[c] == ACE_TIER)
    unseen_aces = [c for c in view.unseen if TIERS[c] == ACE_TIER and c not in forced]
    if ace_count is not None and not 0 <= ace_count <= min(room, len(unseen_aces)):
        fitted = max(0, min(ace_count, room, len(unseen_aces)))
        notes.append(
            step(
                "hint.aces_impossible",
                partner=partner,
                count=ace_count,
                unseen=len(unseen_aces),
                room=room,
                fitted=fitted,
            )
        )
        ace_count = fitted
    barred: list[Card] = []
    if request.partner_signalled:
        barred = [c for c in view.unseen if c in _NAMED_SET and c not in forced]
    limited_aces = set(unseen_aces) if ace_count is not None else set()
    free = [c for c in view.unseen if c not in forced and c not in barred and c not in limited_aces]
    need = room - (ace_count or 0)
    if len(free) < need and barred:
        notes.append(step("hint.relax_named", partner=partner))
        free, barred = free + barred, []
    if len(free) < need and ace_count is not None:
        notes.append(step("hint.relax_aces", partner=partner))
        free, ace_count = free + sorted(limited_aces, key=PACK.index), None
    if request.partner_signalled:
        holds: list[Step] = []  # only what is still enforced after any fallback
        if barred:
            holds.append(step("hint.holds.no_other_named" if forced else "hint.holds.no_named"))
        if ace_count is not None:
            holds.append(step("hint.holds.aces", count=ace_count) if ace_count else step("hint.holds.no_ace"))
        if holds:
            notes.append(step("hint.complete", partner=partner, holds=tuple(holds)))
    elif ace_count is not None:
        notes.append(step("hint.aces_exact", partner=partner, count=ace_count))
    aces_pool = tuple(c for c in view.unseen if c in limited_aces) if ace_count is not None else ()
    return _Plan(tuple(forced), aces_pool, ace_count, tuple(free), tuple(barred), tuple(notes))


def _tiers(cards: Iterable[Card]) -> np.ndarray:
    return np.array([TIERS[c] - 1 for c in cards], dtype=np.int64)


def _counts(tier_rows: np.ndarray) -> np.ndarray:
    """``(n, m)`` tier indices -> ``(n, 19)`` counts, one bincount for all rows."""
    n, m = tier_rows.shape
    if m == 0:
        return np.zeros((n, TIER_COUNT), dtype=np.int8)
    flat = (tier_rows + TIER_COUNT * np.arange(n)[:, None]).ravel()
    return np.bincount(flat, minlength=n * TIER_COUNT).reshape(n, TIER_COUNT).astype(np.int8)


def _shuffled(rng: np.random.Generator, cards: Sequence[Card], n: int) -> np.ndarray:
    """``n`` independent uniform orderings of ``cards``' tiers, one per row."""
    return rng.permuted(np.broadcast_to(_tiers(cards), (n, len(cards))), axis=1)


def _sample(view: _View, plan: _Plan, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` deals of the unseen cards consistent with the plan: ``(n, 4, 19)`` hand counts.

    Uniform over every consistent deal: the partner's signalled cards are fixed, its aces (if limited)
    and other cards are uniform draws from their pools, and what remains is shuffled among the two
    opponents and the cards out of play.
    """
    hands = np.zeros((n, 4, TIER_COUNT), dtype=np.int8)
    hands[:, view.learner] = _counts(_tiers(view.own)[None, :])[0]
    partner = (view.learner + 2) % 4
    room = view.sizes[partner] - len(plan.forced)
    hands[:, partner] = _counts(_tiers(plan.forced)[None, :])[0]
    leftovers = [_shuffled(rng, plan.barred, n)]
    if plan.ace_count is not None:
        aces = _shuffled(rng, plan.aces, n)
        hands[:, partner] += _counts(aces[:, : plan.ace_count])
        leftovers.append(aces[:, plan.ace_count :])
        room -= plan.ace_count
    free = _shuffled(rng, plan.free, n)
    hands[:, partner] += _counts(free[:, :room])
    leftovers.append(free[:, room:])
    rest = rng.permuted(np.concatenate(leftovers, axis=1), axis=1)
    start = 0
    for seat in ((view.learner + 1) % 4, (view.learner + 3) % 4):
        hands[:, seat] = _counts(rest[:, start : start + view.sizes[seat]])
        start += view.sizes[seat]
    return hands


def sample_hands(request: HintRequest, deals: int, seed: int = 0) -> np.ndarray:
    """Deals of the unseen cards as the hint samples them: ``(deals, 4, 19)`` tier counts per seat index."""
    view = _view(request)
    rng = np.random.default_rng(seed)
    hands = _sample(view, _plan(request, view), deals, rng)
    if request.chant:
        _keep_best_nine(request, view, hands, rng)
    return hands


# Every card of the pack as a slot, best first: its tier index, and its place among the cards of that tier.
_SLOT_TIER = np.array(sorted(TIERS[c] - 1 for c in PACK), dtype=np.int64)
_SLOT_RANK = np.array([int((_SLOT_TIER[:k] == t).sum()) for k, t in enumerate(_SLOT_TIER)], dtype=np.int64)
_SLOT_ONE_HOT = np.eye(TIER_COUNT, dtype=np.int64)[_SLOT_TIER]  # (48, 19): slot -> its tier
_PLAIN_SLOT = _SLOT_TIER >= ACE_TIER  # index 9 is tier 10, the kings: neither named nor an ace
SPARE, KNOWN, ASIDE = 4, 5, 6  # owners of a slot besides the seats 0-3: out of play, seen, a chanter's discard


def _owners(hands: np.ndarray, known: np.ndarray) -> np.ndarray:
    """``(rows, 48)``: who holds each slot (a seat, ``SPARE`` for unseen out of play, ``KNOWN`` for seen)."""
    rows = hands.shape[0]
    held = hands.astype(np.int64)
    spare = PACK_COUNTS[None, :] - held.sum(axis=1) - known[None, :]
    seen = np.broadcast_to(known, (rows, 1, TIER_COUNT))
    counts = np.concatenate([held, spare[:, None, :], seen], axis=1)  # (rows, 6, 19)
    cumulative = np.cumsum(counts, axis=1)[:, :, _SLOT_TIER]  # (rows, 6, 48)
    owners: np.ndarray = np.argmax(cumulative > _SLOT_RANK[None, None, :], axis=1)
    return owners


def _first(rng: np.random.Generator, allowed: np.ndarray, count: np.ndarray) -> np.ndarray:
    """Per row, ``count[row]`` of the ``allowed`` slots at random (all of them when fewer)."""
    keys = np.where(allowed, rng.random(allowed.shape), np.inf)
    rank = np.argsort(np.argsort(keys, axis=1), axis=1)
    return allowed & (rank < count[:, None])


def _keep_best_nine(request: HintRequest, view: _View, hands: np.ndarray, rng: np.random.Generator) -> None:
    """After a chant, make each sampled chanter's hand one it could hold having kept its nine best of fifteen.

    A chanter's six discards are out of play (unseen cards no hand holds), and none is better than a card
    it kept, those it has played included. For each chanter other than the learner (whose discards are
    known), in every sampled deal: six discards are drawn uniformly from the unseen cards no better than
    its worst card played so far, wherever the uniform sample had put them (out of play, or in a hidden
    hand, the chanter's own included, which then takes as many out-of-play cards in exchange); the chanter
    keeps the best of its hand and those six, and the other six are its discards. Every sample then obeys
    the rule; their weighting approximates the exact posterior. The partner with complete signals gives
    and takes only cards of tier 10 and worse, so its signalled named cards and aces stay. A deal where
    the cards do not allow all this (rare) keeps its uniform sample. ``hands`` is changed in place.
    """
    state = request.state
    chanters = sorted({state.dealer, state.dealer.next} - {request.seat}, key=lambda s: s.index)
    known = _tier_counts([*view.played_cards, *request.out_of_play])
    owner = _owners(hands, known)
    rows = hands.shape[0]
    ok = np.ones(rows, dtype=bool)
    learner = request.seat.index
    fixed = request.seat.partner.index if request.partner_signalled else -1
    for chanter in chanters:
        c = chanter.index
        floor = max((TIERS[x] - 1 for x in state.played_by(chanter)), default=0)
        if c == fixed:
            floor = max(floor, ACE_TIER)
        hidden = (owner == SPARE) | ((owner < SPARE) & (owner != learner))
        candidate = (floor <= _SLOT_TIER)[None, :] & hidden & ((owner != fixed) | _PLAIN_SLOT[None, :])
        ok &= candidate.sum(axis=1) >= CHANT_DISCARDS
        chosen = _first(rng, candidate, np.full(rows, CHANT_DISCARDS))
        given = {g: (chosen & (owner == g)).sum(axis=1) for g in range(4) if g != learner}
        free = (owner == SPARE) & ~chosen
        owner = np.where(chosen, c, owner)
        # Each hand that gave cards takes as many out-of-play ones; the signalled partner first (plain ones).
        for g in sorted(given, key=lambda g: (g != fixed, g)):
            allowed = free & _PLAIN_SLOT[None, :] if g == fixed else free
            ok &= allowed.sum(axis=1) >= given[g]
            taken = _first(rng, allowed, given[g])
            owner = np.where(taken, g, owner)
            free &= ~taken
        mine = owner == c  # its hand and the six: slots go best first, so the first ones are kept
        owner = np.where(mine & (np.cumsum(mine, axis=1) > view.sizes[c]), ASIDE, owner)
    for seat in range(4):
        if seat != learner:
            counted = (owner == seat).astype(np.int64) @ _SLOT_ONE_HOT
            hands[:, seat] = np.where(ok[:, None], counted, hands[:, seat])


def _tier_counts(cards: Iterable[Card]) -> np.ndarray:
    """Tier counts of some cards: ``(19,)``."""
    return np.bincount(np.array([TIERS[c] - 1 for c in cards], dtype=np.int64), minlength=TIER_COUNT)


# --- playouts ------------------------------------------------------------------------------------


class _Result(NamedTuple):
    """Per playout: the deal's point winner (seat index, -1 nobody), its points, this trick's winner."""

    point_winner: np.ndarray
    points: np.ndarray
    trick_winner: np.ndarray


def _play_out(view: _View, hands: np.ndarray, first: np.ndarray, mordienne: bool, signals: bool = False) -> _Result:
    """Play the deal to its end in every row: the learner plays tier ``first[row]`` now, then all follow
    the base policy, or with ``signals`` the bots' full policy (each player knowing the named cards its
    partner holds, :func:`signal_choice`). ``hands`` (rows, 4, 19) is modified in place."""
    rows = hands.shape[0]
    index = np.arange(rows)
    played = np.broadcast_to(_counts(_tiers(view.played_cards)[None, :]), (rows, TIER_COUNT)).copy()
    leader = np.full(rows, view.leader, dtype=np.int64)
    best = np.full(rows, NO_CARD, dtype=np.int64)
    best_count = np.zeros(rows, dtype=np.int64)
    best_seat = np.zeros(rows, dtype=np.int64)
    for played_by, c in view.current:  # the trick under way, identical in every row
        t = TIERS[c] - 1
        best_count = np.where(t == best, best_count + 1, np.where(t < best, 1, best_count))
        best_seat = np.where(t < best, played_by, best_seat)
        best = np.minimum(best, t)
    winners = np.empty((rows, TRICKS_PER_DEAL), dtype=np.int8)
    winners[:, : len(view.past_winners)] = view.past_winners
    position = len(view.current)
    for trick in range(len(view.past_winners), TRICKS_PER_DEAL):
        for pos in range(position, 4):
            seat = (leader + pos) % 4
            hand = hands[index, seat]
            if trick == len(view.past_winners) and pos == len(view.current):
                choice = first  # the learner's candidate card
            elif signals:
                partner_named = hands[index, (seat + 2) % 4] * _NAMED_TIERS[None, :]
                choice = signal_choice(hand, played, pos, seat, best, best_count, best_seat, partner_named)
            else:
                choice = policy_choice(hand, played, pos, seat, best, best_count, best_seat)
            hands[index, seat, choice] -= 1
            played[index, choice] += 1
            best_count = np.where(choice == best, best_count + 1, np.where(choice < best, 1, best_count))
            best_seat = np.where(choice < best, seat, best_seat)
            best = np.minimum(best, choice)
        won = np.where(best_count == 1, best_seat, -1)
        winners[:, trick] = won
        leader = np.where(won >= 0, won, leader)
        best = np.full(rows, NO_CARD, dtype=np.int64)
        best_count = np.zeros(rows, dtype=np.int64)
        position = 0
    score = score_batch(winners, mordienne)
    return _Result(score.point_winner, score.points, winners[:, len(view.past_winners)])


# --- the hint ------------------------------------------------------------------------------------


def hint(request: HintRequest, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0) -> Hint:
    """Estimate, for each legal card, the chance that the learner's partnership wins the deal's point.

    ``playouts`` is the total budget, split evenly across the distinct tiers in hand (every tier is
    tried on the same sampled deals); the total run is rounded up to a whole number of deals per tier.
    The same request and seed always give the same hint.
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int | np.integer) or playouts < 1:
        raise RuleViolation(f"playouts must be a whole number 1 or more, not {playouts!r}")
    view = _view(request)
    plan = _plan(request, view)
    rng = np.random.default_rng(seed)
    candidates = sorted({TIERS[c] - 1 for c in view.own})
    deals = max(1, math.ceil(int(playouts) / len(candidates)))
    sampled = _sample(view, plan, deals, rng)
    if request.chant:
        _keep_best_nine(request, view, sampled, rng)
    # One batch: the same sampled deals, once per candidate tier.
    hands = np.tile(sampled, (len(candidates), 1, 1))
    first = np.repeat(np.array(candidates, dtype=np.int64), deals)
    result = _play_out(view, hands, first, request.mordienne, request.follow_signals)
    team = view.learner % 2
    ours = (result.point_winner >= 0) & (result.point_winner % 2 == team)
    signed = np.where(ours, result.points, np.where(result.point_winner >= 0, -result.points, 0))
    by_tier = {
        t: _Estimate(
            ours[k * deals : (k + 1) * deals],
            signed[k * deals : (k + 1) * deals],
            result.trick_winner[k * deals : (k + 1) * deals],
        )
        for k, t in enumerate(candidates)
    }
    # Best chance; ties (common: playouts are deterministic once the deal is sampled) go to more
    # expected points, then to the lower card, which keeps the high ones for later.
    ranked = sorted(candidates, key=lambda t: (by_tier[t].chance, by_tier[t].net_points, t), reverse=True)
    best_tier = ranked[0]
    best_card = ordered(c for c in view.own if TIERS[c] - 1 == best_tier)[0]
    chances = {c: by_tier[TIERS[c] - 1].chance for c in ordered(view.own)}
    errors = {c: by_tier[TIERS[c] - 1].error for c in ordered(view.own)}
    steps = _explain(request, view, plan, deals, ranked, by_tier, best_card)
    return Hint(chances, best_card, deals * len(candidates), steps, errors)


class _Estimate:
    """One candidate tier's playouts summarised."""

    def __init__(self, wins: np.ndarray, net: np.ndarray, trick_winner: np.ndarray) -> None:
        self.wins = wins
        self.chance = float(wins.mean())
        self.error = math.sqrt(self.chance * (1 - self.chance) / len(wins))
        self.net_points = float(net.mean())
        self.trick_winner = trick_winner


def _explain(
    request: HintRequest,
    view: _View,
    plan: _Plan,
    deals: int,
    ranked: list[int],
    by_tier: dict[int, _Estimate],
    best_card: Card,
) -> tuple[Step, ...]:
    """The steps of the hint; ``ranked`` lists the candidate tiers, the suggested one first."""
    learner = SEATS[view.learner]
    others = [SEATS[(view.learner + k) % 4] for k in (1, 2, 3)]
    hidden = sum(view.sizes[s.index] for s in others)
    holding = tuple(step("seat.count", seat=s, count=view.sizes[s.index]) for s in others)
    steps = [
        step(
            "hint.unseen",
            unseen=len(view.unseen),
            hidden=hidden,
            holding=holding,
            spare=len(view.unseen) - hidden,
            deals=deals,
        ),
        *plan.notes,
    ]
    if request.chant:
        chanters = tuple(s for s in (request.state.dealer.next, request.state.dealer) if s is not learner)
        steps.append(step("hint.chant", chanters=chanters))
    tiers_held = len(ranked)
    if tiers_held > 1:
        steps.append(step("hint.tiers", tiers=tiers_held, deals=deals, total=deals * tiers_held))
    else:
        steps.append(step("hint.one_tier", deals=deals))
    if request.follow_signals:
        steps.append(step("hint.signal_playouts"))
    listing = tuple(
        step("hint.chance", cards=_tier_cards(view.own, t), chance=by_tier[t].chance, error=by_tier[t].error)
        for t in ranked
    )
    steps.append(step("hint.chances", team=learner.team, listing=listing))
    best = by_tier[ranked[0]]
    steps.append(step("hint.suggested", card=best_card, story=_trick_story(best_card, view, best.trick_winner)))
    if tiers_held > 1:
        steps.append(_margin(view, by_tier, ranked))
    if request.mordienne:
        steps.append(step("hint.mordienne", card=best_card, net=best.net_points, team=learner.team))
    steps.append(step("hint.caveat"))
    return tuple(steps)


def _tier_cards(own: Sequence[Card], t: int) -> tuple[Card, ...]:
    return tuple(ordered(c for c in own if TIERS[c] - 1 == t))


def _trick_story(c: Card, view: _View, trick_winner: np.ndarray) -> Step:
    """What the suggested card does to the trick under way, over the playouts."""
    learner, partner = view.learner, (view.learner + 2) % 4
    mine = float(np.mean(trick_winner == learner))
    if mine == 1.0:
        return step("hint.story.always", card=c)
    if mine > 0:
        return step("hint.story.sometimes", card=c, share=mine)
    ally = float(np.mean(trick_winner == partner))
    spoiled = float(np.mean(trick_winner < 0))
    parts = []
    if ally:
        parts.append(step("hint.part.partner", share=ally))
    if spoiled:
        parts.append(step("hint.part.spoiled", share=spoiled))
    lost = 1 - ally - spoiled
    if lost > 0:
        parts.append(step("hint.part.opponent", share=lost))
    return step("hint.story.never", card=c, parts=tuple(parts))


def _margin(view: _View, by_tier: dict[int, _Estimate], ranked: list[int]) -> Step:
    """How sure the suggestion is: the gap to the runner-up with its paired standard error."""
    best_tier, runner = ranked[0], ranked[1]
    gap = by_tier[best_tier].wins.astype(np.float64) - by_tier[runner].wins
    diff = float(gap.mean())
    error = float(gap.std(ddof=1) / math.sqrt(len(gap))) if len(gap) > 1 else 0.0
    name = _tier_cards(view.own, runner)
    if diff == 0 and error == 0:
        return step("hint.margin.equal", cards=name)
    if diff < 2 * error:
        return step("hint.margin.close", cards=name, gap=diff, error=error)
    return step("hint.margin.clear", cards=name, gap=diff, error=error)
