"""Joining a class with its code: the Join page (/join?code=CODE, the link and QR code a teacher shows),
Home's and the sidebar's "Join a class", and the classes the learner is in.

A learner chosen on this browser joins as themselves (their progress stays theirs and now counts for the
class); a guest gives a name, which makes a new learner, chosen and remembered on this browser as "Add and
start" does (the guest's answers so far come along). A name another learner has is refused in one line. Each
try is counted for the client (:func:`tutor.progress.classes.open_class`): wrong codes and too many joins from
one client are slowed down. Joining runs in the button's callback, before the sidebar is drawn, so the sidebar
already shows the learner who joined.
"""

from __future__ import annotations

import streamlit as st

from tutor.app import client, folds, learners, state
from tutor.app.markup import md
from tutor.app.session import Family, Key
from tutor.i18n import ui
from tutor.progress import classes
from tutor.progress.classes import ClassError
from tutor.progress.db import ProgressUnavailable
from tutor.progress.names import NAME_LIMIT, LearnerError
from tutor.progress.store import no_learner

# One set of keys per place the form is drawn ("page", "home", "side").
FORM = "join.{}.form"
CODE = Family[str]("join.{}.code")
NAME = Family[str]("join.{}.name")
GO = Family[bool]("join.{}.go")
ERROR = Family[str | None]("join.{}.error")
DONE = Family[str | None]("join.{}.done")
OPEN = Family[bool]("join.{}.open")  # whether Home's or the sidebar's fold is open
TYPED_LIMIT = 10_000  # a long paste reaches the server, which says in one line what is wrong


def _language() -> str:
    return state.LANGUAGE.value()


def taken(name: str) -> str:
    # Translators: {name} is the name the person typed.
    return ui.gettext(
        _language(),
        "Another learner is already called {name}: add an initial, such as “{name} B.”",
        name=md(name),
    )


def _chosen_learner() -> str | None:
    """The learner chosen on this browser, if any (a guest is nobody yet)."""
    progress = state.progress()  # the session's learner, in household and in shared mode alike
    return None if learners.is_guest(progress) else progress.learner


def _typed(key: Key[str]) -> str:
    value = key.get()
    return value if isinstance(value, str) else ""


def _join(where: str) -> None:
    """The form's callback: join the class with the code typed, as the chosen learner or a new one."""
    ERROR(where).set(None)
    DONE(where).set(None)
    db = state.database()
    language = _language()
    if db is None:
        _refuse(where, ui.gettext(language, "Classes cannot be joined while progress cannot be saved."))
        return
    code = _typed(CODE(where))
    try:
        classes.open_class(db, code, client=client.key())
        name = _chosen_learner()
        if name is None:
            typed = _typed(NAME(where))
            if len(typed) <= NAME_LIMIT * 4 and db.learner_id(" ".join(typed.split())) is not None:
                _refuse(where, taken(" ".join(typed.split())))
                return
            name = db.create_learner(typed)
            learners.choose(name)  # chosen and remembered on this browser; a guest's answers come along
        learner_id = db.learner_id(name)
        if learner_id is None:
            raise ClassError(no_learner(name))
        joined = classes.join(db, code, learner_id)
    except (ClassError, LearnerError, ProgressUnavailable) as error:
        _refuse(where, md(error.words(language)))
        return
    # Translators: {name} is the class's name as its teacher wrote it.
    DONE(where).set(ui.gettext(language, "You are in the class {name}.", name=md(joined.name)))
    CODE(where).set("")
    NAME(where).set("")


def _refuse(where: str, line: str) -> None:
    ERROR(where).set(line)


def form(where: str, code: str = "") -> None:
    """The "Join a class" form (``where`` names its keys: "page", "home" or "side")."""
    _ = ui.translator(_language())
    name = _chosen_learner()
    if code and not CODE(where).is_set():
        CODE(where).set(code)
    with st.form(FORM.format(where), border=False, enter_to_submit=True):
        st.text_input(_("Class code"), key=CODE(where), max_chars=40)
        if name is None:
            st.text_input(_("Your first name"), key=NAME(where), max_chars=TYPED_LIMIT)
            label = _("Join the class")
        else:
            # Translators: {name} is the learner chosen on this browser, e.g. "Join as Maëlle".
            label = _("Join as {name}", name=md(name))
        st.form_submit_button(
            label, key=GO(where), type="primary", on_click=_join, args=(where,), icon=":material/group_add:"
        )
    refused = ERROR(where).get()
    if refused:
        st.error(refused, icon=":material/error:")
    done = DONE(where).get()
    if done:
        st.success(done, icon=":material/check_circle:")


def your_classes(heading: bool = True) -> None:
    """The classes the chosen learner is in (nothing for a guest or a learner in none)."""
    db = state.database()
    name = _chosen_learner()
    if db is None or name is None:
        return
    learner_id = db.learner_id(name)
    joined = [] if learner_id is None else classes.classes_of(db, learner_id)
    if not joined:
        return
    _ = ui.translator(_language())
    if heading:
        st.markdown(_("**Your classes**"))
    st.markdown("\n".join(f"- {md(c.name)}" for c in joined))


def sidebar() -> None:
    """The sidebar's "Join a class", and the learner's classes."""
    if state.database() is None:
        return
    with st.sidebar:
        your_classes()
        _fold("side")


def home() -> None:
    """Home's "Join a class" (the classes the learner is in above it)."""
    if state.database() is None:
        return
    your_classes()
    _fold("home")


def _fold(where: str) -> None:
    """The form in a fold, drawn only while the fold is open (:mod:`tutor.app.folds`)."""
    fold = folds.opened(ui.gettext(_language(), "Join a class"), OPEN(where), ":material/group_add:")
    if fold is not None:
        with fold:
            form(where)
