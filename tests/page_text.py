"""Every text a learner sees on a page rendered by AppTest, and what of it is still plain English in ``qps``.

:func:`shown` walks the whole page (main area and sidebar, inside columns, containers, expanders, tabs and
forms) and takes every string its elements carry for a reader: a heading, paragraph, caption or alert, a
widget's label, help, placeholder and options, a metric, a tab's or expander's label, a table's column names,
and in HTML each ``aria-label``, ``alt`` and ``title`` (what a screen reader says) and the words drawn in a
picture. :func:`english_left` then strips what is not words (markup, icons, notation) and the ⟦…⟧ parts,
which went through the catalogs: any run of three ASCII letters left is a string that did not. Notation is
never translated: card codes (``3-coins``), signal ids (``grand-neuf``), seat letters and team codes (too
short to count).

>>> english_left("⟦Šçóŕé⟧: **3** / 4 · :material/quiz: `monsieur` [⟦Ŕúĺéš⟧](#section-2)", frozenset())
[]
>>> english_left("⟦Ŵĥó ŵíñš?⟧ 3-coins beats A-cups (tier 9)", frozenset())
['beats', 'tier']
>>> english_left("Ann: ⟦ñóţ ⟦Ĺé Ɓóŕĝñé⟧⟧ — Deux d'écrit", frozenset({"Ann"}))
[]
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from tutor.engine import PACK, SIGNAL_IDS
from tutor.i18n.pseudo import CLOSE, OPEN

# Fields of an element's message that are never words for a reader: ids, keys, icons, links, styles, values.
# Fields holding JSON (a Vega-Lite chart's spec, a table's column settings): only their words are read.
JSON_FIELDS = frozenset({"spec", "columns"})
JSON_WORDS = frozenset({"title", "label", "help"})
NOT_WORDS = frozenset(
    {
        "id",
        "form_id",
        "deferred_file_id",  # a download button's file made when clicked (the printed sheets')
        "icon",
        "page",
        "page_script_hash",
        "query_string",
        "url",
        "mime",
        "file_name",
        "type",
        "default",
        "value",
        "set_value",
        "raw_value",
        "format",
        "step",
        "min",
        "max",
        "data",
        "styler",
        "color",
        "background_color",
        "text_color",
        "width",
        "height",
        "anchor",
        "theme",  # a chart's theme name ("streamlit")
        "tag",
        "element_type",
        "sort_mode",
        "selection_mode",
        "deploy_params",
        "divider",
    }
)
# Inside these, only what a reader is shown of the picture counts (its names, its words), not its code.
_CODE = re.compile(r"<(style|script)\b.*?</\1>", re.S)
_ATTRIBUTE = re.compile(r'\b(aria-label|alt|title)="([^"]*)"')
_DRAWN = re.compile(r"<(text|title)\b[^>]*>(.*?)</\1>", re.S)
_PICTURE = re.compile(r"<svg\b.*?</svg>", re.S)
_TAG = re.compile(r"<[^>]*>")
_ICON = re.compile(r":material/[a-z0-9_]+:")
_COLOUR = re.compile(r":(?:red|orange|yellow|green|blue|violet|gray|grey|rainbow|primary)(?:-background)?\[")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_CARD_CODE = re.compile(r"\b(?:A|[2-9]|J|C|K)-(?:coins|cups|swords|clubs)\b")
_SIGNAL_ID = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(s) for s in SIGNAL_IDS) + r")(?![\w-])")
ENGLISH = re.compile(r"[A-Za-z]{3,}")
# The eight named cards keep their French names in every language (Gujarati transliterates them).
CARD_NAMES = frozenset(card.name for card in PACK if card.name)
NAME_PARTS = frozenset(word for name in CARD_NAMES for word in ENGLISH.findall(name))


@dataclass(frozen=True)
class Shown:
    """One text on a page: where it is (``widget``) and what it says."""

    widget: str
    text: str


def shown(at: AppTest) -> list[Shown]:
    """Every text of the page ``at`` last ran, in the order the page draws it."""
    found: list[Shown] = []
    for where in ("main", "sidebar"):
        found += _texts(getattr(at, where), where)
    return found


def _texts(node: object, path: str) -> Iterator[Shown]:
    proto = getattr(node, "proto", None)
    kind = str(getattr(node, "type", "") or type(node).__name__)
    here = f"{path} > {kind}"
    key = _key(proto)
    if key:
        here += f"[{key}]"
    if isinstance(proto, Message):
        for field, text in _strings(proto, ""):
            for part, piece in _pieces(text):
                yield Shown(f"{here}.{field}{part}", piece)
    value = getattr(node, "value", None) if kind == "arrow_data_frame" else None
    if value is not None and hasattr(value, "columns"):
        for column in value.columns:
            yield Shown(f"{here}.columns", str(column))
    for child in getattr(node, "children", {}).values():
        yield from _texts(child, here if kind not in ("main", "sidebar") else path)


def _key(proto: object) -> str:
    """A widget's key (Streamlit's id ends with it), for a failure message that says which widget it was."""
    ident = str(getattr(proto, "id", "") or "")
    return ident.rsplit("-", 1)[-1] if ident.startswith("$$ID-") else ""


def _strings(message: Message, prefix: str) -> Iterator[tuple[str, str]]:
    """Every string field of ``message`` (nested messages and lists too) but :data:`NOT_WORDS`."""
    for descriptor, value in message.ListFields():
        name = descriptor.name
        if name in NOT_WORDS:
            continue
        items = value if descriptor.is_repeated else [value]
        for item in items:
            if isinstance(item, Message):
                yield from _strings(item, f"{prefix}{name}.")
            elif isinstance(item, str) and name in JSON_FIELDS:
                for words in _json_words(json.loads(item)):
                    yield f"{prefix}{name}", words
            elif isinstance(item, str) and item.strip():
                yield f"{prefix}{name}", item


def _json_words(node: object) -> Iterator[str]:
    """The words a learner reads in a chart's spec or a table's column settings: every title, label, help and
    axis label expression (a day label looked up in the data), not the field names and settings around them."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in JSON_WORDS and isinstance(value, str) and value.strip():
                yield value
            else:
                yield from _json_words(value)
    elif isinstance(node, list):
        for item in node:
            yield from _json_words(item)


