"""Prediction widgets: one fitting widget (or small group of widgets) per asked outcome key.

A :class:`~tutor.app.questions.Question` is planned from the scenario: by its kind where the kind has a widget of
its own for the key (:mod:`tutor.app.kinds`), else from the key's shape (:func:`tutor.content.kinds.shape_of`),
worded in the learner's language (the ``ui`` domain) by the kind. An option is an id (a seat's code,
``spoiled``, the rules' English words of a signal); only its shown label is translated, so grading is the same in
every language. Planning is pure; :func:`draw` puts the widgets on the page and :func:`collect` reads their values
back from ``st.session_state`` (so a form's submit callback can grade before the page is redrawn).

Every widget has a key naming the showing it belongs to, ``<prefix>.w.<scope>.<outcome key>[.<part>]``
(``scope``: the scenario's id and the attempt), e.g. ``practice.w.spoiled-aces.3.winner`` or
``practice.w.deal-1.3.tricks_won.N``: a new scenario (or a new attempt at the same one) never shows the
previous one's ticks, even a tick the browser had not sent yet. :func:`clear` forgets them all.

Where the answer is a card or a seat that played a card, the learner clicks the drawn cards
(:mod:`tutor.app.card_answer`): one card is a radio group drawn as the cards, in the Check button's form like any
other widget; a set or an order of cards is buttons, which cannot sit in a form, so :func:`ask` draws such
questions outside one, and the questions after them in the form.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Literal, cast

import streamlit as st

from tutor.app import card_answer, cardsvg, views
from tutor.app import lang as app_lang
from tutor.app.card_answer import Pick
from tutor.app.kind import Shown
from tutor.app.kinds import SHOWN, shown
from tutor.app.questions import (
    NOBODY,
    PILLS_UP_TO,
    SEAT_CODES,
    SPOILED,
    TEAMS,
    Nobody,
    Part,
    Question,
    Values,
    by_entry,
    card_choices,
    card_label,
    card_options,
    cards_given,
    codes,
    entries,
    members,
    one,
    seat_part,
    seat_rows,
    seat_title,
    team_titles,
    widget_key,
)
from tutor.app.session import Family, Key, forget_under
from tutor.content import kinds
from tutor.content.grading import asked
from tutor.content.kinds import shape_of
from tutor.content.outcomes import Shape
from tutor.content.scenario import Scenario
from tutor.engine import SIGNAL_IDS, SIGNALS, Card, Explained, Seat, parse_card
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.i18n.sentences import format_value


def question_text(kind: str, key: str, lang: str, first: str = "", who: Sequence[str] = ()) -> str:
    """How the question for ``key`` reads in ``lang``, as the kind words it. ``first``: the player a partnership
    question is about; ``who``: the seats a chant or play question is about (codes)."""
    _ = ui.translator(lang)
    text = shown(kind).question_text(key, _, first, tuple(Seat(s) for s in who))
    if text is not None:
        return text
    # Translators: a question for an answer the app has no wording for yet; {key} is its name in English.
    return _("What is the {key}?", key=key.replace("_", " "))


def rule_state(mordienne: bool, lang: str) -> str:
    """The optional rule's state, said in a question whose answer depends on it: a right reading of a run marked
    wrong "because the rule is off" must never be the first the learner hears of the rule."""
    _ = ui.translator(lang)
    if mordienne:
        # Translators: added after a question whose answer depends on the optional rule (rules.md section 8).
        return _("(The optional mordienne rule is on here: a mordienne scores 2 points.)")
    # Translators: added after a question whose answer depends on the optional rule (rules.md section 8).
    return _("(The optional mordienne rule is off here: no deal scores 2 points.)")


def short_names(lang: str) -> dict[str, str]:
    """Every outcome key's short name in ``lang``, as the kinds name it (the first kind naming a key, in the kinds'
    order): the answer table's first column, the "still open" warning."""
    _ = ui.translator(lang)
    names: dict[str, str] = {}
    for entry in SHOWN:
        for key, name in entry.short_names(_).items():
            names.setdefault(key, name)
    return names


