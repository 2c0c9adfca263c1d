"""Progress: mastery per lesson and topic, accuracy over time, the day streak, what is due, the hardest items
(each with a way to practise it), and export / import of the learner's progress."""

from __future__ import annotations

import time
from datetime import date

import streamlit as st

from tutor.app import lang, learners, progress_view, shared_mode, state
from tutor.app.markup import md
from tutor.app.session import Family, Key
from tutor.i18n import ui
from tutor.progress.stats import progress_stats

PREFIX = "progress"  # of the learner picker's buttons (tutor.app.learners)
REVIEW = Key[bool]("progress.review")  # the page's buttons
LEARN = Key[bool]("progress.learn")
START_REVIEW = Key[bool]("progress.start-review")
MASTERY = Key[str]("progress.mastery")  # the tab open
LESSONS = Key[object]("progress.lessons")  # the mastery tables (their selection)
TOPICS = Key[object]("progress.topics")
HARD = Family[bool]("progress.hard.{}")  # "Practise" beside each of the hardest items, by its place
EXPORT = Key[bool]("progress.export")
IMPORT = Key[object]("progress.import")  # the uploader
IMPORTED = Key[str]("progress.imported")  # the file imported already (its id): once per upload
IMPORT_RESULT = Key[tuple[bool, str]]("progress.import.result")  # whether it was imported, and what to say
course = state.course()
progress = state.progress()
store = state.saved_store(progress)
now = time.time()
stats = progress_stats(progress, course, now)
guest = learners.is_guest(progress)
language = lang.current()
_ = ui.translator(language)

# Translators: {name} is the learner's name as they typed it.
st.title(_("Your progress") if guest else _("{name}'s progress", name=md(progress.learner)))
if guest and shared_mode.shared():  # a shared server's sidebar lists nobody: adding or coming back
    st.caption(
        _(
            "As a guest, this shows the answers given in this browser. Add your name in the sidebar to keep them "
            "under your name, or use “I have been here before” there, with your name and PIN."
        )
    )
elif guest:
    st.caption(
        _(
            "As a guest, this shows the answers given in this browser. Choose or add your name in the sidebar to "
            "keep them under your name."
        )
    )
    learners.picker(PREFIX)

# --- the figures ---------------------------------------------------------------------------------------------
answers, accuracy, streak, today, week = st.columns(5)
answers.metric(_("Answers"), stats.answered)
accuracy.metric(
    _("Answered right"),
    f"{round(100 * stats.right / stats.answered)}%" if stats.answered else "–",
    help=_("{right} of {answered} answers entirely right", right=stats.right, answered=stats.answered),
)
streak.metric(
    _("Day streak"),
    progress_view.days_word(stats.streak, language),
    help=_("Days in a row with at least one answer, up to today (or yesterday, until today is over)."),
)
# Translators: the help of "Due today": how many of the items due today are due already.
today.metric(_("Due today"), stats.due_today, help=_("{n} of them due now", n=stats.due_now))
week.metric(
    _("Due this week"), stats.due_week, help=_("Due by the end of the seventh day from today, today's included")
)

label = ui.ngettext(language, "Review the {n} due now", "Review the {n} due now", stats.due_now)
if stats.due_now and st.button(label, key=REVIEW, type="primary", icon=":material/event_repeat:"):
    st.switch_page("screens/review.py")

if not stats.answered:
    st.info(
        _(
            "Nothing answered yet. Your progress appears here as you answer: start with the lessons, or let Review "
            "pick for you."
        ),
        icon=":material/insights:",
    )
    start, review = st.columns(2)
    if start.button(_("Start the lessons"), key=LEARN, icon=":material/menu_book:"):
        st.switch_page("screens/learn.py")
    if review.button(_("Start a review"), key=START_REVIEW, icon=":material/event_repeat:"):
        st.switch_page("screens/review.py")
