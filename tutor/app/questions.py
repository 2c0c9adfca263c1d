"""A question as data: its widgets (:class:`Part`), how their values make an answer, and the pieces every kind's
questions are built from.

A :class:`Question` holds the words in the learner's language, the widget parts to draw, and two functions:
``combine`` turns the parts' values into an answer the grader (:func:`tutor.content.grading.grade`) reads,
``split`` turns an answer in the engine's outcome form back into part values. An option is an id (a seat's
code, ``spoiled``, the rules' English words of a signal); only its shown label is translated, so grading is the
same in every language. :mod:`tutor.app.predict` plans the questions (each kind plans those of its own, in
:mod:`tutor.app.kinds`) and draws them.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.app.card_answer import Choice, Pick, card_name
from tutor.app.pagelang import page_language
from tutor.app.session import Family, Key
from tutor.engine import SEATS, Card, NotationError, Seat
from tutor.engine import card as parse_card
from tutor.i18n import ui
from tutor.i18n.sentences import format_value

NOBODY = "none"  # the grader reads "none" (and "spoiled") as null
SPOILED = "spoiled"
SEAT_CODES = tuple(s.value for s in SEATS)
TEAMS = ("NS", "EW")
# The parts' widget values, in order, each as its widget gives it (Streamlit's session state holds any value).
Values = list[Any]
PILLS_UP_TO = 21  # card choices shown as clickable pills up to this many options (a chanter's 15, hand + talon)


def seat_title(code: str, lang: str) -> str:
    """A seat's title in ``lang`` ("North"); anything else (a player's name) as it is."""
    return format_value(Seat(code), "", lang) if code in SEAT_CODES else code


def team_titles(lang: str) -> dict[str, str]:
    _ = ui.translator(lang)
    # Translators: an answer option; NS and EW are the partnerships' codes, kept as they are.
    return {"NS": _("NS (North and South)"), "EW": _("EW (East and West)")}


@dataclass(frozen=True)
class Part:
    """One widget of a question."""

    suffix: str  # "" for a question drawn as a single widget
    widget: str  # radio | selectbox | multiselect | pills | number | tiers | cards
    label: str
    options: tuple[object, ...] = ()
    labels: Mapping[Any, str] = field(default_factory=dict)  # option -> text shown
    max_selections: int | None = None
    allow_empty: bool = False  # an empty multiselect is an answer (else it is "not answered yet")
    low: int = 0
    high: int = 99
    picture: str | None = None  # a card drawn above the widget (the card it asks about)
    placeholder: str | None = None  # what an empty multiselect says
    pick: Pick | None = None  # the "cards" widget: the clickable cards (and plain choices)

    def show(self, option: object) -> str:
        return self.labels.get(option, str(option))


@dataclass(frozen=True)
class Question:
    key: str
    text: str
    parts: tuple[Part, ...]
    combine: Callable[[Values], object]  # the parts' values, all given -> an answer for the grader
    split: Callable[[object], dict[str, object]]  # an answer in the engine's outcome form -> part values
    per_row: int = 4  # parts side by side
    scope: str = ""  # the showing the widgets belong to: part of every widget key

    def widget_key(self, prefix: str, suffix: str = "") -> Key[Any]:
        return widget_key(prefix, self.key, suffix, self.scope)

    @property
    def by_cards(self) -> bool:
        """Answered by clicking card buttons, each click sent at once (so drawn outside a form): a set or an order
        of cards. One card chosen is a radio group drawn as the cards, in the form (:mod:`tutor.app.card_answer`)."""
        return any(p.widget == "cards" and p.pick is not None and not p.pick.in_form for p in self.parts)


# An answer widget's value, under an attempt's prefix (``practice.3``): its type is the widget's.
WIDGET = Family[Any]("{}.w.{}")


def widget_key(prefix: str, key: str, suffix: str = "", scope: str = "") -> Key[Any]:
    return WIDGET(prefix, (f"{scope}." if scope else "") + key + (f".{suffix}" if suffix else ""))


def one(
    key: str,
    text: str,
    part: Part,
    combine: Callable[[Values], object] | None = None,
    split: Callable[[object], object] | None = None,
) -> Question:
    """A question drawn as one widget."""
    return Question(key, text, (part,), combine or first, lambda answer: {"": (split or (lambda a: a))(answer)}, 1)


def card_label(code: str, lang: str | None = None) -> str:
    """``3-coins (Monsieur)`` for a named card, the plain code otherwise, in English; the card in words in any
    other language (``le trois de deniers (Monsieur)``), in ``lang`` (default: the page's). A code that names
    no card (a stored answer gone wrong) is shown as it is."""
    try:
        c = parse_card(code)
    except NotationError:
        return code
    return format_value(c, "label", lang or page_language())


def card_options(cards: Sequence[object], lang: str | None = None) -> tuple[tuple[str, ...], dict[object, str]]:
    codes = tuple(str(c) for c in cards)
    return codes, {c: card_label(c, lang) for c in codes}


def card_choices(cards: Iterable[Card], lang: str | None = None) -> tuple[Choice, ...]:
    """The cards as clickable choices, each named in the learner's language."""
    return tuple(Choice(c.code, c, card_name(c, lang)) for c in cards)


@dataclass(frozen=True)
class Nobody:
    """How a seat or team question offers "nobody" (a spoiled trick, a drawn game), and how the reveal says it."""

    option: str  # what the grader reads: SPOILED or NOBODY
    offered: str  # the option's words
    short: str  # its words in a compact row of menus
    shown: str | None = None  # in the reveal, when not a plain "nobody"


def seat_part(suffix: str, label: str, lang: str, null: Nobody | None = None, widget: str = "radio") -> Part:
    """The four seats to choose from, and ``null`` (the option for nobody) when the answer may be no one."""
    options: tuple[object, ...] = SEAT_CODES + ((null.option,) if null else ())
    if widget == "selectbox":  # compact rows of nine: letters, not words
        labels: dict[Any, str] = {**{s: s for s in SEAT_CODES}, **({null.option: null.short} if null else {})}
    else:
        labels = {s: seat_title(s, lang) for s in SEAT_CODES} | ({null.option: null.offered} if null else {})
    return Part(suffix, widget, label, options, labels)


def seat_rows(key: str, text: str, names: Sequence[str], lang: str, null: Nobody | None = None) -> Question:
    """A seat for each of several tricks or deals: a compact row of small menus, one per name."""
    parts = tuple(seat_part(str(n), name, lang, null, "selectbox") for n, name in enumerate(names, 1))
    suffixes = [p.suffix for p in parts]

    def seats_split(answer: object) -> dict[str, object]:
        return {s: (SPOILED if v is None else v) for s, v in zip(suffixes, members(answer), strict=True)}

    return Question(key, text, parts, as_list, seats_split, per_row=5)


def click_cards(key: str, text: str, cards: Iterable[Card]) -> Question:
    """The best of the cards shown, clicked: one card, or every card tied for best."""
    return one(key, text, Part("", "cards", text, pick=Pick("many", card_choices(cards))), cards_given, codes)


# --- from the parts' values to an answer, and back --------------------------------------------------------------


def entries(answer: object) -> ItemsView[Any, Any]:
    """A mapping answer in the engine's outcome form (seat -> cards, card -> tier, ...), entry by entry."""
    if not isinstance(answer, Mapping):
        raise TypeError(f"expected a mapping answer, not {answer!r}")
    return answer.items()


def members(answer: object) -> Iterable[Any]:
    """A list answer in the engine's outcome form (cards, seats, pairs of names), member by member."""
    if not isinstance(answer, Iterable):
        raise TypeError(f"expected a list answer, not {answer!r}")
    return answer


def first(values: Values) -> object:
    return values[0]


def as_list(values: Values) -> object:
    return list(values)


def cards_given(values: Values) -> object:
    return [str(c) for c in values[0]]


def codes(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list | tuple | set | frozenset) else [str(value)]


def by_name(answer: object) -> dict[str, object]:
    """A mapping answer (player or seat -> cards) as the parts' values."""
    return {str(k): [str(c) for c in v] for k, v in entries(answer)}


def by_entry(answer: object) -> dict[str, object]:
    """A mapping answer (a card, a seat, a top card -> its value) as the parts' values."""
    return {str(k): (list(v) if isinstance(v, list | tuple) else v) for k, v in entries(answer)}


def cards_by_name(
    key: str, text: str, names: Sequence[str], cards: Sequence[Card], lang: str, allow_empty: bool = False
) -> Question:
    """The cards each player (or seat) receives, in order, picked from ``cards``; ``allow_empty``: none is an
    answer (nobody receives anything)."""
    options, labels = card_options(cards)
    in_order = ui.gettext(lang, "Pick the cards in order")
    parts = tuple(
        Part(n, "multiselect", seat_title(n, lang), options, labels, allow_empty=allow_empty, placeholder=in_order)
        for n in names
    )
    return Question(key, text, parts, lambda values: dict(zip(names, values, strict=True)), by_name, per_row=2)
