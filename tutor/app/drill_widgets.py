"""One given ranking, naming or signal drill on a page: the Ranking trainer's widgets, the check, the feedback.

Review asks the drill an item id stands for (``tier:9-swords``, ``beats:A-coins:K-cups``, ...), drawn
exactly as the Ranking trainer draws it: the cards big, each above the button that picks it; "They tie"
last; tiers as pills; five place boxes for an order; the engine's explanation step by step afterwards.
The trainer's page keeps these widgets in its own script, where no other page can call them; this module
has them as functions of a given drill, a prefix and a recorder, for any page (the trainer could use it too).

Every question, right answer and explanation comes from :mod:`tutor.content.drills` (hence the engine).
State (:mod:`tutor.app.session`): ``<prefix>.drill`` holds the :class:`DrillAttempt` on screen; widget keys
carry its token, so the same drill shown again later starts with blank widgets.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutor.app.cardsvg import card_svg, card_words, cards_html
from tutor.app.markup import md
from tutor.app.reveal import language, steps_md
from tutor.app.session import Family, Key
from tutor.content import drills
from tutor.engine import parse_card
from tutor.i18n import ui
from tutor.progress.memory import Answer

# The answer's key in a recorded Answer, per drill kind (as the Ranking trainer and the Signals quiz record).
ANSWER_KEY = {"beats": "winner", "order": "order", "tier": "tier", "name": "name", "signal": "answer"}
BIG = 120  # card width of a question, in pixels

Recorder = Callable[[Answer], object]


@dataclass
class DrillAttempt:
    """One showing of one drill: checked once."""

    token: str
    drill: drills.Drill
    shown_at: float
    verdict: drills.Verdict | None = None
    given: object = None
    missing: bool = False  # "check" pressed with a place left empty (order drills)

    @property
    def answered(self) -> bool:
        return self.verdict is not None


# Under the page's prefix (the Ranking trainer's is one per tab: ``ranking.beats``)
DRILL = Family[DrillAttempt]("{}.drill")  # the attempt on screen
WIDGET = Family[Any]("{}.drill.{}.{}")  # its widgets, by the attempt's token and the widget's name


def attempt(prefix: str, drill: drills.Drill, token: str) -> DrillAttempt:
    """The attempt on screen; a new one (blank widgets, the clock started) when the token changed."""
    current = DRILL(prefix).get()
    if current is None or current.token != token or current.drill.id != drill.id:
        current = DrillAttempt(token, drill, time.time())
        DRILL(prefix).set(current)
    return current


def _key(prefix: str, current: DrillAttempt, name: str) -> Key[Any]:
    return WIDGET(prefix, current.token, name)


def answer(prefix: str, given: object, record: Recorder) -> None:
    """Check an answer (a widget's callback) and record it; a second answer to the same showing is ignored."""
    current = DRILL(prefix).get()
    if current is None or current.answered:
        return
    verdict = drills.check(current.drill, given)
    current.verdict, current.given = verdict, given
    key = ANSWER_KEY[current.drill.kind]
    record(
        Answer(
            item=current.drill.id,
            kind=f"drill-{current.drill.kind}",
            given={key: verdict.given},
            correct={key: verdict.correct},
            seconds=round(time.time() - current.shown_at, 2),
        )
    )


def _answer_from_widget(prefix: str, widget_key: Key[Any], record: Recorder) -> None:
    """Callback of a choice widget (pills, radio): its value is the answer, once one is picked."""
    value = widget_key.get()
    if value is not None:
        answer(prefix, value, record)


def _answer_order(prefix: str, record: Recorder) -> None:
    """Callback of "Check my order": the five places chosen, or a reminder if one is missing."""
    current = DRILL(prefix).value()
    assert isinstance(current.drill, drills.OrderDrill)  # the only drill with this button
    places = {str(c): _key(prefix, current, f"place.{c}").get() for c in current.drill.cards}
    current.missing = any(place is None for place in places.values())
    if not current.missing:
        answer(prefix, places, record)


# --- drawing ----------------------------------------------------------------------------------------------


def show(prefix: str, drill: drills.Drill, token: str, record: Recorder) -> DrillAttempt:
    """Draw the drill: the question and its widgets, then once answered the verdict and the engine's
    explanation. The caller adds its Next button."""
    current = attempt(prefix, drill, token)
    st.markdown(f"## {md(drills.question_text(drill, language()))}")
    match drill:
        case drills.BeatsDrill():
            _beats(prefix, current, drill, record)
        case drills.OrderDrill():
            _order(prefix, current, drill, record)
        case drills.TierDrill():
            _tier(prefix, current, drill, record)
        case drills.NameDrill():
            _name(prefix, current, drill, record)
        case drills.SignalDrill():
            _signal(prefix, current, drill, record)
    feedback(current)
    return current


def feedback(current: DrillAttempt) -> None:
    """✓ or ✗ with the right answer, a picture of the answer for an order, and the explanation step by step."""
    result = current.verdict
    if result is None:
        return
    lang = language()
    _ = ui.translator(lang)
    given, expected = result.given_text(current.drill, lang), result.expected_text(current.drill, lang)
    if result.correct:
        # Translators: {expected} is the right answer (a card, a tier, a name, an order of cards).
        st.success("✓ " + _("Right: {expected}", expected=expected), icon=None)
    else:
        # Translators: {given} is the learner's answer, {expected} the right one (cards, a tier, a name...).
        words = _("Not quite. Your answer: {given}. The right answer: {expected}", given=given, expected=expected)
        st.error("✗ " + words, icon=None)
    if isinstance(current.drill, drills.OrderDrill):
        draw_order(current.drill)
    st.markdown(steps_md(result.explanation))


def choice_columns(count: int) -> list[DeltaGenerator]:
    """``count`` card-sized columns (bottom-aligned, so buttons line up), then a spacer."""
    return list(st.columns([1] * count + [max(1, 6 - count)], vertical_alignment="bottom"))[:count]


def centred(html: str) -> str:
    return f'<div style="display:flex;justify-content:center">{html}</div>'


def _pick(prefix: str, current: DrillAttempt, i: int, choice: str, picture: str | None, record: Recorder) -> None:
    """One answer: the card drawn (if it is a card) above the button that chooses it."""
    if picture is not None:
        st.markdown(centred(picture), unsafe_allow_html=True)
    st.button(
        choice_label(current.drill, choice, language()),
        key=_key(prefix, current, f"pick.{i}"),
        on_click=answer,
        args=(prefix, choice, record),
        disabled=current.answered,
        width="stretch",
    )


def choice_label(drill: drills.Drill, choice: str, lang: str) -> str:
    """A choice's button: a card by its rank and suit in words in ``lang`` ("three of clubs": its code is the
    picture's, and its name would give a naming drill's answer away), any other choice as the drill words it."""
    cards = isinstance(drill, drills.BeatsDrill) or (isinstance(drill, drills.NameDrill) and not drill.to_name)
    if cards and choice != drills.TIE:
        return card_words(parse_card(choice), lang)
    return drills.choice_label(drill, choice, lang)  # a name, a tier, "They tie", "No name", a signal's words


def _beats(prefix: str, current: DrillAttempt, drill: drills.BeatsDrill, record: Recorder) -> None:
    # After the answer: the winner highlighted, or the tied cards marked.
    tied = drill.highest if current.answered and drill.answer == drills.TIE else ()
    won = drill.highest if current.answered and drill.answer != drills.TIE else ()
    for i, (column, choice) in enumerate(zip(choice_columns(len(drill.choices)), drill.choices, strict=True)):
        with column:
            picture = None
            if choice != drills.TIE:
                c = parse_card(choice)
                picture = card_svg(c, width=BIG, highlight=c in won, spoiled=c in tied)
            _pick(prefix, current, i, choice, picture, record)


def _order(prefix: str, current: DrillAttempt, drill: drills.OrderDrill, record: Recorder) -> None:
    _ = ui.translator(language())
    st.caption(_("Give each card its place: 1 for the best. Two equal cards get the same place."))
    for column, c in zip(choice_columns(len(drill.cards)), drill.cards, strict=True):
        with column:
            st.markdown(centred(card_svg(c, width=104)), unsafe_allow_html=True)
            st.selectbox(
                # Translators: the hidden label (read by screen readers) of the box giving {card} its place.
                _("Place of {card}", card=c),
                options=list(range(1, len(drill.cards) + 1)),
                index=None,
                # Translators: shown in an empty box under a card until a place (1 to 5) is chosen; very short.
                placeholder=_("place"),
                key=_key(prefix, current, f"place.{c}"),
                disabled=current.answered,
                label_visibility="collapsed",
            )
    if not current.answered:
        st.button(
            _("Check my order"), key=_key(prefix, current, "check"), type="primary", on_click=_answer_order,
            args=(prefix, record),
        )  # fmt: skip
        if current.missing:
            st.warning(_("Give every card a place first."))


def draw_order(drill: drills.OrderDrill) -> None:
    """The engine's order drawn, best first; equal cards share a place ("=2") and carry the tie mark."""
    flat = [c for group in drill.answer for c in group]
    tied = {c for group in drill.answer if len(group) > 1 for c in group}
    captions = [f"{'=' if c in tied else ''}{drill.places[str(c)]}" for c in flat]
    best = drill.answer[0] if len(drill.answer[0]) == 1 else ()
    # Translators: above the cards drawn in their right order, the best on the left.
    heading = ui.gettext(language(), "Best first:")
    st.markdown(f"**{heading}**")
    st.markdown(cards_html(flat, width=76, captions=captions, highlight=best, spoiled=tied), unsafe_allow_html=True)


def _tier(prefix: str, current: DrillAttempt, drill: drills.TierDrill, record: Recorder) -> None:
    st.markdown(card_svg(drill.card, width=BIG, show_tier=current.answered), unsafe_allow_html=True)
    # Streamlit drops the value a widget receives in the run that disables it, so once answered the pills
    # are drawn afresh (another key) with the answer given selected.
    widget_key = _key(prefix, current, "tier" + (".answered" if current.answered else ""))
    st.pills(
        ui.gettext(language(), "Tier"),
        options=list(drill.choices),
        key=widget_key,
        on_change=_answer_from_widget,
        args=(prefix, widget_key, record),
        default=current.given if current.answered else None,
        disabled=current.answered,
    )


def _name(prefix: str, current: DrillAttempt, drill: drills.NameDrill, record: Recorder) -> None:
    done = current.answered
    if drill.to_name:
        # The banner would give the answer away until the learner has answered.
        st.markdown(card_svg(drill.card, width=BIG, show_name=done, highlight=done), unsafe_allow_html=True)
        for i, (column, choice) in enumerate(zip(choice_columns(len(drill.choices)), drill.choices, strict=True)):
            with column:
                _pick(prefix, current, i, choice, None, record)
        return
    for i, (column, code) in enumerate(zip(choice_columns(len(drill.choices)), drill.choices, strict=True)):
        with column:
            c = parse_card(code)
            picture = card_svg(c, width=104, show_name=done, highlight=done and code == drill.answer)
            _pick(prefix, current, i, code, picture, record)


def _signal(prefix: str, current: DrillAttempt, drill: drills.SignalDrill, record: Recorder) -> None:
    # As the tier pills: redrawn under another key once answered, the answer given still selected.
    widget_key = _key(prefix, current, "signal" + (".answered" if current.answered else ""))
    st.radio(
        ui.gettext(language(), "Your answer"),
        list(drill.choices),
        format_func=lambda choice: drills.choice_label(drill, choice, language()),
        index=drill.choices.index(current.given) if current.answered and current.given in drill.choices else None,
        key=widget_key,
        on_change=_answer_from_widget,
        args=(prefix, widget_key, record),
        disabled=current.answered,
        label_visibility="collapsed",
    )
