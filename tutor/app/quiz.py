"""Practice sessions: which scenarios to ask, the one being asked, submitting it, and the session's score.

Picking is pure (:func:`lesson_queue`, :func:`topic_queue`, :func:`mixed_queue`, :func:`endless_queue`).
:func:`play` draws one scenario for a page (Practice and Learn share it): title, the setup, a hint, the
prediction form, and, once submitted, the reveal. State lives in ``st.session_state`` under the page's
prefix: ``<prefix>.attempt`` (the scenario being asked, its solved result, the grade once submitted) and
``<prefix>.score``. A rerun after Submit re-solves nothing and reads no file.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import streamlit as st

from tutor.app import predict, reveal, state, views
from tutor.content.course import Course
from tutor.content.grading import Grade, grade
from tutor.content.lesson import Lesson
from tutor.content.outcomes import KINDS
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine import Explained
from tutor.progress.base import Progress
from tutor.progress.memory import Answer

MODES: tuple[str, ...] = ("Lesson", "Topic", "Mixed", "Endless")
ANY = "any"
ENDLESS_KINDS: tuple[str, ...] = (ANY, *KINDS)
BATCH = 5  # endless scenarios generated at a time (a few ms each)
KIND_NAMES: dict[str, str] = {
    ANY: "Any kind",
    "rank": "Ranking cards",
    "draw": "The partnership draw",
    "trick": "Tricks",
    "deal": "Scoring a deal",
    "chant": "The chant",
    "signal": "Signals",
    "game": "The game",
    "dealing": "Dealing",
}


# --- which scenarios ------------------------------------------------------------------------------------------


def lesson_queue(course: Course, lesson_id: str) -> list[Scenario]:
    """A lesson's practice scenarios, in the lesson's order."""
    lesson = course.lesson(lesson_id)
    return course.practice(lesson) if lesson else []


def topic_queue(course: Course, topic: str) -> list[Scenario]:
    """A topic's scenarios, easier first (file order within a difficulty)."""
    return sorted(course.topics.get(topic, []), key=_difficulty)


def mixed_queue(course: Course, seed: int) -> list[Scenario]:
    """Every scenario of the course, shuffled, easier first."""
    rng = random.Random(seed)
    shuffled = list(course.scenarios.values())
    rng.shuffle(shuffled)
    return sorted(shuffled, key=_difficulty)  # a stable sort keeps the shuffle within each difficulty


def endless_queue(kind: str, count: int, seed: int) -> list[Scenario]:
    """``count`` scenarios made by the engine's generator; ``any`` picks a kind at random for each one."""
    from tutor.content.generate import generate_scenarios  # imported when used: endless mode only

    if kind != ANY:
        return generate_scenarios(kind, count, seed)
    rng = random.Random(seed)
    return [generate_scenarios(rng.choice(KINDS), 1, seed * 64 + n)[0] for n in range(count)]


def _difficulty(scenario: Scenario) -> int:
    return scenario.difficulty or 2


def topic_title(topic: str) -> str:
    """``spoiled-tricks`` -> ``Spoiled tricks``."""
    return topic.replace("-", " ").capitalize()


def dots(difficulty: int | None) -> str:
    """Difficulty as ●●○ (1 to 3)."""
    d = difficulty or 2
    return "●" * d + "○" * (3 - d)


# --- lessons --------------------------------------------------------------------------------------------------

DONE, STARTED, NOT_STARTED = "done", "in progress", "not started"
# Text marks, not Material icons: a screen reader would read an icon's name ("check_circle icon").
STATUS_ICONS = {DONE: "✓", STARTED: "…", NOT_STARTED: ""}


@dataclass(frozen=True)
class LessonProgress:
    sections_read: int
    sections: int
    solved: int
    scenarios: int
    started: bool

    @property
    def status(self) -> str:
        if self.sections_read == self.sections and self.solved == self.scenarios:
            return DONE
        return STARTED if self.started else NOT_STARTED


def lesson_progress(course: Course, lesson: Lesson, progress: Progress) -> LessonProgress:
    """Done = every section read and every practice scenario answered right at least once."""
    scenarios = course.practice(lesson)
    read = sum(1 for n in range(len(lesson.sections)) if progress.read(lesson.id, n))
    solved = sum(1 for s in scenarios if progress.solved(s.id))
    started = read > 0 or any(progress.answered(s.id) for s in scenarios)
    return LessonProgress(read, len(lesson.sections), solved, len(scenarios), started)


def next_lesson(course: Course, progress: Progress) -> Lesson | None:
    """The first lesson in course order that is not done."""
    return next((ls for ls in course.lessons if lesson_progress(course, ls, progress).status != DONE), None)


# --- the practice queue ---------------------------------------------------------------------------------------


@dataclass
class Queue:
    """The scenarios of a practice choice and where the learner is in them."""

    mode: str
    choice: str
    items: list[Scenario]
    seed: int
    position: int = 0
    round: int = 0  # how many times the learner started the set again

    @property
    def current(self) -> Scenario | None:
        return self.items[self.position] if self.position < len(self.items) else None

    @property
    def token(self) -> str:
        """Identifies one showing of one scenario (the same scenario shown again is a new attempt)."""
        return f"{self.mode}:{self.choice}:{self.round}:{self.position}"

    def advance(self) -> None:
        self.position += 1
        if self.mode == "Endless" and self.position >= len(self.items):
            batch = len(self.items) // BATCH
            self.items.extend(endless_queue(self.choice, BATCH, self.seed + batch))

    def restart(self, course: Course) -> None:
        self.round += 1
        self.position = 0
        if self.mode == "Mixed":
            self.items = mixed_queue(course, self.seed + self.round)


