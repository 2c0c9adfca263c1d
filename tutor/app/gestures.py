"""The partners' signal gestures drawn as small SVG pictograms (rules.md section 10), in place of emoji.

Emoji show as empty boxes where no emoji font is installed, and each system draws them differently. These
pictures are the project's own line art: a face for the gestures made with the face, a fist for the fingers,
a hand with a pen for the Deux d'écrit, shoulders for the shrug.

>>> svg = gesture_svg("borgne", width=40)
>>> svg.startswith("<svg") and 'role="img"' in svg and 'aria-label="Gesture: wink"' in svg
True

Like :mod:`tutor.app.cardsvg`, each picture is an ``xml.etree.ElementTree`` tree written on one line by
:func:`tutor.app.markup.to_string`, with no ``<defs>`` and no ids, so that many can share a page.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from xml.etree.ElementTree import Element

from tutor.app.markup import escape, to_string, xml_text
from tutor.app.pagelang import page_language
from tutor.engine.signals import SIGNAL_IDS
from tutor.i18n import ui

SVG_NS = "http://www.w3.org/2000/svg"
VIEW = 64  # every pictogram is drawn in a 64 x 64 box
INK = "#263238"
SKIN = "#ffe3c4"
LINE = 2.6  # the outline's width, in units of the box

# The gesture each picture shows, in a few words: the pictures' accessible names (English; in the learner's
# language: gesture_name).
GESTURE_NAMES: dict[str, str] = {
    "monsieur": "eyes looking up",
    "madame": "head tilted, smiling",
    "borgne": "wink",
    "vache": "pursed lips",
    "grand-neuf": "thumb out",
    "petit-neuf": "little finger out",
    "deux-de-chene": "index finger out",
    "deux-d-ecrit": "miming writing",
    "aces": "open mouth",
    "useless-hand": "shrug",
    "mordienne": "bitten lip",
}


def _el(tag: str, *children: Element, **attributes: str | float) -> Element:
    """An element; ``stroke_width`` is written ``stroke-width``."""
    element = Element(tag, {k.replace("_", "-"): str(v) for k, v in attributes.items()})
    element.extend(children)
    return element


def _line(d: str, width: float = LINE) -> Element:
    return _el(
        "path", d=d, fill="none", stroke=INK, stroke_width=width, stroke_linecap="round", stroke_linejoin="round"
    )


def _shape(d: str, fill: str = SKIN) -> Element:
    return _el("path", d=d, fill=fill, stroke=INK, stroke_width=LINE, stroke_linejoin="round")


def _dot(cx: float, cy: float, r: float = 2.4) -> Element:
    return _el("circle", cx=cx, cy=cy, r=r, fill=INK)


# --- faces: a head of radius 21 centred on (32, 32) ---------------------------------------------------


def _head(*features: Element, cx: float = 32, cy: float = 32) -> list[Element]:
    return [_el("circle", cx=cx, cy=cy, r=21, fill=SKIN, stroke=INK, stroke_width=LINE), *features]


def _eyes() -> list[Element]:
    return [_dot(24, 28), _dot(40, 28)]


def _eyes_up() -> list[Element]:
    # eye whites with the pupils pressed to their top edge, and an arrow showing where they look
    return [
        _el("ellipse", cx=24, cy=29, rx=5, ry=6, fill="#ffffff", stroke=INK, stroke_width=2),
        _el("ellipse", cx=40, cy=29, rx=5, ry=6, fill="#ffffff", stroke=INK, stroke_width=2),
        _dot(24, 25.5, 2.6),
        _dot(40, 25.5, 2.6),
        _line("M32 9 L32 2 M28.5 5 L32 1.5 L35.5 5", 2),
    ]


def _monsieur() -> list[Element]:
    return [*_head(*_eyes_up(), _line("M26 43 L38 43"))]


def _madame() -> list[Element]:
    # the head leans to one side over straight shoulders
    shoulders = _line("M4 63 Q6 54 18 54 L46 54 Q58 54 60 63")
    face = _el(
        "g",
        _line("M28 54 L28 44 M36 54 L36 44"),
        _el("circle", cx=32, cy=28, r=19, fill=SKIN, stroke=INK, stroke_width=LINE),
        _dot(25, 25),
        _dot(39, 25),
        _line("M25 34 Q32 41 39 34"),
        transform="rotate(-24 32 54)",
    )
    return [shoulders, face]


def _borgne() -> list[Element]:
    return [*_head(_dot(24, 28), _line("M36 28 Q40 24 44 28"), _line("M24 38 Q32 45 40 38"))]


def _vache() -> list[Element]:
    # lips pushed forward: a small pout with a crease, and a little breath mark
    lips = _shape("M25 42 Q28 35 32 38 Q36 35 39 42 Q32 50 25 42 Z", "#e57373")
    return [*_head(*_eyes(), lips, _line("M26 42 Q32 44 38 42", 1.6)), _line("M56 37 Q60 42 56 47", 2)]


def _aces() -> list[Element]:
    return [*_head(*_eyes(), _el("ellipse", cx=32, cy=42, rx=5, ry=7, fill=INK))]


def _mordienne() -> list[Element]:
    # the top teeth over the lower lip
    lip = _shape("M24 42 Q32 49 40 42 Z", "#e57373")
    teeth = _el("path", d="M27 39 H37 V43.5 H27 Z M32 39 V43.5", fill="#ffffff", stroke=INK, stroke_width=1.6)
    return [*_head(*_eyes(), _line("M22 21 L28 23 M42 21 L36 23", 2), lip, teeth)]


def _useless_hand() -> list[Element]:
    # shoulders raised to the ears, hands open and palms up, a flat mouth
    head = [
        _el("circle", cx=32, cy=19, r=14, fill=SKIN, stroke=INK, stroke_width=LINE),
        _dot(27, 17, 2),
        _dot(37, 17, 2),
        _line("M28 25 L36 25"),
    ]
    body = _line("M18 63 L18 36 Q18 31 23 31 L41 31 Q46 31 46 36 L46 63")
    arms = _line("M18 37 L10 50 L3 40 M46 37 L54 50 L61 40")
    hands = _line("M1 37 L5 41 M63 37 L59 41", 2)
    return [body, arms, hands, *head]


# --- hands: a fist seen from the back, one finger out ------------------------------------------------

_FIST = "M18 30 Q18 26 22 26 L44 26 Q48 26 48 30 L48 50 Q48 58 40 58 L26 58 Q18 58 18 50 Z"
_KNUCKLES = "M25 26 L25 34 M32 26 L32 34 M39 26 L39 34"


def _fist(finger: str, *, knuckles: str = _KNUCKLES) -> list[Element]:
    return [_shape(finger), _shape(_FIST), _line(knuckles, 1.8)]


def _grand_neuf() -> list[Element]:
    # the thumb sticks up from the left side of the fist
    return _fist("M12 36 Q8 14 14 8 Q21 3 24 11 L26 30 Z")


def _petit_neuf() -> list[Element]:
    # the little finger, thin, up from the right edge
    return _fist("M42 28 L42 8 Q45 4 48 8 L48 28 Z")


def _deux_de_chene() -> list[Element]:
    # the index, up from the left of the knuckles
    return _fist("M19 28 L19 5 Q23 1 27 5 L27 28 Z", knuckles="M32 26 L32 34 M39 26 L39 34")


def _deux_d_ecrit() -> list[Element]:
    # a hand holding a pen over a written line
    writing = _line("M4 58 Q9 50 13 57 T22 57 T31 57", 2.2)
    pen = _el(
        "path",
        d="M29 53 L49 17 L55 20 L35 56 Z",
        fill="#90caf9",
        stroke=INK,
        stroke_width=LINE,
        stroke_linejoin="round",
    )
    tip = _el("path", d="M29 53 L35 56 L30 61 Z", fill=INK)
    hand = _shape("M38 40 Q36 30 44 28 L56 30 Q62 34 60 44 Q58 52 50 52 L42 50 Q38 46 38 40 Z")
    return [writing, pen, tip, hand, _line("M44 36 L54 38 M43 42 L55 44", 1.8)]


_DRAW: dict[str, Callable[[], list[Element]]] = {
    "monsieur": _monsieur,
    "madame": _madame,
    "borgne": _borgne,
    "vache": _vache,
    "grand-neuf": _grand_neuf,
    "petit-neuf": _petit_neuf,
    "deux-de-chene": _deux_de_chene,
    "deux-d-ecrit": _deux_d_ecrit,
    "aces": _aces,
    "useless-hand": _useless_hand,
    "mordienne": _mordienne,
}
assert set(_DRAW) == set(GESTURE_NAMES) == set(SIGNAL_IDS), "one picture and one name per signal"


def gesture_name(signal_id: str, lang: str | None = None) -> str:
    """What a signal's picture shows, in a few words, in ``lang`` (default: the page's language)."""
    if signal_id not in GESTURE_NAMES:
        raise KeyError(signal_id)
    _ = ui.translator(lang or page_language())
    # Translators: the gestures' pictures are named by what they show (screen readers, captions): a few words.
    names = {
        "monsieur": _("eyes looking up"),
        "madame": _("head tilted, smiling"),
        "borgne": _("wink"),
        "vache": _("pursed lips"),
        "grand-neuf": _("thumb out"),
        "petit-neuf": _("little finger out"),
        "deux-de-chene": _("index finger out"),
        "deux-d-ecrit": _("miming writing"),
        "aces": _("open mouth"),
        "useless-hand": _("shrug"),
        "mordienne": _("bitten lip"),
    }
    return names[signal_id]


def gesture_label(signal_id: str, lang: str | None = None) -> str:
    """The accessible name of a signal's picture: ``Gesture: wink`` (in ``lang``, default the page's)."""
    language = lang or page_language()
    # Translators: a gesture picture's name for screen readers; {name} says what it shows, e.g. "wink".
    return ui.gettext(language, "Gesture: {name}", name=gesture_name(signal_id, language))


def gesture_svg(signal_id: str, *, width: int = 40, label: str | None = None) -> str:
    """The pictogram of a signal's gesture as ``<svg role="img" aria-label="...">``, ``width`` pixels square.

    ``label`` replaces the accessible name (for instance with the engine's sentence about who signals what);
    without it the picture is named in the page's language. Raises ``KeyError`` for an unknown signal id.
    """
    if signal_id not in _DRAW:
        raise KeyError(signal_id)
    return _gesture_svg(signal_id, int(width), label if label is not None else gesture_label(signal_id))


@cache
def _gesture_svg(signal_id: str, width: int, label: str) -> str:
    draw = _DRAW[signal_id]
    if width < 8:
        raise ValueError(f"a gesture picture must be at least 8 pixels wide, not {width}")
    text = xml_text(label)
    svg = Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "role": "img",
            "aria-label": text,
            "class": "gesture",
            "data-signal": signal_id,
            "width": str(width),
            "height": str(width),
            "viewBox": f"0 0 {VIEW} {VIEW}",
        },
    )
    title = Element("title")
    title.text = text
    svg.append(title)
    svg.extend(draw())
    return to_string(svg)


def gestures_html(signal_ids: list[str] | tuple[str, ...], *, width: int = 40) -> str:
    """Several pictograms in a wrapping row, each with its gesture's name under it (in the page's language)."""
    lang = page_language()
    parts = ['<div class="gestures-row" style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start">']
    for sid in signal_ids:
        parts.append(
            '<figure style="margin:0;display:flex;flex-direction:column;align-items:center;max-width:'
            f'{width + 40}px">{gesture_svg(sid, width=width)}'
            f'<figcaption aria-hidden="true" style="font-size:12px;text-align:center">{escape(gesture_name(sid, lang))}'
            "</figcaption></figure>"
        )
    parts.append("</div>")
    return "".join(parts)
