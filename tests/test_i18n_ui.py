"""The app's translation API (:mod:`tutor.i18n.ui`), whole lessons and scenarios in a language, and the
pseudo-language that makes every untranslated string stand out."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from explanation_corpus import corpus, walk

from tutor.content.course import load_course
from tutor.content.localize import lesson_texts, localize_lesson, localize_scenario, scenario_texts
from tutor.engine import Seat
from tutor.engine.cards import Card
from tutor.engine.seats import Team
from tutor.engine.signals import Signal
from tutor.engine.steps import Step
from tutor.i18n import FALLBACKS, UnknownLanguage, ui
from tutor.i18n.runtime import po_path, reload_catalogs
from tutor.i18n.sentences import render

ROOT = Path(__file__).resolve().parent.parent
CZECH = "nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);"


@pytest.fixture
def czech_ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locales = tmp_path / "locales"
    path = po_path(locales, "cs", "ui")
    path.parent.mkdir(parents=True)
    path.write_text(
        f'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Plural-Forms: {CZECH}\\n"\n\n'
        'msgid "Check my answer"\nmsgstr "Zkontrolovat odpověď"\n\n'
        'msgid "{n} card left"\nmsgid_plural "{n} cards left"\n'
        'msgstr[0] "Zbývá {n} karta"\nmsgstr[1] "Zbývají {n} karty"\nmsgstr[2] "Zbývá {n} karet"\n\n'
        'msgctxt "verb"\nmsgid "Play"\nmsgstr "Hrát"\n\n'
        'msgid "{seat} to play"\nmsgstr "Na tahu: {seat}"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr("tutor.i18n.runtime.LOCALES", locales)
    reload_catalogs()
    FALLBACKS.reset()
    yield
    reload_catalogs()
    FALLBACKS.reset()


@pytest.mark.usefixtures("czech_ui")
def test_ui_strings_in_czech_with_three_plural_forms() -> None:
    _ = ui.translator("cs")
    assert _("Check my answer") == "Zkontrolovat odpověď"
    left = [ui.ngettext("cs", "{n} card left", "{n} cards left", n) for n in (1, 3, 5)]
    assert left == ["Zbývá 1 karta", "Zbývají 3 karty", "Zbývá 5 karet"]
    assert ui.pgettext("cs", "verb", "Play") == "Hrát"
    assert ui.gettext("cs", "Play") == "Play", "without its context it is another string"
    assert _("{seat} to play", seat=Seat.S) == "Na tahu: South", "the seat's own word comes from the engine domain"
    assert FALLBACKS.strings("cs") == {("ui", None, "Play"), ("engine", "fmt.seat.S", "South")}


def test_ui_parameters_are_checked_like_a_message() -> None:
    assert ui.gettext("en", "{done} of {total} answered", done=3, total=10) == "3 of 10 answered"
    assert ui.gettext("en", "{count:,} playouts", count=12000) == "12,000 playouts"
    with pytest.raises(TypeError, match=r"missing parameters \['total'\], unexpected \['all'\]"):
        ui.gettext("en", "{done} of {total} answered", done=3, all=10)
    with pytest.raises(TypeError, match=r"missing parameters \[\], unexpected \['name'\]"):
        ui.gettext("en", "Check my answer", name="Ann")
    with pytest.raises(TypeError, match="'n' is the count"):
        ui.ngettext("en", "{n} card", "{n} cards", 2, n=2)
    with pytest.raises(TypeError, match="whole number"):
        ui.ngettext("en", "{n} card", "{n} cards", "2")  # type: ignore[arg-type]
    assert ui.ngettext("en", "One card for {name}", "{n} cards for {name}", 1, name="Ann") == "One card for Ann"
    assert ui.ngettext("en", "One card for {name}", "{n} cards for {name}", 4, name="Ann") == "4 cards for Ann"
    assert ui.gettext("en", "Braces {{like this}} and {x}", x=1) == "Braces {like this} and 1"
    with pytest.raises(UnknownLanguage):
        ui.translator("xx")


def test_typed_text_goes_in_as_it_is() -> None:
    # the API neither escapes nor interprets a learner's text: the page escapes it where Markdown reads it
    assert ui.gettext("en", "Welcome back, {name}", name="**Ann** <b>") == "Welcome back, **Ann** <b>"
    assert ui.gettext("qps", "Welcome back, {name}", name="{x} **Ann**") == "⟦Ŵéĺçóɱé ƀáçķ, {x} **Ann**⟧"


def test_the_pseudo_language_wraps_and_accents_every_translated_string() -> None:
    _ = ui.translator("qps")
    assert _("Check my answer") == "⟦Çĥéçķ ɱý áñšŵéŕ⟧"
    assert ui.ngettext("qps", "{n} card left", "{n} cards left", 2) == "⟦2 çáŕðš ĺéƒţ⟧"
    assert _("{seat} to play", seat=Seat.W) == "⟦⟦Ŵéšţ⟧ ţó þĺáý⟧", "the seat is a translated word too"
    assert FALLBACKS.count("qps") == 0


def test_a_lesson_and_a_scenario_in_a_language_translate_their_texts_only() -> None:
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    lesson = course.lessons[1]
    shown = localize_lesson(lesson, "qps")
    assert [text for _, text in lesson_texts(shown)] == [
        "⟦" + "".join(ch.translate(_ACCENT) for ch in text) + "⟧" for _, text in lesson_texts(lesson)
    ]
    assert shown.scenarios == lesson.scenarios and [s.cards for s in shown.sections] == [
        s.cards for s in lesson.sections
    ]
    assert localize_lesson(lesson, "en") is lesson
    scenario = course.scenarios["spoiled-aces"]
    pseudo = localize_scenario(scenario, "qps")
    assert pseudo.title == "⟦Ţŵó áçéš áţ ţĥé ţóþ⟧"
    assert [key for key, _ in scenario_texts(pseudo)] == [key for key, _ in scenario_texts(scenario)]
    assert pseudo.setup == scenario.setup and pseudo.expect == scenario.expect and pseudo.ask == scenario.ask
    # Texts no catalog holds (an author's new wording): the same texts, in English, each counted once
    reworded = dataclasses.replace(scenario, title="A title no catalog holds", note="A note no catalog holds")
    FALLBACKS.reset()
    assert localize_scenario(reworded, "fr") == reworded
    assert FALLBACKS.count("fr") == len(scenario_texts(reworded)) == 2
    FALLBACKS.reset()


_ACCENT = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ",
)


def notation(s: Step) -> set[str]:
    """The parameter values shown as they are in every language: cards, teams, signal ids, names, seats."""
    found: set[str] = set()
    for _, value in s.params:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Card):
                found |= {item.code, item.name} if item.name else {item.code}  # named cards keep French names
            elif isinstance(item, Team | Seat):
                found.add(item.value)
            elif isinstance(item, Signal):
                found.add(item.id)
            elif isinstance(item, str):
                found.add(item)
            elif isinstance(item, Step):
                found |= notation(item)
    return found


def test_every_step_of_the_corpus_is_wrapped_in_the_pseudo_language() -> None:
    steps = list(walk(corpus()))
    assert len(steps) > 1000
    for s in steps:
        text = render(s, "qps")
        assert text.startswith("⟦") and text.endswith("⟧"), text
        assert text.count("⟦") == text.count("⟧")
        # take away the notation (card codes, seats' letters, teams, signal ids, players' names): no ASCII
        # letter may be left, or some English was not translated
        rest = text
        for raw in sorted(notation(s), key=len, reverse=True):
            rest = rest.replace(raw, "")
        assert not re.search("[A-Za-z]", rest), (s.msg, text)
