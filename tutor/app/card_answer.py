"""Answering with the cards: each card drawn as the thing to click, the whole card the click target.

Three ways to answer (a :class:`Pick`'s ``mode``):

- ``one``: a single choice (the card that wins a trick, or a plain "Spoiled" choice; the card to play): a radio
  group drawn as the cards, inside the Check button's form;
- ``many``: a set of cards (the highest cards, the cards to keep), at most ``most`` of them;
- ``order``: the cards in order, best first; "Same place as the one before" puts two equal cards at one
  place, "Undo" takes the last card back.

Why ``one`` is a radio group: a choice in a form costs the server nothing until Check, where a button's click is
a run of its own (11 messages of a question's 73, and its script, measured with ``benchmarks/load.py``); and a
radio group is what a screen reader expects of one choice among several ("A-coins (South), radio button, 2 of 5,
checked"). ``many`` and ``order`` say after each click how far the learner is ("Picked: 2 of 9", the order so
far), so they stay buttons, outside a form, each click rerunning the row of cards alone (a fragment).

The choice lives in the session under the question's widget key (:mod:`tutor.app.session`): the value chosen
(or None) for ``one``, a list of values for ``many``, a list of places (each a list of values) for ``order``.

Each choice's label is its accessible name and shows under the card: the card's code and Aluette name, and who
played it when that is the answer ("K-cups (North)"). A chosen card is never shown by colour alone: a radio's dot
fills and its words turn bold; a button's label gains a check mark and "chosen" (or its place). The card picture
is the label's (or button's) background (CSS keyed by the widget's key), so the whole card is the click target,
on a phone too (the row wraps). The words around the cards ("chosen", "Undo", ...) are in the learner's language
(:mod:`tutor.app.lang`); the caller gives each choice's ``name`` in that language.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import streamlit as st

from tutor.app import cardfiles, lang
from tutor.app.cardsvg import card_svg, picture_url
from tutor.app.pagelang import page_language
from tutor.app.session import Family, Key
from tutor.engine import Card
from tutor.engine.ranking import TIERS
from tutor.engine.steps import Tier
from tutor.i18n import ui
from tutor.i18n.sentences import card_words, format_value
from tutor.i18n.ui import Translator

Mode = Literal["one", "many", "order"]
WIDTH = 64  # card width in pixels: three to a row on a 390 px phone
SMALL = 48  # for more than MANY cards (a chanter's fifteen): four to a row
MANY = 8
_ASPECT = 162 / 112  # the card drawing's height over its width (cardsvg's viewBox)
_KEY_CLASS = re.compile(r"[^a-zA-Z0-9_-]")  # what Streamlit replaces in a key to make its CSS class
# Under the answer's own key (the question's widget key): its buttons, and whether ``many`` is full.
FULL = Family[bool]("{}.full")
BUTTON = Family[bool]("alucard.{}.{}")  # a choice's button, by its index (its CSS class is derived from it)
TIE = Family[bool]("alutie.{}")
UNDO = Family[bool]("aluundo.{}")


@dataclass(frozen=True)
class Choice:
    """One clickable answer: the value recorded, the card drawn (None: a plain button), the words shown."""

    value: str
    card: Card | None
    name: str


@dataclass(frozen=True)
class Pick:
    mode: Mode
    choices: tuple[Choice, ...]
    most: int | None = None  # ``many``: at most this many cards

    @property
    def in_form(self) -> bool:
        """Drawn inside the Check button's form (a radio group), sent with Check rather than click by click."""
        return self.mode == "one"


def card_name(card: Card, lang: str | None = None) -> str:
    """``3-coins, Monsieur`` for a named card, the code otherwise, in English; in words in any other language
    (``le trois de deniers, Monsieur``), in ``lang`` (default: the page's): short enough to sit under the card."""
    language = lang or page_language()
    words = card_words(card, language)
    if not card.name:
        return words
    # the name as the language writes it (Gujarati transliterates the eight French names)
    return f"{words}, {format_value(Tier(TIERS[card]), 'name', language)}"


def chosen(key: Key[Any]) -> list[str]:
    """The values chosen so far (for ``order``: flattened, best first)."""
    value = key.get() or []
    if isinstance(value, str):  # ``one``: the radio's value
        return [value]
    return [v for place in value for v in place] if value and isinstance(value[0], list) else list(value)


def places(key: Key[Any]) -> list[list[str]]:
    """An ``order`` answer's places so far."""
    return [list(place) for place in key.get() or []]


# --- callbacks (run before the page is drawn again) --------------------------------------------------------


def _toggle(key: Key[Any], value: str, most: int | None) -> None:
    current = list(key.get() or [])
    FULL(key).set(False)
    if value in current:
        current.remove(value)
    elif most is not None and len(current) >= most:
        FULL(key).set(True)
        return
    else:
        current.append(value)
    key.set(current)


def _place(key: Key[Any], value: str) -> None:
    order = places(key)
    if any(value in place for place in order):
        return
    key.set([*order, [value]])


