"""Practice: pick a lesson, a topic, everything mixed, or endless generated scenarios; predict, check, learn why.

Deep links: ``?scenario=<id>`` starts at that scenario (within its lesson, else its topic), ``?lesson=<id>``,
``?topic=<slug>``, ``?mode=endless&kind=<kind>``.
"""

from __future__ import annotations

import random

import streamlit as st

from tutor.app import course_map, lang, practice_place, print_buttons, quiz, saved_deals, state
from tutor.app.practice import (
    AGAIN,
    ASSIGNED,
    EVERYTHING,
    KIND,
    LESSON,
    LINKED,
    MODE,
    PICKED,
    PREFIX,
    QUEUE,
    SEED,
    TOPIC,
    picked_queue,
    taught_by,
)
from tutor.content.kinds import KINDS
from tutor.i18n import ui
from tutor.i18n.ui import Translator

course = state.course()
lesson_ids = [lesson.id for lesson in course.lessons]
topics = sorted(course.topics)
MODES = (*quiz.MODES, saved_deals.MODE)  # "My deals": the deals saved from Play a game


def _from_query_params() -> None:
    """Apply a deep link once (the widgets keep the learner's later choices)."""
    params = {k: v for k, v in st.query_params.to_dict().items() if k != lang.PARAM}  # the language stays
    if not params:
        LINKED.pop()  # the URL is clean again: the same link followed later applies anew
        return
    wanted = "&".join(f"{k}={v}" for k, v in sorted(params.items()))
    if LINKED.get() == wanted:
        return
    LINKED.set(wanted)
    for key in params:
        del st.query_params[key]  # applied once: a rerun or reload does not jump back to it
    sid = params.get("scenario")
    assigned = tuple(s for s in params.get("scenarios", "").split(",")[:200] if s in course.scenarios)
    if assigned:  # a class's assignment, from Home: exactly its scenarios
        PICKED.set(assigned)
        MODE.set(ASSIGNED)
        QUEUE.set(picked_queue(course, _seed(), params.get("at")))
    elif sid in course.scenarios:
        scenario = course.scenarios[sid]
        lesson = course.lesson_of(sid)
        if lesson:
            MODE.set("Lesson")
            LESSON.set(lesson.id)
        else:
            MODE.set("Topic")
            TOPIC.set(scenario.topic)
        queue = quiz.build_queue(course, MODE.value(), lesson.id if lesson else scenario.topic, _seed())
        queue.position = quiz.ids(queue.items).index(sid)
        QUEUE.set(queue)
    elif params.get("lesson") in lesson_ids:
        MODE.set("Lesson")
        LESSON.set(params["lesson"])
    elif params.get("topic") in topics:
        MODE.set("Topic")
        TOPIC.set(params["topic"])
    elif params.get("mode", "").capitalize() in quiz.MODES:
        MODE.set(params["mode"].capitalize())
        if params.get("kind") in quiz.ENDLESS_KINDS:
            KIND.set(params["kind"])
            if params["kind"] not in taught_by(course, state.progress()).kinds | {quiz.ANY}:
                EVERYTHING.set(True)  # a link to a kind the lessons have not reached yet still opens it


def _lesson_numbers(scope: quiz.Scope) -> tuple[int, ...]:
    """The numbers of the lessons Mixed and Endless keep to (1, 2 and 3)."""
    return tuple(lesson.order for lesson in course.lessons if lesson.id in scope.lessons)


def _mode_name(mode: str, _: Translator) -> str:
    """A mode of the page (its id, kept in session state and links) as the control shows it."""
    # Translators: the choices of the "Practise" control at the top of the Practice page; short (a phone shows
    # the five on two lines).
    names = {"Lesson": _("Lesson"), "Topic": _("Topic"), "Mixed": _("Mixed"), "Endless": _("Endless")}
    if mode == ASSIGNED:
        spoken = _.lang
        # Translators: the Practice page's mode for the scenarios a teacher assigned to the learner's class.
        return ui.pgettext(spoken, "Practice mode", "Assigned")
    return names.get(mode) or (_("My deals") if mode == saved_deals.MODE else mode)


def _seed() -> int:
    if not SEED.is_set():
        SEED.set(random.randrange(1_000_000))
    return SEED.value()


def _next() -> None:
    QUEUE.value().advance()


def _again() -> None:
    QUEUE.value().restart(course)


practice_place.take_up(course)  # a browser moved here from an instance that died: its place, as it was
_from_query_params()
language = lang.current()
_ = ui.translator(language)
tally = quiz.score(PREFIX)
# Translators: the Practice page's title.
st.title(_("Practice"))

# --- what to practise ------------------------------------------------------------------------------------------
MODE.setdefault("Mixed")
course_map.remember(course_map.PRACTICE)  # Home's Continue comes back here
taught = taught_by(course, state.progress())
# Mixed and Endless keep to what the lessons have taught unless widened (the toggle is drawn below them)
widened = MODE.get() not in ("Mixed", "Endless") or EVERYTHING.get()
scope = None if widened or not taught.lessons else taught
pick, which = st.columns([2, 3], vertical_alignment="bottom")
shown_modes = (*MODES, ASSIGNED) if PICKED.get() else MODES  # Assigned once an assignment was opened
with pick:
    mode = (
        st.segmented_control(
            # Translators: the label of the control choosing what to practise (a lesson, a topic, ...); a verb.
            _("Practise"),
            shown_modes,
            format_func=lambda m: _mode_name(m, _),
            key=MODE,
            persist_state="session",
            required=True,
        )
        or "Mixed"
    )
