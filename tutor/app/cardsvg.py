"""Cards drawn as SVG, the way ``chess.svg`` draws boards: pure functions, no browser needed.

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
  border and a red "TIE" sash across the bottom-left corner (its word, like a court card's, in the page's
  language). Dimmed: drawn faded.
- No ``<defs>`` and no ids: several cards on one page can never clash.
- Each card is built as an ``xml.etree.ElementTree`` tree and written by :func:`tutor.app.markup.to_string`:
  a caption, a label or a class holding ``&``, ``<`` or quotes is escaped by the serialiser, never by hand.
  The output is one line of XML (no blank lines or indentation, line breaks in text written as
  references), so Streamlit's Markdown never mistakes part of it for a code block.
- Where cards are served as files (inside :func:`tutor.app.cardfiles.as_files`, on a server with static serving),
  :func:`card_svg` gives an ``<img>`` of the same picture instead, with the same size, classes, ``data-card``
  and name (its alt text).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from xml.etree.ElementTree import Element

from tutor.app import cardfiles
from tutor.app.markup import escape, to_string, xml_text
from tutor.app.pagelang import page_language
from tutor.engine.cards import Card, Suit, parse_card
from tutor.engine.errors import NotationError
from tutor.engine.ranking import TIERS
from tutor.engine.steps import Tier
from tutor.i18n import ui
from tutor.i18n.sentences import format_value, spelled

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
# Within few_shapes(), every card is drawn so: a printed sheet's cards are small on paper whatever their width in
# pixels, and a PDF maker draws each shape of each card anew (pips are ten times the shapes).
_FEW_SHAPES: ContextVar[bool] = ContextVar("few_shapes", default=False)

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

COURT_RANKS = ("J", "C", "K")  # the court cards: a framed panel with one symbol and the rank's word


@dataclass(frozen=True)
class Drawn:
    """The words drawn on the pictures (not the accessible names): each court card's rank word, and the word on
    the sash of a card tied for best. Hashable: it is part of the cached drawing's key."""

    jack: str = "JACK"
    cavalier: str = "CAVALIER"
    king: str = "KING"
    tie: str = "TIE"

    def court(self, rank: str) -> str:
        return {"J": self.jack, "C": self.cavalier, "K": self.king}[rank]


def drawn_words(lang: str) -> Drawn:
    """:class:`Drawn` in ``lang``."""
    return Drawn(
        # Translators: the word printed at the foot of a court card's picture (capitals where the script has them;
        # it is squeezed to fit the card, so a short word reads best).
        jack=ui.pgettext(lang, "word drawn on the jack's picture", "JACK"),
        cavalier=ui.pgettext(lang, "word drawn on the cavalier's picture", "CAVALIER"),
        king=ui.pgettext(lang, "word drawn on the king's picture", "KING"),
        # Translators: the word on the red sash across a card that ties for best (the trick is spoiled); short.
        tie=ui.pgettext(lang, "word drawn on the sash of a tied card", "TIE"),
    )


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: short, deterministic output."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- elements -----------------------------------------------------------------------------------


@cache
def _attribute(name: str) -> str:
    """The SVG name of a keyword: ``stroke_width`` is ``stroke-width``, ``class_`` is ``class``."""
    return name.rstrip("_").replace("_", "-")


def _el(tag: str, *children: Element, text: str | None = None, **attributes: str | float) -> Element:
    """An element; numbers are written by :func:`_n`, text is escaped when the tree is written."""
    element = Element(tag, {_attribute(k): v if isinstance(v, str) else _n(v) for k, v in attributes.items()})
    element.extend(children)
    element.text = text
    return element


# --- suit symbols, each drawn in a 100 x 100 box centred on (0, 0) ----------------------------------


def _coin(fill: str, dark: str, light: str) -> list[Element]:
    return [
        _el("circle", r=46, fill=fill, stroke=dark, stroke_width=6),
        _el("circle", r=29, fill="none", stroke=dark, stroke_width=5),
        _el("circle", r=12, fill=light, stroke=dark, stroke_width=4),
    ]


