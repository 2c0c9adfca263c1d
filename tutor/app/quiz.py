"""Practice sessions: which scenarios to ask, the one being asked, submitting it, and the session's score.

Picking is pure (:func:`lesson_queue`, :func:`topic_queue`, :func:`mixed_queue`, :func:`endless_queue`).
:func:`play` draws one scenario for a page (Practice and Learn share it): title, the setup, a hint, the
prediction form, and, once submitted, the reveal. Every word it shows is in the learner's language (the ``ui``
domain); the questions are reworded, under the same widget keys, when the language changes mid-answer. State
lives in the session under the page's prefix (:mod:`tutor.app.session`): ``<prefix>.attempt`` (the scenario
being asked, its solved result, the grade once submitted) and ``<prefix>.score``. A rerun after Submit re-solves
nothing and reads no file.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Literal

import streamlit as st

from tutor.app import cardfiles, predict, reveal, scenario_view, state, views
from tutor.app import kinds as app_kinds
from tutor.app import lang as app_lang
from tutor.app.markup import md
from tutor.app.session import Family, Key
from tutor.content.course import Course
from tutor.content.grading import Grade, grade
from tutor.content.kinds import KINDS
from tutor.content.lesson import Lesson
from tutor.content.scenario import Scenario
from tutor.content.similar import similar
from tutor.engine import Explained
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.progress.base import Progress
from tutor.progress.memory import Answer
from tutor.progress.store import one_view

MODES: tuple[str, ...] = ("Lesson", "Topic", "Mixed", "Endless")
ANY = "any"
ENDLESS_KINDS: tuple[str, ...] = (ANY, *KINDS)
BATCH = 5  # endless scenarios generated at a time (a few ms each)


def kind_names(lang: str) -> dict[str, str]:
    """Each scenario kind (and "any") by name, in ``lang``, as each kind names itself: Endless practice's menu."""
    _ = ui.translator(lang)
    # Translators: Endless practice's menu of scenario kinds: any of them.
    return {ANY: _("Any kind"), **{entry.name: entry.title(_) for entry in app_kinds.SHOWN}}


KIND_NAMES: dict[str, str] = kind_names(SOURCE_LANGUAGE)  # in English; :func:`kind_name` for a language


def kind_name(kind: str, lang: str | None = None) -> str:
    """A scenario kind's name in ``lang`` (by default the learner's)."""
    return kind_names(lang or app_lang.current()).get(kind, kind)


# --- which scenarios ------------------------------------------------------------------------------------------


def lesson_queue(course: Course, lesson_id: str) -> list[Scenario]:
    """A lesson's practice scenarios, in the lesson's order."""
    lesson = course.lesson(lesson_id)
    return course.practice(lesson) if lesson else []


def topic_queue(course: Course, topic: str) -> list[Scenario]:
    """A topic's scenarios, easier first (file order within a difficulty)."""
    return sorted(course.topics.get(topic, []), key=_difficulty)


def mixed_queue(course: Course, seed: int, topics: Collection[str] | None = None) -> list[Scenario]:
    """Every scenario of the course (of ``topics`` only, when given), shuffled, easier first."""
    rng = random.Random(seed)
    shuffled = [s for s in course.scenarios.values() if topics is None or s.topic in topics]
    rng.shuffle(shuffled)
    return sorted(shuffled, key=_difficulty)  # a stable sort keeps the shuffle within each difficulty


def endless_queue(kind: str, count: int, seed: int, scope: Scope | None = None) -> list[Scenario]:
    """``count`` scenarios made by the engine's generator; ``any`` picks a kind at random for each one (among
    ``scope``'s kinds when given, and then of its topics when the generator makes them)."""
    from tutor.content.generate import generate_scenarios  # imported when used: endless mode only

    if kind != ANY:
        return generate_scenarios(kind, count, seed)
    rng = random.Random(seed)
    kinds = [k for k in KINDS if scope is None or k in scope.kinds] or list(KINDS)
    made: list[Scenario] = []
    for n in range(count):
        choice = rng.choice(kinds)
        tries = [generate_scenarios(choice, 1, seed * 64 + n * 8 + t)[0] for t in range(1 if scope is None else 4)]
        # a taught topic if one of a few tries has it (the generator of scores also writes mordienne deals)
        made.append(next((s for s in tries if scope is None or s.topic in scope.topics), tries[0]))
    return made


