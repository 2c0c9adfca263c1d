"""What a language costs: every step of the explanation corpus rendered in English and through catalogs.

    .venv/bin/python benchmarks/i18n_bench.py [--runs 7]

Renders every step of ``tests/explanation_corpus.py`` (every message a learner can be shown) in:

* ``en``, the source (no catalog);
* ``fr`` with a complete catalog: every engine message translated in a real ``.po`` file, written to a
  temporary folder (each translation is the English with accented letters, so the text is as long), read
  with Babel like any shipped catalog: the path a finished translation takes;
* ``fr`` as shipped today (empty: every lookup falls back to English and is recorded);
* ``qps``, the pseudo-language.

Prints medians over ``--runs`` runs (the cases taking turns) side by side with a floor measured in the same
run (a plain loop of a million additions) and each language's ratio to English (the target: within 10%),
plus the one-off cost of reading a catalog. Times are the process's CPU time (``time.process_time``): on a
shared machine wall time also counts the turns of other processes. Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the corpus lives with the tests

from explanation_corpus import corpus, walk  # noqa: E402

import tutor.i18n.runtime as runtime  # noqa: E402
from tutor.authoring.extract import extract  # noqa: E402
from tutor.i18n.pseudo import accent  # noqa: E402
from tutor.i18n.runtime import FALLBACKS, po_path, reload_catalogs  # noqa: E402
from tutor.i18n.sentences import render_all  # noqa: E402


def floor() -> None:
    total = 0
    for n in range(1_000_000):
        total += n


def medians_ms(cases: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Each case's median; the cases take turns within each run, so that a busy moment hurts them alike."""
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, job in cases.items():
            start = time.process_time()
            job()
            times[name].append(time.process_time() - start)
    return {name: 1000 * statistics.median(found) for name, found in times.items()}


def complete_french(locales: Path) -> Path:
    """A French engine catalog with every entry filled (accented English), as a finished translation is."""
    extract(locales, languages=("fr",))
    path = po_path(locales, "fr", "engine")
    with path.open("rb") as file:
        catalog = read_po(file, locale="fr")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, str):
            message.string = _accent_outside_fields(message.id)
        else:  # French has three forms: 0-1, millions, the rest
            one, other = (_accent_outside_fields(text) for text in message.id)
            message.string = (one, other, other)
    with path.open("wb") as file:
        write_po(file, catalog)
    return path


def _accent_outside_fields(template: str) -> str:
    # the pseudo transform without its brackets: the same placeholders, the same length
    from tutor.i18n.pseudo import pseudo

    return pseudo(template)[1:-1] if "{" in template else accent(template)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    steps = list(corpus())
    nested = sum(1 for _ in walk(steps))
    print(f"{len(steps)} steps ({nested} with the nested ones), {args.runs} runs each")
    with tempfile.TemporaryDirectory() as folder:
        locales = Path(folder)
        path = complete_french(locales)
        start = time.perf_counter()
        catalog = runtime.read_catalog(path, "fr", "engine")
        read_ms = 1000 * (time.perf_counter() - start)
        assert not catalog.problems, catalog.problems
        shipped = runtime.LOCALES

        def in_complete_french() -> object:
            runtime.LOCALES = locales
            try:
                return render_all(steps, "fr")
            finally:
                runtime.LOCALES = shipped

        cases: dict[str, Callable[[], object]] = {
            "floor: 1e6 additions": floor,
            "en (the source)": lambda: render_all(steps, "en"),
            "fr, complete catalog": in_complete_french,
            "fr, as shipped (falls back)": lambda: render_all(steps, "fr"),
            "qps (pseudo)": lambda: render_all(steps, "qps"),
        }
        for job in cases.values():  # warm up: catalogs read, caches filled
            job()
        figures = medians_ms(cases, args.runs)
        fallbacks = FALLBACKS.count("fr")
    english = figures["en (the source)"]
    for name, ms in figures.items():
        ratio = "" if name.startswith("floor") else f"  x{ms / english:.3f} of en"
        print(f"{name:<32} {ms:9.2f} ms{ratio}")
    print(f"reading the complete fr engine catalog once: {read_ms:.1f} ms ({len(catalog.entries)} entries)")
    print(f"strings the shipped fr catalog lacks (shown in English): {fallbacks}")
    reload_catalogs()


if __name__ == "__main__":
    main()
