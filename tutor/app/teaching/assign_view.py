"""A class's assignments, as its teacher sets them (the class page's Assignments tab): a lesson, a topic, or
scenarios picked one by one (found by title, narrowed by kind and by lesson), with an optional due date; and
the list of the class's assignments, each with a button to remove it."""

from __future__ import annotations

import time
import unicodedata
from datetime import date, timedelta

import streamlit as st

from tutor.app import quiz, state
from tutor.app.markup import md
from tutor.app.session import Family
from tutor.app.teaching import words
from tutor.content.course import Course
from tutor.content.scenario import Scenario
from tutor.i18n import ui
from tutor.progress.assignments import LESSON, TOPIC, WHATS, assign, assignments, remove_assignment
from tutor.progress.classes import SchoolClass
from tutor.progress.db import ProgressUnavailable
from tutor.progress.names import LearnerError
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

# Each class's own widgets (a teacher may open several classes in one session), by class id.
WHAT = Family[str]("teach.assign.{}.what")
LESSON_CHOICE = Family[str]("teach.assign.{}.lesson")
TOPIC_CHOICE = Family[str]("teach.assign.{}.topic")
SEARCH = Family[str]("teach.assign.{}.search")
KIND = Family[str]("teach.assign.{}.kind")
IN_LESSON = Family[str]("teach.assign.{}.in-lesson")
PICKS = Family[list[str]]("teach.assign.{}.picks")
DATED = Family[bool]("teach.assign.{}.dated")
DUE = Family[date]("teach.assign.{}.due")
ADD = Family[bool]("teach.assign.{}.add")
REMOVE = Family[bool]("teach.assign.{}.remove.{}")
SAID = Family[tuple[bool, str]]("teach.assign.{}.said")  # the last add's or removal's outcome, to show once
ANY = ""  # the filters' "any kind", "any lesson"
SEARCH_LIMIT = 200  # characters of a title search


def folded(text: str) -> str:
    """A title as searched: case and accents aside ("Élise" finds "elise")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def matching(course: Course, search: str, kind: str, lesson_id: str) -> list[Scenario]:
    """The course's scenarios whose title holds ``search``, of ``kind`` and in the lesson ``lesson_id`` (either
    filter :data:`ANY`), in the course's order."""
    wanted = folded(search.strip()[:SEARCH_LIMIT])
    lesson = course.lesson(lesson_id) if lesson_id else None
    inside = set(lesson.scenarios) if lesson is not None else None
    return [
        s
        for s in course.scenarios.values()
        if (not wanted or wanted in folded(s.title))
        and (kind == ANY or s.kind == kind)
        and (inside is None or s.id in inside)
    ]


def _what_name(what: str, lang: str) -> str:
    if what == LESSON:
        return ui.pgettext(lang, "what to assign", "A lesson")
    if what == TOPIC:
        return ui.pgettext(lang, "what to assign", "A topic")
    return ui.pgettext(lang, "what to assign", "Chosen scenarios")


