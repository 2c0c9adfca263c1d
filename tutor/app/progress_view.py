"""The learner's progress drawn for people: figures for Home, the Progress page's chart and tables, and the
words Review uses (why an item is here, when the next one is due).

Every figure comes from the progress (:mod:`tutor.progress.stats`, :mod:`tutor.progress.review`); this
module words it and lays it out.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

import pandas as pd
import streamlit as st

from tutor.app import quiz, state
from tutor.app.markup import md
from tutor.content.course import Course
from tutor.content.lesson import Lesson
from tutor.progress.base import Progress
from tutor.progress.db import ProgressUnavailable
from tutor.progress.records import DayCount
from tutor.progress.review import AGAIN, DUE, NEW, ReviewItem, exists, ranking_facts
from tutor.progress.stats import Mastery, end_of_day, streak
from tutor.progress.store import SqliteProgress
from tutor.progress.transfer import ImportRejected, ImportResult, export_json, import_progress

ASKED = "asked"  # a Review item the learner asked for (a "practise it" link)
MASTERY_HELP = "Mastered: right last time, and the review schedule expects you to still know it a week from now."


# --- Home -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HomeFigures:
    lessons_done: int
    solved: int
    answered: int
    right: int
    streak: int
    due_today: int
    next_lesson: Lesson | None


def home_figures(progress: Progress, course: Course, now: float | None = None) -> HomeFigures:
    """What Home shows of the progress: a handful of cached look-ups and two small queries."""
    moment = time.time() if now is None else now
    today = date.fromtimestamp(moment)
    answered, right = progress.totals
    return HomeFigures(
        lessons_done=sum(
            1 for lesson in course.lessons if quiz.lesson_progress(course, lesson, progress).status == quiz.DONE
        ),
        solved=sum(1 for sid in course.scenarios if progress.solved(sid)),
        answered=answered,
        right=right,
        streak=streak(progress.days(), today) if answered else 0,
        due_today=state.due_count(progress, end_of_day(today)) if answered else 0,
        next_lesson=quiz.next_lesson(course, progress),
    )


def days_word(n: int) -> str:
    return f"{n} day{'s' if n != 1 else ''}"


# --- times in words ---------------------------------------------------------------------------------------


def _span(seconds: float) -> str:
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{max(1, minutes)} minute{'s' if max(1, minutes) != 1 else ''}"
    hours = round(seconds / 3600)
    if hours < 24:
        return f"{hours} hour{'s' if hours != 1 else ''}"
    return days_word(round(seconds / 86400))


def ago(then: float, now: float) -> str:
    """``just now``, ``5 minutes ago``, ``yesterday``, ``4 days ago``."""
    if now - then < 60:
        return "just now"
    days = (date.fromtimestamp(now) - date.fromtimestamp(then)).days
    if days == 1:
        return "yesterday"
    return f"{_span(now - then) if days == 0 else days_word(days)} ago"


def when(due: float, now: float) -> str:
    """``now``, ``in 8 minutes``, ``in 3 hours``, ``tomorrow at 09:30``, ``on Monday 3 March``."""
    if due <= now + 30:
        return "now"
    days = (date.fromtimestamp(due) - date.fromtimestamp(now)).days
    at = datetime.fromtimestamp(due)
    if days == 0:
        return f"in {_span(due - now)}"
    if days == 1:
        return f"tomorrow at {at:%H:%M}"
    return f"on {at:%A} {at.day} {at:%B}" if days < 7 else f"in {days_word(days)} ({at.day} {at:%B})"


# --- Review -----------------------------------------------------------------------------------------------


def reason(entry: ReviewItem, course: Course, progress: Progress, now: float | None = None) -> str:
    """Why Review asks this item now, in a few words."""
    moment = time.time() if now is None else now
    if entry.reason == DUE:
        card = progress.item_state(entry.item)
        last = f": you last answered it {ago(card.last_review, moment)}" if card and card.last_review else ""
        return f"**Due for review**{last}."
    if entry.reason == NEW:
        lesson = course.lesson(entry.lesson) if entry.lesson else None
        if lesson is not None:
            return f"**New**, from lesson {lesson.order}: {lesson.title}."
        if entry.item in ranking_facts():
            return "**New**: a fact of the ranking, now that its lesson is practised."
        return "**New**."
    if entry.reason == AGAIN:
        return "**Again**: you missed this one a few questions ago. Try it once more."
    if entry.reason == ASKED:
        return "**You asked to practise this one.**"
    return ""


def new_left(progress: Progress, course: Course) -> int:
    """Items Review has not shown yet: the lessons' unanswered scenarios and the unanswered ranking facts."""
    scenarios = {s.id for lesson in course.lessons for s in course.practice(lesson)}
    unseen = sum(1 for sid in scenarios if not progress.answered(sid))
    return unseen + sum(1 for fact in ranking_facts() if not progress.answered(fact) and exists(fact, course))


