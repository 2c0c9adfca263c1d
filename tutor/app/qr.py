"""A QR code of a link, as inline SVG (``segno``): the projector's join address, for phones to scan.

>>> svg = qr_svg("http://tutor.example/round?code=ABC234", label="Join the round", size=200)
>>> svg.startswith('<svg role="img" aria-label="Join the round"') and "viewBox" in svg and "\\n" not in svg
True
"""

from __future__ import annotations

import re

import segno

from tutor.app.markup import escape

# segno's own opening tag, replaced by one with a size, a role and a name (a screen reader says what it is for)
_OPENING = re.compile(r"^<svg\b[^>]*>")


def qr_svg(link: str, *, label: str, size: int) -> str:
    """``link`` as a QR code ``size`` pixels square, dark on white with its quiet zone, named ``label``.

    Error correction M (15 %): a projected code is read from afar, often at an angle, and a short join link
    still makes a small code."""
    code = segno.make(link, error="m", boost_error=False)
    body = code.svg_inline(scale=1, omitsize=True, dark="#000", light="#fff")
    modules = code.symbol_size(scale=1)[0]  # with the quiet zone: the drawing's viewBox
    opening = (
        f'<svg role="img" aria-label="{escape(label)}" width="{int(size)}" height="{int(size)}" '
        f'viewBox="0 0 {modules} {modules}" style="display:block;max-width:100%;height:auto">'
    )
    return _OPENING.sub(opening, body, count=1).replace("\n", "")
