"""Where Practice is, kept in the database for a browser moved to another instance (:mod:`tutor.app.continued`).

The Practice page's queue lives in its session. When the instance holding the session dies, the browser's front
end reconnects to another one, in a new session; the page was not reloaded, so the learner expects the scenario
they were on. So each session notes its place (what is practised, the shuffle's seed, the position) as the chosen
learner's setting :data:`SETTING`, with its own session id, whenever the place moves; a new session that carries
that id on takes the place up. A reload, a new tab or another session claiming the id finds nothing of its own:
Practice opens as before. A guest's place is not kept (a guest's settings are not either).

What is not carried: an answer on screen, checked or not (a checked one is saved; the scenario comes back fresh).
"""

from __future__ import annotations

import json
from typing import Final

from tutor.app import continued, learners, quiz, state
from tutor.app.practice import EVERYTHING, KIND, LESSON, MODE, QUEUE, SEED, TOPIC, taught_by
from tutor.app.session import Key
from tutor.content.course import Course
from tutor.progress.db import ProgressUnavailable
from tutor.progress.settings import setting, setting_write
from tutor.progress.store import LearnerError

SETTING: Final = "practice.place"
FARTHEST = 10_000  # a position read back is a number of Next clicks replayed: bounded, whatever the row says
_KEPT = Key[str]("practice.place_kept")  # the place this session last wrote, so a rerun in place writes nothing


def describe(queue: quiz.Queue, everything: bool, session: str) -> str:
    """The setting's value: the place as compact JSON.

    >>> queue = quiz.Queue("Lesson", "spoiled", [], seed=7, position=3)
    >>> describe(queue, False, "s1")
    '{"session":"s1","mode":"Lesson","choice":"spoiled","seed":7,"position":3,"round":0,"everything":false}'
    """
    place = {
        "session": session,
        "mode": queue.mode,
        "choice": queue.choice,
        "seed": queue.seed,
        "position": queue.position,
        "round": queue.round,
        "everything": everything,
    }
    return json.dumps(place, separators=(",", ":"), ensure_ascii=False)


def keep(queue: quiz.Queue) -> None:
    """Note this session's place for the chosen learner, when it has moved since last noted."""
    session = continued.this_session()
    progress = state.progress()
    if session is None or learners.is_guest(progress) or queue.mode not in quiz.MODES:
        return
    value = describe(queue, bool(EVERYTHING.get()), session)
    if value == _KEPT.get():
        return
    _KEPT.set(value)
    try:
        if isinstance(progress, state.SavedProgress):
            progress.save(setting_write(progress.learner, SETTING, value))  # after what waits, or waits with it
    except (ProgressUnavailable, LearnerError):
        pass  # the place is a convenience: the sidebar says why progress is not saved


def take_up(course: Course) -> None:
    """In a new session carrying on one that died elsewhere: that session's place, if it noted one."""
    if QUEUE.get() is not None:
        return
    earlier = continued.continues()
    db = state.database()
    progress = state.progress()
    if earlier is None or db is None or learners.is_guest(progress):
        return
    try:
        value = setting(db, progress.learner, SETTING)
        place = json.loads(value) if value else None
    except (ProgressUnavailable, ValueError):
        return
    if not isinstance(place, dict) or place.get("session") != earlier:
        return
    mode, choice, seed = place.get("mode"), place.get("choice"), place.get("seed")
    position, again, everything = place.get("position"), place.get("round"), place.get("everything") is True
    if not (_valid(course, mode, choice) and isinstance(seed, int) and isinstance(position, int)):
        return
    assert isinstance(mode, str) and isinstance(choice, str)
    MODE.set(mode)
    chosen = {"Lesson": LESSON, "Topic": TOPIC, "Endless": KIND}.get(mode)  # Mixed has no choice of its own
    if chosen is not None:
        chosen.set(choice)
    EVERYTHING.set(everything)
    SEED.set(seed)
    taught = taught_by(course, progress)
    # as the page works its scope out: Mixed and Endless keep to what the lessons taught unless widened
    widened = mode not in ("Mixed", "Endless") or everything
    queue = quiz.build_queue(course, mode, choice, seed, None if widened or not taught.lessons else taught)
    for _ in range(min(again, 100) if isinstance(again, int) else 0):
        queue.restart(course)
    for _ in range(min(max(position, 0), FARTHEST)):
        if queue.current is None:
            break
        queue.advance()
    QUEUE.set(queue)
    _KEPT.set(describe(queue, everything, earlier))


def _valid(course: Course, mode: object, choice: object) -> bool:
    """Whether a mode and choice read back still name something of this course."""
    if not isinstance(choice, str):
        return False
    match mode:
        case "Lesson":
            return choice in {lesson.id for lesson in course.lessons}
        case "Topic":
            return choice in course.topics
        case "Endless":
            return choice in quiz.ENDLESS_KINDS
        case "Mixed":
            return choice == ""
    return False


__all__ = ["SETTING", "describe", "keep", "take_up"]
