"""Card pictures served as files: a card drawn as ``<img src="cards/<spec>.<digest>.svg" alt="...">``.

Why: a rerun that draws cards inline sends every card's whole SVG (1.7-5.6 kB each, 80 kB for a deal) and makes
the browser build every shape of it through Streamlit's Markdown; an ``<img>`` is a hundred bytes, and the
browser fetches each picture once and keeps it. The scenario panel (Practice, Review, the lessons' questions)
draws its cards this way while :func:`as_files` is on.

Where: in this process's memory, served by the route of :mod:`tutor.app.cardroutes` under ``cards/`` (the app's
entry point ``tutor/app/server.py`` mounts it; ``make run``, ``aluette-tutor app``, ``make cluster`` and the browser
tests serve that). Nothing is written to disk: an installed package is read-only and shared by every instance.
A picture's name says how to draw it (its :class:`Spec`: the card, width, looks, the language of the words drawn
on it, the caption) and ends in a digest of its bytes, so a name always means the same bytes, on every instance
and for good (the browser caches it as immutable). Any instance draws any picture from its name alone, one that
never drew the page too: behind a proxy, a browser whose picture request reaches another instance (the first one
died, affinity was lost) still gets its picture. A picture the app draws is kept the first time; the pictures are
finite (the cards, their few sizes and looks, captions from the game's own words), so the process keeps them all.
One drawn only because a request named it goes into a bounded cache: anyone can invent names. Where no route serves
them (Streamlit's AppTest, ``streamlit run tutor/app/main.py``), cards stay inline SVG: :func:`active` is false.

The picture carries no words a reader needs: the card's name (in the learner's language) is the ``<img>``'s alt
text, which a screen reader reads as it read the inline SVG's ``aria-label``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from tutor.i18n import LANGUAGES
from tutor.i18n.pseudo import PSEUDO_LANGUAGE

URL = "cards"  # relative: the page's base (and any server.baseUrlPath) comes first
BACK = "back"  # the card field of a face-down card's picture
WIDTHS = range(8, 513)  # pixels: the smallest card drawn, and well beyond the largest the pages draw
CAPTION_MAX = 64  # characters; the app's captions are a seat and an ordinal
ON_DEMAND_MAX = 512  # pictures drawn because a request named them, kept at most
_FLAGS = "hsdtn"  # highlight, spoiled, dimmed, show_tier, show_name: always in this order
_NONE = "-"  # the flags field when no flag is set: never an empty field
_DIGEST = 16  # hex digits of the sha256 of the bytes
_LANGS = frozenset({*LANGUAGES, PSEUDO_LANGUAGE})
# <card>.<width>.<flags>.<lang>[.<caption>].<digest>.svg, each field as narrow as what the app writes
_NAME = re.compile(
    r"(?P<card>[0-9A-Za-z]{1,2}-[a-z]{4,6}|back)\.(?P<width>[1-9][0-9]{0,2})\.(?P<flags>h?s?d?t?n?|-)"
    r"\.(?P<lang>[a-z]{2,3})(?:\.(?P<caption>[A-Za-z0-9_-]{1,344}))?\.(?P<digest>[0-9a-f]{16})\.svg"
)
_ON: ContextVar[bool] = ContextVar("cards_as_files", default=False)
_PICTURES: dict[str, bytes] = {}  # file name -> the picture's bytes, as the app drew it; only ever added to
_ON_DEMAND: OrderedDict[str, bytes] = OrderedDict()  # drawn for a request: least recently served goes first
_LOCK = threading.Lock()
_serving = False  # set once by tutor.app.cardroutes when this process's server mounts the route


@dataclass(frozen=True)
class Spec:
    """How to draw a picture: what its name says. ``card`` is a card's code or :data:`BACK`; ``lang`` is the
    language of the words drawn on it (:func:`tutor.app.cardsvg.drawn_words`)."""

    card: str
    width: int
    highlight: bool = False
    spoiled: bool = False
    dimmed: bool = False
    show_tier: bool = False
    show_name: bool = True
    lang: str = "en"
    caption: str | None = None

    def text(self) -> str:
        """The spec as the name's first part."""
        looks = (self.highlight, self.spoiled, self.dimmed, self.show_tier, self.show_name)
        flags = "".join(letter for letter, on in zip(_FLAGS, looks, strict=True) if on) or _NONE
        caption = "" if not self.caption else "." + _b64(self.caption)
        return f"{self.card}.{self.width}.{flags}.{self.lang}{caption}"