def _cup(fill: str, dark: str, light: str) -> list[Element]:
    return [
        _el("path", d="M-22 45 Q0 30 22 45 Z", fill=fill, stroke=dark, stroke_width=5, stroke_linejoin="round"),
        _el("rect", x=-6, y=4, width=12, height=34, fill=fill, stroke=dark, stroke_width=5),
        _el("ellipse", cy=20, rx=12, ry=6, fill=fill, stroke=dark, stroke_width=4),
        _el(
            "path",
            d="M-38 -40 L38 -40 Q38 8 0 10 Q-38 8 -38 -40 Z",
            fill=fill,
            stroke=dark,
            stroke_width=6,
            stroke_linejoin="round",
        ),
        _el("ellipse", cy=-40, rx=38, ry=8, fill=light, stroke=dark, stroke_width=5),
    ]


def _sword(fill: str, dark: str, light: str) -> list[Element]:
    return [
        _el(
            "path",
            d="M0 -50 L8 -36 L8 18 L-8 18 L-8 -36 Z",
            fill=light,
            stroke=dark,
            stroke_width=5,
            stroke_linejoin="round",
        ),
        _el("line", x1=0, y1=-34, x2=0, y2=14, stroke=fill, stroke_width=4),
        _el("rect", x=-26, y=16, width=52, height=10, rx=4, fill=fill, stroke=dark, stroke_width=4),
        _el("rect", x=-5, y=26, width=10, height=15, fill=dark),
        _el("circle", cy=45, r=7, fill=fill, stroke=dark, stroke_width=4),
    ]


def _club(fill: str, dark: str, light: str) -> list[Element]:
    # A tapered baton, thick end up, with cut-branch knots on both sides; tilted so that it never
    # reads as the upright sword.
    knots = [
        _el("ellipse", cx=x, cy=y, rx=7, ry=5, transform=f"rotate({r} {x} {y})", fill=fill, stroke=dark, stroke_width=4)
        for x, y, r in ((-15, -22, -30), (15, -4, 30), (-12, 16, -30), (10, 32, 30))
    ]
    baton = _el(
        "path",
        d="M-6 48 L6 48 L15 -28 Q15 -48 0 -48 Q-15 -48 -15 -28 Z",
        fill=fill,
        stroke=dark,
        stroke_width=5,
        stroke_linejoin="round",
    )
    shine = _el("ellipse", cx=-3, cy=-34, rx=4, ry=8, fill=light, opacity=0.8)
    return [_el("g", *knots, baton, shine, transform="rotate(18)")]


_SYMBOLS = {Suit.COINS: _coin, Suit.CUPS: _cup, Suit.SWORDS: _sword, Suit.CLUBS: _club}
# Width of each symbol as a fraction of its height: narrow swords and clubs may be drawn taller.
SYMBOL_ASPECT = {Suit.COINS: 0.94, Suit.CUPS: 0.8, Suit.SWORDS: 0.56, Suit.CLUBS: 0.62}


@cache
def _symbol_body(suit: Suit) -> tuple[Element, ...]:
    # Built once and shared by every symbol of the suit: elements carry no parent, and nothing changes them.
    return tuple(_SYMBOLS[suit](*SUIT_COLOURS[suit]))


def _symbol(suit: Suit, cx: float, cy: float, size: float) -> Element:
    return _el("g", *_symbol_body(suit), transform=f"translate({_n(cx)} {_n(cy)}) scale({_n(size / 100)})")


def suit_symbol(suit: Suit, cx: float, cy: float, size: float) -> str:
    """The suit's symbol, ``size`` units tall, centred on (cx, cy): one SVG ``<g>``."""
    return to_string(_symbol(suit, cx, cy, size))


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
    transform: str | None = None,
) -> Element:
    """One line of text; ``fit`` squeezes it into that width if the estimate says it would overflow."""
    element = _el("text", text=text, x=x, y=y, font_size=size, font_weight=weight, fill=fill, text_anchor=anchor)
    if fit is not None and text_width(text, size) > fit:
        element.set("textLength", _n(fit))
        element.set("lengthAdjust", "spacingAndGlyphs")
    if transform is not None:
        element.set("transform", transform)
    return element


