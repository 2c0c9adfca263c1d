"""The translators' catalogs at run time: read once per process with Babel, checked, looked up in O(1).

Each language has one gettext catalog per domain (:data:`DOMAINS`) in
``tutor/i18n/locales/<lang>/LC_MESSAGES/<domain>.po``. They are read as ``.po`` text by Babel on first use
(no compile step: reading the largest takes milliseconds, once per process) into a dict keyed by
``(msgctxt, msgid)``. Reading also checks each entry, so that a translator's slip never reaches a learner:
an entry whose placeholders differ from its source's, or that gives the wrong number of plural forms, is
left out (the English source is shown instead) and reported by :func:`catalog_problems`, which the tests and
``aluette-tutor i18n-status`` print as ``FILE:LINE: msgctxt: problem``. Fuzzy and empty entries count as
untranslated, as gettext's own tools treat them.

A lookup that finds no translation falls back to English and is remembered in :data:`FALLBACKS`, which the
app and ``i18n-status`` can read.
"""

from __future__ import annotations

import gettext
import string
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po

from tutor.engine.messages import FORMS
from tutor.i18n.catalog import MESSAGES
from tutor.i18n.pseudo import PSEUDO_LANGUAGE, pseudo

DOMAINS = ("engine", "content", "ui")
TEMPLATE_DOMAINS = frozenset({"engine", "ui"})  # their strings are {name:spec} templates; content is plain text
LOCALES = Path(__file__).resolve().parent / "locales"
SOURCE_LANGUAGE = "en"  # lookup() compares with the literal

Entry = str | tuple[str, ...]  # a translation, or its plural forms in the language's order
Key = tuple[str | None, str]  # (msgctxt, msgid)
_FORMATTER = string.Formatter()


def po_path(locales: Path, lang: str, domain: str) -> Path:
    """Where the catalog of ``lang`` for ``domain`` lives."""
    return locales / lang / "LC_MESSAGES" / f"{domain}.po"


def pot_path(locales: Path, domain: str) -> Path:
    """Where the template (the English source) of ``domain`` lives."""
    return locales / f"{domain}.pot"


@cache
def plural_rule(lang: str) -> tuple[int, str]:
    """``(nplurals, plural expression)`` for ``lang``, from Babel's locale data (Czech: 3 forms)."""
    catalog = Catalog(locale=lang)
    return catalog.num_plurals, catalog.plural_expr


@dataclass(frozen=True)
class CatalogProblem:
    """Something wrong in a catalog, as one line: ``FILE:LINE: msgctxt: problem``."""

    file: str
    line: int
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.key}: {self.message}"


@dataclass(frozen=True)
class LoadedCatalog:
    """One language's catalog for one domain: its usable translations, and what was wrong with the rest."""

    lang: str
    domain: str
    entries: dict[Key, Entry] = field(default_factory=dict)
    plural: Callable[[int], int] = field(default=lambda n: int(n != 1))
    problems: tuple[CatalogProblem, ...] = ()


def fields(template: str) -> set[tuple[str, str]]:
    """The ``(name, spec)`` of every placeholder of ``template`` (a conversion counts as part of the spec)."""
    return {
        (name, (f"!{conversion}" if conversion else "") + (spec or ""))
        for _, name, spec, conversion in _FORMATTER.parse(template)
        if name is not None
    }


def split_form(spec: str) -> tuple[str, str | None]:
    """``(spec, form)``: ``"gen"`` -> ``("", "gen")``, ``"label.acc"`` -> ``("label", "acc")``, else no form.

    A form (:data:`tutor.engine.messages.FORMS`) is the translator's: the English never needs one, so a
    translation may add one to any placeholder the source has (the renderer refuses it on a number).
    """
    if spec in FORMS:
        return "", spec
    head, dot, tail = spec.rpartition(".")
    if dot and tail in FORMS:
        return head, tail
    return spec, None


def _without_form(field: tuple[str, str]) -> tuple[str, str]:
    name, spec = field
    base, _ = split_form(spec)
    if "|" in spec:  # a list ("or|label.acc"): the form is its items'
        head, _, items = spec.partition("|")
        item_base = split_form(items)[0]
        base = f"{head}|{item_base}" if item_base else head
    return name, base


def placeholder_problem(sources: Iterable[str], translations: Iterable[str]) -> str | None:
    """Why the translated forms do not carry exactly the source's placeholders, or None if they do.

    Each form may use only the source's placeholders, with a format spec the source uses for that name, and
    must use those every English form shares; together the forms use all of them (a singular form may leave
    out a count that the English singular spells out, as "one trick" does).
    """
    try:
        source_fields = [fields(s) for s in sources]
        translated_fields = [{_without_form(f) for f in fields(t)} for t in translations]
    except ValueError as error:  # an unmatched brace
        return f"the translation is not a valid template ({error}); write a literal brace as {{{{ or }}}}"
    known = set().union(*source_fields)
    names = {name for name, _ in known}
    shared = set.intersection(*({name for name, _ in f} for f in source_fields)) if source_fields else set()
    used: set[str] = set()
    for form in translated_fields:
        for name, spec in sorted(form - known):
            if name not in names:
                return f"the translation names {{{name}}}, which the source does not have (source: {_show(names)})"
            specs = sorted(s for n, s in known if n == name)
            return f"the translation writes {{{name}{_spec(spec)}}}, the source only {_alternatives(name, specs)}"
        form_names = {name for name, _ in form}
        if shared - form_names:
            return f"the translation leaves out {_show(shared - form_names)} (source: {_show(names)})"
        used |= form_names
    if names - used:
        return f"the translation leaves out {_show(names - used)} (source: {_show(names)})"
    return None