def next_due(progress: Progress, now: float | None = None) -> float | None:
    """When the next card falls due (epoch seconds), or None when there is no card."""
    moment = time.time() if now is None else now
    later = [s.due for s in progress.item_states() if s.due > moment]
    return min(later) if later else None


def kind_word(item: str, kind: str, course: Course) -> str:
    """``Scenario``, ``Ranking fact`` (which tier, which wins, an order) or ``Drill`` (names, signals)."""
    if item in course.scenarios:
        return "Scenario"
    return "Ranking fact" if kind in ("drill-tier", "drill-beats", "drill-order") else "Drill"


def practise_link(item: str, course: Course) -> tuple[str, dict[str, str]]:
    """Where to practise an item: Practice at a scenario, or Review asking that drill."""
    if item in course.scenarios:
        return "screens/practice.py", {"scenario": item}
    return "screens/review.py", {"item": item}


# --- the Progress page ------------------------------------------------------------------------------------


# The chart spans at least this many days, today included: one day of answers is one bar of a week, not a bar
# the width of the chart.
CHART_DAYS = 7


def accuracy_spec() -> dict[str, object]:
    """Answers per day as bars, the share answered right as a line (its own axis on the right).

    Days are ordinal (one band each, labelled ``30 Nov``), so every day is a bar of the same width whatever the
    number of days, and a day without answers is an empty band with no point on the line.
    """
    x = {
        "field": "day",
        "type": "ordinal",
        "title": None,
        "sort": "ascending",
        "axis": {"labelExpr": "utcFormat(toDate(datum.value), '%d %b')", "labelAngle": 0, "labelOverlap": "greedy"},
    }
    tooltip = [
        {"field": "label", "type": "nominal", "title": "Day"},
        {"field": "answers", "type": "quantitative", "title": "Answers"},
        {"field": "right", "type": "quantitative", "title": "Right"},
        {"field": "accuracy", "type": "quantitative", "title": "Right (%)", "format": ".0f"},
    ]
    return {
        "height": 260,
        "layer": [
            {
                "mark": {"type": "bar", "color": "#7f98ab", "cornerRadiusEnd": 2},
                "encoding": {
                    "x": x,
                    "y": {"field": "answers", "type": "quantitative", "title": "Answers", "axis": {"tickMinStep": 1}},
                    "tooltip": tooltip,
                },
            },
            {
                "mark": {
                    "type": "line",
                    "color": "#2e7d32",
                    "strokeWidth": 2.5,
                    "point": {"size": 60, "color": "#2e7d32", "filled": True},
                },
                "encoding": {
                    "x": x,
                    "y": {
                        "field": "accuracy",
                        "type": "quantitative",
                        "title": "Right (%)",
                        "scale": {"domain": [0, 100]},
                        "axis": {"titleColor": "#2e7d32", "orient": "right"},
                    },
                    "tooltip": tooltip,
                },
            },
        ],
        "resolve": {"scale": {"y": "independent"}},
    }


def chart_days(days: Sequence[DayCount], today: date) -> list[DayCount]:
    """Every calendar day from the first answer, or from ``CHART_DAYS - 1`` days before ``today`` if that is
    earlier, to ``today``: a day without answers counts none.

    >>> one = chart_days([DayCount(date(2025, 3, 5), 4, 3)], date(2025, 3, 5))
    >>> [(d.day.day, d.answered) for d in one]
    [(27, 0), (28, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 4)]
    """
    by_day = {d.day: d for d in days}
    first = min([today - timedelta(days=CHART_DAYS - 1), *by_day])
    span = (max(today, *by_day) - first).days if by_day else CHART_DAYS - 1
    every = (first + timedelta(days=n) for n in range(span + 1))
    return [by_day.get(day, DayCount(day, 0, 0)) for day in every]


def accuracy_frame(days: Sequence[DayCount], today: date | None = None) -> pd.DataFrame:
    """One row per day of :func:`chart_days`; a day without answers has no accuracy (no point on the line)."""
    shown = chart_days(days, today or date.today())
    return pd.DataFrame(
        {
            "day": [d.day.isoformat() for d in shown],
            "label": [d.day.strftime("%A %d %B") for d in shown],
            "answers": [d.answered for d in shown],
            "right": [d.right for d in shown],
            "accuracy": [round(100 * d.accuracy, 1) if d.answered else None for d in shown],
        }
    )