# --- labels -------------------------------------------------------------------------------------


def card_label(
    card: Card | None,
    *,
    face_down: bool = False,
    show_name: bool = True,
    show_tier: bool = False,
    lang: str | None = None,
) -> str:
    """The accessible name of a card: ``3-coins, three of coins, Monsieur (tier 1)``, in ``lang`` (default:
    the page's language; the code is the notation, the same in every language).

    The tier is named only when it is shown on the card, and the Aluette name only when the banner is:
    a drill asking "which tier?" or "what is this card called?" must not read the answer aloud.
    """
    return _card_label(card, bool(face_down), bool(show_name), bool(show_tier), lang or page_language())


@lru_cache(maxsize=4096)
def _card_label(card: Card | None, face_down: bool, show_name: bool, show_tier: bool, language: str) -> str:
    # Cached per process: the same few hundred labels (48 cards, a few looks, seven languages) are asked for on
    # every rerun of every session, each some translations and formatting; none belongs to a learner.
    _ = ui.translator(language)
    if card is None or face_down:
        # Translators: a screen reader's name for a card lying face down.
        return _("face-down card")
    words = card_words(card, language)
    if show_name and card.name:
        # the name as the language writes it (Gujarati transliterates the eight French names)
        name = format_value(Tier(TIERS[card]), "name", language)
        # Translators: a card's name for screen readers: its code, its rank and suit, its Aluette name.
        label = _("{code}, {words}, {name}", code=card.code, words=words, name=name)
    else:
        # Translators: a card's name for screen readers: its code, then its rank and suit.
        label = _("{code}, {words}", code=card.code, words=words)
    if show_tier:
        # Translators: a card's name for screen readers, with the tier it belongs to (1 is the highest).
        label = _("{label} (tier {tier})", label=label, tier=TIERS[card])
    return label


def card_words(card: Card, lang: str) -> str:
    """A card's rank and suit in words, in ``lang``: ``three of coins``, ``l'as d'épées``, ``સિક્કાની તીરી``."""
    # The explanations' words (tutor.i18n.sentences): one spelling of every card, with each language's grammar.
    return spelled(card, lang)


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
    lang: str | None = None,
) -> str:
    """One card as ``<svg role="img" aria-label="...">`` with a ``<title>``; ``None`` or ``face_down`` draws a back.

    Keyword options beyond the shared API: ``show_tier`` (a tier badge, and the tier in the label),
    ``show_name`` (``False`` hides the banner of a named card, for naming drills), ``label`` (replace the
    accessible name), ``css_class`` (extra classes on the ``<svg>``), ``lang`` (the language of the name and of
    the words drawn on court cards and a tied card's sash; default: the page's). ``caption``, ``label`` and
    ``css_class`` may hold any text: it reads back exactly from the label, the title and the caption (characters XML
    cannot carry at all become U+FFFD).
    """
    looks = (int(width), bool(face_down or card is None), bool(highlight), bool(spoiled), bool(dimmed))
    if label is None:  # the label in the page's language: part of the cache key, so a change of language redraws
        label = card_label(card, face_down=face_down, show_name=show_name, show_tier=show_tier, lang=lang)
    drawn_lang = lang or page_language()
    if cardfiles.active():
        picture = _card_file(card, *looks, caption, bool(show_tier), bool(show_name), drawn_lang)
        return _card_img(card, picture, looks, caption, label, css_class)
    drawn = drawn_words(drawn_lang)
    return _card_svg(
        card, *looks, caption, bool(show_tier), bool(show_name), label, css_class, drawn, _FEW_SHAPES.get()
    )


@contextmanager
def few_shapes() -> Iterator[None]:
    """Within the block, every card shows one large suit symbol instead of its pips, as below 60 pixels."""
    token = _FEW_SHAPES.set(True)
    try:
        yield
    finally:
        _FEW_SHAPES.reset(token)


