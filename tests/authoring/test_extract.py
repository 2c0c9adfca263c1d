"""``i18n-extract`` (tutor/i18n/extract.py): templates from the English sources (rules.md's blocks among them),
catalogs updated like msgmerge, translations kept, changed English made fuzzy, and the shipped templates up to
date."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tutor.authoring.extract import ExtractError, extract, rules_messages, ui_messages
from tutor.cli import main
from tutor.i18n.catalog import MESSAGES
from tutor.i18n.rules_text import blocks
from tutor.i18n.runtime import LOCALES, po_path, pot_path

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


def test_extract_refuses_content_with_problems(
    tmp_path: Path, course: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (course / "broken.yaml").write_text("id: broken\ntitle: [not, text]\n", encoding="utf-8")
    assert main(["i18n-extract", "--locales", str(tmp_path / "locales"), str(course)]) == 1
    err = capsys.readouterr().err
    assert "broken.yaml:" in err and "Traceback" not in err
    assert not (tmp_path / "locales").exists(), "nothing is written from a course with problems"


def test_the_templates_hold_exactly_the_current_english_sources() -> None:
    from tutor.authoring.extract import sources

    for domain, messages in sources().items():
        with pot_path(LOCALES, domain).open("rb") as file:
            pot = read_po(file)
        written = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in pot if m.id}
        current = {(m.context, m.msgid if m.plural is None else (m.msgid, m.plural)) for m in messages}
        assert written == current, f"{domain}.pot is out of date: run aluette-tutor i18n-extract"


RULES = ROOT / "tutor" / "app" / "rules.md"

SMALL = """\
# Little game: its rules

A preface that runs
over two lines.

## 1. Players
- Two players.
- Each plays
  one card.

| tier | card |
| --- | --- |
| 1 | 3-coins |

## 2. Scoring
1. Most tricks wins.
2. A tie is
a draw.

Decision: none.
"""

# --- extraction -------------------------------------------------------------------------------------------


def test_extraction_gives_one_entry_per_block_of_a_small_rules_text(tmp_path: Path) -> None:
    path = tmp_path / "rules.md"
    path.write_text(SMALL, encoding="utf-8")
    found = [(m.context, m.msgid, m.locations[0][1]) for m in rules_messages(path)]
    assert found == [
        ("rules:0:0", "Little game: its rules", 1),
        ("rules:0:1", "A preface that runs over two lines.", 3),
        ("rules:1:0", "Players", 6),  # the number is notation and the anchor, not a word to translate
        ("rules:1:1", "Two players.", 7),
        ("rules:1:2", "Each plays one card.", 8),
        ("rules:1:3", "| tier | card |\n| --- | --- |\n| 1 | 3-coins |", 11),
        ("rules:2:0", "Scoring", 15),
        ("rules:2:1", "Most tricks wins.", 16),
        ("rules:2:2", "A tie is a draw.", 17),  # a line with no indent still carries on the item (as Markdown reads it)
        ("rules:2:3", "Decision: none.", 20),
    ]
    assert all(m.locations[0][0] == str(path) for m in rules_messages(path))


def test_an_unreadable_rules_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "rules.md"
    path.write_bytes(b"# Title\n\xff\xfe broken\n")
    with pytest.raises(ExtractError, match=r"rules\.md:1: \(file\): cannot be read"):
        rules_messages(path)


def test_the_shipped_template_holds_every_block_of_rules_md() -> None:
    with (LOCALES / "content.pot").open("rb") as file:
        template = {(m.context, m.id) for m in read_po(file) if m.id}
    cut = blocks(RULES.read_text(encoding="utf-8"))
    assert len(cut) == 50  # 11 headings + 5 paragraphs + 31 list items + 3 tables, counted in rules.md
    assert sum(b.kind == "table" for b in cut) == 3 and sum(b.kind == "heading" for b in cut) == 11
    assert {(b.context, b.text) for b in cut} <= template
