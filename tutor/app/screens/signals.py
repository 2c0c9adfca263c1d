"""Signals: look a signal up both ways, read the full table, take a short quiz, and signal a dealt hand.

Meanings, gestures and the signals a hand calls for come from the engine (``SIGNALS``, ``look_up``,
``signal_for_card``, ``find_by_gesture``, ``hand_signals``) through :mod:`tutor.content.drills`.
"""

from __future__ import annotations

import random
import time

import streamlit as st

from tutor.app import state
from tutor.app.cardsvg import cards_html
from tutor.app.gestures import gesture_svg, gestures_html
from tutor.app.reveal import md, step_md, steps_md
from tutor.app.views import signals_table_html
from tutor.content import drills
from tutor.engine import SIGNAL_IDS, Card, RuleViolation, Signal, describe, hand_signals, look_up, signal
from tutor.progress.memory import Answer

P = "signals."  # session-state prefix of this page
TABS = ("Look up", "All signals", "Quiz", "What should I signal?")
EXAMPLES = ("monsieur", "3-coins", "aces", "useless", "mordienne", "wink", "thumb", "lip")
QUIZ_SIZE = 5
DECISION = (
    "**Decision** (rules, section 10): Petit-neuf is the **little finger**, as in the Czech, Macedonian and "
    "Gujarati sources; the Albanian one gives the thumb (Grand-neuf's signal); the Malay one has no signals table."
)


def seed() -> int:
    return st.session_state.setdefault(f"{P}seed", random.randrange(2**32))


# --- look up ----------------------------------------------------------------------------------------------


def use_example() -> None:
    """An example chip puts its word in the search box."""
    picked = st.session_state.get(f"{P}example")
    if picked:
        st.session_state[f"{P}search"] = picked
    st.session_state[f"{P}example"] = None


def signal_card(s: Signal) -> None:
    """One signal: its icon, cards, meaning, gesture, and the engine's words."""
    with st.container(border=True):
        left, right = st.columns([1, 3], vertical_alignment="center")
        with left:
            # the gesture and the card(s) it announces side by side, wrapping on a phone
            shown = drills.signal_cards(s)
            cards = cards_html(shown, width=44 if len(shown) > 1 else 64) if shown else ""
            st.markdown(
                '<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:center">'
                f"{gesture_svg(s.id, width=64)}{cards}</div>",
                unsafe_allow_html=True,
            )
        with right:
            st.markdown(f"**{md(s.meaning)}** &nbsp; `{s.id}`")
            st.markdown(f"Gesture: **{md(s.gesture)}**")
            st.caption(" ".join(step_md(x) for x in look_up(s.id).explanation))


def lookup_tab() -> None:
    st.markdown("## Find a signal")
    st.text_input(
        "Search by card, name, situation or gesture",
        key=f"{P}search",
        placeholder="e.g. monsieur, 3-coins, aces, useless, wink, thumb, lip",
    )
    st.pills("Try", EXAMPLES, key=f"{P}example", on_change=use_example)
    text = st.session_state.get(f"{P}search", "") or ""
    found = drills.search_signals(text)
    if found.card is not None:
        st.markdown(cards_html([found.card], width=72), unsafe_allow_html=True)
        if not found.signals:
            st.info(f"{describe(found.card)}: no signal announces this card. Signal nothing unimportant.")
            return
    if not found.signals:
        st.warning(f"No signal matches “{md(text)}”. Try a card (3-coins), a name (madame) or a gesture (wink).")
        return
    if text.strip():
        st.caption(f"{len(found.signals)} signal{'s' if len(found.signals) != 1 else ''} found.")
    for s in found.signals:
        signal_card(s)


# --- the table --------------------------------------------------------------------------------------------


def table_tab() -> None:
    st.markdown("## All eleven signals")
    st.caption("Give them discreetly, so that the other partnership does not notice. Signal nothing unimportant.")
    st.markdown(signals_table_html(), unsafe_allow_html=True)
    st.info(DECISION)


# --- quiz -------------------------------------------------------------------------------------------------


