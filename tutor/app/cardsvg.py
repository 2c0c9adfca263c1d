"""Cards drawn as SVG strings, the way ``chess.svg`` draws boards: pure functions, no browser needed.

>>> from tutor.engine import card
>>> svg = card_svg(card("3-coins"), width=64)
>>> svg.startswith("<svg") and 'aria-label="3-coins, three of coins, Monsieur"' in svg
True

Design:

- The Spanish suits are drawn as simple vector symbols, each with its own colour *and* shape, so that
  colour-blind learners can tell them apart: coins a gold disc with a ring, cups a red goblet, swords a
  blue straight sword, clubs a green knotted club (tilted, unlike the upright sword).
- The rank sits large in the top-left corner (and, on unnamed cards, upside down in the bottom-right);
  the middle shows the pips (one large symbol on small cards). The eight named cards carry their name on
  a banner; the tier can be shown as a badge (``show_tier=True``).
- Every size is computed in a fixed 112 x 162 coordinate system scaled to ``width`` pixels; text sizes
  are the larger of a nominal size and a minimum *pixel* size, so small cards stay legible. Designed for
  widths 40-120 px (below 60 a card shows one large symbol instead of its pips); narrower cards still
  render, but on a named card the banner then leaves little room for the suit symbol.
- Highlight (a winning card): a thick gold border with a glow. Spoiled (tied cards): a dashed red
  border and a red "TIE" sash across the bottom-left corner. Dimmed: drawn faded.
- No ``<defs>`` and no ids: several cards on one page can never clash.
- The output is one line of XML (no blank lines or indentation), so Streamlit's Markdown never mistakes
  part of it for a code block.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from html import escape

from tutor.engine.cards import Card, Suit
from tutor.engine.ranking import TIERS

# --- geometry (units of the viewBox) -------------------------------------------------------------

PAD = 6.0  # room around the card body for the highlight glow
CARD_W = 100.0
CARD_H = 150.0
VIEW_W = CARD_W + 2 * PAD
VIEW_H = CARD_H + 2 * PAD
LEFT, TOP = PAD, PAD
RIGHT, BOTTOM = PAD + CARD_W, PAD + CARD_H
CORNER_RADIUS = 8.0

# Cards narrower than this show one large suit symbol instead of the pips: pips would be specks.
COMPACT_BELOW = 60

# Minimum rendered sizes in CSS pixels, whatever the card width: the legibility floor.
MIN_RANK_PX = 13.0
MIN_TEXT_PX = 8.0  # banner names, tier badge, court words
MIN_CAPTION_PX = 10.0

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
SVG_NS = "http://www.w3.org/2000/svg"

# --- colours ------------------------------------------------------------------------------------

PAPER = "#fffdf6"
EDGE = "#6b6b6b"
INK = "#1f1f1f"
GOLD = "#f2b705"
GLOW = "#ffd54f"
TIE_RED = "#c62828"
BACK = "#1d3a6e"
BACK_LIGHT = "#3a63a8"
BACK_TRIM = "#e8d9a8"
BANNER = "#fff1c1"
BANNER_EDGE = "#8a6d1f"
BADGE = "#263238"

# suit -> (main fill, dark outline, light accent); rank text uses the dark colour
SUIT_COLOURS: dict[Suit, tuple[str, str, str]] = {
    Suit.COINS: ("#e8b400", "#7a5500", "#fff0a8"),
    Suit.CUPS: ("#c62828", "#6f0f0f", "#ef9a9a"),
    Suit.SWORDS: ("#2b6cc4", "#143a70", "#a9c8f0"),
    Suit.CLUBS: ("#2e7d32", "#17471a", "#a5d6a7"),
}

COURT_WORDS = {"J": "JACK", "C": "CAVALIER", "K": "KING"}


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: short, deterministic output."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- suit symbols, each drawn in a 100 x 100 box centred on (0, 0) ----------------------------------


def _coin(fill: str, dark: str, light: str) -> str:
    return (
        f'<circle r="46" fill="{fill}" stroke="{dark}" stroke-width="6"/>'
        f'<circle r="29" fill="none" stroke="{dark}" stroke-width="5"/>'
        f'<circle r="12" fill="{light}" stroke="{dark}" stroke-width="4"/>'
    )


def _cup(fill: str, dark: str, light: str) -> str:
    return (
        f'<path d="M-22 45 Q0 30 22 45 Z" fill="{fill}" stroke="{dark}" stroke-width="5" stroke-linejoin="round"/>'
        f'<rect x="-6" y="4" width="12" height="34" fill="{fill}" stroke="{dark}" stroke-width="5"/>'
        f'<ellipse cy="20" rx="12" ry="6" fill="{fill}" stroke="{dark}" stroke-width="4"/>'
        f'<path d="M-38 -40 L38 -40 Q38 8 0 10 Q-38 8 -38 -40 Z" fill="{fill}" stroke="{dark}" '
        'stroke-width="6" stroke-linejoin="round"/>'
        f'<ellipse cy="-40" rx="38" ry="8" fill="{light}" stroke="{dark}" stroke-width="5"/>'
    )


def _sword(fill: str, dark: str, light: str) -> str:
    return (
        f'<path d="M0 -50 L8 -36 L8 18 L-8 18 L-8 -36 Z" fill="{light}" stroke="{dark}" stroke-width="5" '
        'stroke-linejoin="round"/>'
        f'<line x1="0" y1="-34" x2="0" y2="14" stroke="{fill}" stroke-width="4"/>'
        f'<rect x="-26" y="16" width="52" height="10" rx="4" fill="{fill}" stroke="{dark}" stroke-width="4"/>'
        f'<rect x="-5" y="26" width="10" height="15" fill="{dark}"/>'
        f'<circle cy="45" r="7" fill="{fill}" stroke="{dark}" stroke-width="4"/>'
    )


def _club(fill: str, dark: str, light: str) -> str:
    # A tapered baton, thick end up, with cut-branch knots on both sides; tilted so that it never
    # reads as the upright sword.
    knots = "".join(
        f'<ellipse cx="{x}" cy="{y}" rx="7" ry="5" transform="rotate({r} {x} {y})" '
        f'fill="{fill}" stroke="{dark}" stroke-width="4"/>'
        for x, y, r in ((-15, -22, -30), (15, -4, 30), (-12, 16, -30), (10, 32, 30))
    )
    return (
        '<g transform="rotate(18)">'
        f"{knots}"
        f'<path d="M-6 48 L6 48 L15 -28 Q15 -48 0 -48 Q-15 -48 -15 -28 Z" fill="{fill}" stroke="{dark}" '
        'stroke-width="5" stroke-linejoin="round"/>'
        f'<ellipse cx="-3" cy="-34" rx="4" ry="8" fill="{light}" opacity="0.8"/>'
        "</g>"
    )


_SYMBOLS = {Suit.COINS: _coin, Suit.CUPS: _cup, Suit.SWORDS: _sword, Suit.CLUBS: _club}
# Width of each symbol as a fraction of its height: narrow swords and clubs may be drawn taller.
SYMBOL_ASPECT = {Suit.COINS: 0.94, Suit.CUPS: 0.8, Suit.SWORDS: 0.56, Suit.CLUBS: 0.62}


@lru_cache(maxsize=16)
def _symbol_body(suit: Suit) -> str:
    return _SYMBOLS[suit](*SUIT_COLOURS[suit])


def suit_symbol(suit: Suit, cx: float, cy: float, size: float) -> str:
    """The suit's symbol, ``size`` units tall, centred on (cx, cy)."""
    return f'<g transform="translate({_n(cx)} {_n(cy)}) scale({_n(size / 100)})">{_symbol_body(suit)}</g>'