def draw_accuracy(days: Sequence[DayCount], today: date | None = None) -> None:
    """The accuracy-over-time chart, per day, ending ``today``."""
    st.vega_lite_chart(accuracy_frame(days, today), accuracy_spec(), key="progress.chart")


def mastery_frame(groups: Sequence[Mastery], name: str) -> pd.DataFrame:
    return pd.DataFrame(
        {
            name: [g.title for g in groups],
            "Mastered": [round(100 * g.share) for g in groups],
            "Items": [f"{g.mastered} of {g.total}" for g in groups],
            "Answered": [g.seen for g in groups],
            "Right last time": [g.right for g in groups],
        }
    )


def draw_mastery(groups: Sequence[Mastery], name: str, key: str) -> None:
    """One row per lesson (or topic): a bar for the share mastered, and the counts behind it."""
    st.dataframe(
        mastery_frame(groups, name),
        hide_index=True,
        width="stretch",
        height="content",  # every row shown: Streamlit's default stops at ten and scrolls inside the table
        key=key,
        column_config={
            name: st.column_config.TextColumn(name, width="large"),
            "Mastered": st.column_config.ProgressColumn(
                "Mastered", min_value=0, max_value=100, format="%d%%", help=MASTERY_HELP
            ),
            "Items": st.column_config.TextColumn("Mastered items", help=MASTERY_HELP),
            "Answered": st.column_config.NumberColumn("Answered", help="Items answered at least once"),
            "Right last time": st.column_config.NumberColumn("Right last time"),
        },
    )


def lesson_titles(course: Course, groups: Sequence[Mastery]) -> list[Mastery]:
    """Lesson rows titled ``3. The partnership draw``."""
    orders = {lesson.id: lesson.order for lesson in course.lessons}
    return [Mastery(g.id, f"{orders.get(g.id, '')}. {g.title}", g.total, g.seen, g.right, g.mastered) for g in groups]


# --- export and import ------------------------------------------------------------------------------------


def export_file_name(learner: str, today: date | None = None) -> str:
    """``aluette-progress-ann-2025-03-01.json`` (letters and digits of the name only)."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in learner.casefold()).strip("-") or "learner"
    return f"aluette-progress-{slug}-{(today or date.today()).isoformat()}.json"


def imported_text(result: ImportResult) -> str:
    """``Added 37 answers (12 were already here) and 3 lesson sections read to Ann's progress.``"""
    added = f"{result.added} answer{'s' if result.added != 1 else ''}"
    skipped = f" ({result.skipped} {'was' if result.skipped == 1 else 'were'} already here)" if result.skipped else ""
    reads = ""
    if result.reads_added:
        reads = f" and {result.reads_added} lesson section{'s' if result.reads_added != 1 else ''} read"
    if not result.added and not result.reads_added:
        return f"Nothing new: all {result.skipped} answers of that file are already in {result.learner}'s progress."
    return f"Added {added}{skipped}{reads} to {result.learner}'s progress."


def import_file(store: SqliteProgress, data: bytes) -> tuple[bool, str]:
    """Merge an uploaded export into the learner's progress: (imported, what to show, as Markdown). A file
    with any problem imports nothing; its problems are listed, one line each (the first ones, then how many
    more)."""
    try:
        return True, md(imported_text(import_progress(store.db, data, store.learner)))
    except ImportRejected as error:
        if error.total == 1:
            return False, md(str(error))
        listed = "".join(f"\n- {md(p)}" for p in error.problems)
        rest = error.total - len(error.problems)
        more = f"\n- and {rest} more problem{'s' if rest != 1 else ''}" if rest else ""
        title = "All the problems" if not rest else f"The first {len(error.problems)} problems"
        return False, f"{md(str(error))}\n\n{title}:{listed}{more}"
    except ProgressUnavailable as error:
        return False, md(error.message)


def exported_json(progress: Progress) -> str:
    """The export of the learner's progress, saved or kept in memory (the download button calls this when
    clicked, not on every rerun)."""
    return export_json(progress)


def when_today(now: float) -> tuple[float, float]:
    """(end of today, end of the 7th day from today), epoch seconds."""
    today = date.fromtimestamp(now)
    return end_of_day(today), end_of_day(today + timedelta(days=6))