def _card_file(
    card: Card | None,
    width: int,
    face_down: bool,
    highlight: bool,
    spoiled: bool,
    dimmed: bool,
    caption: str | None,
    show_tier: bool,
    show_name: bool,
    lang: str,
) -> str:
    """The address of the card's picture as a file (:mod:`tutor.app.cardfiles`), named by how to draw it."""
    code = cardfiles.BACK if face_down or card is None else card.code
    spec = cardfiles.Spec(code, width, highlight, spoiled, dimmed, show_tier, show_name, lang, caption or None)
    return cardfiles.url(named_picture(spec), spec)


def picture_url(card: Card, *, width: int) -> str:
    """The address of ``card``'s plain picture as a file (a card button's background), in the page's language."""
    return _card_file(card, int(width), False, False, False, False, None, False, True, page_language())


def named_picture(spec: cardfiles.Spec) -> str:
    """The picture a file name's spec describes: what the page draws and what the route draws for any instance.

    The picture is drawn with the card's code as its label, in no language: the words a reader needs are the
    ``<img>``'s alt text, so one file serves every language, but for the words drawn on court cards and on a tied
    card's sash (:class:`Drawn`), and a caption, which are part of the picture. Raises :class:`NotationError`
    for a spec whose card is no card's code (a name a client made up)."""
    face_down = spec.card == cardfiles.BACK
    card = None if face_down else parse_card(spec.card)
    if card is not None and card.code != spec.card:  # one spelling per card, as the app writes it
        raise NotationError(f"{spec.card!r} is not how a card is written in a picture's name")
    code = "" if card is None else card.code
    return _card_svg(
        card,
        spec.width,
        face_down,
        spec.highlight,
        spec.spoiled,
        spec.dimmed,
        spec.caption,
        spec.show_tier,
        spec.show_name,
        code,
        None,
        drawn_words(spec.lang),
    )


def _card_img(
    card: Card | None,
    src: str,
    looks: tuple[int, bool, bool, bool, bool],
    caption: str | None,
    label: str,
    css_class: str | None,
) -> str:
    """The ``<img>`` of a card served as a file: the same size, classes, ``data-card`` and accessible name
    (alt text) as the inline SVG's."""
    width, face_down, highlight, spoiled, dimmed = looks
    alt = xml_text(f"{label}; {xml_text(caption)}" if caption else label)
    classes = _classes(face_down, highlight, spoiled, dimmed, css_class)
    data = "" if face_down or card is None else f' data-card="{escape(card.code)}"'
    height = _n(round(_view_height(width, caption) * width / VIEW_W, 1))
    return (
        f'<img class="{escape(classes)}"{data} src="{escape(src)}" alt="{escape(alt)}" '
        f'width="{width}" height="{height}">'
    )


def _view_height(width: int, caption: str | None) -> float:
    """The height of a card's viewBox: the card, and a line under it for a caption."""
    caption_size = max(15.0, MIN_CAPTION_PX / (width / VIEW_W))
    return VIEW_H + (caption_size * 1.35 if caption else 0)


def _classes(face_down: bool, highlight: bool, spoiled: bool, dimmed: bool, css_class: str | None) -> str:
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
        classes.append(xml_text(css_class))
    return " ".join(classes)


