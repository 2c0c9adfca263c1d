"""Time the card renderer: microseconds per card for ``card_svg``, drawn afresh and from its cache.

    .venv/bin/python benchmarks/cardsvg_bench.py [--runs 7]

One pass draws the 48 faces at three widths (40, 56, 80 px) in four looks (plain, highlighted, spoiled with a
caption, tier badge and caption), plus as many backs: 720 cards. "fresh" empties the renderer's cache before the pass
(the first rerun of a page); "cached" repeats the same pass (every later rerun). The floor, measured in the
same run, is the cheapest possible card: one f-string with the escaped label and nothing drawn. Prints the
median of ``--runs`` passes; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout, without installing the package
    sys.path.insert(0, str(ROOT))

from tutor.app import cardsvg  # noqa: E402
from tutor.engine import PACK, Card  # noqa: E402

WIDTHS = (40, 56, 80)
LOOKS: tuple[dict[str, Any], ...] = (
    {},
    {"highlight": True},
    {"spoiled": True, "caption": "12 N"},
    {"show_tier": True, "caption": "3"},
)
CALLS: list[tuple[Card | None, dict[str, Any]]] = [
    (card, {"width": width, **look}) for card in PACK for width in WIDTHS for look in LOOKS
] + [(None, {"width": width}) for width in WIDTHS for _ in PACK]


def floor_card(card: Card | None, width: int = 64, **_: object) -> str:
    label = cardsvg.card_label(card)
    return f'<svg role="img" aria-label="{escape(label)}" width="{width}"><title>{escape(label)}</title></svg>'


def one_pass(draw: Callable[..., str], before: Callable[[], None] | None = None) -> float:
    """Seconds per card of one pass over ``CALLS``."""
    if before is not None:
        before()
    start = time.perf_counter()
    for card, options in CALLS:
        draw(card, **options)
    return (time.perf_counter() - start) / len(CALLS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="passes per figure (default 7)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")

    one_pass(cardsvg.card_svg)  # warm up: imports, the suit symbols' cache
    figures = {
        "fresh (cache emptied)": [one_pass(cardsvg.card_svg, cardsvg._card_svg.cache_clear) for _ in range(args.runs)],
        "cached (a rerun)": [one_pass(cardsvg.card_svg) for _ in range(args.runs)],
        "floor (one f-string)": [one_pass(floor_card) for _ in range(args.runs)],
    }
    size = statistics.median(len(cardsvg.card_svg(card, **options)) for card, options in CALLS)
    print(f"card_svg, {len(CALLS)} cards a pass, median of {args.runs} passes (median SVG {size:.0f} characters):")
    for name, times in figures.items():
        print(f"  {name:<24} {statistics.median(times) * 1e6:8.1f} µs per card")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
