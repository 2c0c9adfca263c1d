"""``i18n-status`` (tutor/i18n/status.py): how much of what a learner sees each language translates, every
learner-visible string counted, and a broken catalog reported.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tutor.cli import main
from tutor.i18n import LANGUAGES
from tutor.i18n.catalog import MESSAGES
from tutor.i18n.runtime import po_path, pot_path

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "examples"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the example scenarios, for a test to reword."""
    folder = tmp_path / "course"
    shutil.copytree(SCENARIO, folder)
    return folder


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A package with app strings wrapped every way the app may wrap them."""
    folder = tmp_path / "pkg"
    (folder / "app").mkdir(parents=True)
    (folder / "app" / "page.py").write_text(
        "from tutor.i18n import ui\n"
        "\n"
        "\n"
        "def draw(lang: str, left: int) -> None:\n"
        "    _ = ui.translator(lang)\n"
        "    # Translators: the button under a question\n"
        '    print(_("Check my answer"))\n'
        '    print(ui.gettext(lang, "{done} of {total} answered", done=1, total=2))\n'
        '    print(ui.ngettext(lang, "{n} card left", "{n} cards left", left))\n'
        '    print(ui.pgettext(lang, "verb", "Play"))\n'
        '    print(_("Check my answer"))\n',
        encoding="utf-8",
    )
    return folder


def entries(path: Path, lang: str | None = None) -> dict[tuple[str | None, object], object]:
    with path.open("rb") as file:
        catalog = read_po(file, locale=lang)
    return {(m.context, m.id): m for m in catalog if m.id}


def translate_in_file(path: Path, lang: str, translations: dict[str, str]) -> None:
    """What a translator does in Poedit: fill in msgstr for some contexts, and save."""
    with path.open("rb") as file:
        catalog = read_po(file, locale=lang)
    for message in catalog:
        if message.context in translations:
            message.string = translations[message.context]
    with path.open("wb") as file:
        write_po(file, catalog)


def test_i18n_status_counts_every_learner_visible_string(
    tmp_path: Path, course: Path, package: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    locales = tmp_path / "locales"
    monkeypatch.setattr("tutor.authoring.extract.PACKAGE", package)
    assert main(["i18n-extract", "--locales", str(locales), str(course)]) == 0
    capsys.readouterr()
    translate_in_file(po_path(locales, "cs", "engine"), "cs", {"fmt.seat.N": "Sever", "fmt.seat.S": "Jih"})
    translate_in_file(po_path(locales, "cs", "content"), "cs", {"spoiled-aces:title": "Zkažený štych"})
    assert main(["i18n-status", "--locales", str(locales), str(course)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == list(LANGUAGES)
    counts = {
        m[1]: (int(m[2]), int(m[3]), m[4])
        for m in (re.fullmatch(r"(\w+): (\d+)/(\d+) \((\d+)%\)", x) for x in lines)
        if m
    }
    assert len(counts) == 7, lines
    total = len(MESSAGES) + len(entries(pot_path(locales, "content"))) + 4  # four app strings in the package
    assert counts["en"] == (total, total, "100")
    assert counts["cs"] == (3, total, str(300 // total))
    assert counts["fr"] == (0, total, "0")


def test_i18n_status_reports_a_broken_catalog(tmp_path: Path, course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    locales = tmp_path / "locales"
    assert main(["i18n-extract", "--locales", str(locales), str(course)]) == 0
    path = po_path(locales, "mk", "engine")
    translate_in_file(path, "mk", {"trick.led": "{leader} {card}"})  # {card:described} lost its spec
    capsys.readouterr()
    assert main(["i18n-status", "--locales", str(locales), str(course)]) == 1
    captured = capsys.readouterr()
    (problem,) = captured.err.splitlines()
    assert re.fullmatch(
        r".*mk/LC_MESSAGES/engine\.po:\d+: trick\.led: the translation writes \{card\}, the source only "
        r"\{card:described\}",
        problem,
    )
    assert len(captured.out.splitlines()) == 7


def test_i18n_status_of_the_shipped_catalogs_is_one_line_per_language(capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.authoring.extract import sources
    from tutor.cli import main

    total = sum(len(messages) for messages in sources().values())
    assert main(["i18n-status"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == list(LANGUAGES)
    assert lines[0] == f"en: {total}/{total} (100%)"
    for line in lines[1:]:
        match = re.fullmatch(r"[a-z]{2}: (\d+)/(\d+) \((\d+)%\)", line)
        assert match and int(match[2]) == total and int(match[3]) == 100 * int(match[1]) // total, line