@dataclass(frozen=True)
class Scope:
    """What the lessons have taught so far: the topics and kinds of the lessons done and of the next one.
    Mixed and Endless keep to it unless the learner widens them to everything."""

    lessons: tuple[str, ...]
    topics: frozenset[str]
    kinds: frozenset[str]


def taught(course: Course, progress: Progress) -> Scope:
    """The lessons done plus the next one (the first not done), with their scenarios' topics and kinds."""
    following = next_lesson(course, progress)
    chosen = [
        lesson
        for lesson in course.lessons
        if lesson is following or lesson_progress(course, lesson, progress).status == DONE
    ]
    scenarios = [s for lesson in chosen for s in course.practice(lesson)]
    return Scope(
        tuple(lesson.id for lesson in chosen),
        frozenset(s.topic for s in scenarios),
        frozenset(s.kind for s in scenarios),
    )


def _difficulty(scenario: Scenario) -> int:
    return scenario.difficulty or 2


def topic_titles(lang: str) -> dict[str, str]:
    """The course's topics by name, in ``lang``: the one naming of topics (Practice's menu, a scenario's caption,
    the Progress page's mastery by topic, with its drill topics). Each kind names the topics its generator
    writes; the others are the lessons' own."""
    _ = ui.translator(lang)
    by_kinds = {topic: title for entry in app_kinds.SHOWN for topic, title in entry.topics(_).items()}
    # Translators: the names of the course's topics (Practice's menu of topics, a scenario's caption, Progress).
    return by_kinds | {
        "pack": _("The pack"),
        "counting": _("Counting"),
        "spoiling": _("Spoiling"),
        "signals-play": _("Signals in play"),
        "chant-play": _("The chant in play"),
        "race": _("The race"),
        "mordienne-play": _("Mordienne in play"),
        # Translators: the Progress page's topics of the drills (tutor.progress.stats.DRILL_TOPICS).
        "ranking-facts": _("Ranking facts"),
        "card-names": _("Card names"),
        "signal-drills": _("Signals quiz"),
    }


def topic_title(topic: str, lang: str | None = None) -> str:
    """A topic's name in ``lang`` (by default the learner's); a topic the course does not name yet reads as
    its slug, ``spoiled-ties`` -> ``Spoiled ties``."""
    return topic_titles(lang or app_lang.current()).get(topic) or topic.replace("-", " ").capitalize()


def dots(difficulty: int | None) -> str:
    """Difficulty as ●●○ (1 to 3)."""
    d = difficulty or 2
    return "●" * d + "○" * (3 - d)


# --- lessons --------------------------------------------------------------------------------------------------

DONE, STARTED, NOT_STARTED = "done", "in progress", "not started"


def status_marks(lang: str) -> dict[str, str]:
    """A lesson's status as Markdown, in ``lang``."""
    # Words, not icons: a screen reader reads them as they are, and they never sit in a widget's option label
    # (a label that changed with the learner's progress would change the widget's value under the learner).
    _ = ui.translator(lang)
    return {
        # Translators: a lesson's status in the lessons' list (Markdown colour marks stay outside the words).
        DONE: ":green[✓ " + _("Done") + "]",
        STARTED: ":orange[" + _("In progress") + "]",
        NOT_STARTED: _("Not started"),
    }


STATUS_MARKS = status_marks(SOURCE_LANGUAGE)  # in English; :func:`status_mark` for a language


def status_mark(status: str, lang: str | None = None) -> str:
    """A lesson's status (:data:`DONE`, :data:`STARTED`, :data:`NOT_STARTED`) as Markdown, in ``lang`` (by
    default the learner's)."""
    return status_marks(lang or app_lang.current())[status]


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
    scope: Scope | None = None  # Mixed and Endless: what the lessons taught (None: everything)

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
            self.items.extend(endless_queue(self.choice, BATCH, self.seed + batch, self.scope))

    def restart(self, course: Course) -> None:
        self.round += 1
        self.position = 0
        if self.mode == "Mixed":
            self.items = mixed_queue(course, self.seed + self.round, self.scope.topics if self.scope else None)