# --- text ---------------------------------------------------------------------------------------

# Rough advance widths (in em) of a bold sans-serif, enough to decide whether a name fits a banner.
_NARROW = set("il.,:;'’!|ıjÍíìî")
_SEMI = set("frtI-() ")
_WIDE = set("mwMWŒœ")


def text_width(text: str, size: float) -> float:
    """Estimated width of ``text`` at font size ``size`` (bold sans-serif), in the same units."""
    total = 0.0
    for ch in text:
        if ch in _NARROW:
            total += 0.30
        elif ch in _SEMI:
            total += 0.38
        elif ch in _WIDE:
            total += 0.90
        elif ch.isupper() or ch.isdigit():
            total += 0.68 if ch.isupper() else 0.58
        else:
            total += 0.58
    return total * size


def _split_name(name: str) -> tuple[str, str]:
    """Break a name into two balanced lines, at a space or after a hyphen."""
    best: tuple[float, str, str] | None = None
    for i, ch in enumerate(name):
        if ch == " ":
            first, second = name[:i], name[i + 1 :]
        elif ch == "-":
            first, second = name[: i + 1], name[i + 1 :]
        else:
            continue
        worst = max(text_width(first, 1), text_width(second, 1))
        if best is None or worst < best[0]:
            best = (worst, first, second)
    return (best[1], best[2]) if best else (name, "")


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    fill: str,
    *,
    anchor: str = "middle",
    weight: str = "700",
    fit: float | None = None,
    extra: str = "",
) -> str:
    """One line of text; ``fit`` squeezes it into that width if the estimate says it would overflow."""
    squeeze = ""
    if fit is not None and text_width(text, size) > fit:
        squeeze = f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-weight="{weight}" '
        f'fill="{fill}" text-anchor="{anchor}"{squeeze}{extra}>{escape(text, quote=False)}</text>'
    )


