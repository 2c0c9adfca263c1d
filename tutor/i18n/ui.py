"""The app's own strings (labels, buttons, messages) in the learner's language: the ``ui`` domain.

A page gets the learner's language once and wraps every string it shows::

    from tutor.i18n import ui

    _ = ui.translator(lang)
    st.button(_("Check my answer"))
    st.caption(_("{done} of {total} answered", done=3, total=10))
    st.write(ui.ngettext(lang, "{n} card left", "{n} cards left", count))
    st.button(ui.pgettext(lang, "a verb, on the Play page's button", "Play"))

The English text is the msgid, so it must be a string literal in the call: ``aluette-tutor i18n-extract``
finds these calls with Babel's Python extractor (:data:`KEYWORDS`; a ``# Translators:`` comment just before
the call reaches the translator too). Parameters are named, ``{name}`` or ``{name:spec}``, and checked like
an explanation message's: exactly the template's placeholders, else :class:`TypeError`. Values are formatted
as in explanations (:func:`tutor.i18n.sentences.format_value`): a seat by its title in the language, a card by
its code, ``{count:,}`` with a thousands separator. Text a person typed (a learner's name) is inserted as it
is: escape it with :mod:`tutor.app.markup` where the result is read as Markdown or HTML.

>>> _ = translator("en")
>>> _("{done} of {total} answered", done=3, total=10)
'3 of 10 answered'
>>> ngettext("en", "{n} card left", "{n} cards left", 1)
'1 card left'
>>> gettext("qps", "Check my answer")
'⟦Çĥéçķ ɱý áñšŵéŕ⟧'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.steps import Param, placeholders
from tutor.i18n import check_language
from tutor.i18n.runtime import lookup
from tutor.i18n.sentences import fill

DOMAIN = "ui"
# The calls the extractor reads, as Babel's keyword specs: which argument is the msgid, the plural, the context.
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,  # a translator(lang): _(msgid, **params)
    "gettext": (2,),  # gettext(lang, msgid, **params)
    "ngettext": (2, 3),  # ngettext(lang, singular, plural, n, **params)
    "pgettext": ((2, "c"), 3),  # pgettext(lang, context, msgid, **params)
    "npgettext": ((2, "c"), 3, 4),  # npgettext(lang, context, singular, plural, n, **params)
    "N_": None,  # N_(msgid): marks a template kept as data, worded later with gettext (see :func:`N_`)
    "N_plural": (1, 2),  # N_plural(singular, plural): the same for a pair of plural forms
}


def N_(msgid: str, /) -> str:
    """``msgid`` itself: marks an English template that code outside the app keeps as data (an import
    problem, say), so that the extractor finds it; the app words it later with :func:`gettext`."""
    return msgid


def N_plural(singular: str, plural: str, /) -> tuple[str, str]:
    """``(singular, plural)`` itself: :func:`N_` for a message with plural forms, worded with :func:`ngettext`."""
    return singular, plural


def gettext(lang: str, msgid: str, /, **params: Param) -> str:
    """``msgid`` in ``lang``, its placeholders filled with ``params``."""
    return _fill(lang, None, msgid, None, None, params)


def ngettext(lang: str, singular: str, plural: str, n: int, /, **params: Param) -> str:
    """The form of ``singular``/``plural`` that ``n`` calls for in ``lang``; ``{n}`` in them is ``n``."""
    return _fill(lang, None, singular, plural, n, params)


def pgettext(lang: str, context: str, msgid: str, /, **params: Param) -> str:
    """``msgid`` in ``lang``, told apart from the same English word elsewhere by ``context``."""
    return _fill(lang, context, msgid, None, None, params)


def npgettext(lang: str, context: str, singular: str, plural: str, n: int, /, **params: Param) -> str:
    """:func:`ngettext` with a context."""
    return _fill(lang, context, singular, plural, n, params)


@dataclass(frozen=True)
class Translator:
    """:func:`gettext` with the language bound: ``_ = translator(lang)``, then ``_("Text", name=value)``."""

    lang: str

    def __call__(self, msgid: str, /, **params: Param) -> str:
        return _fill(self.lang, None, msgid, None, None, params)


def translator(lang: str) -> Translator:
    """A :class:`Translator` for ``lang`` (checked: :class:`tutor.i18n.UnknownLanguage` if unknown)."""
    return Translator(check_language(lang))


def _fill(
    lang: str, context: str | None, msgid: str, plural: str | None, n: int | None, params: dict[str, Param]
) -> str:
    names = placeholders(msgid) | placeholders(plural or "")
    values = dict(params)
    if plural is not None:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"ui string {msgid!r}: the count must be a whole number, not {n!r}")
        if "n" in params:
            raise TypeError(f"ui string {msgid!r}: 'n' is the count, given already")
        if "n" in names:
            values["n"] = n
    if set(values) != names:
        missing, extra = sorted(names - set(values)), sorted(set(values) - names)
        raise TypeError(f"ui string {msgid!r}: missing parameters {missing}, unexpected {extra}")
    template = lookup(check_language(lang), DOMAIN, context, msgid, plural, n)
    return fill(template, values, lang, msgid, sentence=msgid.rstrip()[-1:] in ".:!?")
