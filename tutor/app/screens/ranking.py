"""Ranking trainer: quick drills on the 19 tiers and the eight named cards, and the chart drawn with cards.

Every question, answer and explanation comes from :mod:`tutor.content.drills`, which takes them from the
engine; this page draws the cards, reads the learner's choice and keeps the session's score.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutor.app import state
from tutor.app.cardsvg import card_svg, cards_html
from tutor.app.views import tier_chart_html
from tutor.content import drills
from tutor.engine import parse_card
from tutor.progress.memory import Answer

P = "ranking."  # session-state prefix of this page
TABS = ("Which wins?", "Put in order", "Which tier?", "Named cards", "The 19 tiers")
ANSWER_KEY = {"beats": "winner", "order": "order", "tier": "tier", "name": "name"}
BIG = 120  # card width of a question, in pixels
_MARKDOWN_SPECIALS = str.maketrans({c: "\\" + c for c in "\\`*_[]<>$#|"})


def md(text: str) -> str:
    """An engine step shown literally (it is plain text, not Markdown)."""
    return text.translate(_MARKDOWN_SPECIALS)


# --- session state ----------------------------------------------------------------------------------------


def drill(kind: str) -> drills.Drill:
    """The current drill of a kind, drawn from the session's seed and the question number."""
    key = f"{P}{kind}.drill"
    if key not in st.session_state:
        seed = st.session_state.setdefault(f"{P}seed", random.randrange(2**32))
        number = st.session_state.setdefault(f"{P}{kind}.n", 0)
        st.session_state[key] = drills.make_drill(kind, random.Random(f"{seed}:{kind}:{number}"))
        st.session_state[f"{P}{kind}.shown_at"] = time.time()
        st.session_state[f"{P}{kind}.verdict"] = None
    return st.session_state[key]


def verdict(kind: str) -> drills.Verdict | None:
    return st.session_state.get(f"{P}{kind}.verdict")


def answer(kind: str, given: object) -> None:
    """Check an answer (a button's or widget's callback), score it and record it in the progress."""
    if verdict(kind) is not None:  # answered already: a second click changes nothing
        return
    current = drill(kind)
    result = drills.check(current, given)
    st.session_state[f"{P}{kind}.verdict"] = result
    st.session_state[f"{P}{kind}.given"] = given
    asked = st.session_state.get(f"{P}asked", 0) + 1
    right = st.session_state.get(f"{P}right", 0) + int(result.correct)
    streak = st.session_state.get(f"{P}streak", 0) + 1 if result.correct else 0
    st.session_state[f"{P}asked"], st.session_state[f"{P}right"], st.session_state[f"{P}streak"] = asked, right, streak
    st.session_state[f"{P}best"] = max(streak, st.session_state.get(f"{P}best", 0))
    seconds = time.time() - st.session_state.get(f"{P}{kind}.shown_at", time.time())
    state.progress().record(
        Answer(
            item=current.id,
            kind=f"drill-{kind}",
            given={ANSWER_KEY[kind]: result.given},
            correct={ANSWER_KEY[kind]: result.correct},
            seconds=round(seconds, 2),
        )
    )


def answer_from_widget(kind: str, widget_key: str) -> None:
    """Callback of a choice widget (pills, radio): its value is the answer, once one is picked."""
    value = st.session_state.get(widget_key)
    if value is not None:
        answer(kind, value)


def answer_order() -> None:
    """Callback of "Check my order": the five places chosen, or a reminder if one is missing."""
    current = drill("order")
    number = st.session_state.get(f"{P}order.n", 0)
    places = {str(c): st.session_state.get(f"{P}order.place.{number}.{c}") for c in current.cards}
    if any(place is None for place in places.values()):
        st.session_state[f"{P}order.missing"] = True
        return
    st.session_state[f"{P}order.missing"] = False
    answer("order", places)


def next_drill(kind: str) -> None:
    """Forget the current drill of a kind; the next rerun draws a new one."""
    st.session_state[f"{P}{kind}.n"] = st.session_state.get(f"{P}{kind}.n", 0) + 1
    st.session_state.pop(f"{P}{kind}.drill", None)
    st.session_state[f"{P}{kind}.verdict"] = None


# --- drawing ----------------------------------------------------------------------------------------------


def show_feedback(kind: str, between: Callable[[], None] | None = None) -> None:
    """✓ or ✗ with the right answer, then ``between`` (a picture of the answer), the engine's explanation
    step by step, and Next."""
    result = verdict(kind)
    if result is None:
        return
    if result.correct:
        st.success(f"✓ Right: {result.expected}", icon=None)
    else:
        st.error(f"✗ Not quite. Your answer: {result.given}. The right answer: {result.expected}", icon=None)
    if between is not None:
        between()
    st.markdown("\n".join(f"- {md(step)}" for step in result.explanation))
    st.button("Next →", key=f"{P}{kind}.next", type="primary", on_click=next_drill, args=(kind,))


def pick(kind: str, number: int, choice: str, picture: str | None, answered: bool) -> None:
    """One answer: the card drawn (if it is a card) above the button that chooses it."""
    if picture is not None:
        st.markdown(centred(picture), unsafe_allow_html=True)
    st.button(
        choice, key=f"{P}{kind}.pick.{number}", on_click=answer, args=(kind, choice), disabled=answered, width="stretch"
    )


