"""A class's page, /teach?class=<id>: only the signed-in teacher's own class (any other id, theirs or not a
number, is "no such class" and nothing else), with tabs Members, Assignments, Dashboard and Live round."""

from __future__ import annotations

import streamlit as st

from tutor.app.markup import md
from tutor.app.session import Key
from tutor.app.teaching import assign_view, dashboard_view, live_host, members_view
from tutor.app.teaching.class_list import QUERY
from tutor.i18n import native_name, ui
from tutor.progress import classes
from tutor.progress.classes import ClassError, SchoolClass
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

BACK = Key[bool]("teach.class.back")
ID_LIMIT = 18  # digits: more is no row id of ours


def wanted(raw: object) -> int | None:
    """The class id in the address, if it can be one.

    >>> wanted("12"), wanted("-1"), wanted("1e3"), wanted("9" * 40)
    (12, None, None, None)
    """
    if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > ID_LIMIT:
        return None
    return int(raw)


def find(db: ProgressDB, teacher: Teacher, raw: object) -> SchoolClass | None:
    """The teacher's class named by the address; None for anything else (another teacher's included)."""
    class_id = wanted(raw)
    if class_id is None:
        return None
    try:
        return classes.school_class(db, teacher, class_id)
    except ClassError:
        return None


def back() -> None:
    st.query_params.pop(QUERY, None)


def draw(db: ProgressDB, teacher: Teacher, raw: object, language: str) -> None:
    _ = ui.translator(language)
    st.button(_("All your classes"), key=BACK, on_click=back, icon=":material/arrow_back:")
    school_class = find(db, teacher, raw)
    if school_class is None:
        st.error(md(classes.no_such_class().render(language)), icon=":material/error:")
        return
    st.header(md(school_class.name))
    # Translators: under a class's name; {language} is the class's language, named in itself.
    st.caption(_("Class language: {language}", language=native_name(school_class.language)))
    members, assignments, dashboard, live = st.tabs([_("Members"), _("Assignments"), _("Dashboard"), _("Live round")])
    with members:
        members_view.draw(db, teacher, school_class, language)
    with assignments:
        assign_view.draw(db, teacher, school_class, language)
    with dashboard:
        dashboard_view.draw(db, teacher, school_class, language)
    with live:
        live_host.draw(db, teacher, school_class, language)