with which:
    if mode == "Lesson":
        if lesson_ids:
            titles = {lesson.id: f"{lesson.order}. {lesson.title}" for lesson in course.lessons}
            choice = st.selectbox(
                _("Lesson"), lesson_ids, format_func=titles.__getitem__, key=LESSON, persist_state="session"
            )
        else:
            choice = ""
            st.caption(_("No lessons yet."))
    elif mode == "Topic":
        counts = {t: len(course.topics[t]) for t in topics}
        choice = st.selectbox(
            _("Topic"),
            topics,
            # Translators: a topic in the menu, with the number of its scenarios: "Spoiled tricks (18)".
            format_func=lambda t: _("{topic} ({count})", topic=quiz.topic_title(t, language), count=counts[t]),
            key=TOPIC,
            persist_state="session",
        )
    elif mode == "Endless":
        kinds = quiz.ENDLESS_KINDS if scope is None else (quiz.ANY, *(k for k in KINDS if k in scope.kinds))
        choice = st.selectbox(
            # Translators: the label of the menu of the kinds of scenario the engine makes in Endless mode.
            _("Kind"),
            kinds,
            format_func=lambda k: quiz.kind_name(k, _.lang),
            key=KIND,
            persist_state="session",
        )
    elif mode == ASSIGNED:
        choice = ""
        count = len(PICKED.get() or ())
        # Translators: the Practice page's set of the scenarios a teacher assigned to the class.
        text = ui.ngettext(
            language, "The {n} scenario your teacher assigned.", "The {n} scenarios your teacher assigned.", count
        )
        st.caption(text)
    elif mode == saved_deals.MODE:
        choice = ""
        saved_deals.my_deals(PREFIX, QUEUE, _seed())  # reads the folder once, into the queue below
    else:
        choice = ""
        if scope is None:
            all_count = len(course.scenarios)
            st.caption(
                ui.ngettext(
                    language,
                    "{n} scenario of the course, shuffled, easier ones first.",
                    "All {n} scenarios of the course, shuffled, easier ones first.",
                    all_count,
                )
            )
        else:
            count = len(quiz.mixed_queue(course, 0, scope.topics))
            numbers = _lesson_numbers(scope)
            # Translators: {count} scenarios of the lessons numbered {lessons} ("1, 2 and 3"); the forms follow
            # the number of lessons.
            st.caption(
                ui.ngettext(
                    language,
                    "The {count} scenarios of lesson {lessons:and}, shuffled, easier ones first.",
                    "The {count} scenarios of lessons {lessons:and}, shuffled, easier ones first.",
                    len(numbers),
                    count=count,
                    lessons=numbers,
                )
            )

if mode in ("Mixed", "Endless") and taught.lessons:
    st.toggle(
        _("Everything, not only what the lessons have covered"),
        key=EVERYTHING,
        persist_state="session",
        help=_("Off: the lessons you have done and the next one. On: the whole course."),
    )

queue = QUEUE.get()
if queue is None or (queue.mode, queue.choice, queue.scope) != (mode, choice or "", scope):
    queue = (
        picked_queue(course, _seed())
        if mode == ASSIGNED
        else quiz.build_queue(course, mode, choice or "", _seed(), scope)
    )
    QUEUE.set(queue)
practice_place.keep(queue)  # noted in the database whenever it moves, for a browser moved to another instance


if mode == "Endless":
    if scope is None:
        st.caption(_("New scenarios made by the engine on the spot, as many as you like."))
    else:
        numbers = _lesson_numbers(scope)
        # Translators: {lessons} are lesson numbers ("1, 2 and 3"); the forms follow the number of lessons.
        st.caption(
            ui.ngettext(
                language,
                "New scenarios of the kinds in lesson {lessons:and} made by the engine on the spot, as many as you "
                "like.",
                "New scenarios of the kinds in lessons {lessons:and} made by the engine on the spot, as many as you "
                "like.",
                len(numbers),
                lessons=numbers,
            )
        )

# --- the scenario ------------------------------------------------------------------------------------------------
scenario = queue.current
if not queue.items:
    st.info(_("There are no scenarios here yet. Pick another lesson or topic, or try Mixed or Endless."))
elif scenario is None:
    # Translators: {score} says how many were right ("7 of 9 right this session"); it ends the sentence.
    st.success(
        ui.ngettext(
            language,
            "You have worked through the {n} scenario of this set. {score}.",
            "You have worked through all {n} scenarios of this set. {score}.",
            len(queue.items),
            score=tally.text,
        )
    )
    st.button(_("Start again"), key=AGAIN, on_click=_again, type="primary")
else:
    # Translators: where the learner is, above the scenario: "Scenario 3 of 18".
    where = (
        _mode_name(mode, _)
        if mode == "Endless"
        else _("Scenario {number} of {total}", number=queue.position + 1, total=len(queue.items))
    )
    # A fragment: Submit, Try again and A similar one redraw only the scenario, not the page around it.
    # Translators: the button to the next scenario of the set, after an answer.
    follow = quiz.FollowUps(_("Next scenario →"), _next, course=course, tally=True)
    quiz.play(PREFIX, scenario, queue.token, where, follow=follow, isolated=True)

# --- a worksheet to print: the set chosen above (a lesson's or a topic's), else any of the course's ---------------
if mode == "Lesson" and choice:
    offered = [sid for sid in course.lessons[lesson_ids.index(choice)].scenarios if sid in course.scenarios]
elif mode == "Topic" and choice:
    offered = [scenario.id for scenario in course.topics.get(choice, [])]
elif mode == ASSIGNED:
    offered = [sid for sid in PICKED.get() or () if sid in course.scenarios]
else:
    offered = []
titles = {sid: scenario.title for sid, scenario in course.scenarios.items()}  # the learner's words, never an id
print_buttons.worksheet_builder(
    "practice", state.english_course(), offered or list(course.scenarios), offered, titles, language
)
