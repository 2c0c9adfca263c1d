"""The Practice page's session state: what is practised and the queue of its scenarios.

The page (``screens/practice.py``) keeps these keys; another page asks here (:func:`current_queue`: Home's
Continue says where Practice was left), never reading them itself.
"""

from __future__ import annotations

from typing import Final

from tutor.app import quiz
from tutor.app.session import Key
from tutor.content.course import Course
from tutor.progress.base import Progress

PREFIX: Final = "practice"  # also the prefix of the page's scenario (tutor.app.quiz) and its saved deals
QUEUE = Key[quiz.Queue]("practice.queue")  # the scenarios of the choice, and where the learner is in them
SEED = Key[int]("practice.seed")  # the session's seed of the shuffles and the generated scenarios
LINKED = Key[str]("practice.linked")  # the deep link applied already
# The page's controls (their widget keys): the mode, and the lesson, topic or kind practised
MODE = Key[str]("practice.mode")
LESSON = Key[str]("practice.lesson")
TOPIC = Key[str]("practice.topic")
KIND = Key[str]("practice.kind")
EVERYTHING = Key[bool]("practice.everything")  # Mixed and Endless beyond what the lessons have taught
AGAIN = Key[bool]("practice.again")  # "Start again" at the end of a set
# Practice on exactly a class assignment's scenarios (``?scenarios=a,b,c&at=b``, from Home): the mode's name
# and the scenario ids, kept for the session so that the mode can be chosen again after another
ASSIGNED: Final = "Assigned"
PICKED = Key[tuple[str, ...]]("practice.picked")
# What the lessons have taught this session's learner, with the state of their progress it was worked out from
TAUGHT = Key[tuple[tuple[str, tuple[int, int], int], quiz.Scope]]("practice.taught")


def taught_by(course: Course, progress: Progress) -> quiz.Scope:
    """:func:`tutor.app.quiz.taught`, worked out again only when the learner's answers or reading have changed.

    Why: it asks the store about every section and scenario of every lesson (some 130 queries a rerun); whether
    any of that has changed takes two (the totals move with every answer, from any device; the sections read are
    counted). Kept in this session alone: a learner's scope is never shared.
    """
    version = (progress.learner, progress.totals, len(progress.sections()))
    kept = TAUGHT.get()
    if kept is None or kept[0] != version:
        kept = (version, quiz.taught(course, progress))
        TAUGHT.set(kept)
    return kept[1]


def picked_queue(course: Course, seed: int, at: str | None = None) -> quiz.Queue:
    """The queue of the scenarios an assignment picked (:data:`PICKED`), in its order, at ``at`` if it is one."""
    items = [course.scenarios[sid] for sid in PICKED.get() or () if sid in course.scenarios]
    queue = quiz.Queue(ASSIGNED, "", items, seed)
    ids = [s.id for s in items]
    if at in ids:
        queue.position = ids.index(at)
    return queue


def current_queue() -> quiz.Queue | None:
    """The queue Practice was left at, if the page was shown this session."""
    queue = QUEUE.get()
    return queue if isinstance(queue, quiz.Queue) else None