def _pieces(text: str) -> Iterator[tuple[str, str]]:
    """A text as a reader gets it, each piece with where in the text it is: the value of each HTML attribute
    read aloud (``[aria-label]``...), each word drawn in a picture (``[drawn]``), then the rest."""
    text = _CODE.sub(" ", text)
    for attribute, value in _ATTRIBUTE.findall(text):
        yield f"[{attribute}]", html.unescape(value)
    for element, words in _DRAWN.findall(text):
        if element == "text":  # an SVG's <title> repeats its aria-label
            yield "[drawn]", html.unescape(_TAG.sub(" ", words))
    rest = html.unescape(_TAG.sub(" ", _PICTURE.sub(" ", text)))
    if rest.strip():
        yield "", rest


def outside(text: str) -> str:
    """``text`` without its ⟦…⟧ parts (nested ones included): what no catalog translated."""
    out, depth = [], 0
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def english_left(text: str, names: frozenset[str]) -> list[str]:
    """The runs of three ASCII letters or more in ``text`` outside ⟦…⟧, markup, notation and ``names`` (words
    kept as they are in every language: the named cards, people's names...)."""
    rest = outside(text)
    for pattern in (_ICON, _COLOUR, _LINK_TARGET, _CODE_SPAN, _CARD_CODE, _SIGNAL_ID):
        rest = pattern.sub(" ", rest)
    for name in sorted(CARD_NAMES | names, key=len, reverse=True):  # "Deux d'écrit" before "Deux"
        rest = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", rest)
    # a card's banner draws a long name on two lines ("Petit-" over "neuf"): each part is the name's too
    return [word for word in ENGLISH.findall(rest) if word not in NAME_PARTS]
