"""Text that can come from a file or a learner, made safe in the HTML and SVG the app writes.

Two ways in, both giving well-formed XML on one line (so Streamlit's Markdown passes it through untouched,
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


def xml_text(value: object) -> str:
    """``str(value)`` with the characters XML forbids replaced by U+FFFD, as a browser shows a NUL."""
    return _NOT_XML.sub("\ufffd", str(value))


def escape(value: object) -> str:
    """``value`` ready for hand-built HTML, as element text or a double-quoted attribute value."""
    return _html_escape(xml_text(value), quote=True).translate(_BREAKS)


def to_string(element: ET.Element) -> str:
    """``element`` as one line of XML.

    ElementTree escapes ``&``, ``<``, ``>`` everywhere and quotes and line breaks in attributes; line breaks in
    text are left raw, so they are written as references here. Text must already be :func:`xml_text`.
    """
    return ET.tostring(element, encoding="unicode").translate(_BREAKS)