def build_queue(course: Course, mode: str, choice: str, seed: int, scope: Scope | None = None) -> Queue:
    """The queue of a choice; ``scope`` narrows Mixed and Endless to what the lessons taught."""
    match mode:
        case "Lesson":
            items, scope = lesson_queue(course, choice), None
        case "Topic":
            items, scope = topic_queue(course, choice), None
        case "Endless":
            items = endless_queue(choice, BATCH, seed, scope)
        case _:
            items = mixed_queue(course, seed, scope.topics if scope else None)
    return Queue(mode, choice, items, seed, scope=scope)


# --- one scenario on a page -----------------------------------------------------------------------------------


@dataclass
class Attempt:
    """One showing of a scenario: solved once, graded once.

    ``origin`` is the scenario the page asked at this place (``token``); ``scenario`` is the one shown, which
    is another after "A similar one". ``fields`` prefixes the answer widgets' keys: each attempt has its own,
    so a new scenario, or the same one asked again, starts with every answer empty (a browser keeps showing
    a widget's last value under the same key even after the app forgets it)."""

    token: str
    scenario: Scenario
    result: Explained
    questions: list[predict.Question]
    shown_at: float
    fields: str = ""
    origin: str = ""
    answers: dict[str, object] = field(default_factory=dict)
    grade: Grade | None = None
    missing: list[str] = field(default_factory=list)
    lang: str = SOURCE_LANGUAGE  # the language the questions are worded in

    def worded(self, lang: str) -> list[predict.Question]:
        """The questions in ``lang``: reworded, under the same widget keys, when the learner changed language."""
        if lang != self.lang:
            self.questions = predict.reworded(self.questions, self.scenario, self.result, lang)
            self.lang = lang
        return self.questions

    @property
    def submitted(self) -> bool:
        return self.grade is not None

    @property
    def similar(self) -> bool:
        """Whether this is "a similar one" rather than the scenario the page asked."""
        return bool(self.origin) and self.origin != self.scenario.id


@dataclass
class Score:
    answered: int = 0
    right: int = 0

    @property
    def text(self) -> str:
        """The score in the learner's language."""
        return self.words(app_lang.current())

    def words(self, lang: str) -> str:
        """The score in ``lang``: "3 / 4 right this session"."""
        # Translators: the session's score in a caption; {right} answers right of {answered} answered.
        return ui.gettext(lang, "{right} / {answered} right this session", right=self.right, answered=self.answered)


# The keys of a page's scenario, under the page's prefix
ATTEMPT = Family[Attempt]("{}.attempt")  # the scenario on screen
SCORE = Family[Score]("{}.score", factory=Score)  # the session's score on the page
SERIAL = Family[int]("{}.serial", 0)  # attempts made on the page: each one's widgets have keys of their own
# the session's seed of "A similar one", drawn when first needed
SIMILAR_SEED = Family[int]("{}.similar_seed", factory=lambda: random.randrange(1_000_000))
NO_SIMILAR = Family[str]("{}.no_similar")  # the attempt (its ``fields``) that has no similar scenario
NEXT = Family[bool]("{}.next")  # the buttons after the reveal
RETRY = Family[bool]("{}.retry")
SIMILAR = Family[bool]("{}.similar")


def score(prefix: str) -> Score:
    return SCORE(prefix).setdefault()


def attempt(prefix: str, scenario: Scenario, token: str | None = None) -> Attempt:
    """The attempt at ``scenario``; a new one (solved now, blank widgets) when ``token`` changed."""
    token = token or scenario.id
    current = ATTEMPT(prefix).get()
    if current is None or current.token != token or (current.origin or current.scenario.id) != scenario.id:
        current = _fresh(prefix, token, scenario, scenario.id)
    return current


