"""Reading a PDF back as a reader would, for the tests of the printed sheets: its pages and its text, through
Debian's poppler-utils (``pdfinfo``, ``pdftotext``), and text made comparable with what the sheet was given.

``pdftotext -raw`` gives the text in the order it was drawn (the document's order). Two things of its reading are
not the sheet's: line ends where a line wrapped (so runs of white space compare as one space, and a phrase may be
cut at any space), and, in Gujarati, shaped clusters come back out of order: a vowel sign written before its
consonant is lost or misplaced, and a reph (ર્ drawn above the next consonant) comes after it with that consonant
repeated (poppler maps each glyph back to characters without reordering them; the page itself is shaped right, as
its pictures show). :func:`comparable` therefore drops white space everywhere and, for Gujarati, the combining
marks and the letter ર, and counts a letter repeated as once, on both sides of a comparison. Even so a consonant
of a cluster may come back missing (``સ્મિત`` reads ``મત``, ``જવાબો`` reads ``જ ાબો``), so a Gujarati phrase
counts as found when at least half of its words are (:func:`found`); every other language is compared exactly.
The Gujarati pages are checked by eye as well (pdftoppm's pictures).
"""

from __future__ import annotations

import subprocess
import tempfile
import unicodedata
from pathlib import Path


def _run(command: list[str], pdf: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        done = subprocess.run([*command, str(path), *(["-"] if command[0] == "pdftotext" else [])],
                              capture_output=True, check=True, text=True)  # fmt: skip
        return done.stdout


def page_count(pdf: bytes) -> int:
    info = _run(["pdfinfo"], pdf)
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def text_of(pdf: bytes, first: int | None = None, last: int | None = None) -> str:
    """The PDF's text (pages ``first`` to ``last``, counted from 1, if given)."""
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    return _run(["pdftotext", "-raw", "-enc", "UTF-8", *pages], pdf)


def comparable(text: str, lang: str) -> str:
    """``text`` without white space (and, in Gujarati, without combining marks): see the module's note."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text) if not ch.isspace())
    if lang == "gu":
        letters = [ch for ch in kept if not unicodedata.category(ch).startswith("M") and ch != "ર"]
        kept = "".join(ch for n, ch in enumerate(letters) if n == 0 or ch != letters[n - 1])
    return kept


def found(have: str, text: str, lang: str) -> bool:
    """Whether ``text`` is in ``have`` (a PDF's text made :func:`comparable`): see the module's note on Gujarati."""
    if lang != "gu":
        return comparable(text, lang) in have
    words = [comparable(word, lang) for word in text.split()]
    words = [word for word in words if word]
    return sum(word in have for word in words) * 2 >= len(words)


def missing(pdf_text: str, wanted: list[str], lang: str) -> list[str]:
    """The texts of ``wanted`` that the PDF's text does not hold."""
    have = comparable(pdf_text, lang)
    return [text for text in wanted if not found(have, text, lang)]
