"""The reveal as a page rendered by AppTest shows it, read back from its two blocks of HTML
(:func:`tutor.app.reveal.show`): the verdict, then the mistakes said, the grade table's rows, the steps and the note.

The blocks are found among the page's HTML elements, or among its Markdown ones where a drawing in the second holds
inline SVG (:func:`tutor.app.views.show`), and parsed as the XHTML they are, so a test reads what a learner is
shown, not the markup around it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from streamlit.testing.v1 import AppTest

MARKER = 'class="alu-reveal"'
VERDICT = '<p class="alu-verdict '


@dataclass(frozen=True)
class Row:
    """One row of the grade table: its sign (✓, ✗ or none), the question, the answer given, the right one, and
    whether the right one is in bold (missed)."""

    mark: str
    question: str
    given: str
    correct: str
    bold: bool


@dataclass(frozen=True)
class Shown:
    verdict: str  # the verdict's words, without its sign
    right: bool  # drawn as right (green, ✓) or wrong (red, ✗)
    mistakes: list[str]
    header: list[str]  # the grade table's column headings
    rows: list[Row]
    titles: list[str]  # every block's title, in order: the kind's pictures' titles, then "Why"
    steps: list[str]  # every step of the explanation, in order, group headings left out
    groups: list[str]  # the group headings (the draw's rounds); empty for one numbered list
    note: str
    text: str  # every word of the block, in order


def _text(element: ET.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _class(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def _sources(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown] + [h.proto.body for h in at.get("html")]


def blocks(at: AppTest) -> list[str]:
    """Every reveal block on the page (what follows the verdict), as its source."""
    return [s for s in _sources(at) if MARKER in s]


def reveal_of(at: AppTest) -> Shown | None:
    """The page's reveal, or None when none is shown; a page showing two, or a verdict without the rest (or the
    rest without its verdict), fails the test."""
    found = blocks(at)
    verdicts = [s for s in _sources(at) if s.startswith(VERDICT)]
    assert len(found) <= 1, f"{len(found)} reveals on one page"
    assert len(verdicts) == len(found), f"{len(verdicts)} verdicts, {len(found)} reveals"
    return read(verdicts[0], found[0]) if found else None


def read(verdict_source: str, source: str) -> Shown:
    verdict = ET.fromstring(verdict_source)
    root = ET.fromstring(source[source.index("<div " + MARKER) :])
    sign = next(e for e in verdict if "alu-verdict-sign" in _class(e))
    words = " ".join((sign.tail or "").split())
    mistakes = [_text(li) for ul in root.iter("ul") if "alu-mistakes" in _class(ul) for li in ul]
    rows, header = [], []
    for table in root.iter("table"):
        if "alu-grades" in _class(table):
            header = [_text(cell) for cell in table.find("thead").iter() if cell.tag in ("td", "th")]
            body = table.find("tbody")
            for tr in body if body is not None else ():
                mark, question, given, correct = tr
                bold = correct.find("strong") is not None
                rows.append(Row(_text(mark), _text(question), _text(given), _text(correct), bold))
    why = next((e for e in root.iter("div") if "alu-why" in _class(e)), None)
    steps = [_text(li) for li in why.iter("li")] if why is not None else []
    groups = [_text(p) for p in why.iter("p") if "alu-step-group" in _class(p)] if why is not None else []
    titles = [_text(e) for e in root.iter() if "alu-block-title" in _class(e)]
    note = next((" ".join(_text(p) for p in e) for e in root.iter("div") if "alu-reveal-note" in _class(e)), "")
    right = "alu-verdict-right" in _class(verdict)
    return Shown(words, right, mistakes, header, rows, titles, steps, groups, note, _text(verdict) + " " + _text(root))
