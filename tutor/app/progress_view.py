"""The learner's progress drawn for people: figures for Home, the Progress page's chart and tables, and the
words Review uses (why an item is here, when the next one is due).

Every figure comes from the progress (:mod:`tutor.progress.stats`, :mod:`tutor.progress.review`); this
module words it and lays it out.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

import pandas as pd
import streamlit as st

from tutor.app import dates, quiz, state
from tutor.app.markup import md
from tutor.app.session import Key
from tutor.content import drills
from tutor.content.course import Course
from tutor.content.lesson import Lesson
from tutor.content.localize import localize_lesson, localize_scenario
from tutor.content.scenario import Scenario
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.i18n.sentences import card_words
from tutor.progress.base import Progress
from tutor.progress.db import ProgressUnavailable
from tutor.progress.records import DayCount
from tutor.progress.review import AGAIN, DUE, NEW, ReviewItem, exists, ranking_facts, resolve
from tutor.progress.stats import Mastery, end_of_day, streak
from tutor.progress.store import SqliteProgress
from tutor.progress.transfer import ImportRejected, ImportResult, Problem, Report, export_json, import_progress

ASKED = "asked"  # a Review item the learner asked for (a "practise it" link)
EN = SOURCE_LANGUAGE  # the default language of the wording functions (tests and the CLI read English)


def mastery_help(lang: str) -> str:
    return ui.gettext(
        lang, "Mastered: right last time, and the review schedule expects you to still know it a week from now."
    )


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


def days_word(n: int, lang: str = EN) -> str:
    """``1 day``, ``3 days``; ``1 den``, ``3 dny``, ``5 dní``."""
    return ui.ngettext(lang, "{n} day", "{n} days", n)


# --- times in words ---------------------------------------------------------------------------------------


def _span(seconds: float, lang: str) -> str:
    """A length of time, rounded to minutes, hours or days: ``8 minutes``, ``3 hours``, ``2 days``."""
    minutes = round(seconds / 60)
    if minutes < 60:
        return ui.ngettext(lang, "{n} minute", "{n} minutes", max(1, minutes))
    hours = round(seconds / 3600)
    if hours < 24:
        return ui.ngettext(lang, "{n} hour", "{n} hours", hours)
    return days_word(round(seconds / 86400), lang)


def ago(then: float, now: float, lang: str = EN) -> str:
    """``just now``, ``5 minutes ago``, ``yesterday``, ``4 days ago``."""
    _ = ui.translator(lang)
    if now - then < 60:
        return _("just now")
    days = (date.fromtimestamp(now) - date.fromtimestamp(then)).days
    if days == 1:
        return _("yesterday")
    if days == 0:  # its own messages, not "{span} ago": "ago" asks another case of the noun in some languages
        minutes = round((now - then) / 60)
        if minutes < 60:
            return ui.ngettext(lang, "{n} minute ago", "{n} minutes ago", max(1, minutes))
        return ui.ngettext(lang, "{n} hour ago", "{n} hours ago", round((now - then) / 3600))
    return ui.ngettext(lang, "{n} day ago", "{n} days ago", days)


def when(due: float, now: float, lang: str = EN) -> str:
    """``now``, ``in 8 minutes``, ``in 3 hours``, ``tomorrow at 09:30``, ``on Monday 3 March``, ``in 9 days
    (12 March)``: Review's "The next review is due **{when}**"."""
    # Translators: the words below complete "The next review is due **{when}**".
    _ = ui.translator(lang)
    if due <= now + 30:
        return _("now")
    days = (date.fromtimestamp(due) - date.fromtimestamp(now)).days
    at = datetime.fromtimestamp(due)
    if days == 0:
        # Translators: {span} is a length of time, e.g. "8 minutes" or "3 hours".
        return _("in {span}", span=_span(due - now, lang))
    if days == 1:
        # Translators: {time} is a time of day, e.g. 09:30.
        return _("tomorrow at {time}", time=dates.clock(at, lang))
    if days < 7:
        # Translators: {weekday} is a weekday's name, {date} the day and month (e.g. "Monday", "3 March").
        return _("on {weekday} {date}", weekday=dates.weekday(at, lang), date=dates.day_month(at, lang))
    # Translators: {date} is the day and month, e.g. "12 March".
    return ui.ngettext(lang, "in {n} day ({date})", "in {n} days ({date})", days, date=dates.day_month(at, lang))


# --- Review -----------------------------------------------------------------------------------------------


