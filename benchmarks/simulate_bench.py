"""Time the random-deal simulator: deals per second by the difference method, startup excluded.

    .venv/bin/python benchmarks/simulate_bench.py [--runs 5] [--seed 1] [--mordienne]

Each run times ``simulate`` for 20,000 and for 220,000 deals; the rate is 200,000 divided by the
difference of the two times, so fixed costs (imports, the first batch's allocations) cancel out.
If the ``aluette-tutor simulate`` command exists, it is timed the same way as a subprocess (its rate
then excludes interpreter startup too, since both calls pay it). Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout, without installing the package
    sys.path.insert(0, str(ROOT))

from tutor.engine.simulate import simulate  # noqa: E402

SMALL, LARGE = 20_000, 220_000


def time_simulate(deals: int, seed: int, mordienne: bool) -> tuple[float, float]:
    """(wall seconds of the call, seconds the simulator reports for itself)."""
    start = time.perf_counter()
    stats = simulate(deals, seed, mordienne)
    return time.perf_counter() - start, stats.seconds


def bench_function(runs: int, seed: int, mordienne: bool) -> None:
    simulate(SMALL, seed, mordienne)  # warm up: first-touch allocations, numpy's lazy initialisation
    rates = []
    print(f"simulate(), {runs} runs, seed {seed}, mordienne rule {'on' if mordienne else 'off'}:")
    for run in range(1, runs + 1):
        small_wall, small_own = time_simulate(SMALL, seed + run, mordienne)
        large_wall, large_own = time_simulate(LARGE, seed + run, mordienne)
        rate = (LARGE - SMALL) / (large_wall - small_wall)
        rates.append(rate)
        print(
            f"  run {run}: {SMALL:,} deals {small_wall:.4f} s, {LARGE:,} deals {large_wall:.4f} s "
            f"(own timing {small_own:.4f} s / {large_own:.4f} s) -> {rate:,.0f} deals/s"
        )
    print(f"  median: {statistics.median(rates):,.0f} deals/s (min {min(rates):,.0f}, max {max(rates):,.0f})")


def cli_command() -> list[str] | None:
    """The ``aluette-tutor`` command if it is installed and knows ``simulate``, else ``None``."""
    beside = Path(sys.executable).with_name("aluette-tutor")
    found = str(beside) if beside.exists() else shutil.which("aluette-tutor")
    if found is None:
        return None
    try:
        probe = subprocess.run([found, "simulate", "--help"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return [found] if probe.returncode == 0 else None


def time_cli(command: list[str], deals: int, seed: int) -> tuple[float, dict[str, object] | None]:
    start = time.perf_counter()
    done = subprocess.run(
        [*command, "simulate", "--deals", str(deals), "--seed", str(seed), "--json"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"exit {done.returncode}: {done.stderr.strip()[:300]}")
    try:
        return wall, json.loads(done.stdout)
    except json.JSONDecodeError:
        return wall, None


def bench_cli(runs: int, seed: int) -> None:
    command = cli_command()
    if command is None:
        print("aluette-tutor simulate: not available (command missing or has no simulate); skipped.")
        return
    print(f"{command[0]} simulate --json, {runs} runs:")
    rates = []
    for run in range(1, runs + 1):
        try:
            small_wall, small_out = time_cli(command, SMALL, seed + run)
            large_wall, large_out = time_cli(command, LARGE, seed + run)
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            print(f"  run {run}: failed ({error}); skipped.")
            return
        rate = (LARGE - SMALL) / (large_wall - small_wall)
        rates.append(rate)
        own = ""
        small_own = small_out.get("seconds") if isinstance(small_out, dict) else None
        large_own = large_out.get("seconds") if isinstance(large_out, dict) else None
        if isinstance(small_own, float) and isinstance(large_own, float):
            own = f" (own timing {small_own:.4f} s / {large_own:.4f} s)"
        print(
            f"  run {run}: {SMALL:,} deals {small_wall:.3f} s, {LARGE:,} deals {large_wall:.3f} s{own} "
            f"-> {rate:,.0f} deals/s"
        )
    print(f"  median: {statistics.median(rates):,.0f} deals/s (difference method: interpreter startup cancels)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each size (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; run k uses seed + k")
    parser.add_argument("--mordienne", action="store_true", help="score with the optional mordienne rule")
    parser.add_argument("--no-cli", action="store_true", help="skip timing the aluette-tutor command")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    bench_function(args.runs, args.seed, args.mordienne)
    if not args.no_cli:
        bench_cli(args.runs, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
