"""How much the chant-aware, signal-following hint wins: point-win rate of a player following it, against
the previous hint, on the same deals.

    .venv/bin/python benchmarks/hint_strength.py [--deals 400] [--playouts 400] [--seed 1]

Each deal is dealt from a fixed seed; the four players agree to the chant or not by the bots' rules C1-C3
(``tutor.play.bots.agree_to_chant``), chanters keep their nine best (D1) and everyone signals its named cards
and aces (G1). South follows a hint at every turn; the other three play the bots' full policy
(``choose_card`` with their partner's signalled cards). The same deal is played three times:

* **new**: ``HintRequest(chant=..., follow_signals=True)``, hidden hands sampled with the chanters keeping
  their best nine, playouts following the signal rules S1 and S2 like the bots;
* **old**: ``chant=False, follow_signals=False``, the hint as it was (uniform sampling, base policy);
* **bot**: South plays the bots' policy itself (a floor measured in the same run).

Prints each rate with a 95% confidence interval and the paired difference new - old with its interval
(the same deals and hint seeds for both). Asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout, without installing the package
    sys.path.insert(0, str(ROOT))

from tutor.engine import SEATS, Card, DealState, Seat, chant, hand_signals, score_deal, shuffle_and_deal  # noqa: E402
from tutor.play.bots import agree_to_chant, choose_card  # noqa: E402
from tutor.play.hint import HintRequest, hint  # noqa: E402

LEARNER = Seat.S


class Deal:
    """One deal after the chant: the hands to play, who chanted, what each player's partner signalled."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        dealer = rng.choice(SEATS)
        dealt = shuffle_and_deal(rng, dealer)
        agree = {seat: agree_to_chant(dealt.hands[seat], seat, dealer) for seat in SEATS}
        chanters = (dealer.next, dealer)
        result = chant(dealer, dealt.talon, agree, {s: dealt.hands[s] for s in chanters})
        self.dealer = dealer
        self.chant = result.happens
        self.hands = {s: (result.keeps[s].kept if s in result.keeps else dealt.hands[s]) for s in SEATS}
        self.discards = {s: result.keeps[s].discarded for s in result.keeps}
        self.named = {s: frozenset(x.card for x in hand_signals(self.hands[s]).signals if x.card) for s in SEATS}
        self.aces = {s: hand_signals(self.hands[s]).aces for s in SEATS}


def play(deal: Deal, south: Callable[[DealState], Card]) -> bool:
    """Play the deal out, South choosing with ``south``; did North-South win the point?"""
    state = DealState.start(deal.dealer, deal.hands)
    while not state.finished:
        seat = state.to_play
        if seat is LEARNER:
            chosen = south(state)
        else:
            played = [c for t in state.tricks for _, c in t.plays]
            chosen = choose_card(
                state.hands[seat], state.current_plays, seat, state.leader, played, deal.named[seat.partner]
            )
        state = state.play(chosen)
    winner = score_deal([t.winner for t in state.tricks]).point_winner
    return winner is not None and winner.team is LEARNER.team


def hinted(deal: Deal, new: bool, playouts: int, seed: int, parts: str = "both") -> Callable[[DealState], Card]:
    def choose(state: DealState) -> Card:
        request = HintRequest(
            state,
            LEARNER,
            partner_holds=deal.named[LEARNER.partner],
            partner_aces=deal.aces[LEARNER.partner] or None,
            partner_signalled=True,
            out_of_play=frozenset(deal.discards.get(LEARNER, ())),
            chant=deal.chant and new and parts in ("both", "chant"),
            follow_signals=new and parts in ("both", "signals"),
        )
        return hint(request, playouts=playouts, seed=seed + len(state.current) + 4 * len(state.tricks)).best

    return choose


def bot_south(deal: Deal) -> Callable[[DealState], Card]:
    """South plays the bots' full policy itself, knowing its partner's signalled cards."""

    def choose(state: DealState) -> Card:
        played = [c for t in state.tricks for _, c in t.plays]
        hand = state.hands[LEARNER]
        return choose_card(hand, state.current_plays, LEARNER, state.leader, played, deal.named[LEARNER.partner])

    return choose


def interval(wins: list[float]) -> str:
    rate = sum(wins) / len(wins)
    half = 1.96 * math.sqrt(rate * (1 - rate) / len(wins))
    return f"{100 * rate:5.1f}% ± {100 * half:4.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals played by each South (default 400)")
    parser.add_argument("--playouts", type=int, default=400, help="playout budget per hint (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed; deal k uses seed + k")
    parser.add_argument(
        "--new",
        choices=("both", "chant", "signals"),
        default="both",
        help="what the new hint changes: both (default), only the chant-aware sampling, only the signal playouts",
    )
    args = parser.parse_args(argv)
    if args.deals < 2 or args.playouts < 1:
        parser.error("--deals must be 2 or more and --playouts 1 or more")

    start = time.perf_counter()
    new, old, bot, chanted = [], [], [], []
    for k in range(args.deals):
        deal = Deal(args.seed + k)
        chanted.append(deal.chant)
        new.append(float(play(deal, hinted(deal, True, args.playouts, k, args.new))))
        old.append(float(play(deal, hinted(deal, False, args.playouts, k))))
        bot.append(float(play(deal, bot_south(deal))))
    diff = [a - b for a, b in zip(new, old, strict=True)]
    mean = sum(diff) / len(diff)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / (len(diff) - 1))
    half = 1.96 * sd / math.sqrt(len(diff))
    seconds = time.perf_counter() - start
    print(
        f"{args.deals} deals (seeds {args.seed}-{args.seed + args.deals - 1}), {sum(chanted)} with a chant; "
        f"hint playouts {args.playouts}; new hint: {args.new}; {seconds:.0f} s"
    )
    label = {"both": "chant-aware, signal playouts", "chant": "chant-aware only", "signals": "signal playouts only"}
    print(f"  South follows the new hint ({label[args.new]}): {interval(new)} of points won")
    print(f"  South follows the old hint: {interval(old)}")
    print(f"  South plays the bots' policy (floor, same run): {interval(bot)}")
    print(f"  paired difference new - old: {100 * mean:+.1f} points per 100 deals ± {100 * half:.1f} (95%)")
    on_chant = [d for d, c in zip(diff, chanted, strict=True) if c]
    if len(on_chant) > 1:
        m = sum(on_chant) / len(on_chant)
        s = math.sqrt(sum((d - m) ** 2 for d in on_chant) / (len(on_chant) - 1))
        print(f"  deals with a chant only: {100 * m:+.1f} ± {100 * 1.96 * s / math.sqrt(len(on_chant)):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