else:
    st.header(_("Accuracy over time"))
    st.caption(_("Answers per day (bars) and the share answered entirely right (green line)."))
    progress_view.draw_accuracy(stats.days, date.fromtimestamp(now), language)

# --- mastery ---------------------------------------------------------------------------------------------------
st.header(_("Mastery"))
st.caption(progress_view.mastery_help(language))
by_lesson, by_topic = st.tabs([_("By lesson"), _("By topic")], key=MASTERY)
with by_lesson:
    lessons = progress_view.lesson_titles(course, stats.lessons, language)
    progress_view.draw_mastery(lessons, _("Lesson"), LESSONS, language)
with by_topic:
    topics = progress_view.topic_titles(stats.topics, language)
    progress_view.draw_mastery(topics, _("Topic"), TOPICS, language)

# --- hardest items -----------------------------------------------------------------------------------------------
if stats.hardest:
    st.header(_("Hardest for you"))
    st.caption(_("The items you got wrong most often. Practise one now: it comes back in your reviews as well."))
    for n, hard in enumerate(stats.hardest):
        named, figures, action = st.columns([5, 2, 1.4], vertical_alignment="center")
        named.markdown(f"**{md(progress_view.hard_label(hard.item, hard.label, course, language))}**")
        kind = progress_view.kind_word(hard.item, hard.kind, course, language)
        figures.caption(progress_view.hard_figures(kind, hard.wrong, hard.reps, hard.accuracy, language))
        page, params = progress_view.practise_link(hard.item, course)
        # Translators: a verb: practise this item now.
        practise = _("Practise")
        if action.button(practise, key=HARD(n), icon=":material/fitness_center:", width="stretch"):
            st.switch_page(page, query_params=params)

# --- export and import ---------------------------------------------------------------------------------------------
st.header(_("Back up or move your progress"))


def download(label: str) -> None:
    st.download_button(
        label,
        data=lambda: progress_view.exported_json(progress),  # made when clicked, not on every rerun
        file_name=progress_view.export_file_name(progress.learner),
        mime="application/json",
        key=EXPORT,
        icon=":material/download:",
        on_click="ignore",
    )


if store is None:
    problem = state.problem(language)
    if problem and state.waiting(language):
        st.caption(md(problem))  # saved on the next click that finds the file free: nothing to take away by hand
    elif problem and stats.answered:
        # The file failed: what this session holds can still be taken away, and imported once it works again.
        # Translators: {problem} is what went wrong with the progress file, in a sentence of its own.
        keep = _(
            "{problem} Download what you answered, to import it once progress can be saved again.", problem=problem
        )
        st.caption(md(keep))
        download(_("Download this session's progress"))
    else:
        st.caption(
            md(_("{problem} Export and import need saved progress.", problem=problem))
            if problem
            else _("Export and import are for saved progress: choose or add your name in the sidebar first.")
        )
else:
    out, into = st.columns(2, gap="large")
    with out:
        st.markdown(_("**Export** everything you answered and read, as a JSON file."))
        download(_("Download my progress"))
    with into:
        # Translators: {name} is the learner's name as they typed it.
        st.markdown(
            _("**Import** a progress file into {name}'s. Answers already here are skipped.", name=md(progress.learner))
        )
        upload = st.file_uploader(_("Progress file (JSON)"), type=["json"], key=IMPORT)
        if upload is not None and IMPORTED.get() != upload.file_id:
            IMPORTED.set(upload.file_id)  # once per uploaded file, not on every rerun
            bar = st.progress(0.0, text=progress_view.importing_text(0, 0, language))

            def report(done: int, total: int) -> None:
                bar.progress(done / total if total else 1.0, text=progress_view.importing_text(done, total, language))

            IMPORT_RESULT.set(progress_view.import_file(store, upload.getvalue(), language, report))
            st.rerun()  # the figures above include what was imported
        outcome = IMPORT_RESULT.get()
        if outcome is not None:
            imported, text = outcome
            (st.success if imported else st.error)(text)
