"""A generated scenario's words kept as a message and its parameters, so the app shows them in any language.

The generator (:mod:`tutor.content.generate`) writes its titles and hints with ``_("English {seat}", seat=...)``
from here: the English is a message of the ``ui`` catalog (``aluette-tutor i18n-extract`` finds these
calls like the app's own), the scenario file gets the English text (:attr:`Text.english`, the authors' file
stays English), and the scenario in memory keeps the :class:`Text` so that a page can show it in the
learner's language (:meth:`Text.render`).

>>> from tutor.engine import Seat
>>> hint = _("{seat} leads first.", seat=Seat.E)
>>> hint.english
'East leads first.'
>>> hint.render("fr")  # no translation yet: the English, with the seat in French
'Est leads first.'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.steps import Param, placeholders


@dataclass(frozen=True)
class Text:
    """One ``ui`` message (its English msgid) with its named parameters."""

    message: str
    params: tuple[tuple[str, Param], ...] = ()

    def __post_init__(self) -> None:
        names = {name for name, _value in self.params}
        if names != placeholders(self.message):
            raise TypeError(f"text {self.message!r}: parameters {sorted(names)} do not match its placeholders")

    @property
    def english(self) -> str:
        """The text in the source language, as the scenario file has it."""
        return self.render("en")

    def render(self, lang: str) -> str:
        """The text in ``lang`` (the English where the ``ui`` catalog has no translation)."""
        # imported when shown: the catalogs are the app's concern, not the generator's
        from tutor.i18n import check_language
        from tutor.i18n.runtime import lookup
        from tutor.i18n.sentences import fill

        template = lookup(check_language(lang), "ui", None, self.message, None, None)
        return fill(template, dict(self.params), lang, self.message)


def _(message: str, /, **params: Param) -> Text:
    """Mark ``message`` (a string literal) for the ``ui`` catalog and keep its parameters."""
    return Text(message, tuple(sorted(params.items())))


__all__ = ["Text"]
