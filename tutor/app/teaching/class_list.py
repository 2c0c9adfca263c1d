"""The signed-in teacher's classes: each one's name, language, members and whether it takes joiners, a
button to open it, a form to make a new one, and a live round with no class."""

from __future__ import annotations

import streamlit as st

from tutor.app.markup import md
from tutor.app.session import Family, Key
from tutor.app.teaching import live_host
from tutor.i18n import LANGUAGES, native_name, ui
from tutor.progress import classes
from tutor.progress.classes import ClassError
from tutor.progress.db import ProgressUnavailable
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

QUERY = "class"  # /teach?class=<id>: the class page
FORM = "teach.new_class"
NAME = Key[str]("teach.new_class.name")
LANGUAGE = Key[str]("teach.new_class.language")
CREATE = Key[bool]("teach.new_class.go")
OPEN = Family[bool]("teach.open.{}")  # a class's "Open" button, by class id
TYPED_LIMIT = 1000


def open_class(class_id: int) -> None:
    st.query_params[QUERY] = str(class_id)


def draw(db: ProgressDB, teacher: Teacher, language: str) -> None:
    _ = ui.translator(language)
    st.header(_("Your classes"))
    mine = classes.classes(db, teacher)
    if not mine:
        st.caption(_("No class yet: make one below, then give its code or link to your learners."))
    for school_class in mine:
        with st.container(border=True):
            title, button = st.columns([4, 1], vertical_alignment="center")
            count = len(classes.members(db, teacher, school_class.id))
            state = _("open to joiners") if school_class.joinable else _("closed to joiners")
            title.markdown(f"**{md(school_class.name)}**")
            # Translators: under a class's name: its language, members and whether new learners can join.
            title.caption(
                ui.ngettext(
                    language,
                    "{language} · {n} member · {state}",
                    "{language} · {n} members · {state}",
                    count,
                    language=native_name(school_class.language),
                    state=state,
                )
            )
            button.button(
                _("Open"),
                key=OPEN(school_class.id),
                on_click=open_class,
                args=(school_class.id,),
                icon=":material/arrow_forward:",
                help=_("Members, join code, assignments, dashboard and live round"),
                width="stretch",
            )
    st.subheader(_("New class"))
    with st.form(FORM, clear_on_submit=True, enter_to_submit=True):
        name = st.text_input(_("Class name"), key=NAME, max_chars=TYPED_LIMIT, placeholder=_("Thursday club"))
        chosen = st.selectbox(
            _("Language of the class"),
            LANGUAGES,
            index=LANGUAGES.index(language) if language in LANGUAGES else 0,
            format_func=native_name,
            key=LANGUAGE,
        )
        made = st.form_submit_button(_("Create the class"), key=CREATE, type="primary", icon=":material/add:")
    if made:
        try:
            school_class = classes.create_class(db, teacher, name, chosen)
        except (ClassError, ProgressUnavailable) as error:
            st.error(md(error.words(language)), icon=":material/error:")
        else:
            open_class(school_class.id)
            st.rerun()
    live_host.draw(db, teacher, None, language)
