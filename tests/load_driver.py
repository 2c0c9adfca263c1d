"""Modules of benchmarks/ for the tests that share them: the load benchmark's simulated learner (``benchmarks/load.py``)
for the tests that drive a served app with it, the import benchmark's bystander (``benchmarks/_bystander.py``).

from load_driver import load_module
load = load_module()          # then load.question(load.Target(...), ...) answers one Practice question
"""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


@cache
def benchmark_module(name: str) -> ModuleType:
    """benchmarks/<name>.py, imported once."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def load_module() -> ModuleType:
    return benchmark_module("load")