def _spec(spec: str) -> str:
    return spec if spec.startswith("!") or not spec else f":{spec}"


def _alternatives(name: str, specs: list[str]) -> str:
    return " or ".join("{" + name + _spec(s) + "}" for s in specs)


def _show(names: Iterable[str]) -> str:
    return ", ".join("{" + name + "}" for name in sorted(names)) or "no placeholders"


def read_catalog(path: Path, lang: str, domain: str, shown: str | None = None) -> LoadedCatalog:
    """The catalog at ``path``, checked; an unreadable file gives an empty catalog and one problem."""
    name = shown or str(path)
    nplurals, expression = plural_rule(lang)
    rule = gettext.c2py(expression)
    if not path.is_file():
        return LoadedCatalog(lang, domain, plural=rule)
    try:
        with path.open("rb") as file:
            catalog = read_po(file, locale=lang, domain=domain, abort_invalid=True)
    except (PoFileError, UnicodeDecodeError, OSError, ValueError) as error:
        why = " ".join(str(error).split())
        return LoadedCatalog(lang, domain, plural=rule, problems=(CatalogProblem(name, 1, "(file)", why),))
    problems: list[CatalogProblem] = []
    if catalog.num_plurals != nplurals or catalog.plural_expr != expression:
        problems.append(
            CatalogProblem(
                name,
                1,
                "Plural-Forms",
                f"the header says nplurals={catalog.num_plurals}; plural={catalog.plural_expr}, but {lang} has "
                f"nplurals={nplurals}; plural={expression} (run aluette-tutor i18n-extract to set it)",
            )
        )
    entries: dict[Key, Entry] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key_name = message.context or "(no context)"
        if isinstance(message.id, tuple | list):
            forms = tuple(message.string or ())
            if not any(forms):
                continue
            if len(forms) != nplurals or not all(forms):
                problems.append(
                    CatalogProblem(
                        name,
                        message.lineno or 1,
                        key_name,
                        f"give all {nplurals} plural forms of {lang} (msgstr[0] to msgstr[{nplurals - 1}]), "
                        f"found {sum(1 for f in forms if f)}",
                    )
                )
                continue
            sources: tuple[str, ...] = tuple(message.id)
            entry: Entry = forms
        else:
            if not message.string or not isinstance(message.string, str):
                continue
            sources, forms, entry = (message.id,), (message.string,), message.string
        if domain in TEMPLATE_DOMAINS:
            problem = placeholder_problem(sources, forms)
            if problem:
                problems.append(CatalogProblem(name, message.lineno or 1, key_name, problem))
                continue
        entries[(message.context, sources[0])] = entry
    return LoadedCatalog(lang, domain, entries, rule, tuple(problems))


@cache
def loaded(lang: str, domain: str, locales: Path = LOCALES) -> LoadedCatalog:
    """The catalog of ``lang`` for ``domain``, read on first use and kept for the life of the process."""
    path = po_path(locales, lang, domain)
    try:
        shown = str(path.relative_to(Path.cwd()))
    except ValueError:
        shown = str(path)
    return read_catalog(path, lang, domain, shown)


# The catalog each lookup reads, by (lang, domain): the folder it came from, its entries and plural rule.
# One dict read and an identity check per lookup (the folder is compared because a test may point
# LOCALES elsewhere); everything else was done when the catalog was read.
_CURRENT: dict[tuple[str, str], tuple[Path, dict[Key, Entry], Callable[[int], int]]] = {}


# The translated singular engine messages of each language, by message id, each with the registry's own
# English string object: :func:`tutor.i18n.translate` finds a word with one dict read and two identity checks
# (no key tuple to build, no template compared character by character).
ENGINE_WORDS: dict[str, tuple[Path, dict[str, tuple[str, str]]]] = {}


def current(lang: str, domain: str, locales: Path) -> LoadedCatalog:
    """:func:`loaded`, remembered for the fast paths of :func:`lookup` and :func:`tutor.i18n.translate`."""
    catalog = loaded(lang, domain, locales)
    _CURRENT[(lang, domain)] = (locales, catalog.entries, catalog.plural)
    if domain == "engine":
        words: dict[str, tuple[str, str]] = {}
        for (context, msgid), entry in catalog.entries.items():
            message = MESSAGES.get(context or "")
            if message is not None and message.other is None and message.one == msgid and isinstance(entry, str):
                words[message.id] = (message.one, entry)
        ENGINE_WORDS[lang] = (locales, words)
    return catalog


