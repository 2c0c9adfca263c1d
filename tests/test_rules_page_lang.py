"""The Rules page in the learner's language: rules.md's blocks in the content catalog, and the page built from them.

Expectations are hand-worked: the small rules text below is cut into blocks by hand; the Czech words are the
ones the Czech catalog was written with (štych, zkažený, stupeň); anchors are the section numbers.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.authoring.extract import ExtractError, rules_messages
from tutor.i18n import FALLBACKS, LANGUAGES, TRANSLATED
from tutor.i18n.pseudo import pseudo
from tutor.i18n.rules_text import blocks, translated
from tutor.i18n.runtime import LOCALES, po_path, reload_catalogs

ROOT = Path(__file__).resolve().parent.parent
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


def rules_page(lang: str) -> AppTest:
    return open_page("screens/rules.py", query={"lang": lang})


def shown(at: AppTest) -> list[str]:
    """Every text the page shows, in the order of each kind of element."""
    return (
        [t.value for t in at.title]
        + [h.value for h in at.header]
        + [s.value for s in at.subheader]
        + [m.value for m in at.markdown]
        + [e.label for e in at.expander]
    )


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


def test_the_blocks_put_back_in_english_are_the_source_lines(tmp_path: Path) -> None:
    cut = blocks(SMALL)
    assert [b.source for b in cut if b.kind == "item"] == [
        "- Two players.",
        "- Each plays\n  one card.",
        "1. Most tricks wins.",
        "2. A tie is\na draw.",
    ]
    assert [b.tight for b in cut if b.kind == "item"] == [False, True, False, True]
    assert cut[4].markdown("Chacun joue\nune carte.") == "- Chacun joue une carte.", "an item stays one list item"
    assert cut[2].markdown("Joueurs") == "## 1. Joueurs"


def test_an_unreadable_rules_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "rules.md"
    path.write_bytes(b"# Title\n\xff\xfe broken\n")
    with pytest.raises(ExtractError, match=r"rules\.md:1: \(file\): cannot be read"):
        rules_messages(path)


def test_the_shipped_template_holds_every_block_of_rules_md() -> None:
    with (LOCALES / "content.pot").open("rb") as file:
        template = {(m.context, m.id) for m in read_po(file) if m.id}
    cut = blocks(RULES.read_text(encoding="utf-8"))
    assert len(cut) == 51  # 11 headings + 6 paragraphs + 31 list items + 3 tables, counted in rules.md
    assert sum(b.kind == "table" for b in cut) == 3 and sum(b.kind == "heading" for b in cut) == 11
    assert {(b.context, b.text) for b in cut} <= template


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translated_block_keeps_its_markdown(lang: str) -> None:
    """The same code spans, bold, tables of the same shape: what a translator must not change."""
    with po_path(LOCALES, lang, "content").open("rb") as file:
        catalog = {m.context: m.string for m in read_po(file) if m.id and not m.fuzzy and isinstance(m.string, str)}
    for block in blocks(RULES.read_text(encoding="utf-8")):
        text = catalog.get(block.context)
        assert text, f"{lang}: {block.context} is not translated"
        assert sorted(re.findall(r"`[^`]+`", text)) == sorted(re.findall(r"`[^`]+`", block.text)), block.context
        assert text.count("**") == block.text.count("**"), block.context
        if block.kind == "table":
            rows, english = text.splitlines(), block.text.splitlines()
            assert len(rows) == len(english), block.context
            assert [r.count("|") for r in rows] == [r.count("|") for r in english], block.context
            assert rows[1] == english[1]
        else:
            assert "\n" not in text, f"{lang}: {block.context} must stay one paragraph"


# --- the page ---------------------------------------------------------------------------------------------


def test_in_the_pseudo_language_every_block_and_label_is_wrapped() -> None:
    at = rules_page("qps")
    english = [b for b in blocks(RULES.read_text(encoding="utf-8"))]
    texts = shown(at)
    page = "\n".join(texts)
    for block in english:
        if block.kind != "table":
            assert block.text not in page, f"{block.context} is shown in English"
    # every heading: its number, then the wrapped words
    assert all(re.fullmatch(r"(\d+\. )?⟦[^⟧]+⟧", h) for h in [t.value for t in at.title] + [h.value for h in at.header])
    assert len(at.header) == 10
    body = [m.value for m in at.markdown if "<table" not in m.value and not m.value.startswith("- [")]
    assert len(body) >= 11  # the preface and the ten sections
    for value in body:  # every paragraph, list item and table starts wrapped (after a list marker)
        for part in re.split(r"\n\n|\n(?=- |\d+\. )", value):
            assert re.match(r"(- |\d+\. |\*\*)?⟦", part), part[:60]
    for label in [s.value for s in at.subheader]:
        assert label.startswith("⟦") and label.endswith("⟧")
    labels = [e.label for e in at.expander]  # the page's own two (the sidebar's others are not this page's)
    assert pseudo("About this page (for lesson authors)") in labels and pseudo("Contents of the rules") in labels
    chart = next(m.value for m in at.markdown if 'class="tier-chart"' in m.value)
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", chart)
    assert heads and all(h.startswith("⟦") for h in heads)


def test_in_czech_the_page_reads_czech() -> None:
    at = rules_page("cs")
    assert "7. Hra" in [h.value for h in at.header]
    assert "3. Pořadí karet" in [h.value for h in at.header]
    text = "\n".join(m.value for m in at.markdown)
    assert "- **Zkažený štych** (*pourrie*): pokud nejlepší zahraný stupeň sdílejí dvě nebo více karet" in text
    assert "Po devátém štychu získá hráč, který vyhrál nejvíc štychů, jeden bod pro svou dvojici." in text
    assert "| 19 | 3-swords, 3-clubs | |" in text, "card codes stay as they are"
    chart = next(m.value for m in at.markdown if 'class="tier-chart"' in m.value)
    assert "<th>stupeň</th>" in chart and "osmičky" in chart  # the engine's Czech name of tier 14
    signals = next(m.value for m in at.markdown if 'class="signals-table"' in m.value)
    assert '<th role="columnheader">co říká</th>' in signals and "pokrčit rameny" in signals
    assert [s.value for s in at.subheader] == ["19 stupňů v obrázcích", "Znamení v obrázcích"]
    assert any(m.value == "**Obsah**" for m in at.markdown)


def anchors_and_links(at: AppTest) -> tuple[list[str], list[str]]:
    anchors = [t.proto.anchor for t in [*at.title, *at.header, *at.subheader]]
    contents = next(m.value for m in at.markdown if m.value.startswith("- [1."))
    return anchors, re.findall(r"\]\((#[^)]+)\)", contents)


def test_anchors_and_contents_links_are_the_same_in_every_language() -> None:
    english = anchors_and_links(rules_page("en"))
    assert english[0][:3] == ["rules", "section-1", "section-2"] and "tier-chart" in english[0]
    assert english[1] == [f"#section-{n}" for n in range(1, 11)]
    for lang in [*LANGUAGES, "qps"]:
        assert anchors_and_links(rules_page(lang)) == english, lang


@pytest.fixture
def czech_without_the_spoiled_trick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The shipped Czech catalogs, with the block on the spoiled trick (rules:7:3) left untranslated."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES / "cs", locales / "cs")
    path = po_path(locales, "cs", "content")
    with path.open("rb") as file:
        catalog = read_po(file, locale="cs")
    spoiled = next(m for m in catalog if m.context == "rules:7:3")
    spoiled.string = ""
    with path.open("wb") as file:
        write_po(file, catalog)
    monkeypatch.setattr("tutor.i18n.runtime.LOCALES", locales)
    reload_catalogs()
    FALLBACKS.reset()
    yield str(spoiled.id)
    reload_catalogs()
    FALLBACKS.reset()


def test_a_missing_translation_shows_that_block_in_english_and_is_counted(czech_without_the_spoiled_trick: str) -> None:
    english = czech_without_the_spoiled_trick
    assert english.startswith("**Spoiled trick** (*pourrie*)")
    block = next(b for b in blocks(RULES.read_text(encoding="utf-8")) if b.context == "rules:7:3")
    assert translated(block, "cs") == block.source
    at = rules_page("cs")
    text = "\n".join(m.value for m in at.markdown)
    assert block.source in text and "Zkažený štych" not in text
    assert "Hraje se celkem devět štychů" in text, "the blocks around it are still Czech"
    assert ("content", "rules:7:3", english) in FALLBACKS.strings("cs")
    assert not any(
        context and context.startswith("rules:") and context != "rules:7:3" for _, context, _ in FALLBACKS.strings("cs")
    )
