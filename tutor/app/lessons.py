"""The Lessons page's session state: the lesson open, and where the learner is in each lesson.

The page (``screens/learn.py``) keeps these keys; another page asks here where the learner is in a lesson
(:func:`place`) or opens a lesson at a place (:func:`open_at`: Home's Continue), never reading them itself.
"""

from __future__ import annotations

from typing import Final

from tutor.app.session import Family, Key

PREFIX: Final = "learn"  # also the prefix of the page's scenario (tutor.app.quiz)
LESSON = Key[str]("learn.lesson")  # the lesson open, by id: the list of lessons' widget key too
LINKED = Key[str]("learn.linked")  # the ``?lesson=`` link applied already (a link picks the lesson once)
STEP = Family[int]("learn.{}.step", 0)  # a lesson's place: 0..n-1 a section, n its scenarios
ITEM = Family[int]("learn.{}.item", 0)  # the scenario shown among a lesson's scenarios

# The page's buttons
BACK = Key[bool]("learn.back")
NEXT_SECTION = Key[bool]("learn.next_section")
SKIP = Key[bool]("learn.skip")
PREVIOUS_ITEM = Key[bool]("learn.prev_item")
NEXT_ITEM = Key[bool]("learn.next_item")
TO_TEXT = Key[bool]("learn.to_text")
NEXT_LESSON = Key[bool]("learn.next_lesson")


def place(lesson_id: str) -> tuple[int, int]:
    """Where the learner is in a lesson: its step (a section, or its scenarios) and the scenario; 0, 0 when
    the page has not been there."""
    step, item = STEP(lesson_id).value(), ITEM(lesson_id).value()
    # a place is read back as a number or not at all, whatever else a session holds there
    return (step if isinstance(step, int) else 0, item if isinstance(item, int) else 0)


def open_at(lesson_id: str, step: int, item: int) -> None:
    """Make ``lesson_id`` the lesson open, at ``step`` and ``item``, as if the learner had left it there (the
    page's link to it counts as applied)."""
    LESSON.set(lesson_id)
    LINKED.set(lesson_id)
    STEP(lesson_id).set(step)
    ITEM(lesson_id).set(item)