def _fresh(prefix: str, token: str, scenario: Scenario, origin: str, result: Explained | None = None) -> Attempt:
    """A new attempt under new widget keys; the previous attempt's answers are forgotten."""
    previous = ATTEMPT(prefix).get()
    if previous is not None and previous.fields:
        predict.clear(previous.fields)
    serial = int(SERIAL(prefix).value()) + 1
    SERIAL(prefix).set(serial)
    solved = result if result is not None else app_kinds.shown(scenario.kind).solved(scenario)
    here = app_lang.current()
    questions = predict.plan(scenario, solved, lang=here)
    current = Attempt(
        token, scenario, solved, questions, time.time(), fields=f"{prefix}.{serial}", origin=origin, lang=here
    )
    ATTEMPT(prefix).set(current)
    return current


def retry(prefix: str) -> None:
    """ "Try again": the same scenario once more, every answer empty, the reveal hidden."""
    current = ATTEMPT(prefix).get()
    if current is not None:
        _fresh(prefix, current.token, current.scenario, current.origin or current.scenario.id, current.result)


def similar_one(prefix: str, course: Course | None) -> None:
    """ "A similar one": a new scenario of the same kind and topic in the same place (see
    :func:`tutor.content.similar.similar`); the page's own Next goes on from where it was."""
    current = ATTEMPT(prefix).get()
    if current is None:
        return
    serial = int(SERIAL(prefix).value())
    found = similar(current.scenario, course, (_session_seed(prefix) + serial) % 1_000_000_000)
    if found is None:
        NO_SIMILAR(prefix).set(current.fields)
        return
    _fresh(prefix, current.token, found, current.origin or current.scenario.id)


def _session_seed(prefix: str) -> int:
    return int(SIMILAR_SEED(prefix).setdefault())


Recorder = Callable[[Answer], object]  # keeps an answer: ``Progress.record``, or a review session's ``record``


def submit(prefix: str, record: Recorder | None = None) -> None:
    """The form's submit callback: read the widgets, grade, record the answer (with ``record``, by default
    the session's progress), count the score."""
    current = ATTEMPT(prefix).get()
    if current is None or current.submitted:
        return
    answers, missing = predict.collect(current.questions, current.fields)
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


def heading(scenario: Scenario, where: str | None = None, tally: Score | None = None) -> None:
    """The scenario's title, difficulty, where it comes from and (with ``tally``) the session's score."""
    here = app_lang.current()
    st.header(md(scenario.title))  # titles are plain text (docs/authoring.md), a saved deal's too
    # Translators: a scenario's caption; {dots} shows the difficulty as ●●○ (1 to 3 filled).
    bits = [ui.gettext(here, "Difficulty {dots}", dots=dots(scenario.difficulty)), topic_title(scenario.topic, here)]
    if where:
        bits.insert(0, where)
    if tally is not None and tally.answered:
        bits.append(tally.words(here))
    st.caption(" · ".join(bits))


@dataclass(frozen=True)
class FollowUps:
    """What a page offers once an answer is revealed: its own Next (a label and what it does; none: the page
    draws its navigation itself) and, unless ``retry`` is off, "Try again" and "A similar one"."""

    next_label: str | None = None
    on_next: Callable[[], None] | None = None
    retry: bool = True
    course: Course | None = None
    tally: bool = False  # show the session's score under the title (it changes with each answer)


def play(
    prefix: str,
    scenario: Scenario,
    token: str | None = None,
    where: str | None = None,
    record: Recorder | None = None,
    follow: FollowUps | None = None,
    isolated: bool = False,
) -> Attempt:
    """Draw one scenario: the question form, or after Submit the reveal and the ``follow`` ups (none by
    default: the page draws its own). ``record`` keeps
    the answer (default: the session's progress; Review passes its session's). ``isolated`` draws it as a
    fragment: Submit, Try again and A similar one rerun only this panel (Next reruns the page)."""
    if isolated:
        drawn: Attempt = _panel(prefix, scenario, token, where, record, follow, True)
        return drawn
    return _draw(prefix, scenario, token, where, record, follow, False)


@st.fragment
def _panel(
    prefix: str,
    scenario: Scenario,
    token: str | None,
    where: str | None,
    record: Recorder | None,
    follow: FollowUps | None,
    isolated: bool,
) -> Attempt:
    with one_view():  # a rerun of the panel alone is a run of its own (main.py's view is for whole runs)
        return _draw(prefix, scenario, token, where, record, follow, isolated)