# --- labels -------------------------------------------------------------------------------------


def card_label(card: Card | None, *, face_down: bool = False, show_name: bool = True, show_tier: bool = False) -> str:
    """The accessible name of a card: ``3-coins, three of coins, Monsieur (tier 1)``.

    The tier is named only when it is shown on the card, and the Aluette name only when the banner is:
    a drill asking "which tier?" or "what is this card called?" must not read the answer aloud.
    """
    if card is None or face_down:
        return "face-down card"
    label = f"{card.code}, {card.english}"
    if show_name and card.name:
        label += f", {card.name}"
    if show_tier:
        label += f" (tier {TIERS[card]})"
    return label


# --- the card -----------------------------------------------------------------------------------


def card_svg(
    card: Card | None,
    *,
    width: int = 64,
    face_down: bool = False,
    highlight: bool = False,
    spoiled: bool = False,
    dimmed: bool = False,
    caption: str | None = None,
    show_tier: bool = False,
    show_name: bool = True,
    label: str | None = None,
    css_class: str | None = None,
) -> str:
    """One card as ``<svg role="img" aria-label="...">`` with a ``<title>``; ``None`` or ``face_down`` draws a back.

    Keyword options beyond the shared API: ``show_tier`` (a tier badge, and the tier in the label),
    ``show_name`` (``False`` hides the banner of a named card, for naming drills), ``label`` (replace the
    accessible name), ``css_class`` (extra classes on the ``<svg>``).
    """
    return _card_svg(
        card,
        int(width),
        bool(face_down or card is None),
        bool(highlight),
        bool(spoiled),
        bool(dimmed),
        caption,
        bool(show_tier),
        bool(show_name),
        label,
        css_class,
    )


@lru_cache(maxsize=8192)
def _card_svg(
    card: Card | None,
    width: int,
    face_down: bool,
    highlight: bool,
    spoiled: bool,
    dimmed: bool,
    caption: str | None,
    show_tier: bool,
    show_name: bool,
    label: str | None,
    css_class: str | None,
) -> str:
    # Cached: the output is a pure function of the arguments, and reruns draw the same cards again.
    if width < 8:
        raise ValueError(f"a card must be at least 8 pixels wide, not {width}")
    scale = width / VIEW_W  # pixels per unit

    def size(nominal: float, min_px: float) -> float:
        return max(nominal, min_px / scale)

    text = (
        label if label is not None else card_label(card, face_down=face_down, show_name=show_name, show_tier=show_tier)
    )
    if caption:
        text = f"{text}; {caption}"
    caption_size = size(15, MIN_CAPTION_PX)
    view_h = VIEW_H + (caption_size * 1.35 if caption else 0)
    height = round(view_h * scale, 1)

    classes = ["card"]
    if face_down:
        classes.append("card-back")
    if highlight:
        classes.append("card-highlight")
    if spoiled:
        classes.append("card-spoiled")
    if dimmed:
        classes.append("card-dimmed")
    if css_class:
        classes.append(css_class)
    data = "" if face_down or card is None else f' data-card="{card.code}"'

    parts = [
        f'<svg xmlns="{SVG_NS}" role="img" aria-label="{escape(text)}" class="{" ".join(classes)}"{data} '
        f'width="{width}" height="{_n(height)}" viewBox="0 0 {_n(VIEW_W)} {_n(view_h)}" '
        f'font-family="{escape(FONT)}">',
        f"<title>{escape(text, quote=False)}</title>",
        '<g opacity="0.35">' if dimmed else "<g>",
    ]
    if highlight:
        # the glow: wide, faint strokes around the body, under it
        for stroke, opacity in ((12, 0.25), (8, 0.45)):
            parts.append(_body_rect(fill="none", stroke=GLOW, stroke_width=stroke, extra=f' opacity="{opacity}"'))
    if face_down or card is None:
        parts.append(_back())
    else:
        parts.append(_face(card, width, size, show_tier, show_name))
    if highlight:
        parts.append(_body_rect(fill="none", stroke=GOLD, stroke_width=6))
    if spoiled:
        parts.append(_body_rect(fill="none", stroke=TIE_RED, stroke_width=4.5, extra=' stroke-dasharray="9 6"'))
        parts.append(_tie_sash(size(13, MIN_TEXT_PX)))
    parts.append("</g>")
    if caption:
        parts.append(
            _text(VIEW_W / 2, VIEW_H + caption_size * 1.05, caption, caption_size, INK, weight="600", fit=VIEW_W - 4)
        )
    parts.append("</svg>")
    return "".join(parts)


