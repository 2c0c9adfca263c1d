"""Server time of the Practice page with the full curriculum: a rerun after Submit, and a fresh page load.

    .venv/bin/python benchmarks/app_rerun_bench.py [--runs 20] [--scenario spoiled-aces ...]

Drives the app with Streamlit's AppTest (the script runs in this process, as on a server, without a
browser). The course is loaded once first (``st.cache_resource``), as a running server would have it.
"After Submit" reruns the page showing the reveal of an answered scenario (the rerun a learner triggers
by any click there); "fresh load" is a new session opening the Practice page at that scenario. The wall
time of ``AppTest.run()`` includes AppTest's own bookkeeping, so it is an upper bound on the server's
work. Prints medians; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.app import predict, state
from tutor.content.solve import solve

MAIN = str(Path(__file__).resolve().parent.parent / "tutor" / "app" / "main.py")
DEFAULT_SCENARIOS = ("spoiled-aces", "played-deal", "draw-with-skips", "one-refusal", "madame-over-plain-threes")


def fresh(scenario_id: str) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=120)
    at.query_params["scenario"] = scenario_id
    at.switch_page("screens/practice.py")
    return at


def timed_run(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    elapsed = time.perf_counter() - start
    if at.exception:
        raise SystemExit(f"the page failed: {at.exception[0].value}")
    return elapsed * 1000


def answer_right(at: AppTest, scenario_id: str) -> None:
    """Fill every widget with the engine's answer, then submit."""
    scenario = state.course().scenarios[scenario_id]
    outcome = solve(scenario).outcome()
    for question in at.session_state["practice.attempt"].questions:
        values = question.split(outcome[question.key])
        for part in question.parts:
            key = predict.widget_key("practice", question.key, part.suffix)
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
    args = parser.parse_args()

    start = time.perf_counter()
    warm = fresh(args.scenario[0])
    warm.run()
    print(f"first load (course read, validated and solved once): {(time.perf_counter() - start) * 1000:.0f} ms")
    course = state.course()
    print(f"curriculum: {len(course.lessons)} lessons, {len(course.scenarios)} scenarios")
    print(f"{'scenario':<26} {'rerun after Submit':>20} {'fresh page load':>17}   (median of {args.runs}, ms)")
    for scenario_id in args.scenario:
        if scenario_id not in course.scenarios:
            print(f"{scenario_id:<26} (not in the course)")
            continue
        loads = []
        for _ in range(args.runs):
            loads.append(timed_run(fresh(scenario_id)))
        at = fresh(scenario_id)
        at.run()
        answer_right(at, scenario_id)
        reruns = [timed_run(at) for _ in range(args.runs)]
        print(f"{scenario_id:<26} {statistics.median(reruns):>20.1f} {statistics.median(loads):>17.1f}")


if __name__ == "__main__":
    main()