SizeFor = Callable[[float, float], float]


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
    drawn: Drawn = Drawn(),
    few: bool = False,
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
        caption = xml_text(caption)
        text = f"{text}; {caption}"
    text = xml_text(text)
    caption_size = size(15, MIN_CAPTION_PX)
    view_h = _view_height(width, caption)
    height = round(view_h * scale, 1)
    classes = _classes(face_down, highlight, spoiled, dimmed, css_class)
    svg = Element("svg", {"xmlns": SVG_NS, "role": "img", "aria-label": text, "class": classes})
    if not face_down and card is not None:
        svg.set("data-card", card.code)
    svg.set("width", str(width))
    svg.set("height", _n(height))
    svg.set("viewBox", f"0 0 {_n(VIEW_W)} {_n(view_h)}")
    svg.set("font-family", FONT)
    svg.append(_el("title", text=text))
    body = _el("g", opacity=0.35) if dimmed else _el("g")
    svg.append(body)
    if highlight:
        # the glow: wide, faint strokes around the body, under it
        for stroke, opacity in ((12, 0.25), (8, 0.45)):
            body.append(_body_rect(fill="none", stroke=GLOW, stroke_width=stroke, opacity=opacity))
    if face_down or card is None:
        body.extend(_back())
    else:
        body.extend(_face(card, width, size, show_tier, show_name, drawn, few))
    if highlight:
        body.append(_body_rect(fill="none", stroke=GOLD, stroke_width=6))
    if spoiled:
        body.append(_body_rect(fill="none", stroke=TIE_RED, stroke_width=4.5, dasharray="9 6"))
        body.extend(_tie_sash(size(13, MIN_TEXT_PX), drawn.tie))
    if caption:
        svg.append(
            _text(VIEW_W / 2, VIEW_H + caption_size * 1.05, caption, caption_size, INK, weight="600", fit=VIEW_W - 4)
        )
    return to_string(svg)


def _body_rect(
    *, fill: str, stroke: str, stroke_width: float, opacity: float | None = None, dasharray: str | None = None
) -> Element:
    rect = _el(
        "rect",
        x=LEFT,
        y=TOP,
        width=CARD_W,
        height=CARD_H,
        rx=CORNER_RADIUS,
        fill=fill,
        stroke=stroke,
        stroke_width=stroke_width,
    )
    if opacity is not None:
        rect.set("opacity", _n(opacity))
    if dasharray is not None:
        rect.set("stroke-dasharray", dasharray)
    return rect


@cache
def _back() -> tuple[Element, ...]:
    """A face-down card: a blue lattice of diamonds in a cream frame, the same for every card."""
    parts = [_body_rect(fill=BACK, stroke=EDGE, stroke_width=2)]
    inset = 9.0
    x0, y0, w, h = LEFT + inset, TOP + inset, CARD_W - 2 * inset, CARD_H - 2 * inset
    parts.append(_el("rect", x=x0, y=y0, width=w, height=h, rx=4, fill="none", stroke=BACK_TRIM, stroke_width=2.5))
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
    parts.append(_el("path", d="".join(diamonds), fill=BACK_LIGHT))
    cx, cy = LEFT + CARD_W / 2, TOP + CARD_H / 2
    parts.append(_el("circle", cx=cx, cy=cy, r=17, fill=BACK, stroke=BACK_TRIM, stroke_width=3))
    parts.append(_el("circle", cx=cx, cy=cy, r=7, fill=BACK_TRIM))
    return tuple(parts)


def _tie_sash(font: float, word: str) -> list[Element]:
    """A red band across the bottom-left corner reading TIE (``word``, in the page's language): visible without
    hiding the rank or the pips."""
    band = max(20.0, font * 1.45)
    # the band's centre line runs from (LEFT, BOTTOM - d) to (LEFT + d, BOTTOM)
    d = 40.0 + band / 2
    outer, inner = d + band / 2, d - band / 2
    points = (
        f"{_n(LEFT)},{_n(BOTTOM - outer)} {_n(LEFT + outer)},{_n(BOTTOM)} "
        f"{_n(LEFT + inner)},{_n(BOTTOM)} {_n(LEFT)},{_n(BOTTOM - inner)}"
    )
    cx, cy = LEFT + d / 2, BOTTOM - d / 2
    return [
        _el("polygon", points=points, fill=TIE_RED, opacity=0.92),
        # squeezed to fit along the band (a longer word than TIE in some languages)
        _text(cx, cy + font * 0.36, word, font, "#ffffff", fit=d * 1.1, transform=f"rotate(45 {_n(cx)} {_n(cy)})"),
    ]