def quiz() -> tuple[drills.SignalDrill, ...]:
    key = f"{P}quiz"
    if key not in st.session_state:
        number = st.session_state.setdefault(f"{P}quiz.n", 0)
        st.session_state[key] = drills.signal_quiz(random.Random(f"{seed()}:quiz:{number}"), QUIZ_SIZE)
        st.session_state[f"{P}quiz.shown_at"] = time.time()
        st.session_state[f"{P}quiz.verdicts"] = None
    return st.session_state[key]


def quiz_key(i: int) -> str:
    return f"{P}quiz.{st.session_state.get(f'{P}quiz.n', 0)}.q{i}"


def check_quiz() -> None:
    questions = quiz()
    if st.session_state.get(f"{P}quiz.verdicts") is not None:
        return
    given = [st.session_state.get(quiz_key(i)) for i in range(len(questions))]
    if any(g is None for g in given):
        st.session_state[f"{P}quiz.missing"] = True
        return
    st.session_state[f"{P}quiz.missing"] = False
    verdicts = tuple(drills.check(q, g) for q, g in zip(questions, given, strict=True))
    st.session_state[f"{P}quiz.verdicts"] = verdicts
    seconds = (time.time() - st.session_state.get(f"{P}quiz.shown_at", time.time())) / len(questions)
    for q, v in zip(questions, verdicts, strict=True):
        state.progress().record(
            Answer(q.id, "drill-signal", {"answer": v.given}, {"answer": v.correct}, round(seconds, 2))
        )


def new_quiz() -> None:
    st.session_state[f"{P}quiz.n"] = st.session_state.get(f"{P}quiz.n", 0) + 1
    st.session_state.pop(f"{P}quiz", None)
    st.session_state[f"{P}quiz.verdicts"] = None


def quiz_tab() -> None:
    questions = quiz()
    verdicts = st.session_state.get(f"{P}quiz.verdicts")
    st.markdown(f"## {QUIZ_SIZE} quick questions")
    for i, q in enumerate(questions):
        st.radio(
            f"{i + 1}. {md(q.question)}",
            q.choices,
            index=None,
            key=quiz_key(i),
            disabled=verdicts is not None,
        )
        if verdicts is not None:
            v = verdicts[i]
            if v.correct:
                st.success(f"✓ Right: {v.expected}", icon=None)
            else:
                st.error(f"✗ Your answer: {v.given}. The right answer: {v.expected}", icon=None)
            st.caption(" ".join(step_md(x) for x in v.explanation))
    if verdicts is None:
        st.button("Check my answers", key=f"{P}quiz.check", type="primary", on_click=check_quiz)
        if st.session_state.get(f"{P}quiz.missing"):
            st.warning(f"Answer all {len(questions)} questions first.")
    else:
        right = sum(v.correct for v in verdicts)
        st.markdown(f"### Score: {right} / {len(verdicts)}{': all right!' if right == len(verdicts) else ''}")
        st.button("New quiz", key=f"{P}quiz.new", type="primary", on_click=new_quiz)


# --- what should I signal? --------------------------------------------------------------------------------


def deal_hand() -> None:
    """Deal a new random hand of nine, from the session's seed."""
    number = st.session_state.get(f"{P}hand.n", 0) + 1
    st.session_state[f"{P}hand.n"] = number
    set_hand(drills.deal_hand(random.Random(f"{seed()}:hand:{number}")))


def use_typed_hand() -> None:
    """Read the typed hand; a bad card leaves a one-line error and keeps the previous hand."""
    text = st.session_state.get(f"{P}typed", "") or ""
    try:
        hand = drills.parse_hand(text)
    except RuleViolation as error:
        st.session_state[f"{P}hand.error"] = error.message
        return
    set_hand(hand)


def set_hand(hand: tuple[Card, ...]) -> None:
    st.session_state[f"{P}hand"] = hand
    st.session_state[f"{P}hand.error"] = None
    st.session_state[f"{P}hand.checked"] = False
    st.session_state[f"{P}hand.version"] = st.session_state.get(f"{P}hand.version", 0) + 1
    st.session_state[f"{P}hand.shown_at"] = time.time()


def hand_widget_key(name: str) -> str:
    """Widget keys carry the hand's version, so a new hand starts with empty answers."""
    return f"{P}hand.{name}.{st.session_state.get(f'{P}hand.version', 0)}"


