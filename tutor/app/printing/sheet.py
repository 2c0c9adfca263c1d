"""A printed page: the HTML document around a sheet's body, its paper size and footer, and the PDF made of it.

The paper is set by CSS ``@page`` (A4, A5 or US Letter); the footer (the tutor's name, the date in the sheet's
language, the page number) sits in the page's bottom margin boxes, so it repeats on every page. Type is Noto
Sans where installed (Debian's ``fonts-noto-core``: Latin, Cyrillic and Gujarati from one family, so Macedonian
and Gujarati are shaped by Pango like any other text), falling back to the system's sans-serif.

>>> html = document("<p>x</p>", lang="fr", title="Fiche", size="a5", footer="Tuteur d'Aluette")
>>> "size: 148mm 210mm" in html and '<html lang="fr">' in html and 'content: "Tuteur d\\'Aluette"' in html
True
"""

from __future__ import annotations

import base64
import re
from datetime import date
from typing import Literal

from tutor.app import dates
from tutor.app.markup import escape
from tutor.i18n import ui

Size = Literal["a4", "a5", "letter"]
# Width and height of each paper, portrait, as CSS lengths.
SIZES: dict[str, tuple[str, str]] = {"a4": ("210mm", "297mm"), "a5": ("148mm", "210mm"), "letter": ("8.5in", "11in")}
FONTS = "'Noto Sans', 'Noto Sans Gujarati', 'DejaVu Sans', sans-serif"

_BASE_CSS = """
html{font-family:%(fonts)s;color:#111;font-size:9.5pt;line-height:1.3}
body{margin:0}
h1{font-size:15pt;margin:0 0 2mm 0;line-height:1.15}
h2{font-size:11pt;margin:3mm 0 1.5mm 0;line-height:1.15}
p{margin:0 0 1.5mm 0}
svg{display:inline-block;vertical-align:middle}
.muted{color:#444}
"""


def css_string(text: str) -> str:
    """``text`` as a CSS string literal (the footer's words, from the catalogs, quoted for ``content:``)."""
    cleaned = " ".join(text.split())
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"') + '"'


def footer_text(lang: str, day: date | None = None) -> str:
    """``Aluette tutor · 2 December 2026``: the tutor's name and the day, in ``lang``."""
    # Translators: the footer of every printed sheet: {tutor} is the tutor's name, {date} the day it was printed.
    return ui.gettext(
        lang,
        "{tutor} · {date}",
        tutor=ui.gettext(lang, "Aluette tutor"),
        date=dates.full_day(day or date.today(), lang),
    )


def document(
    body: str,
    *,
    lang: str,
    title: str,
    size: str,
    footer: str,
    css: str = "",
    landscape: bool = False,
    margin: str = "11mm 11mm 13mm 11mm",
    numbered: bool = True,
) -> str:
    """The whole HTML page of a sheet: ``body`` (HTML) on ``size`` paper, the footer on every page."""
    width, height = SIZES[size]
    if landscape:
        width, height = height, width
    small = f"font-size:7.5pt;color:#444;font-family:{FONTS}"
    number = f'@bottom-right{{content: counter(page) " / " counter(pages);{small}}}'
    page = (
        f"@page{{size: {width} {height};margin:{margin};"
        f"@bottom-left{{content: {css_string(footer)};{small}}}"
        f"{number if numbered else ''}}}"
    )
    style = page + (_BASE_CSS % {"fonts": FONTS}) + css
    return (
        f'<!DOCTYPE html><html lang="{escape(lang)}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{style}</style></head><body>{body}</body></html>"
    )


_LABEL = re.compile(r'aria-label="([^"]*)"')


def image(svg: str, css_class: str) -> str:
    """A picture of the app's (a card, a gesture) as an ``<img>`` of a data URI, its accessible name the alt text.

    Why not inline SVG: WeasyPrint parses an image once per address and HTML's tokenizer reads an address as one
    attribute, where an inline SVG is thousands of tags to parse and style; the A4 card is made twice as fast.

    >>> image('<svg xmlns="http://www.w3.org/2000/svg" aria-label="3-coins &amp; more"/>', "card")[:46]
    '<img class="card" alt="3-coins &amp; more" src'
    """
    found = _LABEL.search(svg)
    alt = found.group(1) if found else ""  # already escaped for an attribute by the drawing's serialiser
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img class="{escape(css_class)}" alt="{alt}" src="data:image/svg+xml;base64,{data}">'


_INLINE_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)  # the app's drawings hold no <svg> inside another
_ATTRIBUTE = re.compile(r'\s(class|width|height)="([^"]*)"')


def as_images(html: str) -> str:
    """``html`` (a drawing of the app's, :mod:`tutor.app.views`) with every inline SVG made an ``<img>`` of the
    same size, classes and accessible name (:func:`image`)."""

    def picture(found: re.Match[str]) -> str:
        svg = found.group(0)
        head = svg[: svg.index(">")]
        attributes = dict(_ATTRIBUTE.findall(head))
        tag = image(svg, attributes.get("class", ""))
        sizes = "".join(f' {name}="{attributes[name]}"' for name in ("width", "height") if name in attributes)
        return tag.replace("<img ", f"<img{sizes} ", 1)

    return _INLINE_SVG.sub(picture, html)


def render_pdf(html: str) -> bytes:
    """The PDF of a page of HTML (WeasyPrint, imported here: it takes a moment, and only printing needs it)."""
    from weasyprint import HTML

    pdf = HTML(string=html).write_pdf()
    if not isinstance(pdf, bytes):  # pragma: no cover - write_pdf returns the bytes when given no target
        raise RuntimeError("WeasyPrint wrote no PDF")
    return pdf


__all__ = ["SIZES", "Size", "as_images", "css_string", "document", "footer_text", "image", "render_pdf"]
