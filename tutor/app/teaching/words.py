"""Assignments and a member's progress on them, in words: what an assignment is, its status, its figures and
its due date, in the reader's language. Shared by the teacher's pages and the member's Home."""

from __future__ import annotations

from datetime import date

from tutor.app import dates, quiz
from tutor.content.course import Course
from tutor.i18n import ui
from tutor.progress.assignments import DONE, LESSON, STARTED, TOPIC, Assignment, OnAssignment


def title(assignment: Assignment, course: Course, lang: str) -> str:
    """``Lesson 2: Tricks``, ``Topic: Spoiling``, ``3 chosen scenarios``."""
    _ = ui.translator(lang)
    if assignment.what == LESSON:
        lesson = course.lesson(assignment.target)
        if lesson is None:
            # Translators: an assigned lesson that the course no longer has; {id} is its id.
            return _("A lesson no longer in the course ({id})", id=assignment.target)
        # Translators: {title} is the lesson's title, e.g. "Lesson 1: The cards".
        return _("Lesson {number}: {title}", number=lesson.order, title=lesson.title)
    if assignment.what == TOPIC:
        # Translators: an assignment of every scenario of one topic; {topic} is its name, e.g. "Spoiling".
        return _("Topic: {topic}", topic=quiz.topic_title(assignment.target, lang))
    n = len(assignment.scenarios)
    # Translators: an assignment of scenarios the teacher picked one by one.
    return ui.ngettext(lang, "{n} chosen scenario", "{n} chosen scenarios", n)


def status(on: OnAssignment, lang: str) -> str:
    """Done, in progress or not started: a word, never a colour alone."""
    if on.status == DONE:
        return ui.pgettext(lang, "an assignment's status", "Done")
    if on.status == STARTED:
        return ui.pgettext(lang, "an assignment's status", "In progress")
    return ui.pgettext(lang, "an assignment's status", "Not started")


def percent(share: float | None, lang: str) -> str:
    """``85%`` (as the language writes it), or a dash for no answers."""
    if share is None:
        return "–"
    # Translators: a percentage, e.g. "85%" (write the sign as your language does: "85 %").
    return ui.gettext(lang, "{percent}%", percent=round(100 * share))


def figures(on: OnAssignment, lang: str) -> str:
    """``2 of 5 scenarios answered, 60% right``."""
    # Translators: {answered} of {n} scenarios of an assignment answered at least once.
    answered = ui.ngettext(
        lang,
        "{answered} of {n} scenario answered",
        "{answered} of {n} scenarios answered",
        on.total,
        answered=on.answered,
    )
    if on.accuracy is None:
        return answered
    # Translators: {figures} is "2 of 5 scenarios answered"; {percent} the share of answers right, e.g. "60%".
    return ui.gettext(lang, "{figures}, {percent} right", figures=answered, percent=percent(on.accuracy, lang))


def cell(on: OnAssignment, lang: str) -> str:
    """A dashboard cell: ``In progress · 60%``."""
    if on.accuracy is None:
        return status(on, lang)
    return f"{status(on, lang)} · {percent(on.accuracy, lang)}"


def due(assignment: Assignment, today: date, lang: str) -> str | None:
    """``Due 3 March``, ``Overdue since 3 March``; None without a due date."""
    if assignment.due is None:
        return None
    day = dates.day_month(assignment.due, lang)
    if assignment.due.year != today.year:
        day = dates.full_day(assignment.due, lang)
    if assignment.overdue(today):
        # Translators: {day} is a date, e.g. "3 March".
        return ui.gettext(lang, "Overdue: it was due on {day}", day=day)
    # Translators: {day} is a date, e.g. "3 March".
    return ui.gettext(lang, "Due on {day}", day=day)