def check_hand() -> None:
    hand = st.session_state[f"{P}hand"]
    picked = st.session_state.get(hand_widget_key("picked")) or []
    aces = int(st.session_state.get(hand_widget_key("aces")) or 0)
    signals_right, aces_right = drills.check_hand_signals(hand, picked, aces)
    st.session_state[f"{P}hand.checked"] = True
    st.session_state[f"{P}hand.answer"] = (list(picked), aces, signals_right, aces_right)
    seconds = time.time() - st.session_state.get(f"{P}hand.shown_at", time.time())
    state.progress().record(
        Answer(
            item="hand-signals:" + ":".join(sorted(str(c) for c in hand)),
            kind="drill-hand-signals",
            given={"signals": ", ".join(picked) or "none", "aces": str(aces)},
            correct={"signals": signals_right, "aces": aces_right},
            seconds=round(seconds, 2),
        )
    )


def hand_tab() -> None:
    st.markdown("## What should I signal with this hand?")
    if f"{P}hand" not in st.session_state:
        deal_hand()
    left, right = st.columns([1, 2], vertical_alignment="bottom")
    left.button("Deal me a hand", icon=":material/playing_cards:", key=f"{P}deal", type="primary", on_click=deal_hand)
    right.text_input(
        "…or type your own hand (cards separated by commas or spaces), then press Enter",
        key=f"{P}typed",
        placeholder="3-coins, A-cups, A-clubs, 9-swords, 2-clubs, 5-cups, 6-cups, 7-cups, 8-cups",
        on_change=use_typed_hand,
    )
    error = st.session_state.get(f"{P}hand.error")
    if error:
        st.error(f"That hand cannot be read: {error}.", icon=None)
    hand = st.session_state[f"{P}hand"]
    checked = bool(st.session_state.get(f"{P}hand.checked"))
    result = hand_signals(hand) if checked else None
    worth = [c for c in hand if any(c in drills.signal_cards(s) for s in result.signals)] if result else []
    st.markdown(
        f'<div style="margin:6px 0 14px 0">{cards_html(hand, width=78, highlight=worth)}</div>', unsafe_allow_html=True
    )

    answered = st.session_state.get(f"{P}hand.answer") if checked else None
    _, aces, signals_right, aces_right = answered or ([], 0, False, False)
    st.multiselect(
        "The signals to give (pick all that apply)",
        options=list(SIGNAL_IDS),
        format_func=lambda sid: signal(sid).meaning,
        key=hand_widget_key("picked"),
        disabled=checked,
    )
    st.number_input(
        "How many aces will you show (mouth openings)?",
        min_value=0,
        max_value=4,
        step=1,
        key=hand_widget_key("aces"),
        disabled=checked,
    )
    if not checked:
        st.button("Check", key=f"{P}hand.check", type="primary", on_click=check_hand)
        return
    assert result is not None
    engine_says = ", ".join(f"`{s.id}`" for s in result.signals)
    if signals_right:
        st.success(f"✓ The signals are right: {engine_says}", icon=None)
    else:
        st.error(f"✗ The signals this hand calls for: {engine_says}", icon=None)
    st.markdown(gestures_html([s.id for s in result.signals], width=48), unsafe_allow_html=True)
    if aces_right:
        st.success(f"✓ Aces: {result.aces}", icon=None)
    else:
        st.error(f"✗ Aces: {result.aces}, not {aces}", icon=None)
    st.markdown(steps_md(result.explanation))
    st.button("Deal me another hand", key=f"{P}deal.again", on_click=deal_hand)


# --- the page ---------------------------------------------------------------------------------------------

st.title("Signals")
st.caption(
    "Partners may tell each other about important cards with fixed gestures, discreetly. "
    "Look them up, read the table, test yourself, and practise on a hand."
)
tabs = st.tabs(list(TABS), key=f"{P}tab", on_change="rerun")
for tab, draw in zip(tabs, (lookup_tab, table_tab, quiz_tab, hand_tab), strict=True):
    if tab.open is False:  # lazy tabs: only the open one is drawn
        continue
    with tab:
        draw()