def reason(entry: ReviewItem, course: Course, progress: Progress, now: float | None = None, lang: str = EN) -> str:
    """Why Review asks this item now, in a few words (Markdown)."""
    moment = time.time() if now is None else now
    _ = ui.translator(lang)
    if entry.reason == DUE:
        card = progress.item_state(entry.item)
        if card and card.last_review:
            # Translators: {ago} is e.g. "5 minutes ago", "yesterday", "4 days ago".
            return _("**Due for review**: you last answered it {ago}.", ago=ago(card.last_review, moment, lang))
        return _("**Due for review**.")
    if entry.reason == NEW:
        lesson = course.lesson(entry.lesson) if entry.lesson else None
        if lesson is not None:
            title = localize_lesson(lesson, lang).title
            return _("**New**, from lesson {number}: {title}.", number=lesson.order, title=title)
        if entry.item in ranking_facts():
            return _("**New**: a fact of the ranking, now that its lesson is practised.")
        return _("**New**.")
    if entry.reason == AGAIN:
        return _("**Again**: you missed this one a few questions ago. Try it once more.")
    if entry.reason == ASKED:
        return _("**You asked to practise this one.**")
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


def kind_word(item: str, kind: str, course: Course, lang: str = EN) -> str:
    """``Scenario``, ``Ranking fact`` (which tier, which wins, an order) or ``Drill`` (names, signals)."""
    # Translators: what kind of item the Progress page's "Hardest for you" lists.
    if item in course.scenarios:
        return ui.pgettext(lang, "a kind of item", "Scenario")
    if kind in ("drill-tier", "drill-beats", "drill-order"):
        return ui.pgettext(lang, "a kind of item", "Ranking fact")
    return ui.pgettext(lang, "a kind of item", "Drill")


def hard_label(item: str, label: str, course: Course, lang: str = EN) -> str:
    """A hardest item's name in ``lang``: a scenario's translated title, a drill's question (with its cards when
    the question shows them as pictures); in English, the progress's own label (:func:`item_label`)."""
    found = resolve(item, course)
    if found is None:
        return label
    if isinstance(found, Scenario):
        return localize_scenario(found, lang).title
    if lang == EN:
        return label
    question = drills.question_text(found, lang)
    if isinstance(found, drills.BeatsDrill | drills.OrderDrill):
        # the cards in the learner's words, as the explanations name them ("l'as d'épées, le roi de coupes")
        return f"{question} ({', '.join(card_words(c, lang) for c in found.cards)})"
    return question


def hard_figures(kind: str, wrong: int, reps: int, accuracy: float, lang: str = EN) -> str:
    """``Scenario · wrong 2 of 3 · 33% right``."""
    # Translators: {kind} is Scenario, Ranking fact or Drill; e.g. "Scenario · wrong 2 of 3 · 33% right".
    return ui.gettext(
        lang,
        "{kind} · wrong {wrong} of {reps} · {percent}% right",
        kind=kind,
        wrong=wrong,
        reps=reps,
        percent=round(100 * accuracy),
    )


def practise_link(item: str, course: Course) -> tuple[str, dict[str, str]]:
    """Where to practise an item: Practice at a scenario, or Review asking that drill."""
    if item in course.scenarios:
        return "screens/practice.py", {"scenario": item}
    return "screens/review.py", {"item": item}


# --- the Progress page ------------------------------------------------------------------------------------


# The chart spans at least this many days, today included: one day of answers is one bar of a week, not a bar
# the width of the chart.
CHART_DAYS = 7
CHART = Key[object]("progress.chart")  # the accuracy chart (the Progress page's)


def axis_labels(frame: pd.DataFrame | None) -> str:
    """The x axis's labels: each day's ``short`` label of the frame (Babel's, in the learner's language), looked
    up by the day in a Vega expression; without a frame, the day as d3 prints it (``30 Nov``)."""
    if frame is None or frame.empty:
        return "utcFormat(toDate(datum.value), '%d %b')"
    days, shorts = json.dumps(list(frame["day"])), json.dumps(list(frame["short"]), ensure_ascii=False)
    return f"{shorts}[indexof({days}, datum.value)]"


