"""What every engine computation returns: its outcome and the steps that explain it."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.steps import Step


@dataclass(frozen=True)
class Explained:
    """Base of every result: ``explanation`` holds the steps a learner can follow, as data.

    The steps are produced by the same code that computes the result, so they cannot disagree; a
    renderer (:func:`tutor.i18n.sentences.render`) turns each into a sentence in the learner's language.
    Subclasses add their typed fields and ``outcome()``, the JSON-ready mapping of the scenario contract.
    """

    explanation: tuple[Step, ...]

    def outcome(self) -> dict[str, object]:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError
