"""Server time of the Practice page with the full curriculum: a rerun after Submit, and a fresh page load,
in English and in other languages side by side.

    .venv/bin/python benchmarks/app_rerun_bench.py [--runs 20] [--scenario spoiled-aces ...] [--langs en sq]

Drives the app with Streamlit's AppTest (the script runs in this process, as on a server, without a
browser). The course is loaded once first (``st.cache_resource``), as a running server would have it, and
so is each language's copy of it. "After Submit" reruns the page showing the reveal of an answered scenario
(the rerun a learner triggers by any click there); "fresh load" is a new session opening the Practice page
at that scenario (``?scenario=...&lang=...``). The languages take turns within each run, so that a busy
moment of the machine hurts them alike; each figure is a median, printed beside a floor measured in the same
run (a plain loop of a million additions) and, for a language other than the first, its ratio to the first
(the target for a translated language: within 10% of English). Times are wall time of ``AppTest.run()``,
which includes AppTest's own bookkeeping: an upper bound on the server's work. Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.app import state
from tutor.content.solve import solve

MAIN = str(Path(__file__).resolve().parent.parent / "tutor" / "app" / "main.py")
DEFAULT_SCENARIOS = ("spoiled-aces", "played-deal", "draw-with-skips", "one-refusal", "madame-over-plain-threes")


def fresh(scenario_id: str, lang: str) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=120)
    at.query_params["scenario"] = scenario_id
    at.query_params["lang"] = lang
    at.switch_page("screens/practice.py")
    return at


def timed_run(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    elapsed = time.perf_counter() - start
    if at.exception:
        raise SystemExit(f"the page failed: {at.exception[0].value}")
    return elapsed * 1000


def floor() -> float:
    start = time.perf_counter()
    total = 0
    for n in range(1_000_000):
        total += n
    return (time.perf_counter() - start) * 1000


def answer_right(at: AppTest) -> None:
    """Fill every widget of the scenario on screen with the engine's answer, then submit."""
    attempt = at.session_state["practice.attempt"]
    outcome = solve(attempt.scenario).outcome()
    for question in attempt.questions:
        values = question.split(outcome[question.key])
        for part in question.parts:
            key = question.widget_key(attempt.fields or "practice", part.suffix)
            if part.widget == "cards":  # answered by clicking cards: the choice lives in the session state
                at.session_state[key] = values[part.suffix]
                continue
            widget = {
                "radio": at.radio,
                "selectbox": at.selectbox,
                "multiselect": at.multiselect,
                "tiers": at.text_input,
                "pills": at.pills,
            }.get(part.widget, at.number_input)
            widget(key=key).set_value(values[part.suffix])
    at.button(key="practice.submit").click()
    at.run()
    assert at.session_state["practice.attempt"].submitted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--scenario", nargs="*", default=list(DEFAULT_SCENARIOS))
    parser.add_argument("--langs", nargs="+", default=["en", "sq"], help="the first is the one compared with")
    args = parser.parse_args()

    start = time.perf_counter()
    for lang in args.langs:  # the course, solved once, and each language's copy of it
        warm = fresh(args.scenario[0], lang)
        warm.run()
    print(f"first loads (course read, validated and solved once): {(time.perf_counter() - start) * 1000:.0f} ms")
    course = state.course()
    print(f"curriculum: {len(course.lessons)} lessons, {len(course.scenarios)} scenarios; median of {args.runs}, ms")
    print(f"{'scenario':<26} {'lang':<5} {'rerun after Submit':>19} {'fresh page load':>16} {'floor':>7}")
    base = args.langs[0]
    for scenario_id in args.scenario:
        if scenario_id not in course.scenarios:
            print(f"{scenario_id:<26} (not in the course)")
            continue
        loads: dict[str, list[float]] = {lang: [] for lang in args.langs}
        reruns: dict[str, list[float]] = {lang: [] for lang in args.langs}
        floors: list[float] = []
        answered = {}
        for lang in args.langs:
            answered[lang] = fresh(scenario_id, lang)
            answered[lang].run()
            answer_right(answered[lang])
        for _ in range(args.runs):
            floors.append(floor())
            for lang in args.langs:
                loads[lang].append(timed_run(fresh(scenario_id, lang)))
                reruns[lang].append(timed_run(answered[lang]))
        rerun = {lang: statistics.median(found) for lang, found in reruns.items()}
        load = {lang: statistics.median(found) for lang, found in loads.items()}
        for lang in args.langs:
            ratio = f"  rerun x{rerun[lang] / rerun[base]:.3f}, load x{load[lang] / load[base]:.3f}"
            print(
                f"{scenario_id:<26} {lang:<5} {rerun[lang]:>19.1f} {load[lang]:>16.1f} "
                f"{statistics.median(floors):>7.1f}{'' if lang == base else ratio}"
            )


if __name__ == "__main__":
    main()