def _rank_index(rank: str, x: float, y: float, size: float, colour: str) -> list[Element]:
    """The rank in a corner; 6 and 9 are underlined, as on printed cards, so upside down they can't be confused."""
    text = _text(x, y, rank, size, colour, weight="800")
    if rank not in "69":
        return [text]
    half = size * 0.28
    line_y = y + size * 0.12
    underline = _el(
        "line",
        x1=x - half,
        y1=line_y,
        x2=x + half,
        y2=line_y,
        stroke=colour,
        stroke_width=max(1.5, size * 0.08),
        stroke_linecap="round",
    )
    return [text, underline]


def _face(
    card: Card, width: int, size: SizeFor, show_tier: bool, show_name: bool, drawn: Drawn, few: bool = False
) -> list[Element]:
    fill, dark, _light = SUIT_COLOURS[card.suit]
    compact = few or width < COMPACT_BELOW
    named = bool(card.name) and show_name
    parts = [_body_rect(fill=PAPER, stroke=EDGE, stroke_width=2)]

    # the rank, large, in the top-left corner (and upside down bottom-right when nothing else is there)
    rank_size = size(34 if compact else 28, MIN_RANK_PX)
    rank_x = LEFT + max(13.0, rank_size * 0.45)
    rank_y = TOP + rank_size * 0.92
    parts.extend(_rank_index(card.rank, rank_x, rank_y, rank_size, dark))
    index_pip = 0.0
    if not compact:
        index_pip = 15.0
        parts.append(_symbol(card.suit, rank_x, rank_y + 4 + index_pip / 2, index_pip))
        if not named:
            cx, cy = LEFT + CARD_W / 2, TOP + CARD_H / 2
            parts.append(
                _el(
                    "g",
                    *_rank_index(card.rank, rank_x, rank_y, rank_size, dark),
                    _symbol(card.suit, rank_x, rank_y + 4 + index_pip / 2, index_pip),
                    transform=f"rotate(180 {_n(cx)} {_n(cy)})",
                )
            )

    # the banner with the name of a named card
    banner_top = BOTTOM
    if named:
        assert card.name is not None
        banner, banner_top = _banner(card.name, compact, size)
        parts.extend(banner)

    # the middle: pips, one big symbol, or a court card's frame
    if compact:
        top = rank_y + 3
        bottom = banner_top - 4 if named else BOTTOM - 6
        avail_h = bottom - top
        symbol = min(avail_h * 0.86, 58.0)
        parts.append(_symbol(card.suit, LEFT + CARD_W / 2 + 6, top + avail_h / 2, symbol))
    else:
        area_left = LEFT + 26
        area_right = RIGHT - 26
        area_top = TOP + 22
        area_bottom = (banner_top - 5) if named else (BOTTOM - 22)
        parts.extend(_middle(card, area_left, area_top, area_right, area_bottom, size, fill, dark, drawn))

    if show_tier:
        parts.extend(_tier_badge(TIERS[card], size(14, MIN_TEXT_PX)))
    return parts


