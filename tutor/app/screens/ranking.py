"""Ranking trainer: quick drills on the 19 tiers and the eight named cards, and the chart drawn with cards.

Every question, answer and explanation comes from :mod:`tutor.content.drills`, which takes them from the
engine; this page draws the cards, reads the learner's choice and keeps the session's score.
"""

from __future__ import annotations

import random

import streamlit as st

from tutor.app import drill_widgets, lang, state
from tutor.app.session import Family, Key
from tutor.app.views import tier_chart_html
from tutor.content import drills
from tutor.i18n import LANGUAGES, PSEUDO_LANGUAGE, ui
from tutor.progress.memory import Answer

P = "ranking."  # session-state prefix of this page
KINDS = ("beats", "order", "tier", "name", "chart")  # the tabs, in order
SEED = Key[int]("ranking.seed")  # the session's seed of the drills
NUMBER = Family[int]("ranking.{}.n", 0)  # drills of a kind moved past: the current one's token
QUESTION = Family[drills.Drill]("ranking.{}.question")  # the current drill of a kind
NEXT = Family[bool]("ranking.{}.next")
# The session's score
ASKED = Key[int]("ranking.asked", 0)
RIGHT = Key[int]("ranking.right", 0)
STREAK = Key[int]("ranking.streak", 0)
BEST = Key[int]("ranking.best", 0)
TAB = Key[str]("ranking.tab")  # the tab open, by its label


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


def keep_tab(key: Key[str], labels: tuple[str, ...]) -> None:
    """The open tab is kept in session state by its label: after a change of language, the same tab's label
    in the new one, so that the learner stays where they were."""
    chosen = key.get()
    if not isinstance(chosen, str) or chosen in labels:
        return
    for other in (*LANGUAGES, PSEUDO_LANGUAGE):
        before = tab_labels(other)
        if chosen in before:
            key.set(labels[before.index(chosen)])
            return


# --- session state ----------------------------------------------------------------------------------------


def number(kind: str) -> int:
    """How many drills of a kind this session has moved past: the current one's token."""
    return int(NUMBER(kind).value())


def drill(kind: str) -> drills.Drill:
    """The current drill of a kind, drawn from the session's seed and the question number."""
    seed = SEED.setdefault(random.randrange(2**32))
    key = QUESTION(kind)
    if not key.is_set():
        key.set(drills.make_drill(kind, random.Random(f"{seed}:{kind}:{number(kind)}")))
    return key.value()


def keep_score(answer: Answer) -> None:
    """Recorder for the shared drill widgets: the session's score and streak, then the learner's progress."""
    right = all(answer.correct.values())
    asked = ASKED.value() + 1
    streak = STREAK.value() + 1 if right else 0
    ASKED.set(asked)
    RIGHT.set(RIGHT.value() + int(right))
    STREAK.set(streak)
    BEST.set(max(streak, BEST.value()))
    state.progress().record(answer)


def next_drill(kind: str) -> None:
    """Forget the current drill of a kind; the next rerun draws a new one."""
    NUMBER(kind).set(number(kind) + 1)
    QUESTION(kind).pop()


def drill_tab(kind: str) -> None:
    """One drill drawn by the widgets the Review page shares, and Next once it is answered."""
    current = drill_widgets.show(f"{P}{kind}", drill(kind), str(number(kind)), keep_score)
    if current.answered:
        # Translators: the button to the next drill, after an answer.
        st.button(_("Next →"), key=NEXT(kind), type="primary", on_click=next_drill, args=(kind,))


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

asked, right = ASKED.value(), RIGHT.value()
streak, best = STREAK.value(), BEST.value()
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
keep_tab(TAB, labels)
tabs = st.tabs(list(labels), key=TAB, on_change="rerun")
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
