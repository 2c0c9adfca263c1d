"""The languages the tutor speaks, and one lookup for each kind of text a learner sees.

English is the source language; French, Czech, Albanian, Macedonian, Malay and Gujarati are translated in
gettext catalogs (``tutor/i18n/locales``, one per language and domain, read with Babel by
:mod:`tutor.i18n.runtime`; ``docs/translating.md`` is the translators' guide). Three domains:

* ``engine``: the explanation messages (:mod:`tutor.i18n.catalog`): msgctxt = message id, msgid = English
  template. :func:`translate` is their lookup; :mod:`tutor.i18n.sentences` renders steps with it.
* ``content``: every learner-visible text of the lessons and scenarios: msgctxt = ``"<file id>:<key path>"``,
  msgid = the English text of the YAML file, which stays the single source. :func:`content_text` (or
  :mod:`tutor.content.localize` for a whole lesson or scenario).
* ``ui``: the app's own strings, through :mod:`tutor.i18n.ui`.

A string with no translation is shown in English and recorded (:data:`FALLBACKS`). The pseudo-language
``qps`` (never offered to learners) wraps every translated string in ⟦…⟧, so that an untranslated one
stands out in a test.

>>> translate("en", "score.points", "{team} scores {points} point.", "{team} scores {points} points.", 2)
'{team} scores {points} points.'
>>> pick_language(query="cs", saved="fr", browser="en-GB")
'cs'
>>> pick_language(query=None, saved=None, browser="fr-CA")
'fr'
"""

from __future__ import annotations

from babel import Locale, UnknownLocaleError

from tutor.i18n import runtime
from tutor.i18n.pseudo import PSEUDO_LANGUAGE
from tutor.i18n.runtime import FALLBACKS, SOURCE_LANGUAGE, lookup

# The languages offered to learners, with their names as their speakers write them (the language menu).
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "cs": "Čeština",
    "sq": "Shqip",
    "mk": "Македонски",
    "ms": "Bahasa Melayu",
    "gu": "ગુજરાતી",
}
LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_NAMES)
TRANSLATED: tuple[str, ...] = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)
_KNOWN = frozenset({*LANGUAGES, PSEUDO_LANGUAGE})

__all__ = [
    "FALLBACKS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "PSEUDO_LANGUAGE",
    "SOURCE_LANGUAGE",
    "TRANSLATED",
    "UnknownLanguage",
    "check_language",
    "content_text",
    "pick_language",
    "translate",
]


class UnknownLanguage(ValueError):
    """A language code the tutor has no catalog for; ``message`` is one line naming the known ones."""

    def __init__(self, lang: object) -> None:
        self.message = f"unknown language {lang!r} (languages: {' '.join(LANGUAGES)})"
        super().__init__(self.message)


def check_language(lang: object) -> str:
    """``lang`` if the tutor speaks it (or it is the pseudo-language), else :class:`UnknownLanguage`."""
    if not isinstance(lang, str) or (lang not in LANGUAGE_NAMES and lang != PSEUDO_LANGUAGE):
        raise UnknownLanguage(lang)
    return lang


def translate(lang: str, context: str, msgid: str, plural: str | None = None, n: int | None = None) -> str:
    """An engine message: ``msgid`` (or, for ``n`` other than one, ``plural``) in ``lang``.

    ``context`` is the message's id; a plural message needs ``n``, the value of its count parameter. The
    English source if the language has no translation (recorded in :data:`FALLBACKS`).
    """
    if lang.__class__ is not str or lang not in _KNOWN:  # check_language, inlined: this is called per word
        raise UnknownLanguage(lang)
    if plural is None and lang != "en":
        # A translated singular, found without runtime.lookup: a rendered step asks for several words.
        words = runtime.ENGINE_WORDS.get(lang)
        if words is not None and words[0] is runtime.LOCALES:
            found = words[1].get(context)
            if found is not None and found[0] is msgid:  # the registry's English, so the translation fits
                return found[1]
    return lookup(lang, "engine", context, msgid, plural, n)


def content_text(lang: str, file_id: str, key_path: str | tuple[str | int, ...], english: str) -> str:
    """A text of a lesson or scenario in ``lang``: ``english`` is the text its YAML file gives at ``key_path``.

    ``key_path`` as the file's keys lead to it: ``"title"``, ``"sections.2.text"`` or ``("sections", 2,
    "text")``. A translation made for another English text (the file changed since) is not used.
    """
    path = key_path if isinstance(key_path, str) else ".".join(map(str, key_path))
    return lookup(check_language(lang), "content", f"{file_id}:{path}", english)


def pick_language(query: str | None = None, saved: str | None = None, browser: str | None = None) -> str:
    """The language to show: a link's ``?lang=``, else the learner's saved choice, else the browser's.

    Each may be None or anything a person or a browser sent: a code the tutor does not speak is passed over
    (a browser's ``cs-CZ`` or ``cs_CZ`` is Czech), and English is the last resort.
    """
    for wanted in (query, saved):
        if isinstance(wanted, str) and wanted.strip().lower() in LANGUAGE_NAMES:
            return wanted.strip().lower()
    if isinstance(browser, str):
        primary = browser.strip().replace("_", "-").split("-")[0].lower()  # "cs-CZ": the language is "cs"
        if primary in LANGUAGE_NAMES:
            return primary
    return SOURCE_LANGUAGE


def native_name(lang: str) -> str:
    """The language's name in itself, as the language menu shows it (Babel's, where the tutor has none)."""
    if lang in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[lang]
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:]