def _banner(name: str, compact: bool, size: SizeFor) -> tuple[list[Element], float]:
    """The name plate at the bottom of a named card; returns its elements and the banner's top edge."""
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
        _el(
            "rect",
            x=LEFT + 3,
            y=top,
            width=CARD_W - 6,
            height=height,
            rx=4,
            fill=BANNER,
            stroke=BANNER_EDGE,
            stroke_width=2,
        )
    ]
    for i, line in enumerate(lines):
        baseline = top + font * 0.25 + line_h * (i + 1) - font * 0.2
        parts.append(_text(LEFT + CARD_W / 2, baseline, line, font, INK, fit=avail))
    return parts, top


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
    card: Card,
    left: float,
    top: float,
    right: float,
    bottom: float,
    size: SizeFor,
    fill: str,
    dark: str,
    drawn: Drawn,
) -> list[Element]:
    w, h = right - left, bottom - top
    cx, cy = left + w / 2, top + h / 2
    if card.rank in COURT_RANKS:
        # a court card: a framed panel with one large symbol and the rank's word
        word_size = size(10, MIN_TEXT_PX)
        frame = _el(
            "rect", x=left - 6, y=top - 2, width=w + 12, height=h + 4, rx=5, fill="none", stroke=fill, stroke_width=3
        )
        symbol = _symbol(card.suit, cx, cy - word_size * 0.6, min(w * 1.05, h - word_size * 2.2))
        word = _text(cx, bottom - word_size * 0.35, drawn.court(card.rank), word_size, dark, fit=w + 8)
        return [frame, _crown(card.rank, cx, top + 2, dark), symbol, word]
    count = 1 if card.rank == "A" else int(card.rank)
    layout = _PIPS[count]
    aspect = SYMBOL_ASPECT[card.suit]
    if count == 1:
        return [_symbol(card.suit, cx, cy, min((w + 16) / aspect, h * 0.85, 70.0))]
    # pips are sized by a grid of cells: 7 and 8 put a pip between the two columns, so they size as if
    # there were nearly three (the middle pips sit between rows, so they may be a little wider than a third)
    cols = 1 if count <= 3 else (2 if count <= 6 else (2.4 if count <= 8 else 3))
    rows = 4 if count in (7, 8) else (3 if count in (3, 6, 9) else 2)
    pip = min(h / rows * 0.92, w / cols * 0.95 / aspect, 36.0)
    # keep pips inside the area: positions run over the box shrunk by half a pip each way
    pip_w = pip * aspect
    inner_left, inner_w = left + pip_w / 2, w - pip_w
    inner_top, inner_h = top + pip / 2, h - pip
    return [
        _symbol(card.suit, inner_left + inner_w * x if cols > 1 else cx, inner_top + inner_h * y, pip)
        for x, y in layout
    ]


def _crown(rank: str, cx: float, y: float, dark: str) -> Element:
    """A small emblem above a court card's symbol: a crown for the king, a horseshoe for the cavalier."""
    # drawn around (0, 0), then moved into place
    if rank == "K":
        shape = _el(
            "path",
            d="M-9 8 L-9 0 L-4.5 4 L0 -2 L4.5 4 L9 0 L9 8 Z",
            fill=GOLD,
            stroke=dark,
            stroke_width=1.5,
            stroke_linejoin="round",
        )
    elif rank == "C":
        shape = _el(
            "path",
            d="M-6 8 L-6 2 A6 6 0 0 1 6 2 L6 8",
            fill="none",
            stroke=dark,
            stroke_width=3,
            stroke_linecap="round",
        )
    else:
        shape = _el("circle", cy=3, r=3.5, fill=dark)
    return _el("g", shape, transform=f"translate({_n(cx)} {_n(y)})")


def _tier_badge(tier_number: int, font: float) -> list[Element]:
    """The tier as white digits on a dark pill in the top-right corner (a disc for one digit)."""
    digits = str(tier_number)
    h = font * 1.4
    w = max(h, text_width(digits, font) + font * 0.6)
    x, y = RIGHT - w - 3, TOP + 3
    pill = _el("rect", x=x, y=y, width=w, height=h, rx=h / 2, fill=BADGE, stroke="#ffffff", stroke_width=2)
    return [pill, _text(x + w / 2, y + h / 2 + font * 0.36, digits, font, "#ffffff")]


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
    highlighted, tied, faded = set(highlight), set(spoiled), set(dimmed)
    space = gap if gap is not None else max(3, width // 12)
    aria = f' role="group" aria-label="{escape(label)}"' if label else ""
    classes = " ".join(["cards-row", *css_class.split()])
    style = f"display:flex;flex-wrap:wrap;gap:{int(space)}px;align-items:flex-start"
    # the row is a string around the cached cards: joining strings is far cheaper than rewriting every card
    parts = [f'<div class="{escape(classes)}"{aria} style="{style}">']
    for i, c in enumerate(cards):
        parts.append(
            card_svg(
                c,
                width=width,
                face_down=face_down,
                highlight=c in highlighted,
                spoiled=c in tied,
                dimmed=c in faded,
                caption=captions[i] if captions is not None else None,
                show_tier=show_tier,
                show_name=show_name,
            )
        )
    parts.append("</div>")
    return "".join(parts)