def _b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def parse(name: str) -> tuple[Spec, str] | None:
    """The spec and digest a picture's file name holds, ``None`` for anything not such a name: an unknown
    language, a width or caption out of bounds, a name the app would not write. The card code is checked by its
    drawing (:func:`tutor.app.cardsvg.named_picture`), with the engine's parser."""
    match = _NAME.fullmatch(name)
    if match is None or match["lang"] not in _LANGS or int(match["width"]) not in WIDTHS:
        return None
    caption = None
    if match["caption"] is not None:
        try:
            raw = match["caption"]
            caption = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode("utf-8")
        except (binascii.Error, ValueError):  # not base64, or not UTF-8 (UnicodeDecodeError)
            return None
        if len(caption) > CAPTION_MAX:
            return None
    flags = match["flags"]
    highlight, spoiled, dimmed, show_tier, show_name = (letter in flags for letter in _FLAGS)
    spec = Spec(
        match["card"], int(match["width"]), highlight, spoiled, dimmed, show_tier, show_name, match["lang"], caption
    )
    if f"{spec.text()}.{match['digest']}.svg" != name:  # one name per picture: no other spelling of the same
        return None
    return spec, match["digest"]


def digest(data: bytes) -> str:
    """The digest ending a picture's name."""
    return hashlib.sha256(data).hexdigest()[:_DIGEST]


def served() -> bool:
    """Whether this process's server serves the pictures (:mod:`tutor.app.cardroutes` is mounted)."""
    return _serving


def serve(on: bool = True) -> None:
    """Note that the route serving :func:`picture` is mounted (or, for a test, no longer)."""
    global _serving
    _serving = on


def picture(name: str) -> bytes | None:
    """The bytes of the picture named ``name`` if this process drew it (or keeps it from a request), else ``None``."""
    data = _PICTURES.get(name)
    if data is None:
        with _LOCK:
            data = _ON_DEMAND.get(name)
            if data is not None:
                _ON_DEMAND.move_to_end(name)
    return data


def keep_drawn(name: str, data: bytes) -> None:
    """Keep a picture drawn for a request, the least recently served ones going beyond :data:`ON_DEMAND_MAX`."""
    with _LOCK:
        _ON_DEMAND[name] = data
        _ON_DEMAND.move_to_end(name)
        while len(_ON_DEMAND) > ON_DEMAND_MAX:
            _ON_DEMAND.popitem(last=False)


@contextmanager
def as_files() -> Iterator[None]:
    """Within the block, cards are drawn as pictures served as files (when the server serves them)."""
    token = _ON.set(served())
    try:
        yield
    finally:
        _ON.reset(token)


@contextmanager
def inline() -> Iterator[None]:
    """Within the block, cards are inline SVG again (the picture written into a file is one)."""
    token = _ON.set(False)
    try:
        yield
    finally:
        _ON.reset(token)


def active() -> bool:
    return _ON.get()


def url(svg: str, spec: Spec) -> str:
    """The address of the picture ``svg``, drawn from ``spec``, kept for :func:`picture` the first time."""
    return _url(svg, spec)


@lru_cache(maxsize=4096)
def _url(svg: str, spec: Spec) -> str:
    # Cached per process: a picture is digested once, then every rerun only looks a string up.
    data = svg.encode("utf-8")
    name = f"{spec.text()}.{digest(data)}.svg"
    with _LOCK:  # sessions draw in threads of their own
        _PICTURES.setdefault(name, data)
    return f"{URL}/{name}"


__all__ = [
    "BACK",
    "CAPTION_MAX",
    "ON_DEMAND_MAX",
    "URL",
    "WIDTHS",
    "Spec",
    "active",
    "as_files",
    "digest",
    "inline",
    "keep_drawn",
    "parse",
    "picture",
    "serve",
    "served",
    "url",
]