def _draw(
    prefix: str,
    scenario: Scenario,
    token: str | None,
    where: str | None,
    record: Recorder | None,
    follow: FollowUps | None,
    isolated: bool,
) -> Attempt:
    # The cards as pictures served as files: each rerun of the panel sends a line per card, not its drawing.
    with cardfiles.as_files():
        return _draw_panel(prefix, scenario, token, where, record, follow, isolated)


def _draw_panel(
    prefix: str,
    scenario: Scenario,
    token: str | None,
    where: str | None,
    record: Recorder | None,
    follow: FollowUps | None,
    isolated: bool,
) -> Attempt:
    current = attempt(prefix, scenario, token)
    here = app_lang.current()
    _ = ui.translator(here)
    shown = app_lang.scenario(current.scenario)  # in the learner's language, also after a change of language
    heading(
        shown,
        # Translators: a scenario's caption: {where} says where it comes from ("Lesson 3, scenario 2").
        _("{where} · a similar one", where=where) if where and current.similar else where,
        score(prefix) if follow and follow.tally else None,
    )
    side_by_side = not app_kinds.shown(shown.kind).full_width  # else the questions go under the drawing
    if current.submitted:
        assert current.grade is not None
        reveal.show(shown, current.result, current.grade, current.answers, side_by_side)
        if follow is not None:
            _follow_ups(prefix, current, follow, isolated)
        return current
    # The verdict's place, empty until Check: the verdict then takes it, and its drawing does not wait for the
    # question's columns to be taken down (they go with the rest of the reveal). Chromium drew the verdict 6-17 ms
    # sooner with it, three runs of 15 (benchmarks/submit_bench.py); it shows nothing and takes no room.
    st.empty()
    drawing, asking = st.columns(2, gap="large") if side_by_side else (st.container(), st.container())
    with drawing:
        views.show(scenario_view.setup_html(shown, current.result))
        if shown.hint:
            with st.expander(_("Hint")):
                st.markdown(md(shown.hint))
    with asking:
        questions = current.worded(here)
        predict.ask(questions, prefix, submit, (prefix, record), current.missing, fields=current.fields, lang=here)
    return current


def _follow_ups(prefix: str, current: Attempt, follow: FollowUps, isolated: bool) -> None:
    """After the reveal: Next (when the page gives one), Try again, A similar one; the first is the one to
    press: Next after a right answer, Try again after a wrong one."""
    _ = ui.translator(app_lang.current())
    right = current.grade is not None and current.grade.all_correct
    buttons: list[tuple[Key[bool], str, Callable[[], None]]] = []
    if follow.on_next is not None:
        buttons.append((NEXT(prefix), follow.next_label or _("Next →"), follow.on_next))
    if follow.retry:
        buttons.insert(0 if not right else len(buttons), (RETRY(prefix), _("Try again"), lambda: retry(prefix)))
        buttons.append((SIMILAR(prefix), _("A similar one"), lambda: similar_one(prefix, follow.course)))
    if not buttons:
        return
    if NO_SIMILAR(prefix).get() == current.fields:
        st.caption(_("There is no other scenario like this one yet."))
    for n, (column, (key, label, action)) in enumerate(zip(st.columns(len(buttons)), buttons, strict=True)):
        kind: Literal["primary", "secondary"] = "primary" if n == 0 else "secondary"
        if key == NEXT(prefix) and isolated:
            # Next moves the page's own place, which a fragment rerun would not redraw: rerun the page
            if column.button(label, key=key, type=kind, width="stretch"):
                action()
                st.rerun()
        else:
            column.button(label, key=key, type=kind, on_click=action, width="stretch")


def forget(prefix: str) -> None:
    """Drop the current attempt (the next :func:`play` starts afresh)."""
    current = ATTEMPT(prefix).pop()
    if current is not None and current.fields:
        predict.clear(current.fields)


def ids(scenarios: Sequence[Scenario]) -> list[str]:
    return [s.id for s in scenarios]