def reload_catalogs() -> None:
    """Forget every catalog read, so the next lookups read the files again (for tests and tools)."""
    _CURRENT.clear()
    ENGINE_WORDS.clear()
    loaded.cache_clear()


def catalog_problems(languages: Iterable[str], locales: Path = LOCALES) -> list[CatalogProblem]:
    """Every problem of every catalog of ``languages`` (read afresh, not from the process's cache)."""
    found: list[CatalogProblem] = []
    for lang in languages:
        for domain in DOMAINS:
            found.extend(read_catalog(po_path(locales, lang, domain), lang, domain).problems)
    return found


class Fallbacks:
    """The strings looked up in a language that has no translation for them (shown in English instead)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._missing: dict[str, set[tuple[str, str | None, str]]] = {}

    def record(self, lang: str, domain: str, context: str | None, msgid: str) -> None:
        key = (domain, context, msgid)
        if key in self._missing.get(lang, ()):  # recorded already: the usual case, and no lock needed to read
            return
        with self._lock:
            self._missing.setdefault(lang, set()).add(key)

    def count(self, lang: str) -> int:
        """How many distinct strings fell back to English in ``lang`` since the process started."""
        with self._lock:
            return len(self._missing.get(lang, ()))

    def strings(self, lang: str) -> frozenset[tuple[str, str | None, str]]:
        """Those strings, as ``(domain, msgctxt, msgid)``."""
        with self._lock:
            return frozenset(self._missing.get(lang, ()))

    def reset(self) -> None:
        with self._lock:
            self._missing.clear()
            # ENGINE_WORDS serves recorded misses without recording them again: rebuilt on the next lookup
            ENGINE_WORDS.clear()
            _CURRENT.clear()


FALLBACKS = Fallbacks()
_PSEUDO: dict[tuple[str, str | None, str, str | None], Entry] = {}


def lookup(
    lang: str,
    domain: str,
    context: str | None,
    msgid: str,
    plural: str | None = None,
    n: int | None = None,
    locales: Path | None = None,
) -> str:
    """``msgid`` (``plural`` for ``n`` other than one) in ``lang``; English, recorded, if untranslated.

    ``lang`` must already be checked (:func:`tutor.i18n.check_language`); ``locales`` is the catalogs' folder
    (:data:`LOCALES`, read when called, so a test can point it at a folder it made).
    """
    if plural is not None and n is None:
        raise TypeError(f"message {context}: a plural message needs its count")
    if lang == "en":  # the source language (a literal: quicker than reading SOURCE_LANGUAGE)
        return msgid if plural is None or n == 1 else plural
    found = _CURRENT.get((lang, domain))
    if found is None or found[0] is not (locales or LOCALES):
        if lang == PSEUDO_LANGUAGE:
            if domain == "engine" and ENGINE_WORDS.get(lang, (None,))[0] is not LOCALES:
                _pseudo_words()
            return _pseudo(domain, context, msgid, plural, n)
        current(lang, domain, locales or LOCALES)
        found = _CURRENT[(lang, domain)]
    entry = found[1].get((context, msgid))
    if plural is None:
        if entry.__class__ is str:  # the exact type, quicker than isinstance on this hot path
            if domain == "engine" and context is not None:
                _remember(lang, found[0], context, msgid, entry)
            return entry
    elif entry.__class__ is tuple and n is not None:  # n is never None here (checked above): said for mypy
        index = found[2](n)
        if 0 <= index < len(entry):
            return entry[index]
    FALLBACKS.record(lang, domain, context, msgid)
    if plural is None and domain == "engine" and context is not None:
        # Recorded once, the English can be served by translate()'s fast path from now on.
        _remember(lang, found[0], context, msgid, msgid)
    return msgid if plural is None or n == 1 else plural


def _remember(lang: str, locales: Path, context: str, msgid: str, text: str) -> None:
    # translate()'s fast path for a word it did not have: one the registry gained after the catalog was read
    # (a layer registers its messages when it is imported), or one served in English.
    words = ENGINE_WORDS.get(lang)
    if words is not None and words[0] is locales and context not in words[1]:
        words[1][context] = (msgid, text)


def _pseudo_words() -> None:
    words = {m.id: (m.one, pseudo(m.one)) for m in MESSAGES.values() if m.other is None}
    ENGINE_WORDS[PSEUDO_LANGUAGE] = (LOCALES, words)


def _pseudo(domain: str, context: str | None, msgid: str, plural: str | None, n: int | None) -> str:
    key = (domain, context, msgid, plural)
    entry = _PSEUDO.get(key)
    if entry is None:
        template = domain in TEMPLATE_DOMAINS
        entry = pseudo(msgid, template) if plural is None else (pseudo(msgid, template), pseudo(plural, template))
        _PSEUDO[key] = entry
    if isinstance(entry, str):
        return entry
    return entry[0] if n == 1 else entry[1]
