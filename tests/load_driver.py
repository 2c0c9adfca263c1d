"""The load benchmark's simulated learner (``benchmarks/load.py``) for the tests that drive a served app with it.

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
def load_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("load", ROOT / "benchmarks" / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["load"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module
