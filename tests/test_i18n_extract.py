"""``i18n-extract`` and ``i18n-status``: templates from the English sources, catalogs updated like msgmerge,
translations kept, changed English made fuzzy, every learner-visible string counted."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tutor.authoring.extract import extract, ui_messages
from tutor.cli import main
from tutor.i18n import LANGUAGES
from tutor.i18n.catalog import MESSAGES
from tutor.i18n.runtime import po_path, pot_path

ROOT = Path(__file__).resolve().parent.parent
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


def test_the_extractor_finds_every_wrapped_app_string(package: Path) -> None:
    found = {(m.context, m.msgid, m.plural): m for m in ui_messages(package)}
    assert set(found) == {
        (None, "Check my answer", None),
        (None, "{done} of {total} answered", None),
        (None, "{n} card left", "{n} cards left"),
        ("verb", "Play", None),
    }
    check = found[(None, "Check my answer", None)]
    assert [(Path(file).name, line) for file, line in check.locations] == [("page.py", 7), ("page.py", 11)]
    assert check.comments == ("the button under a question",)


def test_extract_writes_templates_and_a_catalog_per_language(tmp_path: Path, course: Path, package: Path) -> None:
    locales = tmp_path / "locales"
    written = extract(locales, [str(course)], package)
    assert len(written) == 3 + 3 * 6
    engine = entries(pot_path(locales, "engine"))
    assert len(engine) == len(MESSAGES)
    points = engine[("score.points", ("{team} scores {points} point.", "{team} scores {points} points."))]
    assert points.string == ("", "")
    content = entries(pot_path(locales, "content"))
    title = content[("spoiled-aces:title", "Two aces at the top")]
    assert title.locations == [(str(course / "spoiled-aces.yaml"), 2)]
    course_texts = [context for context, _ in content if not context.startswith("rules:")]  # rules.md's blocks
    assert course_texts and all(context.split(":")[1] in ("title", "hint", "note") for context in course_texts)
    assert ("verb", "Play") in entries(pot_path(locales, "ui"))
    cs = po_path(locales, "cs", "ui").read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=3;' in cs and 'msgstr[2] ""' in cs
    assert extract(locales, [str(course)], package) == [], "nothing changed: no file is rewritten"


def test_translations_survive_and_changed_english_becomes_fuzzy(tmp_path: Path, course: Path, package: Path) -> None:
    locales = tmp_path / "locales"
    extract(locales, [str(course)], package)
    translate_in_file(
        po_path(locales, "fr", "content"),
        "fr",
        {"spoiled-aces:title": "Un pli gâté : deux as à égalité", "spoiled-aces:note": "Note traduite."},
    )
    translate_in_file(po_path(locales, "fr", "engine"), "fr", {"fmt.seat.N": "Nord"})
    scenario = course / "spoiled-aces.yaml"
    scenario.write_text(
        scenario.read_text(encoding="utf-8").replace("Two aces at the top", "Two aces tie, so nobody wins"),
        encoding="utf-8",
    )
    extract(locales, [str(course)], package)
    content = entries(po_path(locales, "fr", "content"), "fr")
    reworded = content[("spoiled-aces:title", "Two aces tie, so nobody wins")]
    assert reworded.fuzzy and reworded.string == "Un pli gâté : deux as à égalité"
    text = po_path(locales, "fr", "content").read_text(encoding="utf-8")
    assert '#, fuzzy\n#| msgid "Two aces at the top"\nmsgctxt "spoiled-aces:title"\n' in text, "the old English shown"
    assert not next(m for (ctx, _), m in content.items() if ctx == "spoiled-aces:note").fuzzy
    assert entries(po_path(locales, "fr", "engine"), "fr")[("fmt.seat.N", "North")].string == "Nord"


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


def test_extract_refuses_content_with_problems(
    tmp_path: Path, course: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (course / "broken.yaml").write_text("id: broken\ntitle: [not, text]\n", encoding="utf-8")
    assert main(["i18n-extract", "--locales", str(tmp_path / "locales"), str(course)]) == 1
    err = capsys.readouterr().err
    assert "broken.yaml:" in err and "Traceback" not in err
    assert not (tmp_path / "locales").exists(), "nothing is written from a course with problems"