def _tie(key: Key[Any]) -> None:
    order = places(key)
    if len(order) >= 2 and len(order[-1]) == 1:
        key.set([*order[:-2], order[-2] + order[-1]])


def _undo(key: Key[Any]) -> None:
    order = places(key)
    if order:
        order[-1].pop()
        key.set([place for place in order if place])


# --- drawing -----------------------------------------------------------------------------------------------


def button_key(key: str, index: int) -> Key[bool]:
    """The key of the button of choice ``index`` (its CSS class is derived from it)."""
    return BUTTON(key, index)


def _css_class(key: str) -> str:
    return "st-key-" + _KEY_CLASS.sub("-", key.strip())


def _background(code: str, width: int) -> str:
    """The card's picture for a button's background: the address of its file where cards are served as files
    (:mod:`tutor.app.cardfiles`, a few bytes per rerun), else the picture itself as a data URI."""
    if cardfiles.active():
        return _file_background(code, width)
    return _inline_background(code, width)


def _file_background(code: str, width: int) -> str:
    from tutor.engine import parse_card

    return picture_url(parse_card(code), width=width)  # the name any instance draws the picture from


@st.cache_data(show_spinner=False, max_entries=256)
def _inline_background(code: str, width: int) -> str:
    from tutor.engine import parse_card  # the card is rebuilt from its code: cached by a plain string

    with cardfiles.inline():
        svg = card_svg(parse_card(code), width=width)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


_COMMON = (
    '[class*="st-key-alucard-"] button{{line-height:1.15;min-height:44px}}'
    '[class*="st-key-alucard-"] button p{{font-size:12px;white-space:normal;word-break:break-word}}'
    '[class*="st-key-alucard-"] button[kind="primary"]{{outline:3px solid #b3261e;outline-offset:1px}}'
    '[class*="st-key-alucard-"] button[kind="primary"] p{{font-weight:700}}'
)
# A card button: the card on top (its picture the background), the words under it, a fixed width so the row
# lines up.
_CARD = (
    "{selector} button{{width:{bw}px;min-height:{h}px;padding:{top}px 4px 4px;background-repeat:no-repeat;"
    'background-position:center 4px;background-size:{w}px auto;background-image:url("{url}")}}'
    '{selector} button[kind="secondary"]{{background-color:#fff}}'
)


# A radio group drawn as the cards (``one``): each option a box, the card on top, the dot and the words under it.
_OPTIONS = (
    "{group}{{gap:8px;flex-wrap:wrap;align-items:stretch}}"
    "{group}>div>label{{box-sizing:border-box;margin:0;padding:8px 8px 6px;min-height:44px;max-width:160px;"
    "border:1px solid #a9a9a9;border-radius:8px;background-color:#fff;align-items:flex-end}}"
    "{group}>div>label:hover{{border-color:#1f1f1f}}"
    "{group}>div>label>div{{flex-direction:column;align-items:center;gap:4px}}"  # the dot over the words: all the width
    "{group}>div>label p{{font-size:12px;line-height:1.15;white-space:normal;text-align:center;overflow-wrap:anywhere}}"
    "{group}>div>label:has(input:checked){{outline:3px solid #b3261e;outline-offset:1px}}"
    "{group}>div>label:has(input:checked) p{{font-weight:700}}"
    "{group}>div>label:has(input:focus-visible){{box-shadow:0 0 0 3px #1a5fb4}}"
)
_OPTION_CARD = (
    "{group}>div:nth-child({n})>label{{width:{bw}px;min-height:{h}px;padding-top:{top}px;background-repeat:no-repeat;"
    'background-position:center 6px;background-size:{w}px auto;background-image:url("{url}")}}'
)


def _style(key: str, pick: Pick) -> str:
    choices = pick.choices
    width = SMALL if len(choices) > MANY else WIDTH
    height = round(width * _ASPECT)
    if pick.in_form:
        group = f'.{_css_class(key)} [data-testid="stRadioGroup"]'
        rules = [_OPTIONS.format(group=group)]
        for n, choice in enumerate(choices, start=1):
            if choice.card is not None:
                url = _background(choice.card.code, width)
                box = {"bw": width + 18, "h": height + 40, "top": height + 12, "w": width}
                rules.append(_OPTION_CARD.format(group=group, n=n, url=url, **box))
        return "<style>" + "".join(rules) + "</style>"
    rules = [_COMMON.format()]
    for i, choice in enumerate(choices):
        if choice.card is not None:
            selector = "." + _css_class(button_key(key, i))
            url = _background(choice.card.code, width)
            rules.append(
                _CARD.format(selector=selector, bw=width + 18, h=height + 40, top=height + 8, w=width, url=url)
            )
    return "<style>" + "".join(rules) + "</style>"


def _markdown_safe(text: str) -> str:
    # Streamlit reads a button's label as Markdown: escape what could be read as formatting.
    return text.replace("*", "\\*").replace("_", "\\_")


