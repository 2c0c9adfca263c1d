"""The translation seam: which languages the tutor speaks, and one lookup for every message.

English is the source language: a message's English template is its ``msgid``, its id the ``msgctxt``
(see :mod:`tutor.engine.messages`). :func:`translate` asks a gettext-style catalog for the language,
exactly as ``pgettext``/``npgettext`` do, and falls back to the English source wherever the catalog has
no entry. Today no catalog exists, so every language in :data:`LANGUAGES` (only ``en``) reads English.

To add a language later: put its code in :data:`LANGUAGES` and make :func:`translations` return its
compiled catalog, e.g. ``gettext.translation("aluette", localedir, languages=[lang], fallback=True)``
(any object with ``pgettext`` and ``npgettext`` will do; plural rules such as Czech's three forms come
with the catalog). Nothing else changes: the renderer (:mod:`tutor.i18n.explain`) only calls
:func:`translate`.
"""

from __future__ import annotations

import gettext
from typing import Protocol

SOURCE_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = (SOURCE_LANGUAGE,)


class UnknownLanguage(ValueError):
    """A language code the tutor has no catalog for; ``message`` is one line naming the known ones."""

    def __init__(self, lang: object) -> None:
        self.message = f"unknown language {lang!r} (languages: {' '.join(LANGUAGES)})"
        super().__init__(self.message)


class Translations(Protocol):
    """What a catalog must answer: gettext's contextual lookups (``gettext.GNUTranslations`` has both)."""

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str: ...


_SOURCE = gettext.NullTranslations()  # answers every lookup with the English source, plural rule n == 1


def check_language(lang: object) -> str:
    """``lang`` if the tutor speaks it, else :class:`UnknownLanguage`."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    return lang


def translations(lang: str) -> Translations:
    """The catalog for ``lang``. The seam for real catalogs: today every language reads the English source."""
    check_language(lang)
    return _SOURCE


def translate(lang: str, context: str, msgid: str, plural: str | None = None, n: int | None = None) -> str:
    """``msgid`` (or, for ``n`` other than one, ``plural``) in ``lang``; the English source if untranslated.

    ``context`` is the message's id. A plural message needs ``n``, the value of its count parameter.
    """
    catalog = translations(lang)
    if plural is None:
        return catalog.pgettext(context, msgid)
    if n is None:
        raise TypeError(f"message {context}: a plural message needs its count")
    return catalog.npgettext(context, msgid, plural, n)
