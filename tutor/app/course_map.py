"""Where the learner is in the course: Home's one "Continue" and its map of the lessons with their marks.

The session remembers the last place worked on (``LAST``: a lesson, or Practice); Lessons and Practice keep
their own position in the session (:mod:`tutor.app.lessons`, :mod:`tutor.app.practice`), so going back there
is going back exactly where the learner was. A session that has worked nowhere yet (a learner back for another
visit) continues with the first lesson not done, at its first section not read, or at its first scenario not
solved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import streamlit as st

from tutor.app import lessons, practice, quiz
from tutor.app.session import Key
from tutor.content.course import Course
from tutor.content.lesson import Lesson
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.progress.base import Progress

LAST = Key[str]("course.last")  # the session's last place: PRACTICE, or the id of a lesson
PRACTICE: Final = "practice"


def remember(where: str) -> None:
    """The learner is working at ``where`` (a lesson's id, or :data:`PRACTICE`): Continue comes back there."""
    LAST.set(where)


def last() -> str | None:
    """The last place worked on this session, if any."""
    return LAST.get()


@dataclass(frozen=True)
class Place:
    """Where Continue goes: a lesson at a section (or at its scenarios, ``item``), or Practice as left."""

    lesson: Lesson | None
    step: int = 0
    item: int = 0
    label: str = ""


def _in_lesson(lesson: Lesson, where: str, lang: str) -> str:
    # Translators: a place in the course, e.g. "Lesson 2: Tricks, section 3 of 5"; {where} is the part after the comma.
    return ui.gettext(lang, "Lesson {number}: {title}, {where}", number=lesson.order, title=lesson.title, where=where)


def _at_section(section: int, sections: int, lang: str) -> str:
    # Translators: part of a place in the course: "Lesson 2: Tricks, section 3 of 5".
    return ui.gettext(lang, "section {number} of {total}", number=section, total=sections)


def _at_scenario(item: int, scenarios: int, lang: str) -> str:
    # Translators: part of a place in the course: "Lesson 2: Tricks, scenario 3 of 8".
    return ui.gettext(lang, "scenario {number} of {total}", number=item, total=scenarios)


def lesson_place(course: Course, lesson: Lesson, progress: Progress, lang: str = SOURCE_LANGUAGE) -> Place:
    """The first section not read, else the first scenario not solved (else the last one); labelled in ``lang``."""
    unread = next((n for n in range(len(lesson.sections)) if not progress.read(lesson.id, n)), None)
    if unread is not None:
        where = _at_section(unread + 1, len(lesson.sections), lang)
        return Place(lesson, unread, 0, _in_lesson(lesson, where, lang))
    scenarios = course.practice(lesson)
    item = next((n for n, s in enumerate(scenarios) if not progress.solved(s.id)), max(0, len(scenarios) - 1))
    where = _at_scenario(item + 1, len(scenarios), lang) if scenarios else ui.gettext(lang, "its scenarios")
    return Place(lesson, len(lesson.sections), item, _in_lesson(lesson, where, lang))


def continue_place(course: Course, progress: Progress, lang: str = SOURCE_LANGUAGE) -> Place | None:
    """Where the learner left off: the session's last place if any (its lesson at the section shown, or
    Practice), else the first lesson not done; None when every lesson is done and nothing was worked on.
    The place's label is in ``lang``."""
    where_last = last()
    if where_last == PRACTICE:
        queue = practice.current_queue()
        if queue is not None:
            # Translators: {where} is a position on the Practice page, e.g. "lesson 2, Tricks, scenario 4 of 15".
            return Place(None, label=ui.gettext(lang, "Practice: {where}", where=practice_label(queue, course, lang)))
        return Place(None, label=ui.pgettext(lang, "a place in the course: the Practice page", "Practice"))
    lesson = course.lesson(where_last) if isinstance(where_last, str) else None
    if lesson is not None:
        step, item = lessons.place(lesson.id)
        sections = len(lesson.sections)
        if step < sections:
            where = _at_section(step + 1, sections, lang)
        else:
            where = _at_scenario(item + 1, len(course.practice(lesson)), lang)
        return Place(lesson, step, item, _in_lesson(lesson, where, lang))
    following = quiz.next_lesson(course, progress)
    return lesson_place(course, following, progress, lang) if following is not None else None


def practice_label(queue: quiz.Queue, course: Course, lang: str = SOURCE_LANGUAGE) -> str:
    """``lesson 2, Tricks, scenario 4 of 15``: a Practice position in words, in ``lang``."""
    _ = ui.translator(lang)
    lesson = course.lesson(queue.choice) if queue.mode == "Lesson" else None
    if queue.mode == "Lesson":
        # Translators: part of a Practice position: "lesson 2, Tricks, scenario 4 of 15".
        what = _("lesson {number}, {title}", number=lesson.order, title=lesson.title) if lesson else _("a lesson")
    elif queue.mode == "Topic":
        what = quiz.topic_title(queue.choice)  # the topic's name, as the Practice page names it
    elif queue.mode == "Endless":
        kind = quiz.KIND_NAMES.get(queue.choice, queue.choice)
        # Translators: a Practice position: endless questions of one kind; {kind} is e.g. "Ranking cards".
        return _("endless: {kind}", kind=kind)
    elif queue.mode == "Mixed":
        what = _("mixed scenarios")
    else:  # "My deals" (tutor.app.saved_deals)
        what = _("my deals")
    shown = min(queue.position + 1, len(queue.items))
    # Translators: a Practice position: {what} is what is practised, e.g. "lesson 2, Tricks" or "my deals".
    return _("{what}, scenario {number} of {total}", what=what, number=shown, total=len(queue.items))


def go(place: Place) -> None:
    """Open ``place``: set the Lessons page's lesson and position (or keep Practice's), then switch page."""
    if place.lesson is None:
        st.switch_page("screens/practice.py")
    lesson = place.lesson
    lessons.open_at(lesson.id, place.step, place.item)  # the link below is applied already
    st.switch_page("screens/learn.py", query_params={"lesson": lesson.id})


def mark_word(status: str, lang: str) -> str:
    """A lesson's mark in words, in ``lang``: ``✓ done``, ``in progress`` or ``not started``."""
    if status == quiz.DONE:
        return ui.gettext(lang, "✓ done")
    if status == quiz.STARTED:
        return ui.gettext(lang, "in progress")
    return ui.gettext(lang, "not started")


def draw_map(course: Course, progress: Progress, lang: str = SOURCE_LANGUAGE, columns: int = 2) -> None:
    """Every lesson as a link to it, with its mark in words (links: reachable with Tab, read by name)."""
    lessons = list(course.lessons)
    # row by row, so that the columns stacked on a phone still read in course order
    for row in range(0, len(lessons), columns):
        for cell, lesson in zip(st.columns(columns), lessons[row : row + columns], strict=False):
            mark = quiz.lesson_progress(course, lesson, progress).status
            cell.page_link(
                "screens/learn.py",
                label=ui.gettext(
                    lang,
                    "{number}. {title} · {mark}",
                    number=lesson.order,
                    title=lesson.title,
                    mark=mark_word(mark, lang),
                ),
                query_params={"lesson": lesson.id},
            )