def _label(choice: Choice, mark: str | None, _: Translator) -> str:
    name = _markdown_safe(choice.name)
    if mark is None:
        return name
    if mark == "":
        # Translators: a card button's label (and accessible name) once the card is chosen; {name} is the card's
        # code and name ("3-coins, Monsieur") or a plain choice ("Spoiled: nobody wins"). "✓ " comes before it.
        return "✓ " + _("chosen: {name}", name=name)
    return f"{mark} {name}"


def draw(pick: Pick, key: Key[Any], label: str = "") -> None:
    """The cards (and plain choices) in a wrapping row, with the choice so far; ``label``: the question, the
    radio group's accessible name (``one``; the other modes have it written above them).

    ``many`` and ``order``: buttons, in a fragment of their own: a click redraws the row, not the page (or the
    scenario's panel) around it, which shows nothing that depends on the cards chosen before Check. The row's
    style block (the card pictures) is drawn here, outside the fragment: it depends on the choices alone, not on
    what is chosen, so a click need not send it again."""
    style = _style(key, pick)
    if cardfiles.active():
        st.html(style)  # no Markdown to read it: a style block alone goes where it takes no room
    else:
        st.markdown(style, unsafe_allow_html=True)
    if pick.in_form:
        _radio(pick, key, label)
        return
    _row(pick, key, cardfiles.active())


def _radio(pick: Pick, key: Key[Any], label: str) -> None:
    names = {c.value: _markdown_safe(c.name) for c in pick.choices}
    values = [c.value for c in pick.choices]
    if key.get() not in (None, *values):
        key.set(None)  # a value the choices no longer hold (a stale session): nothing chosen, never an error
    st.radio(
        label or " ",
        values,
        index=None,
        key=key,
        format_func=names.__getitem__,
        horizontal=True,
        label_visibility="visible" if label else "collapsed",
    )


@st.fragment
def _row(pick: Pick, key: Key[Any], as_files: bool) -> None:
    # a rerun of the row alone starts outside the caller's way of drawing the cards: it is passed on
    with cardfiles.as_files() if as_files else cardfiles.inline():
        _draw_row(pick, key)


def _draw_row(pick: Pick, key: Key[Any]) -> None:
    _ = ui.translator(lang.current())
    picked = chosen(key)
    order = places(key) if pick.mode == "order" else []
    with st.container(horizontal=True, gap="small", key=f"{key}.row"):
        for i, choice in enumerate(pick.choices):
            mark = None
            if choice.value in picked:
                mark = "" if pick.mode != "order" else _place_mark(order, choice.value)
            callback: Callable[..., None]
            args: tuple[object, ...]
            if pick.mode == "many":
                callback, args = _toggle, (key, choice.value, pick.most)
            else:
                callback, args = _place, (key, choice.value)
            st.button(
                _label(choice, mark, _),
                key=button_key(key, i),
                on_click=callback,
                args=args,
                type="primary" if choice.value in picked else "secondary",
            )
    if pick.mode == "many" and pick.most is not None:
        language = _.lang
        # Translators: how many cards are chosen so far; {n} is the most that may be chosen.
        st.caption(ui.ngettext(language, "Picked: {count} of {n}", "Picked: {count} of {n}", pick.most,
                               count=len(picked)))  # fmt: skip
        if FULL(key).get():
            # Translators: {n} is the most cards that may be chosen (9 for the cards a chanter keeps).
            st.warning(
                ui.ngettext(
                    language,
                    "You have picked {n} already: click it to put it back first.",
                    "You have picked {n} already: click one of them to put it back first.",
                    pick.most,
                )
            )
    if pick.mode == "order":
        _order_controls(pick, key, order, _)


def _place_mark(order: list[list[str]], value: str) -> str:
    for number, place in enumerate(order, start=1):
        if value in place:
            return f"✓ {'=' if len(place) > 1 else ''}{number}."
    return ""  # pragma: no cover - only called for a placed value


def _order_controls(pick: Pick, key: Key[Any], order: list[list[str]], _: Translator) -> None:
    names = {c.value: c.name for c in pick.choices}
    if order:
        text = " › ".join(" = ".join(names[v] for v in place) for place in order)
        # Translators: {order} lists the cards clicked so far, best first ("2-coins › 2-cups = 2-swords").
        st.markdown(_("Your order so far: {order}", order=_markdown_safe(text)))
    else:
        st.caption(_("Click the cards from best to worst."))
    with st.container(horizontal=True, gap="small"):
        st.button(
            # Translators: a button that puts the card just clicked at the same place as the card before it (a tie).
            _("Same place as the one before"),
            key=TIE(key),
            on_click=_tie,
            args=(key,),
            disabled=len(order) < 2 or len(order[-1]) != 1,
        )
        # Translators: a button that takes back the last card clicked.
        st.button(_("Undo"), key=UNDO(key), on_click=_undo, args=(key,), disabled=not order)


__all__ = ["Choice", "Pick", "button_key", "card_name", "chosen", "draw", "places"]
