"""One kind of scenario as the content layer knows it: a typed entry, defined once by the kind's own module.

Every module of :mod:`tutor.content.kinds` defines ``KIND``, a :class:`ContentKind`: the setup's type and how
it is read from a file, how the engine solves it, its outcome keys and their shapes, and how scenarios of it
are generated. ``ContentKind[TrickSetup]`` reads a :class:`TrickSetup` and its solver takes one, so mypy checks
that the parts of each entry fit together. The loader, the solver, the grader and the generator ask an entry
through :class:`Kind`, whatever the type of its setup, and never name a kind.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Generic, Protocol, TypeVar

from tutor.content.drafting import Draft, Drafting
from tutor.content.outcomes import Shape
from tutor.content.reader import Missing, Reader
from tutor.engine.explained import Explained


class Setup:
    """What a scenario file sets up, read and checked: every kind's setup type derives from this."""


S = TypeVar("S", bound=Setup)


@dataclass(frozen=True)
class ContentKind(Generic[S]):
    """Everything the content layer knows of one kind; ``S`` is the type of its setup."""

    name: str  # the ``kind:`` of a scenario file
    order: int  # its place in every list of kinds (check's message, the command line, Endless's menu)
    setup_type: type[S]
    read: Callable[[Reader, dict[object, object]], S | Missing]  # the ``setup:`` mapping; problems are recorded
    # The engine's result (the flag: the mordienne rule); a RuleViolation's path is under ``setup``.
    solve: Callable[[S, bool], Explained]
    outcomes: Mapping[str, Shape]  # every outcome key, in the engine's order, with what its value is
    generate: Callable[[random.Random, Drafting], Draft]  # one random scenario worth practising
    topics: tuple[str, ...]  # the topics ``generate`` writes
    form_keys: Callable[[S], tuple[str, ...]] | None = None  # the keys a setup's form gives, when not all
    refuse: Callable[[S, str], str | None] | None = None  # why a key may not be asked of a setup, if it may not
    check_expect: Callable[[Reader, object, S], None] | None = None  # checks of ``expect`` beyond its keys' shapes
    # Whether an answer is right where the rules allow answers the comparison by shape would refuse (None: compare).
    accepts: Callable[[str, object, Explained, bool], bool | None] | None = None
    not_asked: tuple[str, ...] = ()  # outcome keys a learner is never asked (the page shows them)
    always_asked: tuple[str, ...] = ()  # keys a learner is always asked, first, whatever the ``ask``
    one_card: tuple[str, ...] = ()  # keys a learner answers with one card, right when it is one of the set
    # The keys of a setup whose answer may change with the optional mordienne rule: their question says
    # whether it is on (None: no answer of this kind depends on it).
    ruled: Callable[[S], tuple[str, ...]] | None = None

    def read_setup(self, r: Reader, written: dict[object, object]) -> Setup | Missing:
        return self.read(r, written)

    def solve_setup(self, setup: Setup, mordienne: bool) -> Explained:
        return self.solve(self._own(setup), mordienne)

    def ruled_keys(self, setup: Setup) -> tuple[str, ...]:
        """The keys whose answer for ``setup`` may depend on the mordienne rule (rules.md section 8)."""
        return () if self.ruled is None else self.ruled(self._own(setup))

    def keys_of(self, setup: Setup | Missing) -> tuple[str, ...]:
        """The outcome keys a scenario with this setup can be asked (all of them while it is unread)."""
        if self.form_keys is None or not isinstance(setup, self.setup_type):
            return tuple(self.outcomes)
        return self.form_keys(setup)

    def refusal(self, setup: Setup | Missing, key: str) -> str | None:
        if self.refuse is None or not isinstance(setup, self.setup_type):
            return None
        return self.refuse(setup, key)

    def check(self, r: Reader, written: object, setup: Setup) -> None:
        if self.check_expect is not None:
            self.check_expect(r, written, self._own(setup))

    def agrees(self, key: str, given: object, result: Explained, partial: bool) -> bool | None:
        return None if self.accepts is None else self.accepts(key, given, result, partial)

    def draft(self, rng: random.Random, drafting: Drafting) -> Draft:
        return self.generate(rng, drafting)

    def _own(self, setup: Setup) -> S:
        if not isinstance(setup, self.setup_type):
            raise TypeError(f"a {self.name} scenario's setup is a {self.setup_type.__name__}, not {setup!r}")
        return setup


class Kind(Protocol):
    """A kind as the rest of the content layer asks it, whatever the type of its setup: the registry's entries."""

    @property
    def name(self) -> str: ...
    @property
    def order(self) -> int: ...
    @property
    def setup_type(self) -> type[Setup]: ...
    @property
    def outcomes(self) -> Mapping[str, Shape]: ...
    @property
    def topics(self) -> tuple[str, ...]: ...
    @property
    def not_asked(self) -> tuple[str, ...]: ...
    @property
    def always_asked(self) -> tuple[str, ...]: ...
    @property
    def one_card(self) -> tuple[str, ...]: ...

    def read_setup(self, r: Reader, written: dict[object, object]) -> Setup | Missing: ...
    def solve_setup(self, setup: Setup, mordienne: bool) -> Explained: ...
    def keys_of(self, setup: Setup | Missing) -> tuple[str, ...]: ...
    def ruled_keys(self, setup: Setup) -> tuple[str, ...]: ...
    def refusal(self, setup: Setup | Missing, key: str) -> str | None: ...
    def check(self, r: Reader, written: object, setup: Setup) -> None: ...
    def agrees(self, key: str, given: object, result: Explained, partial: bool) -> bool | None: ...
    def draft(self, rng: random.Random, drafting: Drafting) -> Draft: ...


class Named(Protocol):
    @property
    def name(self) -> str: ...


E = TypeVar("E", bound=Named)


def registered(package: ModuleType, entry_type: type[E]) -> tuple[E, ...]:
    """The ``KIND`` of every module of ``package``, each an ``entry_type`` named as its module, in file order.

    The modules are found as files, so a kind is registered by adding its module (in each layer's package of
    kinds). A module that defines no ``KIND``, or one named after another kind, is a mistake: ``TypeError``.
    """
    found: list[E] = []
    for module_info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        entry = getattr(module, "KIND", None)
        if not isinstance(entry, entry_type):
            raise TypeError(f"{module.__name__} defines no KIND (a {entry_type.__name__}): every module here is a kind")
        if entry.name != module_info.name:
            raise TypeError(f"{module.__name__} defines the kind {entry.name!r}: a kind's module is named after it")
        found.append(entry)
    return tuple(found)