def _chooser(course: Course, class_id: int, lang: str) -> tuple[str, str, list[str]]:
    """The widgets choosing what to assign: (what, the lesson's or topic's id, the picked scenarios)."""
    _ = ui.translator(lang)
    what = (
        st.segmented_control(
            _("What to assign"),
            WHATS,
            format_func=lambda w: _what_name(w, lang),
            key=WHAT(class_id),
            default=LESSON,
            required=True,
        )
        or LESSON
    )
    if what == LESSON:
        titles = {ls.id: _("Lesson {number}: {title}", number=ls.order, title=ls.title) for ls in course.lessons}
        if not titles:
            st.caption(_("No lessons yet."))
            return what, "", []
        choice = st.selectbox(_("Lesson"), list(titles), format_func=titles.__getitem__, key=LESSON_CHOICE(class_id))
        return what, choice or "", []
    if what == TOPIC:
        counts = {t: len(s) for t, s in course.topics.items()}
        choice = st.selectbox(
            _("Topic"),
            sorted(counts),
            format_func=lambda t: _("{topic} ({count})", topic=quiz.topic_title(t, lang), count=counts[t]),
            key=TOPIC_CHOICE(class_id),
        )
        return what, choice or "", []
    search = st.text_input(_("Search the titles"), key=SEARCH(class_id), max_chars=SEARCH_LIMIT)
    by_kind, by_lesson = st.columns(2)
    kinds = [ANY, *sorted({s.kind for s in course.scenarios.values()})]
    with by_kind:
        kind = st.selectbox(
            _("Kind"),
            kinds,
            format_func=lambda k: _("Any kind") if k == ANY else quiz.kind_name(k, lang),
            key=KIND(class_id),
        )
    lessons = {ANY: _("Any lesson")} | {
        ls.id: _("Lesson {number}: {title}", number=ls.order, title=ls.title) for ls in course.lessons
    }
    with by_lesson:
        lesson_id = st.selectbox(
            _("In lesson"), list(lessons), format_func=lessons.__getitem__, key=IN_LESSON(class_id)
        )
    found = matching(course, search or "", kind or ANY, lesson_id or ANY)
    kept = [sid for sid in PICKS(class_id).get() or [] if sid in course.scenarios]
    # The picks stay offered whatever the filters: narrowing the list never drops a scenario chosen before.
    offered = kept + [s.id for s in found if s.id not in kept]
    titles = {sid: course.scenarios[sid].title for sid in offered}
    picked = st.multiselect(
        _("Scenarios"),
        offered,
        format_func=titles.__getitem__,
        key=PICKS(class_id),
        placeholder=_("Choose scenarios"),
    )
    # Translators: how many scenarios the search and the filters found.
    st.caption(ui.ngettext(lang, "{n} scenario found.", "{n} scenarios found.", len(found)))
    return what, "", list(picked)


def draw(db: ProgressDB, teacher: Teacher, school_class: SchoolClass, language: str) -> None:
    """The Assignments tab of ``school_class``."""
    _ = ui.translator(language)
    course = state.course()
    cid = school_class.id
    st.subheader(_("Assign work"))
    what, target, picked = _chooser(course, cid, language)
    dated = st.toggle(_("Set a due date"), key=DATED(cid))
    due: date | None = None
    if dated:
        today = date.fromtimestamp(time.time())
        due = st.date_input(_("Due date"), value=today + timedelta(days=7), min_value=today, key=DUE(cid))
    if st.button(_("Assign to the class"), key=ADD(cid), type="primary", icon=":material/assignment_add:"):
        try:
            made = assign(
                db, teacher, cid, what, target, picked, due=due if isinstance(due, date) else None, course=course
            )
        except (LearnerError, ProgressUnavailable) as error:
            SAID(cid).set((False, error.words(language)))
        else:
            # Translators: {work} is what was assigned, e.g. "Lesson 2: Tricks".
            SAID(cid).set((True, _("Assigned: {work}.", work=words.title(made, course, language))))
    said = SAID(cid).get()
    if said is not None:
        ok, text = said
        (st.success if ok else st.error)(md(text))

    st.subheader(_("The class's assignments"))
    try:
        listed = assignments(db, teacher, cid)
    except (LearnerError, ProgressUnavailable) as error:
        st.error(md(error.words(language)))
        return
    if not listed:
        st.caption(_("Nothing assigned yet."))
        return
    today = date.fromtimestamp(time.time())
    for work in listed:
        named, action = st.columns([5, 1.3], vertical_alignment="center")
        count = len(work.items(course))
        line = [ui.ngettext(language, "{n} scenario", "{n} scenarios", count)]
        due_words = words.due(work, today, language)
        if due_words:
            line.append(due_words)
        named.markdown(f"**{md(words.title(work, course, language))}**  \n{md(' · '.join(line))}")
        # Translators: a button removing one assignment from the class (its answers stay the members').
        if action.button(_("Remove"), key=REMOVE(cid, work.id), icon=":material/delete:", width="stretch"):
            try:
                remove_assignment(db, teacher, work.id)
            except (LearnerError, ProgressUnavailable) as error:
                SAID(cid).set((False, error.words(language)))
            else:
                # Translators: {work} is the assignment removed, e.g. "Lesson 2: Tricks".
                SAID(cid).set((True, _("Removed: {work}.", work=words.title(work, course, language))))
            st.rerun()