def build_queue(course: Course, mode: str, choice: str, seed: int) -> Queue:
    match mode:
        case "Lesson":
            items = lesson_queue(course, choice)
        case "Topic":
            items = topic_queue(course, choice)
        case "Endless":
            items = endless_queue(choice, BATCH, seed)
        case _:
            items = mixed_queue(course, seed)
    return Queue(mode, choice, items, seed)


# --- one scenario on a page -----------------------------------------------------------------------------------


@dataclass
class Attempt:
    """One showing of a scenario: solved once, graded once."""

    token: str
    scenario: Scenario
    result: Explained
    questions: list[predict.Question]
    shown_at: float
    answers: dict[str, object] = field(default_factory=dict)
    grade: Grade | None = None
    missing: list[str] = field(default_factory=list)

    @property
    def submitted(self) -> bool:
        return self.grade is not None


@dataclass
class Score:
    answered: int = 0
    right: int = 0

    @property
    def text(self) -> str:
        return f"{self.right} / {self.answered} right this session"


def score(prefix: str) -> Score:
    key = f"{prefix}.score"
    if key not in st.session_state:
        st.session_state[key] = Score()
    return st.session_state[key]


def attempt(prefix: str, scenario: Scenario, token: str | None = None) -> Attempt:
    """The attempt at ``scenario``; a new one (solved now, blank widgets) when ``token`` changed."""
    token = token or scenario.id
    current: Attempt | None = st.session_state.get(f"{prefix}.attempt")
    if current is None or current.token != token or current.scenario.id != scenario.id:
        result = solve(scenario)
        predict.clear(prefix)
        current = Attempt(token, scenario, result, predict.plan(scenario, result), time.time())
        st.session_state[f"{prefix}.attempt"] = current
    return current


Recorder = Callable[[Answer], object]  # keeps an answer: ``Progress.record``, or a review session's ``record``


def submit(prefix: str, record: Recorder | None = None) -> None:
    """The form's submit callback: read the widgets, grade, record the answer (with ``record``, by default
    the session's progress), count the score."""
    current: Attempt | None = st.session_state.get(f"{prefix}.attempt")
    if current is None or current.submitted:
        return
    answers, missing = predict.collect(current.questions, prefix)
    current.missing = missing
    if missing:
        return
    current.answers = answers
    current.grade = grade(current.scenario, current.result, answers)
    (record or state.progress().record)(
        Answer(
            item=current.scenario.id,
            kind=current.scenario.kind,
            given={k: reveal.describe(current.scenario, k, v) for k, v in answers.items()},
            correct=current.grade.by_key(),
            seconds=round(time.time() - current.shown_at, 1),
        )
    )
    tally = score(prefix)
    tally.answered += 1
    tally.right += int(current.grade.all_correct)


def heading(scenario: Scenario, where: str | None = None) -> None:
    """The scenario's title, difficulty and where it comes from."""
    st.header(scenario.title)
    bits = [f"Difficulty {dots(scenario.difficulty)}", topic_title(scenario.topic)]
    if where:
        bits.insert(0, where)
    st.caption(" · ".join(bits))


# Kinds whose drawing needs the full width (the whole pack, four hands to pick): question below, not beside.
FULL_WIDTH_KINDS = frozenset({"dealing"})


def play(
    prefix: str,
    scenario: Scenario,
    token: str | None = None,
    where: str | None = None,
    record: Recorder | None = None,
) -> Attempt:
    """Draw one scenario: the question form, or after Submit the reveal. The caller adds its Next button.
    ``record`` keeps the answer (default: the session's progress; Review passes its session's)."""
    current = attempt(prefix, scenario, token)
    heading(scenario, where)
    side_by_side = scenario.kind not in FULL_WIDTH_KINDS
    if current.submitted:
        assert current.grade is not None
        reveal.show(scenario, current.result, current.grade, current.answers, side_by_side)
        return current
    drawing, asking = st.columns(2, gap="large") if side_by_side else (st.container(), st.container())
    with drawing:
        st.markdown(views.setup_html(scenario, current.result), unsafe_allow_html=True)
        if scenario.hint:
            with st.expander("Hint"):
                st.markdown(scenario.hint)
    with asking, st.form(f"{prefix}.form", border=True):
        predict.draw(current.questions, prefix)
        if current.missing:
            names = ", ".join(predict.SHORT.get(k, k).lower() for k in current.missing)
            st.warning(f"Answer every question before checking (still open: {names}).")
        st.form_submit_button(
            "Check my answer", type="primary", key=f"{prefix}.submit", on_click=submit, args=(prefix, record)
        )
    return current


def forget(prefix: str) -> None:
    """Drop the current attempt (the next :func:`play` starts afresh)."""
    st.session_state.pop(f"{prefix}.attempt", None)
    predict.clear(prefix)


def ids(scenarios: Sequence[Scenario]) -> list[str]:
    return [s.id for s in scenarios]
