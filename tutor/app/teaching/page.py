"""The /teach page: without a live teacher's session, only signing in and creating an account
(:mod:`tutor.app.teaching.account`); signed in, the teacher's classes or one class's page, and signing out."""

from __future__ import annotations

import streamlit as st

from tutor.app import state
from tutor.app.markup import md
from tutor.app.session import Key
from tutor.app.teaching import account, class_list, class_page, gate, member_view, redirect
from tutor.app.teaching.routes import SIGN_OUT_PATH
from tutor.i18n import ui
from tutor.progress.db import ProgressUnavailable
from tutor.progress.teachers import sign_out

SIGN_OUT = Key[bool]("teach.sign_out")


def draw(language: str) -> None:
    _ = ui.translator(language)
    st.title(_("Teach"))
    db = state.database()
    try:
        teacher = gate.signed_in()
    except ProgressUnavailable as error:
        st.warning(md(error.words(language)), icon=":material/error:")
        return
    if db is None or teacher is None:
        account.draw(db, language)
        return
    who, out = st.columns([4, 1], vertical_alignment="center")
    # Translators: {name} is the teacher's name.
    who.caption(_("Signed in as **{name}**.", name=md(teacher.name)))
    if out.button(_("Sign out"), key=SIGN_OUT, icon=":material/logout:", width="stretch"):
        sign_out(db, gate.token())  # revoked in the store at once, for every instance; the route clears the cookie
        st.info(_("Signed out."), icon=":material/logout:")
        redirect.go(redirect.route(SIGN_OUT_PATH), _("Continue"))
        return
    raw = st.query_params.get(class_list.QUERY)
    member = st.query_params.get(member_view.MEMBER_PARAM)
    if raw is None:
        class_list.draw(db, teacher, language)
    elif member is not None:  # a member's Progress, read-only (the dashboard links to it)
        member_view.draw(db, teacher, raw, member, language)
    else:
        class_page.draw(db, teacher, raw, language)
