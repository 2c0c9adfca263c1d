"""What every engine computation returns: its outcome and the plain steps that explain it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Explained:
    """Base of every result: ``explanation`` holds short plain-English steps a learner can follow.

    The steps are produced by the same code that computes the result, so they cannot disagree.
    Subclasses add their typed fields and ``outcome()``, the JSON-ready mapping of the scenario contract.
    """

    explanation: tuple[str, ...]

    def outcome(self) -> dict[str, object]:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError
