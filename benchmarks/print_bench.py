"""How long the printed sheets take to make, against a plain HTML-to-PDF of the same page in the same run.

    .venv/bin/python benchmarks/print_bench.py [--runs 5] [--lang en]

Targets: the A4 table card under 2 s, a worksheet of 20 scenarios (20 generated tricks, with their answer key)
under 5 s. Each figure is the median of ``--runs`` makings in one process (WeasyPrint imported and warmed first),
the whole of it: drawing the cards, building the page, laying it out and writing the PDF. The floor is WeasyPrint
alone on the same page with its pictures taken out (the same text, tables and CSS): what any HTML-to-PDF of that
page costs here, measured in the same run so that a busy machine shows in both. Asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from collections.abc import Callable
from datetime import date

from tutor.app.printing import selection, signals_card_html, table_card_html, worksheet_html
from tutor.app.printing.sheet import render_pdf

DAY = date(2026, 12, 2)
_PICTURE = re.compile(r"<img\b[^>]*>")


def median_seconds(make: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        make()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    render_pdf("<p>warm up</p>")  # WeasyPrint's import and first font lookup, paid once by any process
    sheet = selection.generated("trick", 20, 7, args.lang)
    cases: dict[str, tuple[str, Callable[[], str]]] = {
        "A4 table card": ("2 s", lambda: table_card_html(args.lang, "a4", DAY)),
        "20-scenario worksheet + key": ("5 s", lambda: worksheet_html(sheet, "a4", DAY)),
        "signals cards (A4)": ("-", lambda: signals_card_html(args.lang, "a4", DAY)),
    }
    print(f"medians of {args.runs} runs, language {args.lang}")
    for name, (target, html) in cases.items():
        whole = median_seconds(lambda html=html: render_pdf(html()), args.runs)
        plain = _PICTURE.sub("", html())
        floor = median_seconds(lambda plain=plain: render_pdf(plain), args.runs)
        print(
            f"{name:<28} {whole:6.2f} s (target {target}); floor, the same page without its pictures "
            f"{floor:6.2f} s; {whole / floor:4.1f}x the floor"
        )


if __name__ == "__main__":
    main()
