"""Practice: pick a lesson, a topic, everything mixed, or endless generated scenarios; predict, check, learn why.

Deep links: ``?scenario=<id>`` starts at that scenario (within its lesson, else its topic), ``?lesson=<id>``,
``?topic=<slug>``, ``?mode=endless&kind=<kind>``.
"""

from __future__ import annotations

import random

import streamlit as st

from tutor.app import course_map, lang, quiz, saved_deals, state, views

PREFIX = "practice"
EVERYTHING = f"{PREFIX}.everything"  # Mixed and Endless beyond what the lessons have taught
course = state.course()
ss = st.session_state
lesson_ids = [lesson.id for lesson in course.lessons]
topics = sorted(course.topics)
MODES = (*quiz.MODES, saved_deals.MODE)  # "My deals": the deals saved from Play a game


def _from_query_params() -> None:
    """Apply a deep link once (the widgets keep the learner's later choices)."""
    params = {k: v for k, v in st.query_params.to_dict().items() if k != lang.PARAM}  # the language stays
    if not params:
        ss.pop(f"{PREFIX}.linked", None)  # the URL is clean again: the same link followed later applies anew
        return
    wanted = "&".join(f"{k}={v}" for k, v in sorted(params.items()))
    if ss.get(f"{PREFIX}.linked") == wanted:
        return
    ss[f"{PREFIX}.linked"] = wanted
    for key in params:
        del st.query_params[key]  # applied once: a rerun or reload does not jump back to it
    sid = params.get("scenario")
    if sid in course.scenarios:
        scenario = course.scenarios[sid]
        lesson = course.lesson_of(sid)
        if lesson:
            ss[f"{PREFIX}.mode"], ss[f"{PREFIX}.lesson"] = "Lesson", lesson.id
        else:
            ss[f"{PREFIX}.mode"], ss[f"{PREFIX}.topic"] = "Topic", scenario.topic
        queue = quiz.build_queue(course, ss[f"{PREFIX}.mode"], lesson.id if lesson else scenario.topic, _seed())
        queue.position = quiz.ids(queue.items).index(sid)
        ss[f"{PREFIX}.queue"] = queue
    elif params.get("lesson") in lesson_ids:
        ss[f"{PREFIX}.mode"], ss[f"{PREFIX}.lesson"] = "Lesson", params["lesson"]
    elif params.get("topic") in topics:
        ss[f"{PREFIX}.mode"], ss[f"{PREFIX}.topic"] = "Topic", params["topic"]
    elif params.get("mode", "").capitalize() in quiz.MODES:
        ss[f"{PREFIX}.mode"] = params["mode"].capitalize()
        if params.get("kind") in quiz.ENDLESS_KINDS:
            ss[f"{PREFIX}.kind"] = params["kind"]
            if params["kind"] not in quiz.taught(course, state.progress()).kinds | {quiz.ANY}:
                ss[EVERYTHING] = True  # a link to a kind the lessons have not reached yet still opens it


def _lessons_named(scope: quiz.Scope) -> str:
    """``lesson 1`` or ``lessons 1, 2 and 3`` (what Mixed and Endless keep to)."""
    orders = [str(lesson.order) for lesson in course.lessons if lesson.id in scope.lessons]
    if len(orders) == 1:
        return f"lesson {orders[0]}"
    return f"lessons {', '.join(orders[:-1])} and {orders[-1]}"


def _seed() -> int:
    if f"{PREFIX}.seed" not in ss:
        ss[f"{PREFIX}.seed"] = random.randrange(1_000_000)
    return ss[f"{PREFIX}.seed"]


def _next() -> None:
    ss[f"{PREFIX}.queue"].advance()


def _again() -> None:
    ss[f"{PREFIX}.queue"].restart(course)


_from_query_params()
views.style()
tally = quiz.score(PREFIX)
st.title("Practice")

