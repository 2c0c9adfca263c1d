"""Text that can come from a file or a learner, made safe in the Markdown, HTML and SVG the app writes.

Markdown (everything ``st.markdown``, ``st.caption``, alerts, titles and widget labels show): every such text
goes through :func:`md`, which makes Streamlit show it literally, character for character.

HTML and SVG: two ways in, both giving well-formed XML on one line (so Streamlit's Markdown passes it through untouched,
and never reads a typed ``**`` or ``<b>`` as formatting) that reads back exactly as given:

- HTML built as a string: every value from outside goes through :func:`escape`, in text and in double-quoted
  attributes alike.
- Markup built as ``xml.etree.ElementTree`` elements (the cards): values are set as attributes or text, passed
  through :func:`xml_text`, and the tree is written by :func:`to_string`.

>>> escape('Anne & "Bob" <b>\\n')
'Anne &amp; &quot;Bob&quot; &lt;b&gt;&#10;'
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape as _html_escape

# What XML 1.0 cannot carry even as a character reference: C0 controls but tab, LF and CR; lone surrogates;
# U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Line breaks written as references: a raw newline could end Streamlit's HTML block (and a raw tab or CR in an
# attribute would read back as a space).
_BREAKS = str.maketrans({"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


# What Markdown (CommonMark, GitHub's extensions, Streamlit's own) can read as syntax anywhere in a line: each
# gets a backslash, which CommonMark turns back into the character. Other punctuation is left as it is, so
# sentences read the same in the source. ``&`` would start an entity, ``@`` an e-mail link.
_MARKDOWN_SPECIALS = str.maketrans({c: "\\" + c for c in "\\`*_[]<>$#|~&@"})
# Streamlit's ``:red[x]``, ``:material/home:`` and emoji shortcodes (``:smile:``, ``:+1:``) start with a colon
# followed by a letter, digit, ``+``, ``-`` or ``/``; so do the ``http:`` of bare links. That colon is written
# as a character reference: Streamlit looks for icons and emoji in the source text, where ``\:`` would still
# read as a colon. A colon in prose ("played: play") is left alone.
_OPENING_COLON = re.compile(r":(?=[\w+\-/])")
_WWW = re.compile(r"(?i)(www)\.")  # a bare "www." link; written "www&#46;"
# A character that opens a block at the start of a line (a heading, a list, a quote, a table, a rule, a fence)
# or a numbered list's "1." or "1)".
_BLOCK_START = re.compile(r"^([-+=*#>|~`]|\d{1,9}(?=[.)]))")
_LINE_BREAK = re.compile(r"\r\n?|\n")


def md(text: object) -> str:
    """``text`` (a learner's name, a file's title, note or message, a search typed) shown literally in
    Markdown: every character as typed, never as formatting, a link, a picture, an icon, an emoji or maths.
    Lines stay lines as a paragraph shows them (a blank line starts a new paragraph); their indentation is
    dropped, since it could make a code block.

    >>> print(md(":red[x] <b> 1. - done: yes"))
    &#58;red\\[x\\] \\<b\\> 1. - done: yes
    """
    return "\n".join(_md_line(line) for line in _LINE_BREAK.split(xml_text(text)))


def _md_line(line: str) -> str:
    text = line.lstrip(" \t").translate(_MARKDOWN_SPECIALS)
    text = _WWW.sub(r"\1&#46;", _OPENING_COLON.sub("&#58;", text))
    # A numbered list needs its "." or ")" escaped; any other opening character, itself (unless done above).
    match = _BLOCK_START.match(text)
    if match is None:
        return text
    if match.group(1).isdigit():
        end = match.end()
        return f"{text[:end]}\\{text[end:]}"
    return text if text.startswith("\\") else f"\\{text}"


def xml_text(value: object) -> str:
    """``str(value)`` with the characters XML forbids replaced by U+FFFD, as a browser shows a NUL."""
    return _NOT_XML.sub("\ufffd", str(value))


def escape(value: object) -> str:
    """``value`` ready for hand-built HTML, as element text or a double-quoted attribute value."""
    return _icons_kept(_html_escape(xml_text(value), quote=True).translate(_BREAKS))


def _icons_kept(html: str) -> str:
    # Streamlit rewrites ":material/" in the whole Markdown source, raw HTML included, before parsing: a name
    # typed as ":material/home:" would read ":material_home:". A character reference keeps the colon.
    return html.replace(":material/", "&#58;material/")


def to_string(element: ET.Element) -> str:
    """``element`` as one line of XML.

    ElementTree escapes ``&``, ``<``, ``>`` everywhere and quotes and line breaks in attributes; line breaks in
    text are left raw, so they are written as references here. Text must already be :func:`xml_text`.
    """
    return _icons_kept(ET.tostring(element, encoding="unicode").translate(_BREAKS))
