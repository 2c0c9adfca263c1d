"""Review: spaced repetition. Due items first, then new ones from the next unfinished lesson, and mistakes
again a few questions later. Scenarios are asked as on Practice, ranking facts as in the Ranking trainer.

Deep link: ``?item=<id>`` asks that item first (the Progress page's "practise it" for a drill).
"""

from __future__ import annotations

import time

import streamlit as st

from tutor.app import drill_widgets, lang, progress_view, quiz, state
from tutor.app.session import Key
from tutor.content.scenario import Scenario
from tutor.i18n import ui
from tutor.progress.memory import Answer
from tutor.progress.review import ReviewItem, ReviewSession, exists, resolve

PREFIX = "review"  # also of the page's scenario and drill (tutor.app.quiz, tutor.app.drill_widgets)
SESSION = Key[ReviewSession]("review.session")  # the sitting: what is due, the mistakes to ask again
LINKED = Key[str]("review.linked")  # the ``?item=`` link applied already
REASON = Key[tuple[str, str]]("review.reason")  # why the item on screen came, worded when served (by its token)
PRACTICE = Key[bool]("review.practice")  # the page's buttons
PROGRESS = Key[bool]("review.progress")
CHECK = Key[bool]("review.check")
NEXT = Key[bool]("review.next")
course = state.course()
progress = state.progress()


def _session() -> ReviewSession:
    """The sitting's review session, kept for the browser session; a new one for a new learner."""
    session = SESSION.get()
    if session is None or session.progress is not progress:
        session = ReviewSession(progress, course)
        SESSION.set(session)
    return session


def _next() -> None:
    SESSION.value().next()


def _record_drill(answer: Answer) -> None:
    """A drill's answer: recorded by the review session (a mistake comes back), counted in the score (the
    scenario form counts its own)."""
    SESSION.value().record(answer)
    tally = quiz.score(PREFIX)
    tally.answered += 1
    tally.right += int(answer.all_correct)


def _from_query_params(session: ReviewSession) -> None:
    """Ask a linked item first, once per link: the link is consumed (taken out of the URL), so following the
    same link again later asks the item again."""
    item = st.query_params.get("item")
    if not item:
        LINKED.pop()
        return
    if LINKED.get() != item and exists(item, course):
        LINKED.set(item)
        del st.query_params["item"]  # a reload does not ask it again
        found = resolve(item, course)
        canonical = item if isinstance(found, Scenario) or found is None else found.id  # as answers record it
        session.current = ReviewItem(canonical, progress_view.ASKED)
        session.served += 1


session = _session()
_from_query_params(session)
if session.current is None:
    session.next()  # the first item of the sitting, or (after "all caught up") whatever has fallen due since
entry = session.current
found = resolve(entry.item, course) if entry else None
while entry is not None and found is None:  # an item the course no longer has: skip it
    entry = session.next()
    found = resolve(entry.item, course) if entry else None

language = lang.current()
_ = ui.translator(language)
tally = quiz.score(PREFIX)
title, tally_column = st.columns([3, 1], vertical_alignment="bottom")
title.title(ui.pgettext(language, "the Review page's title", "Review"))
tally_column.markdown(f"**{tally.text}**" if tally.answered else "")

now = time.time()
due, new, again = st.columns(3)
due.metric(_("Due now"), state.due_count(progress, now), help=_("Items whose review is due: they come first."))
new.metric(
    _("New left"), progress_view.new_left(progress, course), help=_("Lesson scenarios and ranking facts not seen yet.")
)
again.metric(
    _("To try again"), len(session.again), help=_("Mistakes of this sitting: each comes back a few items later.")
)

if entry is None or found is None:
    st.success(_("**All caught up!** Nothing is due and there is nothing new to learn."), icon=":material/celebration:")
    following = progress_view.next_due(progress, now)
    if following is not None:
        # Translators: {when} is a time in words from the Progress page's wording, e.g. "in 3 days".
        st.markdown(_("The next review is due **{when}**.", when=progress_view.when(following, now, language)))
    practise, look = st.columns(2)
    if practise.button(_("Practise freely"), key=PRACTICE, icon=":material/quiz:"):
        st.switch_page("screens/practice.py")
    if look.button(_("See your progress"), key=PROGRESS, icon=":material/insights:"):
        st.switch_page("screens/progress.py")
    st.button(_("Check again"), key=CHECK, on_click=_next, type="tertiary", icon=":material/refresh:")
    st.stop()

token = f"{session.served}:{entry.item}"  # one showing: the same item asked again later starts afresh
reason = REASON.get()
if reason is None or reason[0] != token:  # worded when served: answering it must not change why it came
    reason = (token, progress_view.reason(entry, course, progress, now, language))
    REASON.set(reason)
st.markdown(reason[1])
if isinstance(found, Scenario):
    answered = quiz.play(PREFIX, found, token, record=session.record).submitted
else:
    answered = drill_widgets.show(PREFIX, found, token, _record_drill).answered
if answered:
    st.button(_("Next →"), key=NEXT, on_click=_next, type="primary")