# --- what to practise ------------------------------------------------------------------------------------------
ss.setdefault(f"{PREFIX}.mode", "Mixed")
ss[course_map.LAST] = course_map.PRACTICE  # Home's Continue comes back here
taught = quiz.taught(course, state.progress())
# Mixed and Endless keep to what the lessons have taught unless widened (the toggle is drawn below them)
widened = ss.get(f"{PREFIX}.mode") not in ("Mixed", "Endless") or ss.get(EVERYTHING)
scope = None if widened or not taught.lessons else taught
pick, which = st.columns([2, 3], vertical_alignment="bottom")
with pick:
    mode = (
        st.segmented_control("Practise", MODES, key=f"{PREFIX}.mode", persist_state="session", required=True) or "Mixed"
    )
with which:
    if mode == "Lesson":
        if lesson_ids:
            titles = {lesson.id: f"{lesson.order}. {lesson.title}" for lesson in course.lessons}
            choice = st.selectbox(
                "Lesson", lesson_ids, format_func=titles.__getitem__, key=f"{PREFIX}.lesson", persist_state="session"
            )
        else:
            choice = ""
            st.caption("No lessons yet.")
    elif mode == "Topic":
        counts = {t: len(course.topics[t]) for t in topics}
        choice = st.selectbox(
            "Topic",
            topics,
            format_func=lambda t: f"{quiz.topic_title(t)} ({counts[t]})",
            key=f"{PREFIX}.topic",
            persist_state="session",
        )
    elif mode == "Endless":
        kinds = quiz.ENDLESS_KINDS if scope is None else (quiz.ANY, *(k for k in quiz.KINDS if k in scope.kinds))
        choice = st.selectbox(
            "Kind",
            kinds,
            format_func=quiz.KIND_NAMES.__getitem__,
            key=f"{PREFIX}.kind",
            persist_state="session",
        )
    elif mode == saved_deals.MODE:
        choice = ""
        saved_deals.my_deals(PREFIX, _seed())  # reads the folder once, into the queue below
    else:
        choice = ""
        if scope is None:
            st.caption(f"All {len(course.scenarios)} scenarios of the course, shuffled, easier ones first.")
        else:
            count = len(quiz.mixed_queue(course, 0, scope.topics))
            st.caption(f"The {count} scenarios of {_lessons_named(scope)}, shuffled, easier ones first.")

if mode in ("Mixed", "Endless") and taught.lessons:
    st.toggle(
        "Everything, not only what the lessons have covered",
        key=EVERYTHING,
        persist_state="session",
        help="Off: the lessons you have done and the next one. On: the whole course.",
    )

queue: quiz.Queue | None = ss.get(f"{PREFIX}.queue")
if queue is None or (queue.mode, queue.choice, queue.scope) != (mode, choice or "", scope):
    queue = quiz.build_queue(course, mode, choice or "", _seed(), scope)
    ss[f"{PREFIX}.queue"] = queue


if mode == "Endless":
    kept = "" if scope is None else f" of the kinds in {_lessons_named(scope)}"
    st.caption(f"New scenarios{kept} made by the engine on the spot, as many as you like.")

# --- the scenario ------------------------------------------------------------------------------------------------
scenario = queue.current
if not queue.items:
    st.info("There are no scenarios here yet. Pick another lesson or topic, or try Mixed or Endless.")
elif scenario is None:
    st.success(f"You have worked through all {len(queue.items)} scenarios of this set. {tally.text}.")
    st.button("Start again", key=f"{PREFIX}.again", on_click=_again, type="primary")
else:
    where = "Endless" if mode == "Endless" else f"Scenario {queue.position + 1} of {len(queue.items)}"
    # A fragment: Submit, Try again and A similar one redraw only the scenario, not the page around it.
    follow = quiz.FollowUps("Next scenario →", _next, course=course, tally=True)
    quiz.play(PREFIX, scenario, queue.token, where, follow=follow, isolated=True)
