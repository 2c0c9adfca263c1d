"""Card pictures served as files: a card drawn as ``<img src="cards/<digest>.svg" alt="...">``.

Why: a rerun that draws cards inline sends every card's whole SVG (1.7-5.6 kB each, 80 kB for a deal) and makes
the browser build every shape of it through Streamlit's Markdown; an ``<img>`` is a hundred bytes, and the
browser fetches each picture once and keeps it. The scenario panel (Practice, Review, the lessons' questions)
draws its cards this way while :func:`as_files` is on.

Where: in this process's memory, served by the route of :mod:`tutor.app.cardroutes` under ``cards/`` (the app's
entry point ``tutor/app/server.py`` mounts it; ``make run``, ``aluette-tutor app``, ``make cluster`` and the browser
tests serve that). Nothing is written to disk: an installed package is read-only and shared by every instance.
A picture is kept the first time it is drawn, named by a digest of its content, so a name always means the same
bytes, on every instance (each draws the same picture from the same card) and for good (the browser caches it as
immutable). Where no route serves them (Streamlit's AppTest, ``streamlit run tutor/app/main.py``), cards stay inline
SVG: :func:`active` is false. The pictures are finite (the cards, their few sizes and looks, captions from the
game's own words), so the process keeps them all.

The picture carries no words a reader needs: the card's name (in the learner's language) is the ``<img>``'s alt
text, which a screen reader reads as it read the inline SVG's ``aria-label``.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

URL = "cards"  # relative: the page's base (and any server.baseUrlPath) comes first
_ON: ContextVar[bool] = ContextVar("cards_as_files", default=False)
_PICTURES: dict[str, bytes] = {}  # file name -> the picture's bytes; only ever added to
_LOCK = threading.Lock()
_serving = False  # set once by tutor.app.cardroutes when this process's server mounts the route


def served() -> bool:
    """Whether this process's server serves the pictures (:mod:`tutor.app.cardroutes` is mounted)."""
    return _serving


def serve(on: bool = True) -> None:
    """Note that the route serving :func:`picture` is mounted (or, for a test, no longer)."""
    global _serving
    _serving = on


def picture(name: str) -> bytes | None:
    """The bytes of the picture named ``name`` (``<digest>.svg``), ``None`` if this process never drew it."""
    return _PICTURES.get(name)


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


def url(svg: str) -> str:
    """The address of the picture ``svg``, kept for :func:`picture` the first time."""
    return _url(svg)


@lru_cache(maxsize=4096)
def _url(svg: str) -> str:
    # Cached per process: a picture is digested once, then every rerun only looks a string up.
    data = svg.encode("utf-8")
    name = hashlib.sha256(data).hexdigest()[:20] + ".svg"
    with _LOCK:  # sessions draw in threads of their own
        _PICTURES.setdefault(name, data)
    return f"{URL}/{name}"


__all__ = ["URL", "active", "as_files", "inline", "picture", "serve", "served", "url"]
