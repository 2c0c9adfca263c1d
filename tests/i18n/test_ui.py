"""The app's translation API (tutor/i18n/ui.py): the ``ui`` strings in a language with its plural forms, their
parameters checked like a message's, and a learner's text passed in as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine import Seat
from tutor.i18n import FALLBACKS, UnknownLanguage, ui
from tutor.i18n.runtime import po_path, reload_catalogs

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
