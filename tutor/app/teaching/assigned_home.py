"""Home's first section for a class's member: the work their teachers assigned, each with their own progress on
it and a button to start (the lesson's page, Practice on its topic, or Practice on exactly its scenarios)."""

from __future__ import annotations

import time
from datetime import date

import streamlit as st

from tutor.app import state
from tutor.app.markup import md
from tutor.app.session import Family
from tutor.app.teaching import words
from tutor.content.course import Course
from tutor.i18n import ui
from tutor.progress.assignments import (
    DONE,
    LESSON,
    NOT_STARTED,
    TOPIC,
    Assigned,
    answers_by_item,
    assigned_to,
    progress_on,
)
from tutor.progress.base import Progress
from tutor.progress.db import ProgressUnavailable
from tutor.progress.store import SqliteProgress

START = Family[bool]("home.assigned.{}")  # each assignment's button, by its id


def learner_of(progress: Progress) -> int | None:
    """The learner row of the session's progress, a guest's profile too (None in memory: no class holds it)."""
    if isinstance(progress, state.SavedProgress):
        return progress.store.id if progress.store is not None else None
    return progress.id if isinstance(progress, SqliteProgress) else None


def link(assigned: Assigned, course: Course, solved: set[str]) -> tuple[str, dict[str, str]]:
    """Where an assignment is worked on: its lesson's page, Practice on its topic, or Practice on exactly its
    picked scenarios, at the first not yet solved (else the first)."""
    work = assigned.assignment
    if work.what == LESSON:
        return "screens/learn.py", {"lesson": work.target}
    if work.what == TOPIC:
        return "screens/practice.py", {"topic": work.target}
    items = work.items(course)
    first = next((sid for sid in items if sid not in solved), items[0] if items else "")
    return "screens/practice.py", {"scenarios": ",".join(items), "at": first}


def draw(course: Course, progress: Progress, language: str, today: date | None = None) -> None:
    """The member's assignments, due soonest first; nothing at all for a learner in no class."""
    learner, db = learner_of(progress), state.database()
    if learner is None or db is None:
        return
    try:
        found = assigned_to(db, learner)
        if not found:
            return
        items = {a.assignment.id: a.assignment.items(course) for a in found}
        answered = answers_by_item(db, learner, {sid for ids in items.values() for sid in ids})
    except ProgressUnavailable:
        return  # the sidebar says what is wrong with the store; Home goes on without this section
    _ = ui.translator(language)
    day = today or date.fromtimestamp(time.time())
    solved = {sid for sid, a in answered.items() if a.right}
    st.header(_("Your assignments"))
    for assigned in found:
        work = assigned.assignment
        on = progress_on(items[work.id], answered)
        with st.container(border=True):
            named, action = st.columns([4, 1.3], vertical_alignment="center")
            # Translators: {work} is what was assigned ("Lesson 2: Tricks"); {class_name} the class's name.
            named.markdown(
                _(
                    "**{work}**, for {class_name}",
                    work=md(words.title(work, course, language)),
                    class_name=md(assigned.class_name),
                )
            )
            line = [words.status(on, language), words.figures(on, language)]
            due = words.due(work, day, language)
            if due and work.overdue(day) and on.status != DONE:
                named.markdown(f":red[**{md(due)}**] · " + md(" · ".join(line)))  # a word as well as a colour
            else:
                named.caption(" · ".join(line + ([due] if due else [])))
            page, params = link(assigned, course, solved)
            if on.status == NOT_STARTED:
                label = _("Start")
            else:
                # Translators: a button beside an assignment done already, or one under way.
                label = _("Practise again") if on.status == DONE else _("Continue")
            if on.total and action.button(label, key=START(work.id), icon=":material/arrow_forward:", width="stretch"):
                st.switch_page(page, query_params=params)