# Short names for the answer column when a grade is shown (English; :func:`short` gives them in a language).
SHORT: dict[str, str] = short_names(SOURCE_LANGUAGE)


def short(kind: str, key: str, lang: str | None = None) -> str:
    """The short name of an outcome key in the answer table and the "still open" warning, as its kind names it, in
    ``lang`` (by default the learner's, :func:`tutor.app.lang.current`)."""
    lang = lang or app_lang.current()
    return shown(kind).short_names(ui.translator(lang)).get(key) or short_names(lang).get(key, key)


SUBMIT = Family[bool]("{}.submit")  # "Check my answer", under the page's prefix
_showings = itertools.count(1)  # a fresh scope for every plan: each showing has its own widgets


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


def question(scenario: Scenario, result: Explained, key: str, lang: str = SOURCE_LANGUAGE) -> Question:
    """Plan the widgets for one asked key, worded in ``lang``: the kind's own, else those of the key's shape."""
    _ = ui.translator(lang)
    entry = shown(scenario.kind)
    first, who = entry.subjects_of(key, scenario.setup, result)
    text = question_text(scenario.kind, key, lang, first, who)
    if key in kinds.kind(scenario.kind).ruled_keys(scenario.setup):
        text = f"{text} {rule_state(scenario.mordienne, lang)}"
    own = entry.own_question(key, scenario, result, text, _)
    return own if own is not None else _by_shape(scenario, entry, key, text, _)


def _by_shape(scenario: Scenario, entry: Shown, key: str, text: str, _: ui.Translator) -> Question:
    """The widgets of a key's shape, for a kind that has none of its own for it."""
    lang = _.lang
    shape = shape_of(scenario.kind, key)
    match shape:
        case Shape.BOOL:
            return one(key, text, Part("", "radio", text, (True, False), {True: _("Yes"), False: _("No")}))
        case Shape.SEAT:
            null = entry.nobody_for(key, _)
            spoken = null.option if null is not None else None
            return one(key, text, seat_part("", text, lang, null), split=lambda a: a if a is not None else spoken)
        case Shape.TEAM:
            tnull = entry.nobody_for(key, _) or Nobody(NOBODY, _("Nobody"), _("Nobody"))
            part = Part("", "radio", text, (*TEAMS, tnull.option), {**team_titles(lang), tnull.option: tnull.offered})
            return one(key, text, part, split=lambda a: a if a is not None else tnull.option)
        case Shape.INT:
            return one(key, text, Part("", "number", text, low=0, high=99))
        case Shape.CARD_SET | Shape.CARD_LIST:
            options, labels = card_options(entry.cards_in(scenario.setup))
            if shape is Shape.CARD_SET and len(options) <= PILLS_UP_TO:  # a few cards: click them
                return one(key, text, Part("", "pills", text, options, labels), cards_given, codes)
            order = _("Pick the cards in order") if shape is Shape.CARD_LIST else None
            return one(key, text, Part("", "multiselect", text, options, labels, placeholder=order), cards_given, codes)
        case Shape.CARD_GROUPS:
            return _order_question(key, text, entry.cards_in(scenario.setup))
        case Shape.TIER_MAP:
            cards = [str(c) for c in entry.cards_in(scenario.setup)]
            parts = tuple(Part(c, "selectbox", card_label(c), tuple(range(1, 20)), picture=c) for c in cards)
            return Question(key, text, parts, lambda values: dict(zip(cards, values, strict=True)), by_entry, 6)
        case Shape.SEAT_LIST:
            # Translators: the labels above a row of small menus, one per deal (or trick), numbered.
            names = [_("Trick {n}", n=n) for n in range(1, 10)]
            return seat_rows(key, text, names, lang, entry.nobody_for(key, _))
        case Shape.SEAT_COUNT_MAP:
            parts = tuple(Part(s, "number", seat_title(s, lang), low=0, high=9) for s in SEAT_CODES)
            return Question(key, text, parts, lambda values: dict(zip(SEAT_CODES, values, strict=True)), by_entry)
        case Shape.TEAM_COUNT_MAP:
            parts = tuple(Part(t, "number", t, low=0, high=10) for t in TEAMS)
            return Question(key, text, parts, lambda values: dict(zip(TEAMS, values, strict=True)), by_entry)
        case Shape.RESULT:
            results = result_labels(lang)
            return one(key, text, Part("", "radio", text, tuple(results), results), _result_of, _result_key)
        case Shape.SIGNAL_LIST:
            meanings = {s.id: format_value(s, "meaning", lang) for s in SIGNALS}  # the meaning (never the id)

            def in_rules_order(values: Values) -> object:
                # the grader compares lists; the rules list signals in section-10 order, so sort the choice
                return sorted((str(v) for v in values[0]), key=SIGNAL_IDS.index)

            return one(key, text, Part("", "pills", text, SIGNAL_IDS, meanings), in_rules_order, codes)
    raise AssertionError(f"no widget for {shape}: the {scenario.kind} kind plans its question for {key!r}")


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


