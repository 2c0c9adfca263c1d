"""Progress: mastery per lesson and topic, accuracy over time, the day streak, what is due, the hardest items
(each with a way to practise it), and export / import of the learner's progress."""

from __future__ import annotations

import time
from datetime import date

import streamlit as st

from tutor.app import learners, progress_view, state
from tutor.app.markup import md
from tutor.progress.stats import progress_stats

PREFIX = "progress"
course = state.course()
progress = state.progress()
store = state.saved_store(progress)
ss = st.session_state
now = time.time()
stats = progress_stats(progress, course, now)
guest = learners.is_guest(progress)

st.title("Your progress" if guest else f"{md(progress.learner)}'s progress")
if guest:
    st.caption(
        "As a guest, this shows the answers given in this browser. Choose or add your name in the sidebar to "
        "keep them under your name."
    )
    learners.picker(PREFIX)

# --- the figures ---------------------------------------------------------------------------------------------
answers, accuracy, streak, today, week = st.columns(5)
answers.metric("Answers", stats.answered)
accuracy.metric(
    "Answered right",
    f"{round(100 * stats.right / stats.answered)}%" if stats.answered else "–",
    help=f"{stats.right} of {stats.answered} answers entirely right",
)
streak.metric(
    "Day streak",
    progress_view.days_word(stats.streak),
    help="Days in a row with at least one answer, up to today (or yesterday, until today is over).",
)
today.metric("Due today", stats.due_today, help=f"{stats.due_now} of them due now")
week.metric("Due this week", stats.due_week, help="Due by the end of the seventh day from today, today's included")

label = f"Review the {stats.due_now} due now"
if stats.due_now and st.button(label, key=f"{PREFIX}.review", type="primary", icon=":material/event_repeat:"):
    st.switch_page("screens/review.py")

if not stats.answered:
    st.info(
        "Nothing answered yet. Your progress appears here as you answer: start with the lessons, or let Review "
        "pick for you.",
        icon=":material/insights:",
    )
    start, review = st.columns(2)
    if start.button("Start the lessons", key=f"{PREFIX}.learn", icon=":material/menu_book:"):
        st.switch_page("screens/learn.py")
    if review.button("Start a review", key=f"{PREFIX}.start-review", icon=":material/event_repeat:"):
        st.switch_page("screens/review.py")
else:
    st.header("Accuracy over time")
    st.caption("Answers per day (bars) and the share answered entirely right (green line).")
    progress_view.draw_accuracy(stats.days, date.fromtimestamp(now))

# --- mastery ---------------------------------------------------------------------------------------------------
st.header("Mastery")
st.caption(progress_view.MASTERY_HELP)
by_lesson, by_topic = st.tabs(["By lesson", "By topic"], key=f"{PREFIX}.mastery")
with by_lesson:
    progress_view.draw_mastery(progress_view.lesson_titles(course, stats.lessons), "Lesson", f"{PREFIX}.lessons")
with by_topic:
    progress_view.draw_mastery(stats.topics, "Topic", f"{PREFIX}.topics")

# --- hardest items -----------------------------------------------------------------------------------------------
if stats.hardest:
    st.header("Hardest for you")
    st.caption("The items you got wrong most often. Practise one now: it comes back in your reviews as well.")
    for n, hard in enumerate(stats.hardest):
        named, figures, action = st.columns([5, 2, 1.4], vertical_alignment="center")
        named.markdown(f"**{md(hard.label)}**")
        kind = progress_view.kind_word(hard.item, hard.kind, course)
        figures.caption(f"{kind} · wrong {hard.wrong} of {hard.reps} · {round(100 * hard.accuracy)}% right")
        page, params = progress_view.practise_link(hard.item, course)
        if action.button("Practise", key=f"{PREFIX}.hard.{n}", icon=":material/fitness_center:", width="stretch"):
            st.switch_page(page, query_params=params)

# --- export and import ---------------------------------------------------------------------------------------------
st.header("Back up or move your progress")


def download(label: str) -> None:
    st.download_button(
        label,
        data=lambda: progress_view.exported_json(progress),  # made when clicked, not on every rerun
        file_name=progress_view.export_file_name(progress.learner),
        mime="application/json",
        key=f"{PREFIX}.export",
        icon=":material/download:",
        on_click="ignore",
    )


if store is None:
    problem = state.problem()
    if problem and stats.answered:
        # The file failed: what this session holds can still be taken away, and imported once it works again.
        st.caption(md(f"{problem} Download what you answered, to import it once progress can be saved again."))
        download("Download this session's progress")
    else:
        st.caption(
            md(f"{problem} Export and import need saved progress.")
            if problem
            else "Export and import are for saved progress: choose or add your name in the sidebar first."
        )
else:
    out, into = st.columns(2, gap="large")
    with out:
        st.markdown("**Export** everything you answered and read, as a JSON file.")
        download("Download my progress")
    with into:
        st.markdown(f"**Import** a progress file into {md(progress.learner)}'s. Answers already here are skipped.")
        upload = st.file_uploader("Progress file (JSON)", type=["json"], key=f"{PREFIX}.import")
        if upload is not None and ss.get(f"{PREFIX}.imported") != upload.file_id:
            ss[f"{PREFIX}.imported"] = upload.file_id  # once per uploaded file, not on every rerun
            ss[f"{PREFIX}.import.result"] = progress_view.import_file(store, upload.getvalue())
            st.rerun()  # the figures above include what was imported
        outcome = ss.get(f"{PREFIX}.import.result")
        if outcome is not None:
            imported, text = outcome
            (st.success if imported else st.error)(text)