def beats_tab() -> None:
    current = drill("beats")
    assert isinstance(current, drills.BeatsDrill)
    result = verdict("beats")
    st.markdown(f"##### {current.question}")
    # After the answer: the winner highlighted, or the tied cards marked.
    tied = current.highest if result and current.answer == drills.TIE else ()
    won = current.highest if result and current.answer != drills.TIE else ()
    # Each card stands above its own button; "They tie" sits last. A spacer keeps the columns card-sized.
    columns = choice_columns(len(current.choices))
    for i, (column, choice) in enumerate(zip(columns, current.choices, strict=True)):
        with column:
            picture = None
            if choice != drills.TIE:
                c = parse_card(choice)
                picture = card_svg(c, width=BIG, highlight=c in won, spoiled=c in tied)
            pick("beats", i, choice, picture, answered=result is not None)
    show_feedback("beats")


def choice_columns(count: int) -> list[DeltaGenerator]:
    """``count`` card-sized columns (bottom-aligned, so buttons line up), then a spacer."""
    return list(st.columns([1] * count + [max(1, 6 - count)], vertical_alignment="bottom"))[:count]


def centred(html: str) -> str:
    return f'<div style="display:flex;justify-content:center">{html}</div>'


def order_tab() -> None:
    current = drill("order")
    assert isinstance(current, drills.OrderDrill)
    result = verdict("order")
    number = st.session_state.get(f"{P}order.n", 0)
    st.markdown(f"##### {current.question}")
    st.caption("Give each card its place: 1 for the best. Two equal cards get the same place.")
    columns = choice_columns(len(current.cards))
    for column, c in zip(columns, current.cards, strict=True):
        with column:
            st.markdown(centred(card_svg(c, width=104)), unsafe_allow_html=True)
            st.selectbox(
                f"Place of {c}",
                options=list(range(1, len(current.cards) + 1)),
                index=None,
                placeholder="place",
                key=f"{P}order.place.{number}.{c}",
                disabled=result is not None,
                label_visibility="collapsed",
            )
    if result is None:
        st.button("Check my order", key=f"{P}order.check", type="primary", on_click=answer_order)
        if st.session_state.get(f"{P}order.missing"):
            st.warning("Give every card a place first.")
        return
    show_feedback("order", between=lambda: draw_order(current))


def draw_order(current: drills.OrderDrill) -> None:
    """The engine's order drawn, best first; equal cards share a place ("=2") and carry the tie mark."""
    flat = [c for group in current.answer for c in group]
    tied = {c for group in current.answer if len(group) > 1 for c in group}
    captions = [f"{'=' if c in tied else ''}{current.places[str(c)]}" for c in flat]
    best = current.answer[0] if len(current.answer[0]) == 1 else ()
    st.markdown("**Best first:**")
    st.markdown(cards_html(flat, width=76, captions=captions, highlight=best, spoiled=tied), unsafe_allow_html=True)


def tier_tab() -> None:
    current = drill("tier")
    assert isinstance(current, drills.TierDrill)
    result = verdict("tier")
    number = st.session_state.get(f"{P}tier.n", 0)
    st.markdown(f"##### {current.question}")
    st.markdown(card_svg(current.card, width=BIG, show_tier=result is not None), unsafe_allow_html=True)
    # Streamlit drops the value a widget receives in the run that disables it, so once answered the pills are
    # drawn afresh (another key) with the answer given selected.
    answered = result is not None
    widget_key = f"{P}tier.pick.{number}" + (".answered" if answered else "")
    st.pills(
        "Tier",
        options=list(current.choices),
        key=widget_key,
        on_change=answer_from_widget,
        args=("tier", widget_key),
        default=st.session_state.get(f"{P}tier.given") if answered else None,
        disabled=answered,
    )
    show_feedback("tier")


def name_tab() -> None:
    current = drill("name")
    assert isinstance(current, drills.NameDrill)
    result = verdict("name")
    st.markdown(f"##### {current.question}")
    if current.to_name:
        # The banner would give the answer away until the learner has answered.
        shown = card_svg(current.card, width=BIG, show_name=result is not None, highlight=result is not None)
        st.markdown(shown, unsafe_allow_html=True)
        columns = choice_columns(len(current.choices))
        for i, (column, choice) in enumerate(zip(columns, current.choices, strict=True)):
            column.button(
                choice,
                key=f"{P}name.pick.{i}",
                on_click=answer,
                args=("name", choice),
                disabled=result is not None,
                width="stretch",
            )
    else:
        columns = choice_columns(len(current.choices))
        for i, (column, code) in enumerate(zip(columns, current.choices, strict=True)):
            c = parse_card(code)
            with column:
                right = result is not None and code == current.answer
                picture = card_svg(c, width=104, show_name=result is not None, highlight=right)
                pick("name", i, code, picture, answered=result is not None)
    show_feedback("name")


def chart_tab() -> None:
    st.markdown("##### The 19 tiers, best first")
    st.caption(
        "A card of a better (lower-numbered) tier beats any card of a worse one; cards in one tier are exactly "
        "equal. Highlighted rows are the traps."
    )
    st.markdown(tier_chart_html(), unsafe_allow_html=True)


# --- the page ---------------------------------------------------------------------------------------------

st.title("Ranking trainer")
st.caption("Quick drills on the 19 tiers and the eight named cards. Each answer is checked at once.")

asked, right = st.session_state.get(f"{P}asked", 0), st.session_state.get(f"{P}right", 0)
streak, best = st.session_state.get(f"{P}streak", 0), st.session_state.get(f"{P}best", 0)
st.markdown(
    f"**Score:** {right} / {asked} &nbsp;·&nbsp; **Streak:** {streak}{' 🔥' if streak >= 3 else ''}"
    f" &nbsp;·&nbsp; **Best streak:** {best}",
)

tabs = st.tabs(list(TABS), key=f"{P}tab", on_change="rerun")
for tab, draw in zip(tabs, (beats_tab, order_tab, tier_tab, name_tab, chart_tab), strict=True):
    # Only the open tab is drawn (lazy tabs); .open is None when tabs do not track state: draw them all then.
    if tab.open is False:
        continue
    with tab:
        draw()