def _result_of(values: Values) -> object:
    team, _, points = str(values[0]).partition(" ")
    return {"team": None, "points": 0} if team == "none" else {"team": team, "points": int(points)}


def _result_key(answer: object) -> object:
    fields = dict(entries(answer))
    team, points = fields.get("team"), fields.get("points", 0)
    return "none" if team is None else f"{team} {points}"


def _order_question(key: str, text: str, cards: Sequence[Card]) -> Question:
    """The cards shown, clicked from best to worst, equal cards at one place."""
    pick = Pick("order", card_choices(cards))

    def groups(values: Values) -> object:
        return [list(place) for place in values[0]]

    def listed(answer: object) -> dict[str, object]:
        return {"": [[str(c) for c in place] for place in members(answer)]}

    return Question(key, text, (Part("", "cards", text, pick=pick),), groups, listed, per_row=1)


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

    In a form when every question is a form widget (nothing is sent until Check; one card to choose is one);
    otherwise (a set or an order of cards to click) in a bordered box, each click sent at once, and the questions
    after the last one answered with the cards in a form with the button: their choices go with Check, not each
    in a rerun of its own (a question's fourth run, some 20% of its server time, measured with
    ``benchmarks/load.py``). A form's submit button also
    sends its click at once, where Streamlit's plain button waits some 10 ms first (measured with
    ``benchmarks/submit_bench.py``). Its own words are in ``lang`` (by default the learner's)."""
    lang = lang or app_lang.current()
    _ = ui.translator(lang)
    last_by_cards = max((n for n, q in enumerate(questions) if q.by_cards), default=-1)
    clicked, typed = questions[: last_by_cards + 1], questions[last_by_cards + 1 :]
    box = st.container(border=True) if clicked else st.form(f"{prefix}.form", border=True)
    with box:
        draw(clicked, fields or prefix, lang=lang)
        form: AbstractContextManager[object] = st.form(f"{prefix}.check", border=False) if clicked else nullcontext()
        with form:
            draw(typed, fields or prefix, start=len(clicked) + 1, lang=lang)
            if missing:
                shorts = short_names(lang)
                names = ", ".join(shorts.get(k, k).lower() for k in missing)
                # Translators: {names} lists the short names of the answers not given yet ("winner, next leader").
                st.warning(_("Answer every question before checking (still open: {names}).", names=names))
            st.form_submit_button(
                _("Check my answer"), type="primary", key=SUBMIT(prefix), on_click=on_submit, args=args
            )


def _widget(part: Part, key: Key[Any], label: str, lang: str) -> None:
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
            card_answer.draw(part.pick, key, label if part.pick.in_form else "")
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
        values = {p.suffix: q.widget_key(prefix, p.suffix).get() for p in q.parts}
        given, answer = answer_from(q, values)
        if given:
            answers[q.key] = answer
        else:
            missing.append(q.key)
    return answers, missing


def clear(prefix: str) -> None:
    """Forget every answer widget of ``prefix``, so the next scenario starts blank."""
    forget_under(f"{prefix}.w.")


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
