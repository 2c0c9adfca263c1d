"""Ranking trainer: quick drills on the 19 tiers and the eight named cards, and the chart drawn with cards.

Every question, answer and explanation comes from :mod:`tutor.content.drills`, which takes them from the
engine; this page draws the cards, reads the learner's choice and keeps the session's score.
"""

from __future__ import annotations

import random

import streamlit as st

from tutor.app import drill_widgets, lang, state
from tutor.app.views import tier_chart_html
from tutor.content import drills
from tutor.i18n import LANGUAGES, PSEUDO_LANGUAGE, ui
from tutor.progress.memory import Answer

P = "ranking."  # session-state prefix of this page
KINDS = ("beats", "order", "tier", "name", "chart")  # the tabs, in order


def tab_labels(language: str) -> tuple[str, ...]:
    """The tabs' labels in ``language``, in the order of :data:`KINDS`."""
    _ = ui.translator(language)
    return (
        # Translators: the Ranking trainer's tabs, short (five side by side on a phone).
        _("Which wins?"),
        _("Put in order"),
        _("Which tier?"),
        _("Named cards"),
        _("The 19 tiers"),
    )


TABS = tab_labels("en")


def keep_tab(key: str, labels: tuple[str, ...]) -> None:
    """The open tab is kept in session state by its label: after a change of language, the same tab's label
    in the new one, so that the learner stays where they were."""
    chosen = st.session_state.get(key)
    if not isinstance(chosen, str) or chosen in labels:
        return
    for other in (*LANGUAGES, PSEUDO_LANGUAGE):
        before = tab_labels(other)
        if chosen in before:
            st.session_state[key] = labels[before.index(chosen)]
            return


# --- session state ----------------------------------------------------------------------------------------


def number(kind: str) -> int:
    """How many drills of a kind this session has moved past: the current one's token."""
    return int(st.session_state.get(f"{P}{kind}.n", 0))


def drill(kind: str) -> drills.Drill:
    """The current drill of a kind, drawn from the session's seed and the question number."""
    seed = st.session_state.setdefault(f"{P}seed", random.randrange(2**32))
    key = f"{P}{kind}.question"
    if key not in st.session_state:
        st.session_state[key] = drills.make_drill(kind, random.Random(f"{seed}:{kind}:{number(kind)}"))
    return st.session_state[key]


def keep_score(answer: Answer) -> None:
    """Recorder for the shared drill widgets: the session's score and streak, then the learner's progress."""
    right = all(answer.correct.values())
    asked = st.session_state.get(f"{P}asked", 0) + 1
    streak = st.session_state.get(f"{P}streak", 0) + 1 if right else 0
    st.session_state[f"{P}asked"] = asked
    st.session_state[f"{P}right"] = st.session_state.get(f"{P}right", 0) + int(right)
    st.session_state[f"{P}streak"] = streak
    st.session_state[f"{P}best"] = max(streak, st.session_state.get(f"{P}best", 0))
    state.progress().record(answer)


def next_drill(kind: str) -> None:
    """Forget the current drill of a kind; the next rerun draws a new one."""
    st.session_state[f"{P}{kind}.n"] = number(kind) + 1
    st.session_state.pop(f"{P}{kind}.question", None)


def drill_tab(kind: str) -> None:
    """One drill drawn by the widgets the Review page shares, and Next once it is answered."""
    current = drill_widgets.show(f"{P}{kind}", drill(kind), str(number(kind)), keep_score)
    if current.answered:
        # Translators: the button to the next drill, after an answer.
        st.button(_("Next →"), key=f"{P}{kind}.next", type="primary", on_click=next_drill, args=(kind,))


def chart_tab() -> None:
    st.markdown("## " + _("The 19 tiers, best first"))
    st.caption(
        _(
            "A card of a better (lower-numbered) tier beats any card of a worse one; cards in one tier are "
            "exactly equal. Highlighted rows are the traps."
        )
    )
    st.markdown(tier_chart_html(), unsafe_allow_html=True)


# --- the page ---------------------------------------------------------------------------------------------

language = lang.current()
_ = ui.translator(language)
st.title(_("Ranking trainer"))
st.caption(_("Quick drills on the 19 tiers and the eight named cards. Each answer is checked at once."))

asked, right = st.session_state.get(f"{P}asked", 0), st.session_state.get(f"{P}right", 0)
streak, best = st.session_state.get(f"{P}streak", 0), st.session_state.get(f"{P}best", 0)
st.markdown(
    # Translators: the session's score; keep the ** (bold) and the &nbsp;·&nbsp; separators.
    _(
        "**Score:** {right} / {asked} &nbsp;·&nbsp; **Streak:** {streak} &nbsp;·&nbsp; **Best streak:** {best}",
        right=right,
        asked=asked,
        streak=streak,
        best=best,
    ),
)

labels = tab_labels(language)
keep_tab(f"{P}tab", labels)
tabs = st.tabs(list(labels), key=f"{P}tab", on_change="rerun")
for tab, kind in zip(tabs, KINDS, strict=True):
    # Only the open tab is drawn (lazy tabs); .open is None when tabs do not track state: draw them all then.
    if tab.open is False:
        continue
    # A statement, not a conditional expression: Streamlit's magic would write the expression's value, "None".
    with tab:
        if kind == "chart":
            chart_tab()
        else:
            drill_tab(kind)
