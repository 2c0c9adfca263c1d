"""A class's dashboard: who has learnt what (the class page's Dashboard tab).

One row per member with their status and accuracy on each assignment and the day they were last active; each
scenario the class answered, with how many got it right first time and the most common wrong answer in words;
the class's hardest scenarios; a filter on the last 7 or 30 days; the table as CSV; and a way to open one
member's Progress page, read-only (:mod:`tutor.app.teaching.member_view`). Every figure is the progress
layer's (:mod:`tutor.progress.dashboard`), read in a few queries.
"""

from __future__ import annotations

import time
from datetime import date

import pandas as pd
import streamlit as st

from tutor.app import dates, state
from tutor.app.markup import md
from tutor.app.session import Family
from tutor.app.teaching import dashboard_csv, words, wrong_words
from tutor.content.course import Course
from tutor.i18n import ui
from tutor.progress.assignments import assignments
from tutor.progress.classes import SchoolClass
from tutor.progress.dashboard import PERIODS, Dashboard, ScenarioFigures, dashboard, since
from tutor.progress.db import ProgressUnavailable
from tutor.progress.names import LearnerError
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

PERIOD = Family[int | None]("teach.dashboard.{}.period")  # by class id
EXPORT = Family[bool]("teach.dashboard.{}.export")
WHO = Family[int]("teach.dashboard.{}.who")  # the member whose Progress to open
OPEN = Family[bool]("teach.dashboard.{}.open")
MEMBER_PARAM = "member"  # /teach?class=<id>&member=<learner id>: a member's Progress, read-only
CLASS_PARAM = "class"


def period_name(days: int | None, lang: str) -> str:
    if days is None:
        return ui.pgettext(lang, "the dashboard's period", "All time")
    # Translators: the dashboard's filter: answers of the last 7 (or 30) days.
    return ui.ngettext(lang, "The last {n} day", "The last {n} days", days)


def day_words(moment: float | None, lang: str) -> str:
    """The day a member was last active, or "never"."""
    if moment is None:
        return ui.pgettext(lang, "never active", "Never")
    return dates.full_day(date.fromtimestamp(moment), lang)


def members_frame(board: Dashboard, course: Course, lang: str) -> pd.DataFrame:
    """The table on screen: names as typed (a dataframe shows text, never Markdown)."""
    _ = ui.translator(lang)
    columns = [_("Member"), _("Last active")] + [words.title(a, course, lang) for a in board.assignments]
    # Two assignments of the same thing would share a heading: the second gets its number
    seen: dict[str, int] = {}
    for n, name in enumerate(columns):
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            columns[n] = f"{name} ({seen[name]})"
    rows = [
        [row.member.name, day_words(row.member.last_active, lang)] + [words.cell(on, lang) for on in row.cells]
        for row in board.rows
    ]
    return pd.DataFrame(rows, columns=columns)


def wrong_line(figures: ScenarioFigures, lang: str) -> str:
    common = figures.most_common_wrong
    if common is None:
        return ui.pgettext(lang, "no wrong answer", "None")
    return wrong_words.chose(common.given, common.members, figures.answered, lang)


def first_time(figures: ScenarioFigures, lang: str) -> str:
    # Translators: {right} of {n} members got a scenario right the first time they answered it.
    return ui.ngettext(lang, "{right} of {n}", "{right} of {n}", figures.answered, right=figures.first_time_right)


def scenarios_frame(board: Dashboard, course: Course, lang: str) -> pd.DataFrame:
    _ = ui.translator(lang)
    rows = [
        [course.scenarios[f.item].title, f.answered, first_time(f, lang), wrong_line(f, lang)]
        for f in board.scenarios
        if f.item in course.scenarios
    ]
    columns = [_("Scenario"), _("Members who answered"), _("Right first time"), _("Most common wrong answer")]
    return pd.DataFrame(rows, columns=columns)


def told_line(figures: ScenarioFigures, course: Course, lang: str) -> str | None:
    common = figures.most_common_wrong
    scenario = course.scenarios.get(figures.item)
    if common is None or scenario is None:
        return None
    return wrong_words.told(scenario, scenario.id, common.key, common.given, lang)


def draw(db: ProgressDB, teacher: Teacher, school_class: SchoolClass, language: str) -> None:
    """The Dashboard tab of ``school_class``."""
    _ = ui.translator(language)
    course = state.course()
    cid = school_class.id
    days = st.segmented_control(
        _("Answers of"),
        PERIODS,
        format_func=lambda d: period_name(d, language),
        key=PERIOD(cid),
        default=PERIODS[-1],
    )
    try:
        items_of = {a.id: a.items(course) for a in assignments(db, teacher, cid)}
        board = dashboard(db, teacher, cid, items_of, since(days, time.time()))
    except (LearnerError, ProgressUnavailable) as error:
        st.error(md(error.words(language)))
        return

    st.subheader(_("Members"))
    if not board.rows:
        st.caption(_("Nobody has joined the class yet."))
        return
    if not board.assignments:
        st.caption(_("Nothing assigned yet: the table has a column for each assignment."))
    table = members_frame(board, course, language)
    name = str(table.columns[0])  # pinned: on a phone the assignments scroll beside the names
    st.dataframe(
        table,
        hide_index=True,
        width="stretch",
        height="content",
        column_config={name: st.column_config.TextColumn(name, pinned=True)},
    )
    st.download_button(
        _("Download the table (CSV)"),
        data=dashboard_csv.csv_text(board, course, language),
        file_name=f"class-{cid}-dashboard.csv",
        mime="text/csv",
        key=EXPORT(cid),
        icon=":material/download:",
        on_click="ignore",
    )
    names = {row.member.learner_id: row.member.name for row in board.rows}
    who, go = st.columns([3, 1.3], vertical_alignment="bottom")
    chosen = who.selectbox(
        _("A member's progress"), list(names), format_func=names.__getitem__, key=WHO(cid)
    )  # a selectbox shows its options as text
    if go.button(_("Open, read-only"), key=OPEN(cid), icon=":material/insights:", width="stretch"):
        st.query_params[CLASS_PARAM] = str(cid)
        st.query_params[MEMBER_PARAM] = str(chosen)
        st.rerun()

    answered = [f for f in board.scenarios if f.item in course.scenarios]
    st.subheader(_("Scenarios"))
    if not answered:
        st.caption(_("No scenario answered in this period."))
        return
    st.dataframe(scenarios_frame(board, course, language), hide_index=True, width="stretch", height="content")
    hardest = [f for f in board.hardest if f.item in course.scenarios]
    if hardest:
        st.subheader(_("The class's hardest scenarios"))
        for figures in hardest:
            title = course.scenarios[figures.item].title
            # Translators: {title} is a scenario's title; {right} of {n} members got it right first time.
            line = ui.ngettext(
                language,
                "{title}: {right} of {n} right first time",
                "{title}: {right} of {n} right first time",
                figures.answered,
                title=title,
                right=figures.first_time_right,
            )
            st.markdown(f"**{md(line)}**")
            common = figures.most_common_wrong
            if common is not None:
                told = told_line(figures, course, language)
                said = wrong_line(figures, language)
                if told:
                    # Translators: {chose} is "8 of 12 chose “North”"; {told} what the tutor told each of them.
                    said = _("{chose}. The tutor told them: {told}", chose=said, told=told)
                st.caption(md(said))
