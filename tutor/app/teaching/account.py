"""What /teach shows without a live teacher's session: signing in, and creating a teacher account.

A password checked here (:func:`~tutor.progress.teachers.check_sign_in`, slowed down per name and per client)
gives a one-time ticket, and so does a new account (its creation counted and slowed down per client as
sign-ins are); the browser goes to the server's route that turns the ticket into the session cookie
(:mod:`tutor.app.teaching.routes`): the page never sees the session token.
"""

from __future__ import annotations

import streamlit as st

from tutor.app import client
from tutor.app.markup import md
from tutor.app.session import Key
from tutor.app.teaching import redirect
from tutor.app.teaching.routes import SESSION_PATH
from tutor.i18n import ui
from tutor.progress import tickets
from tutor.progress.db import ProgressUnavailable
from tutor.progress.names import LearnerError
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import PASSWORD_MIN, Teacher, TeacherError, check_sign_in, create_teacher

SIGN_IN_FORM = "teach.sign_in"
NAME = Key[str]("teach.sign_in.name")
PASSWORD = Key[str]("teach.sign_in.password")
SIGN_IN = Key[bool]("teach.sign_in.go")
CREATE_FORM = "teach.create"
NEW_NAME = Key[str]("teach.create.name")
NEW_PASSWORD = Key[str]("teach.create.password")
AGAIN = Key[str]("teach.create.again")
CREATE = Key[bool]("teach.create.go")
TYPED_LIMIT = 2000  # more than any name or password allowed: the store's checks say what is wrong


def _continue(db: ProgressDB, teacher: Teacher, language: str) -> None:
    _ = ui.translator(language)
    ticket = tickets.issue(db, teacher)
    st.success(_("Signed in as {name}.", name=md(teacher.name)), icon=":material/check_circle:")
    redirect.go(redirect.route(SESSION_PATH, f"ticket={ticket}"), _("Continue"))


def draw(db: ProgressDB | None, language: str) -> None:
    """The sign-in form and the new account form (nothing else of the teacher's pages)."""
    _ = ui.translator(language)
    if db is None:
        st.warning(_("The progress store cannot be used, so teachers cannot sign in now."), icon=":material/error:")
        return
    sign_in, create = st.columns(2, gap="large")
    with sign_in:
        st.header(_("Sign in"))
        with st.form(SIGN_IN_FORM, enter_to_submit=True):
            name = st.text_input(_("Teacher's name"), key=NAME, max_chars=TYPED_LIMIT, autocomplete="username")
            password = st.text_input(
                _("Password"), key=PASSWORD, type="password", max_chars=TYPED_LIMIT, autocomplete="current-password"
            )
            signing_in = st.form_submit_button(_("Sign in"), key=SIGN_IN, type="primary", icon=":material/login:")
        if signing_in:
            try:
                teacher = check_sign_in(db, name, password, client=client.key())
            except (TeacherError, LearnerError) as error:
                st.error(md(error.words(language)), icon=":material/error:")
            except ProgressUnavailable as error:
                st.error(md(error.words(language)), icon=":material/error:")
            else:
                _continue(db, teacher, language)
    with create:
        st.header(_("Create a teacher account"))
        with st.form(CREATE_FORM, enter_to_submit=True):
            new_name = st.text_input(_("Teacher's name"), key=NEW_NAME, max_chars=TYPED_LIMIT, autocomplete="off")
            new_password = st.text_input(
                _("Password"),
                key=NEW_PASSWORD,
                type="password",
                max_chars=TYPED_LIMIT,
                autocomplete="new-password",
                help=_("At least {limit} characters.", limit=PASSWORD_MIN),
            )
            again = st.text_input(
                _("The same password again"),
                key=AGAIN,
                type="password",
                max_chars=TYPED_LIMIT,
                autocomplete="new-password",
            )
            creating = st.form_submit_button(_("Create the account"), key=CREATE, icon=":material/person_add:")
        if creating:
            if new_password != again:
                st.error(_("The two passwords differ: type the same one twice."), icon=":material/error:")
                return
            try:
                teacher = create_teacher(db, new_name, new_password, client=client.key())
            except (TeacherError, LearnerError) as error:
                st.error(md(error.words(language)), icon=":material/error:")
            except ProgressUnavailable as error:
                st.error(md(error.words(language)), icon=":material/error:")
            else:
                _continue(db, teacher, language)