def accuracy_spec(frame: pd.DataFrame | None = None, lang: str = EN) -> dict[str, object]:
    """Answers per day as bars, the share answered right as a line (its own axis on the right).

    Days are ordinal (one band each, labelled ``30 Nov`` from the frame's ``short`` column), so every day is a
    bar of the same width whatever the number of days, and a day without answers is an empty band with no
    point on the line.
    """
    _ = ui.translator(lang)
    x = {
        "field": "day",
        "type": "ordinal",
        "title": None,
        "sort": "ascending",
        "axis": {"labelExpr": axis_labels(frame), "labelAngle": 0, "labelOverlap": "greedy"},
    }
    # Translators: the accuracy chart's tooltip and axis titles.
    answers, right_pct = _("Answers"), _("Right (%)")
    tooltip = [
        {"field": "label", "type": "nominal", "title": ui.pgettext(lang, "the chart's tooltip", "Day")},
        {"field": "answers", "type": "quantitative", "title": answers},
        {"field": "right", "type": "quantitative", "title": ui.pgettext(lang, "the chart's tooltip", "Right")},
        {"field": "accuracy", "type": "quantitative", "title": right_pct, "format": ".0f"},
    ]
    return {
        "height": 260,
        "layer": [
            {
                "mark": {"type": "bar", "color": "#7f98ab", "cornerRadiusEnd": 2},
                "encoding": {
                    "x": x,
                    "y": {"field": "answers", "type": "quantitative", "title": answers, "axis": {"tickMinStep": 1}},
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
                        "title": right_pct,
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


def day_label(day: date, lang: str = EN) -> str:
    """The tooltip's day: ``Wednesday 05 March``."""
    # Translators: a day in the chart's tooltip: {weekday} its name, {date} the day and month ("Wednesday 05 March").
    return ui.gettext(lang, "{weekday} {date}", weekday=dates.weekday(day, lang), date=dates.long_day_month(day, lang))


def accuracy_frame(days: Sequence[DayCount], today: date | None = None, lang: str = EN) -> pd.DataFrame:
    """One row per day of :func:`chart_days`; a day without answers has no accuracy (no point on the line)."""
    shown = chart_days(days, today or date.today())
    return pd.DataFrame(
        {
            "day": [d.day.isoformat() for d in shown],
            "label": [day_label(d.day, lang) for d in shown],
            "short": [dates.short_day(d.day, lang) for d in shown],
            "answers": [d.answered for d in shown],
            "right": [d.right for d in shown],
            "accuracy": [round(100 * d.accuracy, 1) if d.answered else None for d in shown],
        }
    )


def draw_accuracy(days: Sequence[DayCount], today: date | None = None, lang: str = EN) -> None:
    """The accuracy-over-time chart, per day, ending ``today``."""
    frame = accuracy_frame(days, today, lang)
    st.vega_lite_chart(frame, accuracy_spec(frame, lang), key=CHART)


@dataclass(frozen=True)
class MasteryColumns:
    """The mastery table's column names in a language (the frame's columns are these words, so that the
    table's header reads in the learner's language)."""

    mastered: str
    items: str
    answered: str
    right: str

    @classmethod
    def of(cls, lang: str) -> MasteryColumns:
        _ = ui.translator(lang)
        # Translators: the columns of the Progress page's mastery tables.
        return cls(_("Mastered"), _("Mastered items"), _("Answered"), _("Right last time"))


def mastery_frame(groups: Sequence[Mastery], name: str, lang: str = EN) -> pd.DataFrame:
    column = MasteryColumns.of(lang)
    return pd.DataFrame(
        {
            name: [g.title for g in groups],
            column.mastered: [round(100 * g.share) for g in groups],
            # Translators: mastered items of a lesson or topic, e.g. "3 of 8".
            column.items: [
                ui.gettext(lang, "{mastered} of {total}", mastered=g.mastered, total=g.total) for g in groups
            ],
            column.answered: [g.seen for g in groups],
            column.right: [g.right for g in groups],
        }
    )


def draw_mastery(groups: Sequence[Mastery], name: str, key: str, lang: str = EN) -> None:
    """One row per lesson (or topic): a bar for the share mastered, and the counts behind it."""
    column, helps = MasteryColumns.of(lang), mastery_help(lang)
    st.dataframe(
        mastery_frame(groups, name, lang),
        hide_index=True,
        width="stretch",
        height="content",  # every row shown: Streamlit's default stops at ten and scrolls inside the table
        key=key,
        column_config={
            name: st.column_config.TextColumn(name, width="large"),
            column.mastered: st.column_config.ProgressColumn(
                column.mastered, min_value=0, max_value=100, format="%d%%", help=helps
            ),
            column.items: st.column_config.TextColumn(column.items, help=helps),
            column.answered: st.column_config.NumberColumn(
                column.answered, help=ui.gettext(lang, "Items answered at least once")
            ),
            column.right: st.column_config.NumberColumn(column.right),
        },
    )


def lesson_titles(course: Course, groups: Sequence[Mastery], lang: str = EN) -> list[Mastery]:
    """Lesson rows titled ``3. The partnership draw``, in ``lang``."""
    lessons = {lesson.id: lesson for lesson in course.lessons}

    def title(g: Mastery) -> str:
        lesson = lessons.get(g.id)
        return f"{lesson.order}. {localize_lesson(lesson, lang).title}" if lesson else g.title

    return [Mastery(g.id, title(g), g.total, g.seen, g.right, g.mastered) for g in groups]


def topic_titles(groups: Sequence[Mastery], lang: str = EN) -> list[Mastery]:
    """Topic rows named as Practice names them (:func:`tutor.app.quiz.topic_title`), in ``lang``."""
    return [Mastery(g.id, quiz.topic_title(g.id, lang), g.total, g.seen, g.right, g.mastered) for g in groups]


# --- export and import ------------------------------------------------------------------------------------


def export_file_name(learner: str, today: date | None = None) -> str:
    """``aluette-progress-ann-2025-03-01.json`` (letters and digits of the name only)."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in learner.casefold()).strip("-") or "learner"
    return f"aluette-progress-{slug}-{(today or date.today()).isoformat()}.json"


def imported_text(result: ImportResult, lang: str = EN) -> str:
    """``Added 37 answers (12 were already here) and 3 lesson sections read to Ann's progress.``"""
    if not result.added and not result.reads_added:
        return ui.ngettext(
            lang,
            "Nothing new: the {n} answer of that file is already in {name}'s progress.",
            "Nothing new: all {n} answers of that file are already in {name}'s progress.",
            result.skipped,
            name=result.learner,
        )
    what = ui.ngettext(lang, "{n} answer", "{n} answers", result.added)
    if result.skipped:
        # Translators: {answers} is e.g. "37 answers": the answers added, then how many were already there.
        what = ui.ngettext(
            lang, "{answers} ({n} was already here)", "{answers} ({n} were already here)", result.skipped, answers=what
        )
    if result.reads_added:
        what = ui.ngettext(
            lang,
            "{answers} and {n} lesson section read",
            "{answers} and {n} lesson sections read",
            result.reads_added,
            answers=what,
        )
    # Translators: {what} is e.g. "37 answers (12 were already here) and 3 lesson sections read".
    return ui.gettext(lang, "Added {what} to {name}'s progress.", what=what, name=result.learner)


def problem_text(problem: Problem, lang: str = EN) -> str:
    """An import problem in ``lang`` (its values, text from the file, as they are)."""

    def wording(template: str, plural: str | None, count: int | None, values: dict[str, int | float | str]) -> str:
        if plural is None or count is None:
            return ui.gettext(lang, template, **values)
        return ui.ngettext(lang, template, plural, count, **values)

    return problem.words(wording)


def rejected_text(error: ImportRejected, lang: str = EN) -> str:
    """Why a file was not imported, as Markdown: the first problem and how many more, then (when there are
    several) the first ones listed, one a line, and how many are left unlisted."""
    first, others = md(problem_text(error.issues[0], lang)), error.total - 1
    if not others:
        return ui.gettext(lang, "Nothing was imported: {problem}.", problem=first)
    summary = ui.ngettext(
        lang,
        "Nothing was imported: {problem} (and {n} more problem).",
        "Nothing was imported: {problem} (and {n} more problems).",
        others,
        problem=first,
    )
    listed = "".join(f"\n- {md(problem_text(p, lang))}" for p in error.issues)
    rest = error.total - len(error.issues)
    if rest:
        title = ui.ngettext(lang, "The first {n} problem:", "The first {n} problems:", len(error.issues))
        more = "\n- " + ui.ngettext(lang, "and {n} more problem", "and {n} more problems", rest)
    else:
        title, more = ui.gettext(lang, "All the problems:"), ""
    return f"{summary}\n\n{title}{listed}{more}"


def import_file(
    store: SqliteProgress, data: bytes, lang: str = EN, on_progress: Report | None = None
) -> tuple[bool, str]:
    """Merge an uploaded export into the learner's progress: (imported, what to show, as Markdown). A file
    with any problem imports nothing; its problems are listed, one line each (the first ones, then how many
    more). ``on_progress(written, total)`` hears how far it has come (:func:`import_progress`)."""
    try:
        return True, md(imported_text(import_progress(store.db, data, store.learner, on_progress=on_progress), lang))
    except ImportRejected as error:
        return False, rejected_text(error, lang)
    except ProgressUnavailable as error:
        return False, md(error.words(lang))


def importing_text(done: int, total: int, lang: str = EN) -> str:
    """The import's progress bar's words: how many answers are in so far."""
    # Translators: shown under a progress bar while a file is imported; {done} is how many answers are in so far.
    return ui.ngettext(lang, "Importing: {done} of {n} answer", "Importing: {done} of {n} answers", total, done=done)


def exported_json(progress: Progress) -> str:
    """The export of the learner's progress, saved or kept in memory (the download button calls this when
    clicked, not on every rerun)."""
    return export_json(progress)


def when_today(now: float) -> tuple[float, float]:
    """(end of today, end of the 7th day from today), epoch seconds."""
    today = date.fromtimestamp(now)
    return end_of_day(today), end_of_day(today + timedelta(days=6))
