"""Answering with the cards: each card a real button drawn as the card, clicked to choose it.

Three ways to answer (a :class:`Pick`'s ``mode``):

- ``one``: a single choice (the card that wins a trick, or a plain "Spoiled" button; the card to play);
- ``many``: a set of cards (the highest cards, the cards to keep), at most ``most`` of them;
- ``order``: the cards in order, best first; "Same place as the one before" puts two equal cards at one
  place, "Undo" takes the last card back.

The choice lives in the session under the question's widget key (:mod:`tutor.app.session`): a list of values
for ``one`` and ``many``, a list of places (each a list of values) for ``order``. Buttons cannot sit in a form,
so a question answered with the cards is drawn outside one (see :func:`tutor.app.predict.ask`); each click
reruns the row of cards alone (a fragment).

Each button's label is its accessible name and shows under the card: the card's code and Aluette name, who
played it when that is the answer ("K-cups (North)"), and when chosen a check mark and "chosen" (or its
place): the choice is never shown by colour alone. The card picture is the button's background (CSS keyed
by the button's key), so the whole card is the click target, on a phone too (the row wraps). The words
around the cards ("chosen", "Undo", ...) are in the learner's language (:mod:`tutor.app.lang`), so the buttons'
accessible names are too; the caller gives each choice's ``name`` in that language.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Sequence
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
    return [v for place in value for v in place] if value and isinstance(value[0], list) else list(value)


def places(key: Key[Any]) -> list[list[str]]:
    """An ``order`` answer's places so far."""
    return [list(place) for place in key.get() or []]


# --- callbacks (run before the page is drawn again) --------------------------------------------------------


def _pick_one(key: Key[Any], value: str) -> None:
    key.set([] if key.get() == [value] else [value])


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


def _style(key: str, choices: Sequence[Choice]) -> str:
    rules = [_COMMON.format()]
    width = SMALL if len(choices) > MANY else WIDTH
    height = round(width * _ASPECT)
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


def draw(pick: Pick, key: Key[Any]) -> None:
    """The cards (and plain choices) as buttons in a wrapping row, with the choice so far.

    A fragment of its own: a click redraws the row, not the page (or the scenario's panel) around it, which
    shows nothing that depends on the cards chosen before Check. The row's style block (the card pictures) is
    drawn here, outside the fragment: it depends on the choices alone, not on what is chosen, so a click need not
    send it again."""
    style = _style(key, pick.choices)
    if cardfiles.active():
        st.html(style)  # no Markdown to read it: a style block alone goes where it takes no room
    else:
        st.markdown(style, unsafe_allow_html=True)
    _row(pick, key, cardfiles.active())


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
            if pick.mode == "one":
                callback, args = _pick_one, (key, choice.value)
            elif pick.mode == "many":
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
