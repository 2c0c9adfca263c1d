"""rules.md as translatable blocks (tutor/i18n/rules_text.py): each block put back in English is its source
lines, and every translated block keeps its Markdown.

Expectations are hand-worked: the small rules text below is cut into blocks by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.i18n import TRANSLATED
from tutor.i18n.rules_text import blocks
from tutor.i18n.runtime import LOCALES, po_path

ROOT = Path(__file__).resolve().parents[2]
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
