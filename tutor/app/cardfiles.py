"""Card pictures served as files: a card drawn as ``<img src="app/static/cards/<digest>.svg" alt="...">``.

Why: a rerun that draws cards inline sends every card's whole SVG (1.7-5.6 kB each, 80 kB for a deal) and makes
the browser build every shape of it through Streamlit's Markdown; an ``<img>`` is a hundred bytes, and the
browser fetches each picture once and keeps it. The scenario panel (Practice, Review, the lessons' questions)
draws its cards this way while :func:`as_files` is on.

Where: Streamlit serves the folder ``static/`` beside the main script under ``app/static/`` when the server runs
with ``server.enableStaticServing`` (``make run``, ``aluette-tutor app`` and the browser tests turn it on). A
picture is written there the first time it is drawn, named by a digest of its content, so a name always means
the same picture and can be cached for good; the folder is a cache (ignored by git). Without static serving
(Streamlit's AppTest, ``streamlit run`` without the flag) or where the folder cannot be written, cards stay inline
SVG: :func:`active` is false.

The picture carries no words a reader needs: the card's name (in the learner's language) is the ``<img>``'s alt
text, which a screen reader reads as it read the inline SVG's ``aria-label``.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

import streamlit as st

FOLDER = Path(__file__).resolve().parent / "static" / "cards"
URL = "app/static/cards"  # relative: the page's base (and any server.baseUrlPath) comes first
_ON: ContextVar[bool] = ContextVar("cards_as_files", default=False)


def served() -> bool:
    """Whether this server serves the app's ``static/`` folder."""
    try:
        return bool(st.get_option("server.enableStaticServing"))
    except RuntimeError:  # pragma: no cover - no Streamlit configuration at all
        return False


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
    """The address of the picture ``svg`` (written to :data:`FOLDER` the first time); ``""`` if it cannot be
    written (the caller then draws the card inline)."""
    return _url(svg, FOLDER)


@lru_cache(maxsize=4096)
def _url(svg: str, folder: Path) -> str:
    # Cached per process: a picture is checked on disk once, then every rerun only formats a string.
    name = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:20] + ".svg"
    path = folder / name
    if not path.exists():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            # written aside, then renamed: a browser never fetches half a file, two sessions (threads or servers)
            # never write the same file
            part = folder / f".{name}.{os.getpid()}.{threading.get_ident()}.part"
            part.write_text(svg, encoding="utf-8")
            part.replace(path)
        except OSError:  # a read-only install: inline SVG it is
            return ""
    return f"{URL}/{name}"


__all__ = ["FOLDER", "URL", "active", "as_files", "inline", "served", "url"]