def _body_rect(*, fill: str, stroke: str, stroke_width: float, extra: str = "") -> str:
    return (
        f'<rect x="{_n(LEFT)}" y="{_n(TOP)}" width="{_n(CARD_W)}" height="{_n(CARD_H)}" rx="{_n(CORNER_RADIUS)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{_n(stroke_width)}"{extra}/>'
    )


def _back() -> str:
    """A face-down card: a blue lattice of diamonds in a cream frame, the same for every card."""
    parts = [_body_rect(fill=BACK, stroke=EDGE, stroke_width=2)]
    inset = 9.0
    x0, y0, w, h = LEFT + inset, TOP + inset, CARD_W - 2 * inset, CARD_H - 2 * inset
    parts.append(
        f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" rx="4" fill="none" '
        f'stroke="{BACK_TRIM}" stroke-width="2.5"/>'
    )
    cols, rows = 5, 8
    dx, dy = (w - 6) / cols, (h - 6) / rows
    diamonds = []
    for row in range(rows):
        for col in range(cols):
            cx, cy = x0 + 3 + dx * (col + 0.5), y0 + 3 + dy * (row + 0.5)
            diamonds.append(
                f"M{_n(cx)} {_n(cy - dy * 0.42)}L{_n(cx + dx * 0.42)} {_n(cy)}"
                f"L{_n(cx)} {_n(cy + dy * 0.42)}L{_n(cx - dx * 0.42)} {_n(cy)}Z"
            )
    parts.append(f'<path d="{"".join(diamonds)}" fill="{BACK_LIGHT}"/>')
    cx, cy = LEFT + CARD_W / 2, TOP + CARD_H / 2
    parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="17" fill="{BACK}" stroke="{BACK_TRIM}" stroke-width="3"/>')
    parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="7" fill="{BACK_TRIM}"/>')
    return "".join(parts)


def _tie_sash(font: float) -> str:
    """A red band across the bottom-left corner reading TIE: visible without hiding the rank or the pips."""
    band = max(20.0, font * 1.45)
    # the band's centre line runs from (LEFT, BOTTOM - d) to (LEFT + d, BOTTOM)
    d = 40.0 + band / 2
    outer, inner = d + band / 2, d - band / 2
    points = (
        f"{_n(LEFT)},{_n(BOTTOM - outer)} {_n(LEFT + outer)},{_n(BOTTOM)} "
        f"{_n(LEFT + inner)},{_n(BOTTOM)} {_n(LEFT)},{_n(BOTTOM - inner)}"
    )
    cx, cy = LEFT + d / 2, BOTTOM - d / 2
    return f'<polygon points="{points}" fill="{TIE_RED}" opacity="0.92"/>' + _text(
        cx, cy + font * 0.36, "TIE", font, "#ffffff", extra=f' transform="rotate(45 {_n(cx)} {_n(cy)})"'
    )


def _rank_index(rank: str, x: float, y: float, size: float, colour: str) -> str:
    """The rank in a corner; 6 and 9 are underlined, as on printed cards, so upside down they can't be confused."""
    text = _text(x, y, rank, size, colour, weight="800")
    if rank not in "69":
        return text
    half = size * 0.28
    line_y = y + size * 0.12
    return text + (
        f'<line x1="{_n(x - half)}" y1="{_n(line_y)}" x2="{_n(x + half)}" y2="{_n(line_y)}" '
        f'stroke="{colour}" stroke-width="{_n(max(1.5, size * 0.08))}" stroke-linecap="round"/>'
    )


