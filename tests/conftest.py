"""Every test runs with its own progress database and saved-deals folder, never the learner's real ones; a test
that asks for ``postgres_url`` gets a new database on the run's throwaway PostgreSQL server (``tests/pg_server.py``).

Property tests (Hypothesis) run under one of two profiles, chosen by ``ALUETTE_HYPOTHESIS``:

- ``fast`` (the default, ``make test``): the same examples on every run and no timing limits, so a slow CI
  machine can neither time them out nor draw a different (and so possibly flaky) set of examples.
- ``deep`` (``make test-deep``): fresh random examples on every run, :data:`DEEP_FACTOR` times as many (a
  test's own ``@settings(max_examples=...)`` included), failures saved in ``.hypothesis/`` and replayed first.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from pg_server import postgres_module_url, postgres_server, postgres_url
from store_target import app_store, store

# A real PostgreSQL server for the tests that ask for a database (tests/pg_server.py); ``store``: a test run on
# each backend (tests/store_target.py)
__all__ = ["app_store", "postgres_module_url", "postgres_server", "postgres_url", "store"]

PROFILE_VARIABLE = "ALUETTE_HYPOTHESIS"
DEEP_FACTOR = 20

_COMMON = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.register_profile("fast", _COMMON, derandomize=True, database=None)
# deep keeps the default example count: the collection hook below multiplies every test's count alike
settings.register_profile("deep", _COMMON, derandomize=False)


def profile_name(environ: Mapping[str, str]) -> str:
    """The Hypothesis profile ``environ`` asks for; a one-line usage error for anything but fast or deep."""
    name = environ.get(PROFILE_VARIABLE, "").strip() or "fast"
    if name not in ("fast", "deep"):
        raise pytest.UsageError(f"{PROFILE_VARIABLE}={name!r}: use 'fast' (the default) or 'deep'")
    return name


def pytest_configure(config: pytest.Config) -> None:
    # before collection imports the test modules, whose own @settings take their other values from the profile
    if not config.getoption("hypothesis_profile", None):  # Hypothesis's own --hypothesis-profile wins
        settings.load_profile(profile_name(os.environ))


def pytest_report_header() -> str:
    return f"hypothesis: {PROFILE_VARIABLE}={settings.get_current_profile_name()}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``deep``, multiply the example count of every property test, explicit ``@settings`` included."""
    if settings.get_current_profile_name() != "deep":
        return
    scaled: set[int] = set()
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if not getattr(test, "is_hypothesis_test", False) or id(test) in scaled:
            continue  # a parametrized test shares one function: scale it once
        # Hypothesis keeps a test's settings in this attribute; fail loudly rather than run shallow if it moves.
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if not isinstance(current, settings):
            raise pytest.UsageError(f"{item.nodeid}: cannot find its Hypothesis settings to deepen them")
        test._hypothesis_internal_use_settings = settings(current, max_examples=current.max_examples * DEEP_FACTOR)  # type: ignore[union-attr]
        scaled.add(id(test))


@pytest.fixture(autouse=True)
def private_files(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    folder: Path = tmp_path_factory.mktemp("aluette-home")
    monkeypatch.setenv("ALUETTE_DB", str(folder / "progress.db"))
    monkeypatch.setenv("ALUETTE_PLAYED", str(folder / "played"))


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh progress file for the app (``ALUETTE_DB``), for tests that open it themselves."""
    path = tmp_path / "progress.db"
    monkeypatch.setenv("ALUETTE_DB", str(path))
    return path


@pytest.fixture(autouse=True)
def browser_cookie(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str | None:
    """An AppTest session arrives as from a browser that keeps the cookie the server set
    (``tutor.app.cookie``): one token per test, which a test may replace (``guest.cookies``). AppTest itself
    sends no cookies; the served-app tests check the server's."""
    if "tests/app/" not in str(request.path).replace(os.sep, "/"):
        return None
    import secrets

    token = secrets.token_urlsafe(18)
    monkeypatch.setattr("tutor.app.guest.cookies", lambda: {"aluette_guest": token})
    return token
