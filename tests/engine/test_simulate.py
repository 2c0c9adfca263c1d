"""The numpy random-deal simulator against the engine's own rules and an independent random playout.

No test here looks at how long anything takes: benchmarks/simulate_bench.py measures speed.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

import tutor.engine.simulate as simulate_module
from tutor.engine.cards import PACK
from tutor.engine.cut_and_deal import shuffle_and_deal
from tutor.engine.deal_state import DealState
from tutor.engine.errors import RuleViolation
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import score_deal
from tutor.engine.seats import SEATS, Seat
from tutor.engine.simulate import (
    BatchScore,
    SimulationStats,
    random_trick_winners,
    score_batch,
    simulate,
    trick_winners_from_tiers,
)
from tutor.engine.trick import resolve_trick

SIGMAS = 5  # agreement tolerance for statistical comparisons, in standard errors
N, E, S, W, X = 0, 1, 2, 3, -1  # seat indices in N, E, S, W order; X marks a spoiled trick


def as_seats(row: np.ndarray) -> list[Seat | None]:
    return [None if w < 0 else SEATS[w] for w in row.tolist()]


def score_one(row: list[int], mordienne: bool) -> tuple[int, int, bool, int, bool]:
    """score_batch on a single deal, as plain Python values."""
    got = score_batch(np.array([row], dtype=np.int8), mordienne)
    return (
        int(got.point_winner[0]),
        int(got.points[0]),
        bool(got.mordienne_run[0]),
        int(got.winner_tricks[0]),
        bool(got.tie_break[0]),
    )


# --- 1. the vectorized scoring agrees with score_deal --------------------------------------------


def generated_deals() -> np.ndarray:
    """Trick results of many shapes: random play, uniform noise, runs to the end, all spoiled."""
    rng = np.random.default_rng(2024)
    played = random_trick_winners(rng, 3000)
    uniform = rng.integers(-1, 4, size=(3000, 9), dtype=np.int8)
    # A random prefix then one seat winning every trick to the end: mordiennes and near misses.
    runs = rng.integers(-1, 4, size=(3000, 9), dtype=np.int8)
    starts = rng.integers(0, 10, size=3000)
    seats = rng.integers(0, 4, size=3000, dtype=np.int8)
    runs[np.arange(9) >= starts[:, None]] = np.repeat(seats, 9 - starts)
    # Mostly spoiled tricks: ties on one or two tricks, and the all-spoiled deal.
    sparse = np.where(rng.random((1000, 9)) < 0.8, np.int8(-1), rng.integers(0, 4, size=(1000, 9), dtype=np.int8))
    every_shape = np.array([[X] * 9, [N] * 9, [X] * 8 + [W]], dtype=np.int8)
    return np.concatenate([played, uniform, runs, sparse, every_shape])


def test_score_batch_agrees_with_score_deal() -> None:
    winners = generated_deals()
    plain = score_batch(winners, mordienne=False)
    ruled = score_batch(winners, mordienne=True)
    seen: Counter[str] = Counter()
    for n, row in enumerate(winners):
        trick_winners = as_seats(row)
        off, on = score_deal(trick_winners, mordienne=False), score_deal(trick_winners, mordienne=True)
        expected_winner = -1 if off.point_winner is None else off.point_winner.index
        most = max(off.tricks_won.values())
        tied = most > 0 and sum(1 for count in off.tricks_won.values() if count == most) > 1
        assert plain.point_winner[n] == ruled.point_winner[n] == expected_winner, trick_winners
        assert plain.points[n] == off.points, trick_winners
        assert ruled.points[n] == on.points, trick_winners
        assert plain.mordienne_run[n] == ruled.mordienne_run[n] == off.mordienne_run == on.mordienne_run
        assert on.mordienne == (on.points == 2)
        assert plain.winner_tricks[n] == most, trick_winners
        assert plain.tie_break[n] == tied, trick_winners
        seen.update({"no point": off.point_winner is None, "mordienne": off.mordienne_run, "tie": tied})
    # The generated deals do exercise every branch of the scoring.
    assert seen["no point"] >= 1 and seen["mordienne"] >= 100 and seen["tie"] >= 100


def test_score_batch_returns_typed_arrays() -> None:
    got = score_batch(np.array([[N] * 9, [X] * 9]), mordienne=True)
    assert isinstance(got, BatchScore)
    assert got.point_winner.dtype == np.int8 and got.points.dtype == np.int8
    assert got.mordienne_run.dtype == np.bool_ and got.tie_break.dtype == np.bool_
    assert got.point_winner.tolist() == [N, -1]
    assert score_batch(np.empty((0, 9), dtype=np.int8), mordienne=False).points.shape == (0,)


@pytest.mark.parametrize(
    "bad",
    [np.zeros((3, 8), dtype=np.int8), np.zeros(9, dtype=np.int8), np.full((1, 9), 4), np.full((1, 9), -2)],
)
def test_score_batch_rejects_malformed_winners(bad: np.ndarray) -> None:
    with pytest.raises(RuleViolation):
        score_batch(bad, mordienne=False)


# --- 2. hand-worked cases (rules.md section 8) ---------------------------------------------------

# Each case: trick winners, then (point winner, points without the rule, points with it, mordienne run,
# tricks of the point winner, decided by tie-break), all worked out from rules.md by hand.
HAND_CASES = {
    # Four players on 2 tricks each (one spoiled). N reached 2 at trick 3, E at 4, S at 8, W at 9: N scores.
    "four-way tie, first to reach two": ([E, N, N, E, S, X, W, S, W], (N, 1, 1, False, 2, True)),
    # S and E on 3 each; S started first but E reached 3 at trick 5, S only at trick 7: E scores.
    "tie goes to who reached the count first, not who started first": (
        [S, S, E, E, E, X, S, W, N],
        (E, 1, 1, False, 3, True),
    ),
    # Every trick spoiled: nobody won a trick, nobody scores, with or without the rule.
    "all nine spoiled": ([X] * 9, (-1, 0, 0, False, 0, False)),
    # S loses the first four tricks (one spoiled) and wins the last five in a row: the seeds' example.
    "mordienne: lose four, win five": ([N, E, X, W, S, S, S, S, S], (S, 1, 2, True, 5, False)),
    # S wins 4 of the last 5, but the spoiled 7th trick comes after S's first win and breaks the run.
    "a spoiled trick breaks the run": ([N, E, W, X, S, S, X, S, S], (S, 1, 1, False, 4, False)),
    # Another player's trick after the first win breaks it too.
    "another player's trick breaks the run": ([N, X, S, S, E, S, S, S, S], (S, 1, 1, False, 6, False)),
    # Winning all nine from the first trick is not a mordienne (rules.md: "Winning all nine ... is not").
    "all nine from the first trick": ([N] * 9, (N, 1, 1, False, 9, False)),
    # E took the first trick; N won the other eight: N missed the first trick, so it is a mordienne.
    "eight after losing the first": ([E, N, N, N, N, N, N, N, N], (N, 1, 2, True, 8, False)),
    # By the letter of section 8: W missed the first trick, won nothing before the ninth, then won every
    # remaining trick (just the ninth), and one trick is the most anyone won.
    "only the ninth trick, the rest spoiled": ([X] * 8 + [W], (W, 1, 2, True, 1, False)),
}


@pytest.mark.parametrize("name", list(HAND_CASES))
def test_score_batch_hand_worked(name: str) -> None:
    row, (winner, points_off, points_on, run, tricks, tie) = HAND_CASES[name]
    assert score_one(row, mordienne=False) == (winner, points_off, run, tricks, tie)
    assert score_one(row, mordienne=True) == (winner, points_on, run, tricks, tie)
    # The engine's own scoring agrees with the hand-worked values too.
    engine = score_deal(as_seats(np.array(row)), mordienne=True)
    assert (engine.point_winner.index if engine.point_winner else -1, engine.points) == (winner, points_on)


def test_hand_cases_scored_together_match_one_by_one() -> None:
    rows = np.array([row for row, _ in HAND_CASES.values()], dtype=np.int8)
    together = score_batch(rows, mordienne=True)
    assert together.point_winner.tolist() == [expected[0] for _, expected in HAND_CASES.values()]
    assert together.points.tolist() == [expected[2] for _, expected in HAND_CASES.values()]


# --- trick resolution agrees with resolve_trick, whoever leads -----------------------------------


def test_trick_winners_from_tiers_agrees_with_resolve_trick() -> None:
    rng = random.Random(11)
    tricks = [rng.sample(PACK, 4) for _ in range(4000)]  # tricks[k][s] is seat s's card
    # Tricks made of equal cards only, so that spoils of 2, 3 and 4 cards all occur.
    plain = [c for c in PACK if TIERS[c] >= 9]
    tricks += [rng.sample(plain[:12], 4) for _ in range(500)]
    tiers = np.array([[TIERS[c] for c in trick] for trick in tricks]).reshape(-1, 1, 4)
    got = trick_winners_from_tiers(tiers)[:, 0].tolist()
    for n, trick in enumerate(tricks):
        leader = rng.choice(SEATS)
        in_play_order = [trick[seat.index] for seat in leader.clockwise_from()]
        winner = resolve_trick(leader, in_play_order).winner
        assert got[n] == (-1 if winner is None else winner.index), (leader, trick)
    assert -1 in got and set(got) >= {0, 1, 2, 3}


def test_random_trick_winners_shape() -> None:
    winners = random_trick_winners(np.random.default_rng(3), 1000)
    assert winners.shape == (1000, 9) and winners.dtype == np.int8
    assert set(np.unique(winners).tolist()) == {-1, 0, 1, 2, 3}


# --- 3. random play is random play --------------------------------------------------------------

PYTHON_DEALS = 10_000  # about 6 s of DealState playouts
NUMPY_DEALS = 1_000_000


def exact_spoiled_rate() -> float:
    """P(a trick is spoiled): four cards drawn from the pack share the best tier among them."""
    sizes = Counter(TIERS.values())
    spoiled, worse = 0, len(PACK)
    for tier in sorted(sizes):
        worse -= sizes[tier]  # cards of tiers below this one
        spoiled += sum(math.comb(sizes[tier], k) * math.comb(worse, 4 - k) for k in range(2, sizes[tier] + 1))
    return spoiled / math.comb(len(PACK), 4)


def python_playouts(deals: int, seed: int) -> dict[str, list[int]]:
    """Independent random play through the engine: shuffle, cut, deal 3-3-3, uniform legal cards."""
    rng = random.Random(seed)
    per_deal: dict[str, list[int]] = {"spoiled": [], "mordienne": [], "tie": [], "no point": []}
    for n in range(deals):
        dealer = SEATS[n % 4]  # the deal passes left, so every seat is eldest in turn
        state = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        while not state.finished:
            state = state.play(rng.choice(state.legal_cards()))
        trick_winners = [trick.winner for trick in state.tricks]
        score = score_deal(trick_winners)
        most = max(score.tricks_won.values())
        per_deal["spoiled"].append(trick_winners.count(None))
        per_deal["mordienne"].append(int(score.mordienne_run))
        per_deal["tie"].append(int(most > 0 and list(score.tricks_won.values()).count(most) > 1))
        per_deal["no point"].append(int(score.point_winner is None))
    return per_deal


@pytest.fixture(scope="module")
def python_sample() -> dict[str, list[int]]:
    return python_playouts(PYTHON_DEALS, seed=1)


@pytest.fixture(scope="module")
def numpy_sample() -> SimulationStats:
    return simulate(NUMPY_DEALS, seed=1)


def agree(p_python: float, p_numpy: float, variance: float, what: str) -> None:
    """Two independent sample means of one per-deal quantity differ by at most SIGMAS standard errors."""
    error = math.sqrt(variance / PYTHON_DEALS + variance / NUMPY_DEALS)
    assert abs(p_python - p_numpy) <= SIGMAS * error, f"{what}: {p_python:.5f} vs {p_numpy:.5f} (se {error:.5f})"


def test_spoiled_rate_matches_python_play_and_exact_value(
    python_sample: dict[str, list[int]], numpy_sample: SimulationStats
) -> None:
    exact = exact_spoiled_rate()
    assert 0.068 < exact < 0.070  # about 6.9% of tricks
    counts = np.array(python_sample["spoiled"])
    python_rate = counts.mean() / 9
    # Tricks of one deal share a pack, so they are not independent: the standard error comes from the
    # spread of spoiled tricks per deal (per trick: variance / 81), not from 9 * deals Bernoulli trials.
    variance = counts.var(ddof=1) / 81
    agree(python_rate, numpy_sample.spoiled_rate, variance, "spoiled rate, Python vs numpy")
    assert abs(numpy_sample.spoiled_rate - exact) <= SIGMAS * math.sqrt(variance / NUMPY_DEALS)
    assert abs(python_rate - exact) <= SIGMAS * math.sqrt(variance / PYTHON_DEALS)


@pytest.mark.parametrize(("key", "field"), [("mordienne", "mordienne_rate"), ("tie", "tie_break_rate")])
def test_deal_rates_match_python_play(
    python_sample: dict[str, list[int]], numpy_sample: SimulationStats, key: str, field: str
) -> None:
    python_rate = sum(python_sample[key]) / PYTHON_DEALS
    numpy_rate = getattr(numpy_sample, field)
    pooled = (sum(python_sample[key]) + numpy_rate * NUMPY_DEALS) / (PYTHON_DEALS + NUMPY_DEALS)
    agree(python_rate, numpy_rate, pooled * (1 - pooled), key)  # binomial: one trial per deal


def test_mordienne_is_rare_and_a_point_is_almost_always_scored(
    python_sample: dict[str, list[int]], numpy_sample: SimulationStats
) -> None:
    assert 0.005 < numpy_sample.mordienne_rate < 0.009  # about 0.7% of deals
    # Nine spoiled tricks in a row has a chance of order 0.07 ** 9: neither sample should see one.
    assert sum(python_sample["no point"]) == 0
    assert numpy_sample.no_point_rate < 1e-5


# --- 4. determinism and consistency -------------------------------------------------------------


def test_same_seed_same_figures() -> None:
    first, second = simulate(60_000, seed=5, mordienne=True), simulate(60_000, seed=5, mordienne=True)
    assert replace(first, seconds=0.0) == replace(second, seconds=0.0)
    other = simulate(60_000, seed=6, mordienne=True)
    assert (other.spoiled_rate, other.points_histogram) != (first.spoiled_rate, first.points_histogram)


def test_the_rule_changes_only_the_points() -> None:
    off, on = simulate(30_000, seed=9), simulate(30_000, seed=9, mordienne=True)
    figures = ("spoiled_rate", "mordienne_rate", "no_point_rate", "tie_break_rate", "mean_winner_tricks")
    assert [getattr(off, name) for name in figures] == [getattr(on, name) for name in figures]
    assert off.points_histogram[2] == 0
    assert on.points_histogram[2] == round(on.mordienne_rate * on.deals) > 0
    assert on.points_histogram[2] / on.deals == on.mordienne_rate
    assert on.points_histogram[1] + on.points_histogram[2] == off.points_histogram[1]


@pytest.mark.parametrize("mordienne", [False, True])
def test_figures_are_consistent(mordienne: bool) -> None:
    stats = simulate(20_000, seed=3, mordienne=mordienne)
    assert sum(stats.points_histogram.values()) == stats.deals == 20_000
    assert set(stats.points_histogram) == {0, 1, 2}
    for rate in (stats.spoiled_rate, stats.mordienne_rate, stats.no_point_rate, stats.tie_break_rate):
        assert 0.0 <= rate <= 1.0
    assert stats.points_histogram[0] / stats.deals == stats.no_point_rate
    assert 1.0 <= stats.mean_winner_tricks <= 9.0
    assert stats.seed == 3 and stats.mordienne_rule is mordienne and stats.seconds > 0


def test_batches_cover_every_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_module, "BATCH_SIZE", 1000)
    stats = simulate(2500, seed=4)  # two full batches and a part one
    assert sum(stats.points_histogram.values()) == 2500
    assert simulate(1, seed=4).deals == 1


def test_as_json() -> None:
    stats = simulate(1000, seed=2, mordienne=True)
    data = json.loads(json.dumps(stats.as_json()))
    required = {"deals", "seconds", "seed", "mordienne_rule", "spoiled_rate", "mordienne_rate", "no_point_rate"}
    assert required | {"points_histogram"} <= set(data)
    assert data["points_histogram"] == {str(k): v for k, v in stats.points_histogram.items()}
    assert list(data["points_histogram"]) == ["0", "1", "2"]
    assert (data["deals"], data["seed"], data["mordienne_rule"]) == (1000, 2, True)


@pytest.mark.parametrize("deals", [0, -5, 2.5, "100", True, None])
def test_rejects_a_bad_number_of_deals(deals: object) -> None:
    with pytest.raises(RuleViolation, match="deals must be a whole number 1 or more"):
        simulate(deals, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 1.5, "7", None])
def test_rejects_a_bad_seed(seed: object) -> None:
    with pytest.raises(RuleViolation, match="seed"):
        simulate(10, seed=seed)  # type: ignore[arg-type]
