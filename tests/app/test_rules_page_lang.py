"""The Rules page in the learner's language: the page built from rules.md's translated blocks.

Expectations are hand-worked: the Czech words are the ones the Czech catalog was written with (štych, zkažený,
stupeň); anchors are the section numbers.
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

from tutor.i18n import FALLBACKS, LANGUAGES
from tutor.i18n.pseudo import pseudo
from tutor.i18n.rules_text import blocks, translated
from tutor.i18n.runtime import LOCALES, po_path, reload_catalogs

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "tutor" / "app" / "rules.md"


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
    assert len(body) >= 11  # the introduction and the ten sections
    for value in body:  # every paragraph, list item and table starts wrapped (after a list marker)
        for part in re.split(r"\n\n|\n(?=- |\d+\. )", value):
            assert re.match(r"(- |\d+\. |\*\*)?⟦", part), part[:60]
    for label in [s.value for s in at.subheader]:
        assert label.startswith("⟦") and label.endswith("⟧")
    labels = [e.label for e in at.expander]  # the page's own (the sidebar's others are not this page's)
    assert pseudo("Contents of the rules") in labels
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
    assert "| 19 | trojka mečů, trojka holí | |" in text, "the tables name the cards in Czech"
    table_rows = [line for line in text.splitlines() if line.startswith("|")]
    assert not [row for row in table_rows if re.search(r"\b[0-9AKCJ]-(coins|cups|swords|clubs)\b", row)]
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
