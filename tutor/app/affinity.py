"""One core for a served process: ``ALUETTE_CPU=K`` (``aluette-tutor app --cpu K``; ``deploy/cluster.py`` gives
each instance its own) keeps every thread of the server on core K.

Why: Streamlit runs the event loop and each session's script in threads of one process, which take turns holding
Python's GIL, thousands of times a second under load. Spread over several cores, each turn waits for a thread to
wake on another core; on one core it is a plain switch. Measured with 250 simulated learners on the 2-core
development machine (``benchmarks/load.py``, README's Benchmarks), the same process served 24.4 questions a
second pinned against 20-22 free, with a p95 Check of 0.1-0.2 s against 0.5-2.7 s, and less CPU per question: a
process never uses more than about one core anyway. Several instances on one machine each get a core of their own.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

ENV_VAR = "ALUETTE_CPU"


class AffinityError(ValueError):
    """``ALUETTE_CPU`` names no core this process may use: one line saying which it may."""


def allowed() -> list[int]:
    """The cores this process may run on, in order (all of the machine's, unless something narrowed them)."""
    return sorted(os.sched_getaffinity(0))


def core_from(environ: Mapping[str, str]) -> int | None:
    """The core ``ALUETTE_CPU`` names, or None when it is unset or empty (no pinning)."""
    text = environ.get(ENV_VAR, "").strip()
    if not text:
        return None
    cores = allowed()
    if not text.isdigit() or int(text) not in cores:
        raise AffinityError(f"{ENV_VAR}={text!r} is not a core this process may use ({spans(cores)})")
    return int(text)


def pin(core: int) -> None:
    """Every thread of this process on ``core``; threads started later inherit it from the one that starts them."""
    for task in Path("/proc/self/task").iterdir():
        # a thread that has just ended is gone from the list by now or refuses: nothing left to pin
        try:
            os.sched_setaffinity(int(task.name), {core})
        except ProcessLookupError:
            continue


def pin_from(environ: Mapping[str, str]) -> int | None:
    """Pin this process as ``ALUETTE_CPU`` says; the core, or None when it says nothing."""
    core = core_from(environ)
    if core is not None:
        pin(core)
    return core


def spans(cores: list[int]) -> str:
    """``[0, 1, 2, 5]`` as ``"0-2, 5"``, as Linux writes a set of cores."""
    runs: list[list[int]] = []
    for core in cores:
        if runs and core == runs[-1][-1] + 1:
            runs[-1].append(core)
        else:
            runs.append([core])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
