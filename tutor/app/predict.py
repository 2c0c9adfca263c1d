"""Prediction widgets: one fitting widget (or small group of widgets) per asked outcome key.

A :class:`Question` is planned from the scenario and the key's shape (:func:`tutor.content.outcomes.shape_of`):
its wording in the learner's language (the ``ui`` domain), the widget parts to draw, and how the parts'
values combine into an answer the grader (:func:`tutor.content.grading.grade`) can read. An option is an id
(a seat's code, ``spoiled``, the rules' English words of a signal); only its shown label is translated, so
grading is the same in every language. Planning is pure; :func:`draw` puts the widgets on the
page and :func:`collect` reads their values back from ``st.session_state`` (so a form's submit callback can
grade before the page is redrawn).

Every widget has a key naming the showing it belongs to, ``<prefix>.w.<scope>.<outcome key>[.<part>]``
(``scope``: the scenario's id and the attempt), e.g. ``practice.w.spoiled-aces.3.winner`` or
``practice.w.deal-1.3.tricks_won.N``: a new scenario (or a new attempt at the same one) never shows the
previous one's ticks, even a tick the browser had not sent yet. :func:`clear` forgets them all.

Where the answer is a card or a seat that played a card, the learner clicks the drawn cards
(:mod:`tutor.app.card_answer`); buttons cannot sit in a form, so :func:`ask` draws such questions, and the
Check button, without one.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import streamlit as st

from tutor.app import card_answer, cardsvg, views
from tutor.app import lang as app_lang
from tutor.app.card_answer import Choice, Pick
from tutor.content.grading import asked
from tutor.content.outcomes import Shape, shape_of
from tutor.content.scenario import (
    ChantSetup,
    CutAndDealSetup,
    DealScoringSetup,
    DrawSetup,
    GameSetup,
    RankSetup,
    Scenario,
    SignalSetup,
    TrickSetup,
)
from tutor.engine import NAMED_CARDS, SEATS, SIGNAL_IDS, SIGNALS, TOP_KEYS, Explained, Seat, parse_card
from tutor.engine.solver import PlaySolution
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.i18n.sentences import format_value

NOBODY = "none"  # the grader reads "none" (and "spoiled") as null
SPOILED = "spoiled"
_SEAT_CODES = tuple(s.value for s in SEATS)
_TOP_NAMES = dict(zip(TOP_KEYS, ("Monsieur", "Madame", "Le Borgne", "La Vache"), strict=True))
_TEAMS = ("NS", "EW")
PILLS_UP_TO = 21  # card choices shown as clickable pills up to this many options (a chanter's 15, hand + talon)


def seat_title(code: str, lang: str) -> str:
    """A seat's title in ``lang`` ("North"); anything else (a player's name) as it is."""
    return format_value(Seat(code), "", lang) if code in _SEAT_CODES else code


def _team_titles(lang: str) -> dict[str, str]:
    _ = ui.translator(lang)
    # Translators: an answer option; NS and EW are the partnerships' codes, kept as they are.
    return {"NS": _("NS (North and South)"), "EW": _("EW (East and West)")}


def _null_choice(kind: str, key: str, lang: str) -> tuple[str, str, str] | None:
    """For a seat or team key whose answer may be "nobody": the option, its words, and its short words (in a
    compact row of nine selectboxes)."""
    _ = ui.translator(lang)
    match (kind, key):
        case ("trick", "winner") | ("deal", "trick_winners"):
            # Translators: an answer option: the trick is spoiled (equal best cards), so nobody wins it.
            return SPOILED, _("Spoiled: nobody"), _("Spoiled")
        case ("deal", "point_winner"):
            return NOBODY, _("Nobody"), _("Nobody")
        case ("deal", "scoring_team"):
            return NOBODY, _("Nobody scores"), _("Nobody")
        case ("game", "winner"):
            return NOBODY, _("Nobody: a drawn game"), _("Nobody")
    return None


def question_text(kind: str, key: str, lang: str, first: str = "", who: Sequence[str] = ()) -> str:
    """How the question for ``key`` reads in ``lang``. ``first``: the player a partnership question is about;
    ``who``: the seats a chant or play question is about (codes)."""
    _ = ui.translator(lang)
    seats = tuple(Seat(s) for s in who)
    match (kind, key):
        case ("rank", "highest"):
            return _("Which card is highest? Click it; if several tie for best, click them all.")
        case ("rank", "tie"):
            return _("Do two or more cards tie for best?")
        case ("rank", "order"):
            return _("Click the cards from best to worst. Equal cards share a place.")
        case ("rank", "tiers"):
            return _("Which tier is each card in? (1 is the best tier, 19 the lowest.)")
        case ("draw", "holders"):
            return _("Who ends up holding each of the four top cards?")
        case ("draw", "partnerships"):
            # Translators: {first} is a player's first name (Jeanne, Pierre...).
            return _("Who partners {first}?", first=first)
        case ("draw", "first_dealer"):
            return _("Who deals the first deal?")
        case ("draw", "received"):
            return _("Which cards does each player receive, in the order they get them?")
        case ("trick", "winner"):
            return _("Who wins this trick? Click the winning card, or Spoiled.")
        case ("trick", "spoiled"):
            return _("Is this trick spoiled?")
        case ("trick", "next_leader"):
            return _("Who leads the next trick?")
        case ("trick", "best"):
            return _("Which cards tie for best? Click them; if one card is best on its own, click just that one.")
        case ("deal", "trick_winners"):
            return _("Who wins each of the nine tricks?")
        case ("deal", "tricks_won"):
            return _("How many tricks does each player win?")
        case ("deal", "point_winner"):
            return _("Who wins the point?")
        case ("deal", "scoring_team"):
            return _("Which partnership scores?")
        case ("deal", "points"):
            return _("How many points does this deal score?")
        case ("deal", "mordienne"):
            return _("Is it a mordienne?")
        case ("deal", "leaders"):
            return _("Who leads each of the nine tricks?")
        case ("chant", "happens"):
            return _("Does the chant happen?")
        case ("chant", "eldest") | ("dealing", "eldest"):
            return _("Who is the eldest?")
        case ("chant", "received"):
            if not seats:
                return _("Which talon cards do the eldest and the dealer receive, in order?")
            return ui.ngettext(
                lang,
                # Translators: {who} is one seat ("West") or two ("North and West"); the form follows how many.
                "Which talon cards does {who} receive, in order?",
                "Which talon cards do {who} receive, in order?",
                len(seats),
                who=seats,
            )
        case ("chant", "keep"):
            if not seats:
                return _("Which nine cards should the eldest and the dealer keep? Click them.")
            return ui.ngettext(
                lang,
                # Translators: {who} is one seat ("West") or two ("North and West"); the form follows how many.
                "Which nine cards should {who} keep? Click them.",
                "Which nine cards should {who} keep? Click them.",
                len(seats),
                who=seats,
            )
        case ("chant", "keep_tiers"):
            if not seats:
                return _("Which nine tiers do the eldest and the dealer keep? Write the tier numbers, 1 for the best.")
            return ui.ngettext(
                lang,
                # Translators: {who} is one seat ("West") or two ("North and West"); the form follows how many.
                "Which nine tiers does {who} keep? Write the tier numbers, 1 for the best.",
                "Which nine tiers do {who} keep? Write the tier numbers, 1 for the best.",
                len(seats),
                who=seats,
            )
        case ("signal", "meaning"):
            return _("What does this signal say?")
        case ("signal", "gesture"):
            return _("Which gesture gives this signal?")
        case ("signal", "signals"):
            return _("Which signals should this hand give?")
        case ("signal", "aces"):
            return _("How many aces does this hand signal?")
        case ("game", "dealers"):
            return _("Who deals each of the five deals?")
        case ("game", "scores"):
            return _("What is the score after five deals?")
        case ("game", "winner"):
            return _("Which partnership wins the game?")
        case ("dealing", "cutter"):
            return _("Who cuts the pack?")
        case ("dealing", "hands"):
            return _("Which nine cards does each player get?")
        case ("dealing", "talon"):
            return _("Which twelve cards are left in the talon, in order?")
        case ("play", "best"):
            if seats:
                # Translators: {who} is the seat to play ("South").
                return _("Which card should {who} play? Click it.", who=seats[0])
            return _("Which card should be played? Click it.")
        case ("play", "value"):
            return _("With best play by everyone, what does the deal give?")
    # Translators: a question for an answer the app has no wording for yet; {key} is its name in English.
    return _("What is the {key}?", key=key.replace("_", " "))


def short_names(lang: str) -> dict[str, str]:
    """Every outcome key's short name in ``lang``: the answer table's first column, the "still open" warning."""
    _ = ui.translator(lang)
    # Translators: the short names of the answers, in the results table's first column and in "still open: ...".
    return {
        "highest": _("Highest"),
        "tie": _("Tie"),
        "order": _("Order"),
        "tiers": _("Tiers"),
        "holders": _("Top-card holders"),
        "partnerships": _("Partnerships"),
        "first_dealer": _("First dealer"),
        "received": _("Cards received"),
        "winner": _("Winner"),
        "spoiled": ui.pgettext(lang, "an answer's short name: whether the trick is spoiled", "Spoiled"),
        "next_leader": _("Next leader"),
        "best": _("Best cards"),
        "trick_winners": _("Trick winners"),
        "tricks_won": _("Tricks won"),
        "point_winner": _("Point winner"),
        "scoring_team": _("Scoring partnership"),
        "points": _("Points"),
        "mordienne": _("Mordienne"),
        "leaders": _("Leaders"),
        "happens": _("Chant happens"),
        "eldest": _("Eldest"),
        "keep": _("Cards kept"),
        "keep_tiers": _("Tiers kept"),
        "meaning": _("Meaning"),
        "gesture": _("Gesture"),
        "signals": _("Signals"),
        "aces": _("Aces"),
        "dealers": _("Dealers"),
        "scores": _("Score"),
        "cutter": _("Cutter"),
        "hands": _("Hands"),
        "talon": _("Talon"),
        "value": _("Result"),
    }


# Short names for the answer column when a grade is shown (English; :func:`short` gives them in a language).
SHORT: dict[str, str] = short_names(SOURCE_LANGUAGE)


def short(kind: str, key: str, lang: str | None = None) -> str:
    """The short name of an outcome key in the answer table and the "still open" warning, in ``lang`` (by
    default the learner's, :func:`tutor.app.lang.current`)."""
    lang = lang or app_lang.current()
    if (kind, key) == ("play", "best"):  # where a key reads differently in one kind
        return ui.gettext(lang, "Card to play")
    return short_names(lang).get(key, key)


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
    combine: Callable[[list[object]], object]  # the parts' values, all given -> an answer for the grader
    split: Callable[[object], dict[str, object]]  # an answer in the engine's outcome form -> part values
    per_row: int = 4  # parts side by side
    scope: str = ""  # the showing the widgets belong to: part of every widget key

    def widget_key(self, prefix: str, suffix: str = "") -> str:
        return widget_key(prefix, self.key, suffix, self.scope)

    @property
    def by_cards(self) -> bool:
        """Answered by clicking cards (so drawn outside a form)."""
        return any(p.widget == "cards" for p in self.parts)


def widget_key(prefix: str, key: str, suffix: str = "", scope: str = "") -> str:
    return f"{prefix}.w." + (f"{scope}." if scope else "") + key + (f".{suffix}" if suffix else "")


_showings = itertools.count(1)  # a fresh scope for every plan: each showing has its own widgets


def card_label(code: str) -> str:
    """``3-coins (Monsieur)`` for a named card, the plain code otherwise."""
    name = NAMED_CARDS.get(code)
    return f"{code} ({name})" if name else code


def _card_options(cards: Sequence[object]) -> tuple[tuple[str, ...], dict[object, str]]:
    codes = tuple(str(c) for c in cards)
    return codes, {c: card_label(c) for c in codes}


def _seat_part(
    suffix: str, label: str, lang: str, null: tuple[str, str, str] | None = None, widget: str = "radio"
) -> Part:
    options: tuple[object, ...] = _SEAT_CODES + ((null[0],) if null else ())
    if widget == "selectbox":  # compact rows of nine: letters, not words
        labels: dict[Any, str] = {**{s: s for s in _SEAT_CODES}, **({null[0]: null[2]} if null else {})}
    else:
        labels = {s: seat_title(s, lang) for s in _SEAT_CODES} | ({null[0]: null[1]} if null else {})
    return Part(suffix, widget, label, options, labels)


def _first(values: list[object]) -> object:
    return values[0]


def _as_list(values: list[object]) -> object:
    return list(values)


def _cards_given(values: list[object]) -> object:
    return [str(c) for c in values[0]]  # type: ignore[attr-defined]


def _codes(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list | tuple | set | frozenset) else [str(value)]


def plan(
    scenario: Scenario, result: Explained, attempt: str | None = None, lang: str = SOURCE_LANGUAGE
) -> list[Question]:
    """The questions to ask for a scenario, one per key the app asks (:func:`tutor.content.grading.asked`),
    in the order asked, worded in ``lang``. Their widget keys carry the scenario's id and ``attempt`` (by
    default a number new to every plan), so every showing starts with empty answers."""
    scope = f"{scenario.id}.{attempt if attempt is not None else next(_showings)}"
    return [dataclasses.replace(question(scenario, result, key, lang), scope=scope) for key in asked(scenario)]


def reworded(questions: Sequence[Question], scenario: Scenario, result: Explained, lang: str) -> list[Question]:
    """``questions`` worded in ``lang``, under the same widget keys (the answers given so far stay)."""
    return [dataclasses.replace(question(scenario, result, q.key, lang), scope=q.scope) for q in questions]


def _about(scenario: Scenario, result: Explained, key: str) -> tuple[str, ...]:
    """The seats a question names: the chanters (or, for the cards received, the engine's receivers), or the
    seat to play a play puzzle."""
    if isinstance(result, PlaySolution):
        return (result.to_play.value,)
    if scenario.kind != "chant":
        return ()
    if key == "received":
        return tuple(str(k) for k in result.outcome().get("received", {}))  # type: ignore[attr-defined]
    return _chanters_with_hands(scenario)


def question(scenario: Scenario, result: Explained, key: str, lang: str = SOURCE_LANGUAGE) -> Question:
    """Plan the widgets for one asked key, worded in ``lang``."""
    _ = ui.translator(lang)
    kind, setup = scenario.kind, scenario.setup
    shape = shape_of(kind, key)
    players: tuple[str, ...] = tuple(setup.players) if isinstance(setup, DrawSetup) else ()
    text = question_text(kind, key, lang, players[0] if players else "", _about(scenario, result, key))

    def one(
        part: Part, combine: Callable[[list[object]], object] = _first, split: Callable[[object], object] | None = None
    ) -> Question:
        return Question(key, text, (part,), combine, lambda answer: {"": (split or (lambda a: a))(answer)}, per_row=1)

    def many(
        parts: tuple[Part, ...],
        combine: Callable[[list[object]], object],
        split: Callable[[object], dict[str, object]],
        per_row: int = 4,
    ) -> Question:
        return Question(key, text, parts, combine, split, per_row)

    def by_name(answer: object) -> dict[str, object]:
        return {str(k): (list(v) if isinstance(v, list | tuple) else v) for k, v in answer.items()}  # type: ignore[attr-defined]

    match shape:
        case Shape.BOOL:
            return one(Part("", "radio", text, (True, False), {True: _("Yes"), False: _("No")}))
        case Shape.SEAT if isinstance(setup, TrickSetup) and key == "winner":
            return one(_winner_part(text, setup, lang), _first_value, _listed)
        case Shape.SEAT:
            null = _null_choice(kind, key, lang)
            return one(_seat_part("", text, lang, null), split=lambda a: a if a is not None else null[0])  # type: ignore[index]
        case Shape.TEAM:
            tnull = _null_choice(kind, key, lang) or (NOBODY, _("Nobody"), _("Nobody"))
            part = Part("", "radio", text, (*_TEAMS, tnull[0]), {**_team_titles(lang), tnull[0]: tnull[1]})
            return one(part, split=lambda a: a if a is not None else tnull[0])
        case Shape.INT:
            if key == "points":
                return one(Part("", "radio", text, (0, 1, 2)))
            if key == "aces":
                return one(Part("", "radio", text, (0, 1, 2, 3, 4)))
            return one(Part("", "number", text, low=0, high=99))
        case Shape.NAME:
            return one(Part("", "radio", text, players))
        case Shape.TEXT:
            # the option is the rules' English words, as the grader reads them; it shows in the learner's language
            spec = "meaning" if key == "meaning" else "gesture"
            words = {(s.meaning if key == "meaning" else s.gesture): format_value(s, spec, lang) for s in SIGNALS}
            return one(Part("", "radio", text, tuple(words), words))
        case Shape.CARD_SET if isinstance(result, PlaySolution):  # the card to play: one of the mover's hand
            mover = result.to_play
            hand = Pick("one", tuple(Choice(c.code, c, card_answer.card_name(c)) for c in result.position.hands[mover]))
            return one(Part("", "cards", text, pick=hand), _cards_given, lambda a: [_codes(a)[0]])
        case Shape.CARD_SET if key in ("highest", "best"):  # the best of the cards shown: click them
            shown = tuple(parse_card(c) for c in _cards_in_view(scenario))
            pick = Pick("many", tuple(Choice(c.code, c, card_answer.card_name(c)) for c in shown))
            return one(Part("", "cards", text, pick=pick), _cards_given, _codes)
        case Shape.CARD_SET | Shape.CARD_LIST:
            codes = tuple(str(c) for c in _cards_in_view(scenario))
            labels = _option_labels(scenario, codes)
            if shape is Shape.CARD_SET and len(codes) <= PILLS_UP_TO:  # a few cards: click them
                return one(Part("", "pills", text, codes, labels), _cards_given, _codes)
            most = 12 if shape is Shape.CARD_LIST else None  # the dealing's talon: twelve cards picked in order
            order = _("Pick the cards in order") if shape is Shape.CARD_LIST else None
            part = Part("", "multiselect", text, codes, labels, max_selections=most, placeholder=order)
            return one(part, _cards_given, _codes)
        case Shape.CARD_GROUPS:
            return _order_question(key, text, scenario)
        case Shape.TIER_MAP:
            cards = [str(c) for c in _cards_in_view(scenario)]
            parts = tuple(Part(c, "selectbox", card_label(c), tuple(range(1, 20)), picture=c) for c in cards)
            return many(parts, lambda values: dict(zip(cards, values, strict=True)), by_name, per_row=6)
        case Shape.SEAT_LIST:
            count = len(setup.deals) if isinstance(setup, GameSetup) else 9
            lnull = _null_choice(kind, key, lang)
            # Translators: the labels above a row of small menus, one per deal (or trick), numbered.
            names = [_("Deal {n}", n=n) if kind == "game" else _("Trick {n}", n=n) for n in range(1, count + 1)]
            parts = tuple(_seat_part(str(n), name, lang, lnull, "selectbox") for n, name in enumerate(names, 1))
            suffixes = [p.suffix for p in parts]

            def seats_split(answer: object) -> dict[str, object]:
                return {s: (SPOILED if v is None else v) for s, v in zip(suffixes, answer, strict=True)}  # type: ignore[call-overload]

            return many(parts, _as_list, seats_split, per_row=5)
        case Shape.SEAT_COUNT_MAP:
            parts = tuple(Part(s, "number", seat_title(s, lang), low=0, high=9) for s in _SEAT_CODES)
            return many(parts, lambda values: dict(zip(_SEAT_CODES, values, strict=True)), by_name)
        case Shape.TEAM_COUNT_MAP:
            parts = tuple(Part(t, "number", t, low=0, high=10) for t in _TEAMS)
            return many(parts, lambda values: dict(zip(_TEAMS, values, strict=True)), by_name)
        case Shape.NAME_MAP:
            parts = tuple(Part(k, "selectbox", f"{_TOP_NAMES[k]} ({_TOP_CODES[k]})", players) for k in TOP_KEYS)
            return many(parts, lambda values: dict(zip(TOP_KEYS, values, strict=True)), by_name)
        case Shape.PAIRS:
            first, others = players[0], players[1:]

            def pairs(values: list[object]) -> object:
                return [[first, values[0]], [p for p in others if p != values[0]]]

            def partner(answer: object) -> object:
                pair = next(p for p in answer if first in p)  # type: ignore[attr-defined]
                return next(p for p in pair if p != first)

            return one(Part("", "radio", text, others), pairs, partner)
        case Shape.CARD_LIST_MAP:
            return _received_question(key, text, scenario, result, lang)
        case Shape.CARD_SET_MAP:
            return _hands_question(key, text, scenario, result, lang)
        case Shape.INT_LIST_MAP:
            seats = _chanters_with_hands(scenario)
            parts = tuple(Part(s, "tiers", seat_title(s, lang)) for s in seats)

            def tiers_split(answer: object) -> dict[str, object]:
                return {str(s): ", ".join(str(t) for t in ts) for s, ts in answer.items()}  # type: ignore[attr-defined]

            return many(parts, lambda values: dict(zip(seats, values, strict=True)), tiers_split, per_row=2)
        case Shape.RESULT:
            results = result_labels(lang)
            return one(Part("", "radio", text, tuple(results), results), _result_of, _result_key)
        case Shape.SIGNAL_LIST:
            labels = {s.id: format_value(s, "meaning", lang) for s in SIGNALS}  # the meaning (never the id)

            def in_rules_order(values: list[object]) -> object:
                # the grader compares lists; the rules list signals in section-10 order, so sort the choice
                return sorted((str(v) for v in values[0]), key=SIGNAL_IDS.index)  # type: ignore[attr-defined]

            return one(Part("", "pills", text, SIGNAL_IDS, labels), in_rules_order, _codes)
    raise AssertionError(shape)  # pragma: no cover - every shape is handled above


_TOP_CODES = {"monsieur": "3-coins", "madame": "3-cups", "borgne": "2-coins", "vache": "2-cups"}


def result_labels(lang: str) -> dict[str, str]:
    """A deal's result (the play kind's ``value``), as offered: key -> words in ``lang``."""
    _ = ui.translator(lang)
    # Translators: the answer options "what does the deal give"; NS and EW are the partnerships' codes.
    return {
        "NS 2": _("NS scores 2 (a mordienne)"),
        "NS 1": _("NS scores 1"),
        "none": _("Nobody scores"),
        "EW 1": _("EW scores 1"),
        "EW 2": _("EW scores 2 (a mordienne)"),
    }


RESULTS: dict[str, str] = result_labels(SOURCE_LANGUAGE)  # in English; :func:`result_labels` for a language


def _result_of(values: list[object]) -> object:
    team, _, points = str(values[0]).partition(" ")
    return {"team": None, "points": 0} if team == "none" else {"team": team, "points": int(points)}


def _result_key(answer: object) -> object:
    team, points = answer.get("team"), answer.get("points", 0)  # type: ignore[attr-defined]
    return "none" if team is None else f"{team} {points}"


def _first_value(values: list[object]) -> object:
    """A ``one`` card pick: the value chosen."""
    return values[0][0]  # type: ignore[index]


def _listed(answer: object) -> object:
    """A seat answer as a ``one`` pick's value (the winner's card's seat, or spoiled)."""
    return [SPOILED if answer is None else str(answer)]


def _winner_part(text: str, setup: TrickSetup, lang: str) -> Part:
    """The four cards of the trick, each choosing its player, and "Spoiled"."""
    _ = ui.translator(lang)
    seats = Seat.parse(setup.leader).clockwise_from()
    choices = [
        # Translators: a clickable card's caption: the card ("3-coins, Monsieur") and who played it ("North").
        Choice(seat.value, parse_card(c), _("{card} ({seat})", card=card_answer.card_name(parse_card(c)), seat=seat))
        for seat, c in zip(seats, setup.plays, strict=True)
    ]
    # Translators: a button beside the trick's cards: the trick is spoiled, nobody wins it.
    choices.append(Choice(SPOILED, None, _("Spoiled: nobody wins")))
    return Part("", "cards", text, pick=Pick("one", tuple(choices)))


def _cards_in_view(scenario: Scenario) -> tuple[object, ...]:
    """The cards the setup shows: the ones a card answer is picked from."""
    setup = scenario.setup
    match setup:
        case RankSetup(cards=cards) | DrawSetup(cards=cards):
            return cards
        case TrickSetup(plays=plays):
            return plays
        case CutAndDealSetup(pack=pack):
            return pack
        case ChantSetup(talon=talon):
            return talon
        case SignalSetup(hand=hand):
            return hand or ()
        case DealScoringSetup(hands=hands) if hands:
            return tuple(c for seat in SEATS for c in hands.get(seat, ()))
    return ()


def _order_question(key: str, text: str, scenario: Scenario) -> Question:
    cards = tuple(parse_card(c) for c in _cards_in_view(scenario))
    pick = Pick("order", tuple(Choice(c.code, c, card_answer.card_name(c)) for c in cards))

    def groups(values: list[object]) -> object:
        return [list(place) for place in values[0]]  # type: ignore[attr-defined]

    def listed(answer: object) -> dict[str, object]:
        return {"": [[str(c) for c in place] for place in answer]}  # type: ignore[attr-defined]

    return Question(key, text, (Part("", "cards", text, pick=pick),), groups, listed, per_row=1)


def _option_labels(scenario: Scenario, codes: Sequence[str]) -> dict[object, str]:
    """Card options as shown: dealing cards carry their place in the pack, as drawn."""
    setup = scenario.setup
    if isinstance(setup, CutAndDealSetup):
        place = {str(c): n for n, c in enumerate(setup.pack, start=1)}
        return {c: f"{place[c]}: {card_label(c)}" if c in place else card_label(c) for c in codes}
    return {c: card_label(c) for c in codes}


def _chanters_with_hands(scenario: Scenario) -> tuple[str, ...]:
    setup = scenario.setup
    if isinstance(setup, ChantSetup):
        return tuple(s.value for s in SEATS if s in setup.hands)
    return ()


def _by_name(answer: object) -> dict[str, object]:
    return {str(k): [str(c) for c in v] for k, v in answer.items()}  # type: ignore[attr-defined]


def _received_question(key: str, text: str, scenario: Scenario, result: Explained, lang: str) -> Question:
    setup = scenario.setup
    if isinstance(setup, DrawSetup):
        names: tuple[str, ...] = tuple(setup.players)
        allow_empty = False
    else:  # the chant: the eldest and the dealer, as the engine lists them
        received = result.outcome().get("received", {})
        names = tuple(str(k) for k in received)  # type: ignore[attr-defined]
        allow_empty = True  # no chant: nobody receives anything
    codes, labels = _card_options(_cards_in_view(scenario))
    in_order = ui.gettext(lang, "Pick the cards in order")
    parts = tuple(
        Part(n, "multiselect", seat_title(n, lang), codes, labels, allow_empty=allow_empty, placeholder=in_order)
        for n in names
    )
    return Question(key, text, parts, lambda values: dict(zip(names, values, strict=True)), _by_name, per_row=2)


def _hands_question(key: str, text: str, scenario: Scenario, result: Explained, lang: str) -> Question:
    setup = scenario.setup
    options: dict[str, tuple[str, ...]] = {}
    if isinstance(setup, ChantSetup):  # keep: pick nine of the fifteen cards each chanter holds
        seats = _chanters_with_hands(scenario)
        received = result.outcome().get("received", {})
        for seat in SEATS:
            if seat.value in seats:
                # when "received" is asked too, offering the fifteen would give it away: offer the whole talon
                extra = setup.talon if "received" in scenario.ask else received.get(seat.value, ())  # type: ignore[attr-defined]
                options[seat.value] = tuple(str(c) for c in (*setup.hands[seat], *extra))
    else:  # dealing: nine cards for each seat, from the pack
        seats = _SEAT_CODES
        options = {s: tuple(str(c) for c in _cards_in_view(scenario)) for s in seats}

    def keep(seat: str) -> Part:
        cards = tuple(parse_card(c) for c in options[seat])
        pick = Pick("many", tuple(Choice(c.code, c, card_answer.card_name(c)) for c in cards), most=9)
        return Part(seat, "cards", seat_title(seat, lang), options[seat], pick=pick)

    parts = tuple(
        keep(s)
        if isinstance(setup, ChantSetup) and len(options[s]) <= PILLS_UP_TO
        else Part(
            s, "multiselect", seat_title(s, lang), options[s], _option_labels(scenario, options[s]), max_selections=9
        )
        for s in seats
    )
    per_row = 1 if any(p.widget == "cards" for p in parts) else 2
    return Question(key, text, parts, lambda values: dict(zip(seats, values, strict=True)), _by_name, per_row)


# --- drawing and reading back ------------------------------------------------------------------------------------


def draw(questions: Sequence[Question], prefix: str, start: int = 1, lang: str | None = None) -> None:
    """Put each question's widgets on the page (inside the caller's form unless one is answered with the
    cards), numbered from ``start``; the widgets' own words in ``lang`` (by default the learner's)."""
    lang = lang or app_lang.current()
    for number, q in enumerate(questions, start=start):
        # A widget's label is its accessible name as written: plain text (theme.css sets labels in bold).
        title = f"{number}. {q.text}"
        if len(q.parts) == 1 and not q.parts[0].suffix and not q.by_cards:
            _widget(q.parts[0], q.widget_key(prefix), title, lang)
            continue
        st.markdown(f"**{title}**")
        if q.by_cards and q.per_row == 1:  # a row of cards needs the width: one part under another
            for part in q.parts:
                if part.suffix:
                    st.markdown(f"*{part.label}*")
                _widget(part, q.widget_key(prefix, part.suffix), part.label, lang)
            continue
        for first in range(0, len(q.parts), q.per_row):
            row = q.parts[first : first + q.per_row]
            for column, part in zip(st.columns(q.per_row), row, strict=False):
                with column:
                    _widget(part, q.widget_key(prefix, part.suffix), part.label, lang)


def ask(
    questions: Sequence[Question],
    prefix: str,
    on_submit: Callable[..., None],
    args: tuple[object, ...] = (),
    missing: Sequence[str] = (),
    fields: str | None = None,
    lang: str | None = None,
) -> None:
    """The questions and the "Check my answer" button (key ``<prefix>.submit``), calling ``on_submit(*args)``.
    The answer widgets are keyed under ``fields`` (default ``prefix``): one attempt's own keys.

    In a form when every question is a form widget (nothing is sent until Check); otherwise (cards to click)
    in a bordered box, each click sent at once, and the button alone in a form of its own: a form's submit
    button sends its click at once, where Streamlit's plain button waits some 10 ms first (measured with
    ``benchmarks/submit_bench.py``). Its own words are in ``lang`` (by default the learner's)."""
    lang = lang or app_lang.current()
    _ = ui.translator(lang)
    by_cards = any(q.by_cards for q in questions)
    box = st.container(border=True) if by_cards else st.form(f"{prefix}.form", border=True)
    with box:
        draw(questions, fields or prefix, lang=lang)
        if missing:
            shorts = short_names(lang)
            names = ", ".join(shorts.get(k, k).lower() for k in missing)
            # Translators: {names} lists the short names of the answers not given yet ("winner, next leader").
            st.warning(_("Answer every question before checking (still open: {names}).", names=names))
        alone: AbstractContextManager[object] = st.form(f"{prefix}.check", border=False) if by_cards else nullcontext()
        with alone:
            st.form_submit_button(
                _("Check my answer"), type="primary", key=f"{prefix}.submit", on_click=on_submit, args=args
            )


def _widget(part: Part, key: str, label: str, lang: str) -> None:
    _ = ui.translator(lang)
    show = part.show
    seen: Literal["visible", "collapsed"] = "visible"
    if part.picture:  # the card is drawn (with its name as alt text): the label is for screen readers only
        views.show(cardsvg.card_svg(parse_card(part.picture), width=52))
        seen = "collapsed"
    match part.widget:
        case "radio":
            st.radio(label, part.options, index=None, format_func=show, key=key, horizontal=len(part.options) <= 6)
        case "selectbox":
            st.selectbox(
                label, part.options, index=None, format_func=show, key=key, placeholder="–", label_visibility=seen
            )
        case "multiselect":
            cards = bool(part.options) and "-" in str(part.options[0])
            st.multiselect(
                label,
                part.options,
                format_func=show,
                key=key,
                max_selections=part.max_selections,
                placeholder=part.placeholder or (_("Pick cards") if cards else _("Choose")),
                select_all=False,  # "Select all" would give a whole answer in one click
            )
        case "pills":
            st.pills(label, part.options, selection_mode="multi", format_func=show, key=key, wrap=True)
        case "cards":
            assert part.pick is not None
            card_answer.draw(part.pick, key)
        case "number":
            st.number_input(label, min_value=part.low, max_value=part.high, value=None, step=1, key=key)
        case "tiers":
            st.text_input(label, key=key, placeholder=_("e.g. 1, 5, 9, 9, 10, 11, 12, 14, 14"))
        case _:  # pragma: no cover
            raise AssertionError(part.widget)


def _tiers(text: object) -> list[int] | None:
    """Nine tier numbers written with commas or spaces; ``None`` unless that is what was written."""
    words = str(text or "").replace(",", " ").split()
    if len(words) != 9 or not all(w.isdigit() and 1 <= int(w) <= 19 for w in words):
        return None
    return [int(w) for w in words]


def _is_given(part: Part, value: object) -> bool:
    if value is None:
        return False
    if part.widget == "cards":
        assert part.pick is not None
        if part.pick.mode == "order":  # every card placed
            return sum(len(place) for place in cast(list[list[str]], value)) == len(part.pick.choices)
        return bool(value)
    if part.widget in ("multiselect", "pills"):
        return bool(value) or part.allow_empty
    if part.widget == "tiers":
        return _tiers(value) is not None
    return True


def answer_from(question: Question, values: Mapping[str, object]) -> tuple[bool, object]:
    """The answer the widget values (by part suffix) give, and whether every part was answered."""
    raw = [values.get(p.suffix) for p in question.parts]
    if not all(_is_given(p, v) for p, v in zip(question.parts, raw, strict=True)):
        return False, None
    read = [
        _tiers(v) if p.widget == "tiers" else list(v) if isinstance(v, list | tuple) else v
        for p, v in zip(question.parts, raw, strict=True)
    ]
    return True, question.combine(read)


def collect(questions: Sequence[Question], prefix: str) -> tuple[dict[str, object], list[str]]:
    """The answers given so far (read from the widgets' session state), and the keys not fully answered yet."""
    answers: dict[str, object] = {}
    missing: list[str] = []
    for q in questions:
        values = {p.suffix: st.session_state.get(q.widget_key(prefix, p.suffix)) for p in q.parts}
        given, answer = answer_from(q, values)
        if given:
            answers[q.key] = answer
        else:
            missing.append(q.key)
    return answers, missing


def clear(prefix: str) -> None:
    """Forget every answer widget of ``prefix``, so the next scenario starts blank."""
    start = f"{prefix}.w."
    for name in [k for k in st.session_state if str(k).startswith(start)]:
        del st.session_state[name]


__all__ = [
    "NOBODY",
    "RESULTS",
    "SHORT",
    "SPOILED",
    "Part",
    "Question",
    "answer_from",
    "ask",
    "card_label",
    "clear",
    "collect",
    "draw",
    "plan",
    "question",
    "question_text",
    "result_labels",
    "reworded",
    "seat_title",
    "short",
    "short_names",
    "widget_key",
]
