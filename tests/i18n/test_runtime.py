"""The translators' catalogs at run time (tutor/i18n/runtime.py): they parse and compile, carry their sources'
placeholders and plural forms, and a translation put in a catalog reaches the learner (or the English source
does, counted)."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tutor.engine import Seat, Team, card
from tutor.engine.messages import step
from tutor.i18n import FALLBACKS, TRANSLATED, content_text, translate
from tutor.i18n.runtime import (
    DOMAINS,
    LOCALES,
    placeholder_problem,
    po_path,
    read_catalog,
    reload_catalogs,
)
from tutor.i18n.sentences import render

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty catalogs' folder that every lookup reads instead of the shipped one."""
    folder = tmp_path / "locales"
    monkeypatch.setattr("tutor.i18n.runtime.LOCALES", folder)
    reload_catalogs()
    FALLBACKS.reset()
    yield folder
    reload_catalogs()
    FALLBACKS.reset()


def write(locales: Path, lang: str, domain: str, body: str, plural_forms: str | None = None) -> Path:
    forms = (
        plural_forms
        or {
            "fr": "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
            "cs": "nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
        }[lang]
    )
    header = (
        f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Plural-Forms: {forms}\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
    )
    path = po_path(locales, lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(header + body, encoding="utf-8")
    return path


# --- the shipped catalogs --------------------------------------------------------------------------------


def test_every_shipped_catalog_parses_without_a_problem_and_compiles() -> None:
    for lang in TRANSLATED:
        for domain in DOMAINS:
            path = po_path(LOCALES, lang, domain)
            assert path.is_file(), f"{path} is missing: run aluette-tutor i18n-extract"
            catalog = read_catalog(path, lang, domain)
            assert catalog.problems == (), "\n".join(map(str, catalog.problems))
            with path.open("rb") as file:
                po = read_po(file, locale=lang)
            compiled = io.BytesIO()
            write_mo(compiled, po)
            compiled.seek(0)
            translations = gettext.GNUTranslations(compiled)  # what msgfmt's output would give gettext
            assert translations.info()["language"] == lang


def test_plural_forms_follow_each_language() -> None:
    # Czech: 1 -> form 0, 2-4 -> form 1, 0 and 5+ -> form 2; Malay has one form; English, Albanian two.
    expected = {"cs": 3, "fr": 3, "sq": 2, "mk": 2, "ms": 1, "gu": 2}
    assert set(expected) == set(TRANSLATED)
    for lang, nplurals in expected.items():
        text = po_path(LOCALES, lang, "engine").read_text(encoding="utf-8")
        assert f'"Plural-Forms: nplurals={nplurals}; ' in text
        entry = text[text.index('msgctxt "score.points"') :].split("\n\n")[0]
        assert entry.count("msgstr[") == nplurals, entry
    rule = read_catalog(po_path(LOCALES, "cs", "engine"), "cs", "engine").plural
    assert [rule(n) for n in (0, 1, 2, 3, 4, 5, 11, 21, 22)] == [2, 0, 1, 1, 1, 2, 2, 2, 2]


# --- placeholders --------------------------------------------------------------------------------------------


def test_placeholder_rules() -> None:
    source = ("{leader} led {card:described}.",)
    assert placeholder_problem(source, ("{leader} a entamé avec {card:described}.",)) is None
    assert placeholder_problem(source, ("{card:described}, {leader}.",)) is None  # order is the translator's
    assert placeholder_problem(source, ("{lead} a entamé avec {card:described}.",)) == (
        "the translation names {lead}, which the source does not have (source: {card}, {leader})"
    )
    assert placeholder_problem(source, ("{leader} a entamé.",)) == (
        "the translation leaves out {card} (source: {card}, {leader})"
    )
    assert placeholder_problem(source, ("{leader} a entamé avec {card:label}.",)) == (
        "the translation writes {card:label}, the source only {card:described}"
    )
    assert "not a valid template" in str(placeholder_problem(source, ("{leader a entamé",)))
    # a singular form may drop the count only where the English singular does not share it
    plural = ("One card left for {name}", "{n} cards left for {name}")
    assert (
        placeholder_problem(plural, ("Jedna karta pro {name}", "{n} karty pro {name}", "{n} karet pro {name}")) is None
    )
    assert placeholder_problem(plural, ("Jedna karta", "{n} karty pro {name}", "{n} karet pro {name}")) == (
        "the translation leaves out {name} (source: {n}, {name})"
    )
    assert placeholder_problem(plural, ("Jedna karta pro {name}",)) == (
        "the translation leaves out {n} (source: {n}, {name})"
    )


def test_a_deliberately_wrong_catalog_is_reported_line_by_line_and_never_shown(locales: Path) -> None:
    body = (
        'msgctxt "trick.led"\nmsgid "{leader} led {card:described}."\nmsgstr "{lead} vynesl {card:described}."\n\n'
        'msgctxt "draw.end"\nmsgid "All four top cards are out, so the draw ends."\n'
        'msgstr "Všechny čtyři vysoké karty jsou venku, losování končí."\n\n'
        'msgctxt "score.points"\nmsgid "{team} scores {points} point."\nmsgid_plural "{team} scores {points} points."\n'
        'msgstr[0] "{team} získává {points} bod."\nmsgstr[1] "{team} získává {points} body."\n\n'
        '#, fuzzy\nmsgctxt "fmt.seat.N"\nmsgid "North"\nmsgstr "Sever"\n\n'
        'msgctxt "fmt.seat.S"\nmsgid "South"\nmsgstr "{seat} Jih"\n'
    )
    path = write(locales, "cs", "engine", body)
    catalog = read_catalog(path, "cs", "engine", "cs/engine.po")
    assert [str(p) for p in catalog.problems] == [
        "cs/engine.po:8: trick.led: the translation names {lead}, which the source does not have "
        "(source: {card}, {leader})",
        "cs/engine.po:16: score.points: give all 3 plural forms of cs (msgstr[0] to msgstr[2]), found 2",
        "cs/engine.po:27: fmt.seat.S: the translation names {seat}, which the source does not have "
        "(source: no placeholders)",
    ]
    assert list(catalog.entries) == [("draw.end", "All four top cards are out, so the draw ends.")]
    # what a learner sees: the good entry translated, every faulty or fuzzy one in English
    assert render(step("draw.end"), "cs") == "Všechny čtyři vysoké karty jsou venku, losování končí."
    # (the card too: in words, as every translated language names a card, here in the English words)
    assert render(step("trick.led", leader=Seat.N, card=card("A-swords")), "cs") == (
        "North led ace of swords (an ace, tier 9)."
    )


def test_a_catalog_that_is_not_po_is_one_line(locales: Path) -> None:
    path = po_path(locales, "fr", "ui")
    path.parent.mkdir(parents=True)
    path.write_text('msgid "a"\nmsgstr "b"\nthis is not a po line\n', encoding="utf-8")
    (problem,) = read_catalog(path, "fr", "ui", "fr/ui.po").problems
    assert str(problem).startswith("fr/ui.po:1: (file): ") and "\n" not in str(problem)
    assert read_catalog(path, "fr", "ui").entries == {}


def test_a_wrong_plural_forms_header_is_reported(locales: Path) -> None:
    path = write(locales, "cs", "ui", "", plural_forms="nplurals=2; plural=(n != 1);")
    (problem,) = read_catalog(path, "cs", "ui", "cs/ui.po").problems
    assert str(problem) == (
        "cs/ui.po:1: Plural-Forms: the header says nplurals=2; plural=(n != 1), but cs has nplurals=3; "
        "plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2) (run aluette-tutor i18n-extract to set it)"
    )


# --- lookups ---------------------------------------------------------------------------------------------------


def test_a_french_catalog_reaches_the_explanations_with_french_plurals(locales: Path) -> None:
    write(
        locales,
        "fr",
        "engine",
        'msgctxt "trick.led"\nmsgid "{leader} led {card:described}."\n'
        'msgstr "{leader} a entamé avec {card:described}."\n\n'
        'msgctxt "fmt.seat.N"\nmsgid "North"\nmsgstr "Nord"\n\n'
        'msgctxt "score.points"\nmsgid "{team} scores {points} point."\nmsgid_plural "{team} scores {points} points."\n'
        'msgstr[0] "{team} marque {points} point."\nmsgstr[1] "{team} marque {points} de points."\n'
        'msgstr[2] "{team} marque {points} points."\n',
    )
    led = step("trick.led", leader=Seat.N, card=card("A-swords"))
    # the card's words and "an ace" are not translated yet
    assert render(led, "fr") == "Nord a entamé avec ace of swords (an ace, tier 9)."
    # French: 0 and 1 take the singular, a million its own form, the rest the plural
    points = {n: render(step("score.points", team=Team.NS, points=n), "fr") for n in (0, 1, 2, 1_000_000)}
    assert points == {
        0: "NS marque 0 point.",
        1: "NS marque 1 point.",
        2: "NS marque 2 points.",
        1_000_000: "NS marque 1000000 de points.",
    }
    assert render(led) == "North led A-swords (an ace, tier 9).", "English is untouched"


def test_a_missing_translation_falls_back_to_english_and_is_counted(locales: Path) -> None:
    write(locales, "fr", "engine", 'msgctxt "fmt.seat.N"\nmsgid "North"\nmsgstr "Nord"\n')
    assert translate("fr", "fmt.seat.N", "North") == "Nord"
    assert FALLBACKS.count("fr") == 0
    for _ in range(3):  # the same string asked three times is one missing string
        assert translate("fr", "draw.end", "All four top cards are out.") == "All four top cards are out."
    assert translate("fr", "solve.done", "{count} trick", "{count} tricks", 2) == "{count} tricks"
    assert FALLBACKS.count("fr") == 2
    assert FALLBACKS.strings("fr") == {
        ("engine", "draw.end", "All four top cards are out."),
        ("engine", "solve.done", "{count} trick"),
    }
    assert translate("en", "draw.end", "All four top cards are out.") == "All four top cards are out."
    assert FALLBACKS.count("en") == 0, "English is the source: never missing"


def test_content_texts_are_keyed_by_file_id_and_key_path_and_follow_the_english(locales: Path) -> None:
    write(
        locales,
        "cs",
        "content",
        'msgctxt "spoiled-aces:title"\nmsgid "Two aces tie"\nmsgstr "Dvě esa se shodují"\n\n'
        'msgctxt "the-ranking:sections.1.heading"\nmsgid "The eight named cards"\nmsgstr "Osm jmenovaných karet"\n',
    )
    assert content_text("cs", "spoiled-aces", "title", "Two aces tie") == "Dvě esa se shodují"
    assert content_text("cs", "the-ranking", ("sections", 1, "heading"), "The eight named cards") == (
        "Osm jmenovaných karet"
    )
    # the author reworded the English: the old translation no longer fits, so the new English is shown
    assert content_text("cs", "spoiled-aces", "title", "Two aces spoil the trick") == "Two aces spoil the trick"
    assert content_text("cs", "other-file", "title", "Two aces tie") == "Two aces tie"
    assert FALLBACKS.count("cs") == 2


def test_po_files_have_no_entry_twice() -> None:
    for lang in TRANSLATED:
        for domain in DOMAINS:
            text = po_path(LOCALES, lang, domain).read_text(encoding="utf-8")
            # an entry is its context and its English: pgettext gives one context to several strings
            entries = re.findall(r'^msgctxt "(.*)"\nmsgid ((?:".*"\n)+)', text, re.MULTILINE)
            assert len(entries) == len(set(entries)), (lang, domain)
