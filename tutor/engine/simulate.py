"""Random play at scale: deal, play nine tricks with uniformly random cards, score (rules.md 5, 7, 8).

A playout through :class:`~tutor.engine.deal_state.DealState` manages under two thousand deals a second (it
explains every trick as it goes); this module does the same arithmetic on numpy arrays, a batch of
deals at a time, at about a million deals a second.

Why the vectorized shortcut plays exactly the same game:

* Shuffling, cutting and dealing 3-3-3 a uniformly shuffled pack gives every ordered assignment of
  nine cards to each seat the same chance (a cut and a fixed dealing pattern only relabel positions).
* A random player picks uniformly among the cards left in hand, whatever happened so far, so the
  order in which a seat plays its nine cards is a uniformly random ordering of its hand, independent
  of the other seats. Together: the 36 cards played are the first 36 cards of a uniformly random
  permutation of the pack, card ``4 * t + s`` being seat ``s``'s card in trick ``t``.
* Who leads a trick changes only the order in which its four cards are laid down, not who holds the
  best tier: the winner is the sole holder of the best (lowest) tier, and a shared best tier spoils
  it. So the leader need not be tracked at all.
* Only tiers matter, so each permutation is a permutation of the 48 cards' tiers.

The chant is never sung in these deals (it needs all four players to agree).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from tutor.engine.cards import PACK
from tutor.engine.errors import RuleViolation, short
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import TRICKS_PER_DEAL

SEAT_COUNT = 4
# Deals per batch: bounds memory (a batch's arrays take a few tens of MB) whatever the number of deals.
# The random stream is consumed batch by batch, so changing this changes which deals a seed produces.
BATCH_SIZE = 50_000

# The tier of every card of the pack, in pack order; int64 because numpy's shuffle is fastest on
# 8-byte items (measured: about 25% quicker than uint8 for (50_000, 48) arrays).
_PACK_TIERS: np.ndarray = np.array([TIERS[c] for c in PACK], dtype=np.int64)
_PLAYED = TRICKS_PER_DEAL * SEAT_COUNT  # 36 cards reach the table; the other 12 are the talon


class BatchScore(NamedTuple):
    """Vectorized scores of a batch of deals, one entry per deal."""

    point_winner: np.ndarray  # int8 seat index 0..3 (N, E, S, W), -1 when nobody scores
    points: np.ndarray  # int8 0, 1 or 2
    mordienne_run: np.ndarray  # bool: the point winner's tricks form a mordienne, rule on or off
    winner_tricks: np.ndarray  # int8: tricks won by the point winner (the most anyone won), 0 if nobody
    tie_break: np.ndarray  # bool: two or more players shared the most tricks; first to reach it scored


@dataclass(frozen=True)
class SimulationStats:
    """What random play looks like over many deals."""

    deals: int
    seconds: float  # wall time of the simulation itself, imports and argument checks excluded
    seed: int
    mordienne_rule: bool
    spoiled_rate: float  # spoiled tricks / all tricks
    mordienne_rate: float  # deals whose point winner made a mordienne run / deals, rule on or off
    no_point_rate: float  # deals where nobody scores (all nine tricks spoiled) / deals
    points_histogram: Mapping[int, int]  # points scored -> deals, keys 0, 1, 2 (2 only with the rule on)
    tie_break_rate: float = 0.0  # deals whose point was decided by the first-to-reach tie-break / deals
    mean_winner_tricks: float = 0.0  # mean tricks won by the point winner, over deals where someone scored

    def __post_init__(self) -> None:
        freeze_fields(self, "points_histogram")  # a FrozenMap (a plain dict given is frozen)

    @property
    def deals_per_second(self) -> float | None:
        """Deals over wall time; ``None`` if the clock saw no time pass (JSON has no infinity)."""
        return self.deals / self.seconds if self.seconds > 0 else None

    def as_json(self) -> dict[str, object]:
        """JSON-ready mapping; histogram keys are strings because JSON object keys must be."""
        return {
            "deals": self.deals,
            "seconds": self.seconds,
            "seed": self.seed,
            "mordienne_rule": self.mordienne_rule,
            "spoiled_rate": self.spoiled_rate,
            "mordienne_rate": self.mordienne_rate,
            "no_point_rate": self.no_point_rate,
            "points_histogram": {str(points): count for points, count in sorted(self.points_histogram.items())},
            "tie_break_rate": self.tie_break_rate,
            "mean_winner_tricks": self.mean_winner_tricks,
            "deals_per_second": self.deals_per_second,
        }


def random_trick_winners(rng: np.random.Generator, deals: int) -> np.ndarray:
    """Play ``deals`` random deals and return who won each trick.

    Returns a ``(deals, 9)`` int8 array: the winner's seat index 0..3 in N, E, S, W order, or -1 for a
    spoiled trick. See the module docstring for why a permutation of the pack is a whole random deal.
    """
    _check_count(deals, "deals")
    # Generator.permuted shuffles each row with an unbiased Fisher-Yates: exactly uniform, unlike
    # argsort of random keys, whose (rare) equal keys would favour the original order.
    shuffled = rng.permuted(np.broadcast_to(_PACK_TIERS, (deals, len(_PACK_TIERS))), axis=1)
    return trick_winners_from_tiers(shuffled[:, :_PLAYED].reshape(deals, TRICKS_PER_DEAL, SEAT_COUNT))


def trick_winners_from_tiers(tiers: np.ndarray) -> np.ndarray:
    """Resolve tricks given the tier each seat played: ``(deals, 9, 4)`` tiers -> ``(deals, 9)`` int8.

    The sole holder of the best (lowest) tier wins (its seat index); a shared best tier spoils (-1).
    """
    # Narrowing to int8 first makes the per-trick reductions quicker; tiers are 1..19.
    tiers = np.asarray(tiers).astype(np.int8)
    best = tiers.min(axis=2, keepdims=True)
    holds_best = tiers == best
    # argmax finds the first holder of the best tier; it is the winner only when nobody shares it.
    seat = holds_best.argmax(axis=2).astype(np.int8)
    alone = holds_best.sum(axis=2, dtype=np.int8) == 1
    return np.where(alone, seat, np.int8(-1))


def score_batch(winners: np.ndarray, mordienne: bool) -> BatchScore:
    """Score many deals at once, exactly as :func:`tutor.engine.scoring.score_deal` scores one.

    ``winners`` is ``(deals, 9)``: seat index 0..3 per trick, -1 for a spoiled trick.
    """
    won = np.asarray(winners)
    if won.ndim != 2 or won.shape[1] != TRICKS_PER_DEAL:
        raise RuleViolation(f"trick winners must be shaped (deals, {TRICKS_PER_DEAL}), not {won.shape}")
    if won.size and (won.min() < -1 or won.max() >= SEAT_COUNT):
        raise RuleViolation("a trick winner is a seat index 0-3, or -1 for a spoiled trick")
    won = won.astype(np.int8, copy=False)
    deals = won.shape[0]

    # One seat at a time on (deals, 9) arrays: several times faster than (deals, 9, 4) one-hot arrays.
    tricks_won = np.empty((deals, SEAT_COUNT), dtype=np.int8)
    winner_tally = np.zeros(won.shape, dtype=np.int8)  # after each trick, its winner's running total
    for seat in range(SEAT_COUNT):
        wins = won == seat
        tally = wins.cumsum(axis=1, dtype=np.int8)
        tricks_won[:, seat] = tally[:, -1]
        winner_tally += tally * wins
    most = tricks_won.max(axis=1)
    # Each trick raises at most one tally (its winner's), so the first trick after which some tally
    # equals `most` is unique, and its winner is the tied player who reached `most` first.
    reached = (winner_tally == most[:, None]).argmax(axis=1)
    nobody = most == 0  # all nine tricks spoiled
    point_winner = np.where(nobody, np.int8(-1), won[np.arange(deals), reached])
    tie_break = ~nobody & ((tricks_won == most[:, None]).sum(axis=1) > 1)

    # Mordienne: the winner's first win is at trick `first` > 0, and from there they won all the
    # 9 - first remaining tricks; they cannot have won any before `first`, so a count settles it.
    first = (won == point_winner[:, None]).argmax(axis=1)
    run = ~nobody & (first > 0) & (most == TRICKS_PER_DEAL - first)

    points = np.where(nobody, 0, np.where(run & mordienne, 2, 1)).astype(np.int8)
    return BatchScore(point_winner.astype(np.int8), points, run, np.where(nobody, 0, most).astype(np.int8), tie_break)


def simulate(deals: int, seed: int, mordienne: bool = False) -> SimulationStats:
    """Play ``deals`` random deals from ``seed`` and summarise them; the same seed gives the same figures.

    Raises :class:`RuleViolation` for a count below 1 or a seed that is not a non-negative integer.
    """
    _check_count(deals, "deals")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise RuleViolation(f"the seed must be a whole number 0 or more, not {short(seed)}")
    seed = int(seed)
    mordienne = bool(mordienne)

    start = time.perf_counter()
    rng = np.random.default_rng(seed)
    spoiled = runs = ties = winner_tricks = 0
    histogram = dict.fromkeys((0, 1, 2), 0)
    done = 0
    while done < deals:
        size = min(BATCH_SIZE, deals - done)
        winners = random_trick_winners(rng, size)
        score = score_batch(winners, mordienne)
        spoiled += int(np.count_nonzero(winners < 0))
        runs += int(np.count_nonzero(score.mordienne_run))
        ties += int(np.count_nonzero(score.tie_break))
        winner_tricks += int(score.winner_tricks.sum(dtype=np.int64))
        for points, count in enumerate(np.bincount(score.points, minlength=3).tolist()):
            histogram[points] += count
        done += size
    seconds = time.perf_counter() - start

    scored = deals - histogram[0]
    return SimulationStats(
        deals=deals,
        seconds=seconds,
        seed=seed,
        mordienne_rule=mordienne,
        spoiled_rate=spoiled / (deals * TRICKS_PER_DEAL),
        mordienne_rate=runs / deals,
        no_point_rate=histogram[0] / deals,
        points_histogram=histogram,
        tie_break_rate=ties / deals,
        mean_winner_tricks=winner_tricks / scored if scored else 0.0,
    )


def _check_count(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise RuleViolation(f"{what} must be a whole number 1 or more, not {short(value)}")
