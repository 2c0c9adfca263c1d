"""How generated practice compares with real play: the share of spoiled tricks and of deals nobody wins.

    .venv/bin/python benchmarks/generate_balance.py [--items 2000] [--seed 1] [--deals 4000]

Generates ``--items`` scenarios of each of the kinds that hold tricks (``trick``, ``deal``, ``game``) with
fixed seeds and counts, over every trick they show (a trick scenario's four cards, a deal's nine results or
plays, a game's deals given trick by trick): the share of spoiled tricks, and the share of nine-trick
deals with no winner (every trick spoiled). Beside them, the same figures in real play, measured in the
same run: ``--deals`` random deals played out by the bots' policy (``tutor.engine.natural_card.base_choice``), and
the same deals played with random legal cards. The aim: about a quarter of generated tricks
spoiled (a bias towards teaching moments, not a flood of them) and at most 2% of deals with no winner.
Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout, without installing the package
    sys.path.insert(0, str(ROOT))

from tutor.content.generate import generate  # noqa: E402
from tutor.engine import SEATS, DealState, Seat, card, resolve_trick, shuffle_and_deal  # noqa: E402
from tutor.engine.natural_card import base_choice  # noqa: E402


def trick_lists(kind: str, items: int, seed: int) -> tuple[int, int, list[bool]]:
    """(tricks, spoiled tricks, per deal shown whether nobody won it) over ``items`` generated scenarios.

    A game's deal given by its points counts as a deal (with no winner when its team is null).
    """
    tricks = spoiled = 0
    deals: list[bool] = []
    for data in generate(kind, items, seed):
        setup: Any = data["setup"]
        if kind == "trick":
            result = resolve_trick(Seat(setup["leader"]), [card(c) for c in setup["plays"]])
            tricks, spoiled = tricks + 1, spoiled + result.spoiled
            continue
        for entry in [setup] if kind == "deal" else setup["deals"]:
            if "team" in entry:
                deals.append(entry["team"] is None)
                continue
            flags = _spoiled_flags(entry, setup)
            deals.append(all(flags))
            tricks, spoiled = tricks + len(flags), spoiled + sum(flags)
    return tricks, spoiled, deals


def _spoiled_flags(entry: Any, setup: Any) -> list[bool]:  # a generated mapping, as YAML would give it
    if "tricks" in entry:
        results = entry["tricks"]
        assert isinstance(results, list)
        return [r == "spoiled" for r in results]
    # A deal played card by card: replay it through the engine for each trick's result.
    state = DealState.start(Seat(setup["dealer"]), {Seat(s): [card(c) for c in h] for s, h in setup["hands"].items()})
    for plays in setup["plays"]:
        for c in plays:
            state = state.play(card(c))
    return [t.spoiled for t in state.tricks]


def real_play(deals: int, seed: int, bots: bool) -> tuple[float, float]:
    """(share of spoiled tricks, share of deals nobody wins) over random deals, by the bots or at random."""
    rng = random.Random(seed)
    spoiled = empty = 0
    for _ in range(deals):
        dealer = rng.choice(SEATS)
        state = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        while not state.finished:
            if bots:
                played = [c for t in state.tricks for _, c in t.plays]
                chosen = base_choice(
                    state.hands[state.to_play], state.current_plays, state.to_play, state.leader, played
                )
            else:
                chosen = rng.choice(state.legal_cards())
            state = state.play(chosen)
        flags = [t.spoiled for t in state.tricks]
        spoiled += sum(flags)
        empty += all(flags)
    return spoiled / (9 * deals), empty / deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=2000, help="generated scenarios per kind (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generator and of the real deals")
    parser.add_argument("--deals", type=int, default=4000, help="random deals played for the reference")
    args = parser.parse_args(argv)
    if args.items < 1 or args.deals < 1:
        parser.error("--items and --deals must be 1 or more")

    print(f"generated: {args.items:,} scenarios per kind, seed {args.seed}")
    all_tricks = all_spoiled = 0
    all_deals: list[bool] = []
    for kind in ("trick", "deal", "game"):
        tricks, spoiled, deals = trick_lists(kind, args.items, args.seed)
        all_tricks, all_spoiled = all_tricks + tricks, all_spoiled + spoiled
        all_deals += deals
        line = f"  {kind:<6} {tricks:7,} tricks, {100 * spoiled / tricks:5.1f}% spoiled"
        if deals:
            empty = sum(deals)
            line += f"; {len(deals):6,} deals, {100 * empty / len(deals):4.1f}% with no winner"
        print(line)
    empty = sum(all_deals)
    print(
        f"  all    {all_tricks:7,} tricks, {100 * all_spoiled / all_tricks:5.1f}% spoiled; "
        f"{len(all_deals):6,} deals, {100 * empty / len(all_deals):4.1f}% with no winner"
        "   (aim: about 25% spoiled, at most 2% with no winner)"
    )
    for label, bots in (("bots' policy", True), ("random cards", False)):
        share, none = real_play(args.deals, args.seed, bots)
        print(
            f"real play, {args.deals:,} deals, {label}: {100 * share:5.1f}% spoiled, {100 * none:4.2f}% with no winner"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
