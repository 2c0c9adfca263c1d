"""rules.md as translatable blocks: each heading, paragraph, list item and table, in order.

The English ``rules.md`` stays the single source. :func:`blocks` cuts it into the units a translator works on
(the ``content`` catalog, msgctxt ``rules:<section>:<n>``: the n-th block of section ``<section>``, the
section's number as its heading gives it, ``0`` for the title and the preface before section 1), and the Rules
page puts the translated blocks back together. A heading's msgid is its title without the number (``The
ranking`` for ``## 3. The ranking``): the number is notation and the page's anchor. A list item's msgid is its
text without the marker, its wrapped lines joined by spaces; a table's is the whole table, one row a line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from tutor.i18n import check_language
from tutor.i18n.runtime import lookup

DOMAIN = "content"
PREFIX = "rules"  # the msgctxt's first part; no lesson or scenario has this id (see content_messages)
PREFACE = "0"  # the section of the title and the text before the first numbered heading

Kind = Literal["heading", "paragraph", "item", "table"]
_HEADING = re.compile(r"^(#{1,6}) +(.+?) *$")
_NUMBERED = re.compile(r"^(\d+)\. +(.+)$")
_ITEM = re.compile(r"^( {0,3})([-*+]|\d+[.)]) +(.*)$")


@dataclass(frozen=True)
class Block:
    """One unit of rules.md: what a translator sees (``text``) and the Markdown it came from (``source``)."""

    section: str  # the number of the section it is in ("3"), PREFACE before the first numbered heading
    index: int  # its place in the section, the heading being 0
    line: int  # the line of rules.md it starts on (1-based)
    kind: Kind
    text: str  # the msgid: the words alone (no '#', no number of a heading, no list marker)
    source: str  # the block exactly as rules.md writes it
    level: int = 0  # a heading's level (1 for '#')
    marker: str = ""  # a list item's marker ("-", "1.")
    tight: bool = False  # an item that follows the previous item with no blank line between (same list)

    @property
    def context(self) -> str:
        return f"{PREFIX}:{self.section}:{self.index}"

    def markdown(self, translated: str) -> str:
        """The block as Markdown with ``translated`` for its words; the source itself when they are English."""
        if translated == self.text:
            return self.source
        if self.kind == "heading":
            number = f"{self.section}. " if self.section != PREFACE and self.level > 1 else ""
            return f"{'#' * self.level} {number}{_one_line(translated)}"
        if self.kind == "item":
            return f"{self.marker} {_one_line(translated)}"
        return translated


def _one_line(text: str) -> str:
    return " ".join(text.split())


def blocks(markdown: str) -> tuple[Block, ...]:
    """The blocks of ``markdown`` (rules.md's text), in order."""
    found: list[Block] = []
    section, index = PREFACE, 0
    lines = markdown.splitlines()
    i = 0
    blank_before = True
    while i < len(lines):
        line = lines[i]
        start = i + 1
        if not line.strip():
            blank_before, i = True, i + 1
            continue
        heading = _HEADING.match(line)
        item = _ITEM.match(line)
        if heading:
            level, title = len(heading.group(1)), heading.group(2)
            numbered = _NUMBERED.match(title)
            if level <= 2:
                if numbered:
                    section, index = numbered.group(1), 0
                elif level == 2:
                    section, index = f"{section}+", 0  # an unnumbered section: after the one before it
            text = numbered.group(2) if numbered and level > 1 else title
            found.append(Block(section, index, start, "heading", text, line, level=level))
            index, i, blank_before = index + 1, i + 1, True
            continue
        if line.lstrip().startswith("|"):
            end = i
            while end < len(lines) and lines[end].lstrip().startswith("|"):
                end += 1
            table = "\n".join(lines[i:end])
            found.append(Block(section, index, start, "table", table, table))
            index, i, blank_before = index + 1, end, False
            continue
        end = i + 1
        while end < len(lines) and _continues(lines[end]):
            end += 1
        source = "\n".join(lines[i:end])
        if item:
            words = " ".join([item.group(3), *(s.strip() for s in lines[i + 1 : end])])
            tight = not blank_before and bool(found) and found[-1].kind == "item"
            found.append(
                Block(section, index, start, "item", _one_line(words), source, marker=item.group(2), tight=tight)
            )
        else:
            found.append(Block(section, index, start, "paragraph", _one_line(source), source))
        index, i, blank_before = index + 1, end, False
    return tuple(found)


def _continues(line: str) -> bool:
    """Whether ``line`` carries on the paragraph or list item above it (a lazy or indented continuation)."""
    return (
        bool(line.strip()) and not _HEADING.match(line) and not _ITEM.match(line) and not line.lstrip().startswith("|")
    )


def translated(block: Block, lang: str) -> str:
    """``block`` as Markdown in ``lang``; the English block where the catalog has no translation (counted)."""
    words = lookup(check_language(lang), DOMAIN, block.context, block.text)
    return block.markdown(words)


def join(parts: list[tuple[Block, str]]) -> str:
    """Blocks' Markdown put back together: a list's items line by line, everything else a blank line apart."""
    out = ""
    for block, text in parts:
        if out:
            out += "\n" if block.tight else "\n\n"
        out += text
    return out
