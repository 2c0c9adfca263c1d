"""How long `aluette-tutor check` takes, whole process included, on broken files and on all content.

    .venv/bin/python benchmarks/check_bench.py [--runs 5]

Prints the median wall time per case; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent / "aluette-tutor"

CASES: dict[str, bytes] = {
    "unknown card": b"id: t\ntitle: T\nkind: trick\ntopic: x\n"
    b"setup: {leader: N, plays: [Q-cups, 2-cups, 3-cups, 4-cups]}\nask: [winner]\n",
    "yaml syntax error": b"id: t\ntitle: [unclosed\n",
    "binary junk": bytes(range(256)) * 64,
    "python tag": b"id: !!python/object/apply:os.system ['true']\n",
    "deep nesting": b"a: " + b"[" * 10_000 + b"]" * 10_000 + b"\n",
    "alias bomb": (
        "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 12))
    ).encode(),
    "oversized file": b"note: " + b"x" * 5_000_000 + b"\n",
}


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        for name, content in CASES.items():
            path = Path(folder) / (name.replace(" ", "-") + ".yaml")
            path.write_bytes(content)
            times = [timed([str(BIN), "check", str(path)]) for _ in range(runs)]
            print(f"check {name:<18} median {statistics.median(times) * 1000:7.1f} ms  (max {max(times) * 1000:.1f})")
    times = [timed([str(BIN), "check", str(ROOT / "lessons"), str(ROOT / "scenarios")]) for _ in range(runs)]
    count = sum(1 for _ in (ROOT / "scenarios").rglob("*.yaml")) + sum(1 for _ in (ROOT / "lessons").rglob("*.yaml"))
    print(f"check all content ({count} files) median {statistics.median(times) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
