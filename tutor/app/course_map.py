"""Where the learner is in the course: Home's one "Continue" and its map of the lessons with their marks.

The session remembers the last place worked on (``LAST``: a lesson, or Practice); Lessons and Practice keep
their own position in ``st.session_state``, so going back there is going back exactly where the learner
was. A session that has worked nowhere yet (a learner back for another visit) continues with the first
lesson not done, at its first section not read, or at its first scenario not solved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import streamlit as st

from tutor.app import quiz
from tutor.content.course import Course
from tutor.content.lesson import Lesson
from tutor.progress.base import Progress

LAST: Final = "course.last"  # the session's last place: PRACTICE, or the id of a lesson
PRACTICE: Final = "practice"
LEARN = "learn"  # the Lessons page's prefix: its keys hold each lesson's section and scenario


def step_key(lesson_id: str) -> str:
    """The Lessons page's place in a lesson: 0..n-1 a section, n its scenarios."""
    return f"{LEARN}.{lesson_id}.step"


def item_key(lesson_id: str) -> str:
    """The Lessons page's scenario within a lesson's scenarios."""
    return f"{LEARN}.{lesson_id}.item"


@dataclass(frozen=True)
class Place:
    """Where Continue goes: a lesson at a section (or at its scenarios, ``item``), or Practice as left."""

    lesson: Lesson | None
    step: int = 0
    item: int = 0
    label: str = ""


def lesson_place(course: Course, lesson: Lesson, progress: Progress) -> Place:
    """The first section not read, else the first scenario not solved (else the last one)."""
    unread = next((n for n in range(len(lesson.sections)) if not progress.read(lesson.id, n)), None)
    if unread is not None:
        return Place(
            lesson, unread, 0, f"Lesson {lesson.order}: {lesson.title}, section {unread + 1} of {len(lesson.sections)}"
        )
    scenarios = course.practice(lesson)
    item = next((n for n, s in enumerate(scenarios) if not progress.solved(s.id)), max(0, len(scenarios) - 1))
    where = f"scenario {item + 1} of {len(scenarios)}" if scenarios else "its scenarios"
    return Place(lesson, len(lesson.sections), item, f"Lesson {lesson.order}: {lesson.title}, {where}")


def continue_place(course: Course, progress: Progress, session: Mapping[Any, Any] | None = None) -> Place | None:
    """Where the learner left off: the session's last place if any (its lesson at the section shown, or
    Practice), else the first lesson not done; None when every lesson is done and nothing was worked on."""
    ss = session if session is not None else {}
    last = ss.get(LAST)
    if last == PRACTICE:
        queue = ss.get(f"{PRACTICE}.queue")
        if isinstance(queue, quiz.Queue):
            return Place(None, label=f"Practice: {practice_label(queue, course)}")
        return Place(None, label="Practice")
    lesson = course.lesson(last) if isinstance(last, str) else None
    if lesson is not None:
        step = ss.get(step_key(lesson.id), 0)
        item = ss.get(item_key(lesson.id), 0)
        step = step if isinstance(step, int) else 0
        item = item if isinstance(item, int) else 0
        sections = len(lesson.sections)
        if step < sections:
            where = f"section {step + 1} of {sections}"
        else:
            where = f"scenario {item + 1} of {len(course.practice(lesson))}"
        return Place(lesson, step, item, f"Lesson {lesson.order}: {lesson.title}, {where}")
    following = quiz.next_lesson(course, progress)
    return lesson_place(course, following, progress) if following is not None else None


def practice_label(queue: quiz.Queue, course: Course) -> str:
    """``Tricks, scenario 4 of 15``: a Practice position in words."""
    lesson = course.lesson(queue.choice) if queue.mode == "Lesson" else None
    what = {
        "Lesson": f"lesson {lesson.order}, {lesson.title}" if lesson else "a lesson",
        "Topic": f"{quiz.topic_title(queue.choice)}",
        "Endless": f"endless, {quiz.KIND_NAMES.get(queue.choice, queue.choice).lower()}",
    }.get(queue.mode, queue.mode.lower())
    if queue.mode == "Endless":
        return what
    shown = min(queue.position + 1, len(queue.items))
    return f"{what}, scenario {shown} of {len(queue.items)}"


def go(place: Place) -> None:
    """Open ``place``: set the Lessons page's lesson and position (or keep Practice's), then switch page."""
    if place.lesson is None:
        st.switch_page("screens/practice.py")
    lesson = place.lesson
    ss = st.session_state
    ss[f"{LEARN}.lesson"] = lesson.id
    ss[f"{LEARN}.linked"] = lesson.id  # the link below is applied already
    ss[step_key(lesson.id)] = place.step
    ss[item_key(lesson.id)] = place.item
    st.switch_page("screens/learn.py", query_params={"lesson": lesson.id})


MARK_WORDS = {quiz.DONE: "✓ done", quiz.STARTED: "in progress", quiz.NOT_STARTED: "not started"}


def draw_map(course: Course, progress: Progress, columns: int = 2) -> None:
    """Every lesson as a link to it, with its mark in words (links: reachable with Tab, read by name)."""
    lessons = list(course.lessons)
    # row by row, so that the columns stacked on a phone still read in course order
    for row in range(0, len(lessons), columns):
        for cell, lesson in zip(st.columns(columns), lessons[row : row + columns], strict=False):
            mark = quiz.lesson_progress(course, lesson, progress).status
            cell.page_link(
                "screens/learn.py",
                label=f"{lesson.order}. {lesson.title} · {MARK_WORDS[mark]}",
                query_params={"lesson": lesson.id},
            )