def _face(card: Card, width: int, size: object, show_tier: bool, show_name: bool) -> str:
    assert callable(size)
    fill, dark, _light = SUIT_COLOURS[card.suit]
    compact = width < COMPACT_BELOW
    named = bool(card.name) and show_name
    parts = [_body_rect(fill=PAPER, stroke=EDGE, stroke_width=2)]

    # the rank, large, in the top-left corner (and upside down bottom-right when nothing else is there)
    rank_size = size(34 if compact else 28, MIN_RANK_PX)
    rank_x = LEFT + max(13.0, rank_size * 0.45)
    rank_y = TOP + rank_size * 0.92
    parts.append(_rank_index(card.rank, rank_x, rank_y, rank_size, dark))
    index_pip = 0.0
    if not compact:
        index_pip = 15.0
        parts.append(suit_symbol(card.suit, rank_x, rank_y + 4 + index_pip / 2, index_pip))
        if not named:
            cx, cy = LEFT + CARD_W / 2, TOP + CARD_H / 2
            parts.append(
                f'<g transform="rotate(180 {_n(cx)} {_n(cy)})">'
                + _rank_index(card.rank, rank_x, rank_y, rank_size, dark)
                + suit_symbol(card.suit, rank_x, rank_y + 4 + index_pip / 2, index_pip)
                + "</g>"
            )

    # the banner with the name of a named card
    banner_top = BOTTOM
    if named:
        assert card.name is not None
        banner, banner_top = _banner(card.name, compact, size)
        parts.append(banner)

    # the middle: pips, one big symbol, or a court card's frame
    if compact:
        top = rank_y + 3
        bottom = banner_top - 4 if named else BOTTOM - 6
        avail_h = bottom - top
        symbol = min(avail_h * 0.86, 58.0)
        parts.append(suit_symbol(card.suit, LEFT + CARD_W / 2 + 6, top + avail_h / 2, symbol))
    else:
        area_left = LEFT + 26
        area_right = RIGHT - 26
        area_top = TOP + 22
        area_bottom = (banner_top - 5) if named else (BOTTOM - 22)
        parts.append(_middle(card, area_left, area_top, area_right, area_bottom, size, fill, dark))

    if show_tier:
        parts.append(_tier_badge(TIERS[card], size(14, MIN_TEXT_PX)))
    return "".join(parts)


def _banner(name: str, compact: bool, size: object) -> tuple[str, float]:
    """The name plate at the bottom of a named card; returns the SVG and the banner's top edge."""
    assert callable(size)
    font = size(15 if compact else 13.5, MIN_TEXT_PX)
    avail = CARD_W - 10
    lines: tuple[str, ...] = (name,)
    if text_width(name, font) > avail:
        first, second = _split_name(name)
        lines = (first, second) if second else (name,)
    line_h = font * 1.08
    height = line_h * len(lines) + font * 0.5
    top = BOTTOM - 7 - height
    parts = [
        f'<rect x="{_n(LEFT + 3)}" y="{_n(top)}" width="{_n(CARD_W - 6)}" height="{_n(height)}" rx="4" '
        f'fill="{BANNER}" stroke="{BANNER_EDGE}" stroke-width="2"/>'
    ]
    for i, line in enumerate(lines):
        baseline = top + font * 0.25 + line_h * (i + 1) - font * 0.2
        parts.append(_text(LEFT + CARD_W / 2, baseline, line, font, INK, fit=avail))
    return "".join(parts), top


# Pip positions in a unit box (column, row from 0 to 1), for one to nine pips.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0), (1.0, 1.0)),
    9: tuple((c / 2, r / 2) for r in range(3) for c in range(3)),
}


