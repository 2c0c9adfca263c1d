"""``markup.md``: text a learner typed (or a file holds) shown literally wherever the app writes Markdown.

What "literally" means is checked against the rules the text goes through on its way to the screen:

- CommonMark: a backslash before an ASCII punctuation character, or a character reference (``&#58;``),
  shows that character; undoing exactly those must give the text back.
- Nothing left that can start syntax: no unescaped ``\\ ` * _ [ ] < > $ # | ~ & @``, no line opening a block
  (``- + =`` or ``1.``), no colon that could open a Streamlit directive, icon or emoji (``:red[``,
  ``:material/``, ``:smile:``) or a bare link (``http:``), no bare ``www.``.
- Streamlit's front end, before parsing (its ``StreamlitMarkdown`` component): it rewrites ``:material/`` to
  an icon, loads the emoji plugin when the source matches an emoji shortcode, and typesets maths when it
  finds an unescaped ``$...$``. The patterns below are copied from that component.

The Chromium test (``tests/browser/test_browser_learners.py``) checks the same names as the browser shows them.
"""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.app.markup import md

NAMES = (
    "![t](http://host/x.png)",
    ":red[x]",
    "$x^2$",
    "~~x~~",
    ":material/home:",
    "<b>x</b>",
    "**bold** _it_ `code` [link](x)",
    ":smile: :+1:",
    "www.example.com and http://example.com/a_b",
    "a@b.example",
    "# heading",
    "- item",
    "1. first",
    "> quote",
    "| a | b |",
    "\\*not bold\\*",  # backslashes typed by the learner stay
    "&amp; &lt;",  # an entity typed stays as typed
    ":small[tiny] :blue-background[x] :violet-badge[b]",
    "Zoé d'Écrit ♠",
)

# From Streamlit's StreamlitMarkdown component (static/js/StreamlitMarkdown.*.js, 1.67):
EMOJI_GATE = re.compile(r":(?!material/|streamlit:)[\w+-][\w_+-]*:")  # loads remark-emoji when it matches
# (JavaScript's ``(?<=^|\n)`` and end-of-input ``$`` written for Python's re.)
MATH_SKIP = re.compile(r"(?m:^) {0,3}(`{3,}|~{3,})[\s\S]*?(?:\n[ \t]*\1|\Z)|(?<!`)(`+)[^`\n]+\2(?!`)|\\[\\$`]")
INLINE_MATH = re.compile(r"(?<!\$)\$(?![\s$])[^$\n]*?[^\s$]\$(?!\d)")
DISPLAY_MATH = re.compile(r"(?<!\$)\$\$+(?!\$)[\s\S]*?\$\$")

ALWAYS = set("\\`*_[]<>$#|~&@")


def unescape(markdown: str) -> str:
    """What CommonMark shows for ``markdown`` made only of text, backslash escapes and the references md uses."""
    text = re.sub(
        r"\\([!-/:-@\[-`{-~])|&#58;|&#46;", lambda m: m.group(1) or {"&#58;": ":", "&#46;": "."}[m[0]], markdown
    )
    return text


def unescaped(markdown: str) -> list[str]:
    """Characters of :data:`ALWAYS` not preceded by an escaping backslash (a reference's ``&`` aside)."""
    left, i = [], 0
    while i < len(markdown):
        if markdown[i] == "\\" and i + 1 < len(markdown) and markdown[i + 1] in string.punctuation:
            i += 2
            continue
        if markdown.startswith(("&#58;", "&#46;"), i):
            i += 5
            continue
        if markdown[i] in ALWAYS:
            left.append(markdown[i])
        i += 1
    return left


def shows_literally(text: str) -> None:
    out = md(text)
    assert unescape(out) == text, "the reader sees exactly the text"
    assert unescaped(out) == [], "no character left that Markdown could read as syntax"
    for line in out.split("\n"):
        assert not re.match(r"[-+=]|\d{1,9}[.)]", line), "no line opens a list or a heading"
    assert not re.search(r":[\w+\-/]", out) and not re.search(r"(?i)www\.", out), "no directive, icon, emoji or link"
    assert ":material/" not in out and not EMOJI_GATE.search(out)
    assert not INLINE_MATH.search(MATH_SKIP.sub("_", out)) and not DISPLAY_MATH.search(MATH_SKIP.sub("_", out))


@pytest.mark.parametrize("name", NAMES)
def test_a_name_is_shown_as_typed(name: str) -> None:
    shows_literally(name)


def test_the_escapes_are_the_expected_ones() -> None:
    # Worked by hand from the rules above; prose punctuation (. , : ' ( ) ? !) is left as it is.
    assert md("![t](x)") == r"!\[t\](x)"
    assert md(":material/home:") == "&#58;material/home:"
    assert md("$x^2$") == r"\$x^2\$"
    assert md("<b>x</b>") == r"\<b\>x\</b\>"
    assert md("a\\b") == "a\\\\b"
    assert md("Done: yes (2-coins), isn't it?") == "Done: yes (2-coins), isn't it?"
    assert md("see www.x.org or http://x.org") == "see www&#46;x.org or http&#58;//x.org"
    assert md(42) == "42"


def test_lines_stay_lines_but_never_become_blocks() -> None:
    assert md("one\n\n    two\r\n\tthree") == "one\n\ntwo\nthree", "no indented code block"
    assert md("- a\n# b\n1. c\n+ d\n===") == "\\- a\n\\# b\n1\\. c\n\\+ d\n\\==="


def test_characters_xml_cannot_hold_are_replaced() -> None:
    assert md("a\x00b\x1b") == "a\ufffdb\ufffd"


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cc", "Cs"]), max_size=60))
def test_any_one_line_text_is_shown_literally(text: str) -> None:
    shows_literally(text.lstrip(" \t"))


def test_html_and_svg_keep_an_icon_name_typed_as_text() -> None:
    # Streamlit rewrites ":material/" even inside raw HTML; the escaped text reads back as typed all the same.
    import html
    import xml.etree.ElementTree as ET

    from tutor.app.markup import escape, to_string, xml_text

    typed = ":material/home: & <b>"
    assert ":material/" not in escape(typed) and html.unescape(escape(typed)) == typed
    element = ET.Element("text", {"aria-label": xml_text(typed)})
    element.text = xml_text(typed)
    written = to_string(element)
    assert ":material/" not in written
    parsed = ET.fromstring(written)
    assert parsed.text == typed and parsed.get("aria-label") == typed
