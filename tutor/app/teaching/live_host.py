"""Starting a live round: from a class (the class page's Live round tab) or with no class, just a code.

The teacher picks the scenarios (a lesson's, or hand-picked by title), switches the leaderboard on or off and
starts; the panel then lists the teacher's rounds under way, each with "Open the projector" and "End". The
round itself is a row in the store (:mod:`tutor.progress.rounds`): any instance can serve its projector.
"""

from __future__ import annotations

import contextlib

import streamlit as st

from tutor.app import state
from tutor.app.markup import md
from tutor.app.session import Family
from tutor.content.course import Course
from tutor.i18n import ui
from tutor.progress import rounds
from tutor.progress.classes import SchoolClass
from tutor.progress.names import LearnerError
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

LESSON, PICKED = "lesson", "picked"
# One panel per class (and one with no class): each keeps its own choices, under the class's id or "none".
HOW = Family[str]("projector.{}.how")
LESSON_CHOICE = Family[str]("projector.{}.lesson")
SEARCH = Family[str]("projector.{}.search")
CHOSEN = Family[list[str]]("projector.{}.chosen")
BOARD = Family[bool]("projector.{}.board")
START = Family[bool]("projector.{}.start")
END = Family[bool]("projector.{}.end.{}")  # a round's End button, per panel and round
SEARCH_LIMIT = 200  # characters of a title search: anything longer is no title


def scope(school_class: SchoolClass | None) -> str:
    """The panel's part of its widget keys: the class's id, or "none"."""
    return "none" if school_class is None else f"class-{school_class.id}"


def projector_link(round_id: int) -> str:
    """The projector's address for a round, relative to the app's base (as the card pictures' are)."""
    return f"projector?round={round_id}"


def matching(course: Course, search: str) -> list[str]:
    """The ids of the scenarios whose title (in the course's language) holds ``search``, ignoring case; all of
    them for an empty search.

    >>> from tutor.content.course import Course
    >>> matching(Course((), {}, (), 0), "aces")
    []
    """
    wanted = search.strip().casefold()[:SEARCH_LIMIT]
    return [sid for sid, scenario in course.scenarios.items() if wanted in scenario.title.casefold()]


def draw(db: ProgressDB, teacher: Teacher, school_class: SchoolClass | None, language: str) -> None:
    """The panel that starts a round for ``school_class`` (None: a round with no class) and lists the
    teacher's rounds under way."""
    _ = ui.translator(language)
    where = scope(school_class)
    course = state.course()
    # Translators: the heading of the panel that starts a live round (a quiz the room answers on phones).
    st.subheader(_("Start a live round"))
    how = st.segmented_control(
        # Translators: the control choosing where a live round's scenarios come from.
        _("Scenarios"),
        (LESSON, PICKED),
        # Translators: the choices of where a live round's scenarios come from.
        format_func=lambda h: _("A lesson's") if h == LESSON else _("Picked by hand"),
        key=HOW(where),
        required=True,
    )
    chosen = _hand_picked(course, where, _) if how == PICKED else _lessons(course, where, _)
    board = st.toggle(
        # Translators: a switch when starting a live round: show who answered best at the end.
        _("Show a leaderboard at the end"),
        key=BOARD(where),
        help=_("By correct answers, then by speed. Off: only each scenario's share of right answers."),
    )
    count = len(chosen)
    if count:
        st.caption(ui.ngettext(language, "{n} scenario in the round.", "{n} scenarios in the round.", count))
    # Translators: the button that starts a live round.
    if st.button(_("Start the round"), key=START(where), type="primary", disabled=not count):
        try:
            rounds.start_round(
                db, teacher, None if school_class is None else school_class.id, chosen, leaderboard=board
            )
        except LearnerError as refused:  # a class just deleted on another tab, no free code: one line
            st.error(refused.words(language))
    _under_way(db, teacher, where, language)


def _lessons(course: Course, where: str, _: ui.Translator) -> list[str]:
    ids = [lesson.id for lesson in course.lessons]
    if not ids:
        st.caption(_("No lessons yet."))
        return []
    titles = {lesson.id: f"{lesson.order}. {lesson.title}" for lesson in course.lessons}
    choice = st.selectbox(_("Lesson"), ids, format_func=titles.__getitem__, key=LESSON_CHOICE(where))
    lesson = course.lesson(choice) if choice else None
    return [] if lesson is None else [scenario.id for scenario in course.practice(lesson)]


def _hand_picked(course: Course, where: str, _: ui.Translator) -> list[str]:
    # Translators: the box that narrows the list of scenarios to those whose title holds the words typed.
    search = st.text_input(_("Search by title"), key=SEARCH(where), max_chars=SEARCH_LIMIT)
    kept = [sid for sid in CHOSEN(where).get() or [] if sid in course.scenarios]
    found = matching(course, search)
    offered = kept + [sid for sid in found if sid not in kept]  # a picked one stays when the search changes
    if search.strip() and not found:
        st.caption(_("No scenario's title holds these words."))
    picked = st.multiselect(
        # Translators: the list of scenarios picked for a live round, in the order they will be asked.
        _("Scenarios, in order"),
        offered,
        format_func=lambda sid: course.scenarios[sid].title,
        key=CHOSEN(where),
    )
    return [sid for sid in picked if sid in course.scenarios]


def _under_way(db: ProgressDB, teacher: Teacher, where: str, language: str) -> None:
    """The teacher's rounds under way, newest first: the code, where it is, who joined; the projector; End."""
    _ = ui.translator(language)
    going = [live for live in rounds.teacher_rounds(db, teacher) if live.live]
    if not going:
        return
    # Translators: the heading of the list of the teacher's live rounds that have not ended.
    st.subheader(_("Rounds under way"))
    for live in going:
        with st.container(border=True):
            joined = rounds.player_count(db, live.id)
            # Translators: one of the teacher's rounds under way: its join code, then how many joined.
            words = ui.ngettext(language, "Code {code} · {n} joined", "Code {code} · {n} joined", joined,
                                code=live.code)  # fmt: skip
            st.markdown(md(words))
            projector, end = st.columns(2)
            # Translators: the link that opens a round's projector view (in a new tab, for the big screen).
            projector.link_button(_("Open the projector"), projector_link(live.id), type="primary", width="stretch")
            # Translators: the button that ends a live round now.
            end.button(_("End"), key=END(where, live.id), width="stretch", on_click=_end, args=(db, teacher, live.id))


def _end(db: ProgressDB, teacher: Teacher, round_id: int) -> None:
    # ended already (on the projector, or by itself): the list drawn next no longer has it
    with contextlib.suppress(LearnerError):
        rounds.act(db, teacher, round_id, "end")