def _middle(
    card: Card, left: float, top: float, right: float, bottom: float, size: object, fill: str, dark: str
) -> str:
    assert callable(size)
    w, h = right - left, bottom - top
    cx, cy = left + w / 2, top + h / 2
    if card.rank in COURT_WORDS:
        # a court card: a framed panel with one large symbol and the rank's word
        word_size = size(10, MIN_TEXT_PX)
        frame = (
            f'<rect x="{_n(left - 6)}" y="{_n(top - 2)}" width="{_n(w + 12)}" height="{_n(h + 4)}" rx="5" '
            f'fill="none" stroke="{fill}" stroke-width="3"/>'
        )
        symbol = suit_symbol(card.suit, cx, cy - word_size * 0.6, min(w * 1.05, h - word_size * 2.2))
        word = _text(cx, bottom - word_size * 0.35, COURT_WORDS[card.rank], word_size, dark, fit=w + 8)
        return frame + _crown(card.rank, cx, top + 2, dark) + symbol + word
    count = 1 if card.rank == "A" else int(card.rank)
    layout = _PIPS[count]
    aspect = SYMBOL_ASPECT[card.suit]
    if count == 1:
        return suit_symbol(card.suit, cx, cy, min((w + 16) / aspect, h * 0.85, 70.0))
    # pips are sized by a grid of cells: 7 and 8 put a pip between the two columns, so they size as if
    # there were nearly three (the middle pips sit between rows, so they may be a little wider than a third)
    cols = 1 if count <= 3 else (2 if count <= 6 else (2.4 if count <= 8 else 3))
    rows = 4 if count in (7, 8) else (3 if count in (3, 6, 9) else 2)
    pip = min(h / rows * 0.92, w / cols * 0.95 / aspect, 36.0)
    # keep pips inside the area: positions run over the box shrunk by half a pip each way
    pip_w = pip * aspect
    inner_left, inner_w = left + pip_w / 2, w - pip_w
    inner_top, inner_h = top + pip / 2, h - pip
    return "".join(
        suit_symbol(card.suit, inner_left + inner_w * x if cols > 1 else cx, inner_top + inner_h * y, pip)
        for x, y in layout
    )


def _crown(rank: str, cx: float, y: float, dark: str) -> str:
    """A small emblem above a court card's symbol: a crown for the king, a horseshoe for the cavalier."""
    # drawn around (0, 0), then moved into place
    if rank == "K":
        shape = (
            f'<path d="M-9 8 L-9 0 L-4.5 4 L0 -2 L4.5 4 L9 0 L9 8 Z" fill="{GOLD}" stroke="{dark}" '
            'stroke-width="1.5" stroke-linejoin="round"/>'
        )
    elif rank == "C":
        shape = (
            f'<path d="M-6 8 L-6 2 A6 6 0 0 1 6 2 L6 8" fill="none" stroke="{dark}" stroke-width="3" '
            'stroke-linecap="round"/>'
        )
    else:
        shape = f'<circle cy="3" r="3.5" fill="{dark}"/>'
    return f'<g transform="translate({_n(cx)} {_n(y)})">{shape}</g>'


def _tier_badge(tier_number: int, font: float) -> str:
    """The tier as white digits on a dark pill in the top-right corner (a disc for one digit)."""
    digits = str(tier_number)
    h = font * 1.4
    w = max(h, text_width(digits, font) + font * 0.6)
    x, y = RIGHT - w - 3, TOP + 3
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(h / 2)}" fill="{BADGE}" '
        'stroke="#ffffff" stroke-width="2"/>' + _text(x + w / 2, y + h / 2 + font * 0.36, digits, font, "#ffffff")
    )


# --- rows ---------------------------------------------------------------------------------------


def cards_html(
    cards: Sequence[Card | None],
    *,
    width: int = 64,
    highlight: Collection[Card] = (),
    spoiled: Collection[Card] = (),
    captions: Sequence[str] | None = None,
    dimmed: Collection[Card] = (),
    face_down: bool = False,
    show_tier: bool = False,
    show_name: bool = True,
    label: str | None = None,
    gap: int | None = None,
    css_class: str = "",
) -> str:
    """A wrapping row of cards: ``<div class="cards-row">`` holding one SVG per card (``None``: a back).

    Inline styles make the row lay out even without :func:`tutor.app.views.css`. ``label`` names the
    row for screen readers (``role="group"``).
    """
    if captions is not None and len(captions) != len(cards):
        raise ValueError(f"{len(captions)} captions for {len(cards)} cards")
    highlight, spoiled, dimmed = set(highlight), set(spoiled), set(dimmed)
    space = gap if gap is not None else max(3, width // 12)
    aria = f' role="group" aria-label="{escape(label)}"' if label else ""
    classes = " ".join(["cards-row", *css_class.split()])
    style = f"display:flex;flex-wrap:wrap;gap:{space}px;align-items:flex-start"
    parts = [f'<div class="{escape(classes)}"{aria} style="{style}">']
    for i, c in enumerate(cards):
        parts.append(
            card_svg(
                c,
                width=width,
                face_down=face_down,
                highlight=c in highlight,
                spoiled=c in spoiled,
                dimmed=c in dimmed,
                caption=captions[i] if captions is not None else None,
                show_tier=show_tier,
                show_name=show_name,
            )
        )
    parts.append("</div>")
    return "".join(parts)
