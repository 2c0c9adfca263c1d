"""One member's Progress page, read-only, for the teacher of a class they are in (``/teach?class=<id>&member=
<learner id>``): the figures, the chart, mastery by lesson and topic, and their hardest items, drawn as the
Progress page draws them; nothing that changes, practises or exports anything.

Who may see it is the progress layer's answer (:func:`tutor.progress.dashboard.teachers_member`): the class is
the signed-in teacher's and the learner is in it. Any other pair of ids, forged or stale, shows one line and
nothing of anyone's progress.
"""

from __future__ import annotations

import time
from datetime import date

import streamlit as st

from tutor.app import progress_view, state
from tutor.app.markup import md
from tutor.app.session import Family
from tutor.i18n import ui
from tutor.progress.dashboard import teachers_member
from tutor.progress.db import ProgressUnavailable
from tutor.progress.stats import progress_stats
from tutor.progress.store import ProgressDB, SqliteProgress
from tutor.progress.teachers import Teacher

BACK = Family[bool]("teach.member.{}.back")  # by class id
LESSONS = Family[object]("teach.member.{}.lessons")  # the mastery tables, by learner id
TOPICS = Family[object]("teach.member.{}.topics")
MEMBER_PARAM = "member"


def number(value: object) -> int | None:
    """A query parameter's id, or None for anything that is not a plain positive number."""
    text = str(value) if isinstance(value, str | int) else ""
    return int(text) if text.isdigit() and len(text) <= 18 else None


def no_member(lang: str) -> str:
    return ui.gettext(lang, "There is no such member in your classes.")


def draw(db: ProgressDB, teacher: Teacher, class_id: object, learner_id: object, language: str) -> None:
    """The member's progress, read-only; one line and nothing else unless ``learner_id`` is a member of
    ``teacher``'s class ``class_id`` (both as the query parameters gave them)."""
    _ = ui.translator(language)
    cid, lid = number(class_id), number(learner_id)
    try:
        member = teachers_member(db, teacher, cid, lid) if cid is not None and lid is not None else None
    except ProgressUnavailable as error:
        st.error(md(error.words(language)))
        return
    if cid is not None and st.button(_("Back to the class"), key=BACK(cid), icon=":material/arrow_back:"):
        del st.query_params[MEMBER_PARAM]
        st.rerun()
    if member is None or cid is None:
        st.error(no_member(language))
        return
    course = state.course()
    progress = SqliteProgress.of_id(db, member.learner_id)
    now = time.time()
    stats = progress_stats(progress, course, now)
    # Translators: {name} is a learner's name as they typed it; the teacher reads their progress and cannot change it.
    st.header(_("{name}'s progress (read-only)", name=md(member.name)))
    answers, accuracy, streak, today, week = st.columns(5)
    answers.metric(_("Answers"), stats.answered)
    accuracy.metric(
        _("Answered right"),
        ui.gettext(language, "{percent}%", percent=round(100 * stats.right / stats.answered))
        if stats.answered
        else "–",
        help=_("{right} of {answered} answers entirely right", right=stats.right, answered=stats.answered),
    )
    streak.metric(_("Day streak"), progress_view.days_word(stats.streak, language))
    today.metric(_("Due today"), stats.due_today)
    week.metric(_("Due this week"), stats.due_week)
    if not stats.answered:
        st.info(_("Nothing answered yet."), icon=":material/insights:")
    else:
        st.subheader(_("Accuracy over time"))
        st.caption(_("Answers per day (bars) and the share answered entirely right (green line)."))
        progress_view.draw_accuracy(stats.days, date.fromtimestamp(now), language)
    st.subheader(_("Mastery"))
    st.caption(progress_view.mastery_help(language))
    by_lesson, by_topic = st.tabs([_("By lesson"), _("By topic")])
    with by_lesson:
        lessons = progress_view.lesson_titles(course, stats.lessons, language)
        progress_view.draw_mastery(lessons, _("Lesson"), LESSONS(member.learner_id), language)
    with by_topic:
        topics = progress_view.topic_titles(stats.topics, language)
        progress_view.draw_mastery(topics, _("Topic"), TOPICS(member.learner_id), language)
    if stats.hardest:
        st.subheader(_("Hardest for them"))
        for hard in stats.hardest:
            kind = progress_view.kind_word(hard.item, hard.kind, course, language)
            label = progress_view.hard_label(hard.item, hard.label, course, language)
            figures = progress_view.hard_figures(kind, hard.wrong, hard.reps, hard.accuracy, language)
            st.markdown(f"**{md(label)}**  \n{md(figures)}")
