"""The learner block of the sidebar on a shared server (:mod:`tutor.app.shared_mode`): nobody is listed.

A learner is whoever this browser remembers (:mod:`tutor.progress.browsers`, through the HttpOnly cookie). A
guest can add a name nobody has yet ("Add and start") or come back as themselves with their name and PIN
("I have been here before", :func:`tutor.progress.pins.come_back`, slowed down after a few wrong tries). A
learner can set a PIN; one who has none is told, once, that without it they can come back only on this
browser. The household sidebar (:func:`tutor.app.learners.sidebar`) is untouched.
"""

from __future__ import annotations

from contextlib import suppress

import streamlit as st

from tutor.app import client, guest, learners, state
from tutor.app.markup import md
from tutor.app.session import Key
from tutor.i18n import ui
from tutor.progress import pins, settings
from tutor.progress.base import Progress
from tutor.progress.db import ProgressUnavailable
from tutor.progress.store import LearnerError, ProgressDB

BACK_FORM = "learner.back.form"  # "I have been here before" (a form's key names no session state)
BACK_NAME = Key[str]("learner.back.name")
BACK_PIN = Key[str]("learner.back.pin")
BACK = Key[bool]("learner.back.go")
BACK_ERROR = Key[str | None]("learner.back.error")
PIN_FORM = "learner.pin.form"  # setting one's PIN
PIN = Key[str]("learner.pin.new")
PIN_AGAIN = Key[str]("learner.pin.again")
PIN_SET = Key[bool]("learner.pin.set")
PIN_ERROR = Key[str | None]("learner.pin.error")
PIN_DONE = Key[str]("learner.pin.done")  # "Your PIN is set": said once
# Whether the learner has a PIN, for the store's version it was read at (read again after any write)
HAS_PIN = Key[tuple[tuple[int, int] | None, int, bool]]("learner.pin.has")
TOLD_NOW = Key[str]("learner.pin.told")  # the learner told this session that without a PIN they cannot come back
TOLD = "shared.pin-told"  # the learner's setting: told once, never again
NOT_YOU = Key[bool]("learner.shared.not_you")
PIN_CHARS = 4 * pins.PIN_MAX  # room for spaces typed between the digits; a PIN is checked on the server


def _language() -> str:
    return str(state.LANGUAGE.value())


# --- callbacks -----------------------------------------------------------------------------------------------


def come_back() -> None:
    """ "Come back": the name and PIN typed, checked (slowed down after wrong tries); if right, this browser goes
    on as that learner, with anything done here as a guest."""
    db = state.database()
    if db is None:
        return
    try:
        name = pins.come_back(db, BACK_NAME.get() or "", BACK_PIN.get() or "", client=client.key())
    except (LearnerError, ProgressUnavailable) as error:
        BACK_ERROR.set(error.words(_language()))
        BACK_PIN.set("")
        return
    BACK_ERROR.set(None)
    BACK_NAME.set("")
    BACK_PIN.set("")
    learners.choose(name)


def keep_pin() -> None:
    """ "Keep this PIN": the learner's new PIN, typed twice."""
    db = state.database()
    store = state.saved_store(state.progress())
    _ = ui.translator(_language())
    typed, again = PIN.get() or "", PIN_AGAIN.get() or ""
    PIN.set("")
    PIN_AGAIN.set("")
    if db is None or store is None:
        PIN_ERROR.set(_("Your PIN can be set once your progress is saved again."))
        return
    if pins.typed_pin(typed) is not None and pins.typed_pin(typed) != pins.typed_pin(again):
        PIN_ERROR.set(_("The two PINs differ: type the same PIN twice."))
        return
    try:
        pins.set_pin(db, store.id, typed)
    except (LearnerError, ProgressUnavailable) as error:
        PIN_ERROR.set(error.words(_.lang))
        return
    PIN_ERROR.set(None)
    PIN_DONE.set(_("Your PIN is set: on another device, choose “I have been here before”."))


# --- drawing -------------------------------------------------------------------------------------------------


def has_pin(db: ProgressDB, learner_id: int) -> bool:
    """Whether the learner has a PIN: read again only after this or another session wrote to the store."""
    version = db.changes()
    cached = HAS_PIN.get()
    if cached is None or version is None or cached[0] != version or cached[1] != learner_id:
        cached = (version, learner_id, pins.has_pin(db, learner_id))
        HAS_PIN.set(cached)
    return cached[2]


def sidebar() -> None:
    """The learner block of a shared server's sidebar."""
    db = state.database()
    current = state.progress()
    language = _language()
    written = state.retry()
    problem = state.problem(language)
    with st.sidebar:
        learners.said(problem, written)
        if db is None or problem is not None:
            learners.unsaved(current)
            return
        wanted = None if learners.is_guest(current) else current.learner
        if learners.CHOICE.get() != wanted:
            learners.CHOICE.set(wanted)  # the name other pages default to (the Play page's)
        if learners.is_guest(current):
            _guest(language)
        else:
            _learner(db, current, language)


def _guest(language: str) -> None:
    _ = ui.translator(language)
    st.caption(
        _(
            "Practising as a guest: your answers are kept in this browser. Add your name to keep them for good; "
            "everything so far comes with you."
        )
    )
    guest.remember(language)
    refused = learners.ERROR.get()
    with st.expander(_("New here? Add your name"), expanded=True, icon=":material/person_add:"):
        with st.form(learners.FORM, border=False, enter_to_submit=True):
            st.text_input(_("Name"), key=learners.NEW, max_chars=learners.TYPED_LIMIT, placeholder=_("Your first name"))
            st.form_submit_button(
                _("Add and start"), key=learners.CREATE, on_click=learners.create, icon=":material/add:"
            )
        if refused:
            st.error(md(refused), icon=":material/error:")
    wrong = BACK_ERROR.get()
    with st.expander(_("I have been here before"), expanded=bool(wrong), icon=":material/login:"):
        st.caption(_("On another device, your name and your PIN bring back your progress."))
        with st.form(BACK_FORM, border=False, enter_to_submit=True):
            st.text_input(_("Your name"), key=BACK_NAME, max_chars=learners.TYPED_LIMIT)
            st.text_input(_("Your PIN"), key=BACK_PIN, type="password", max_chars=PIN_CHARS)
            st.form_submit_button(_("Come back"), key=BACK, on_click=come_back, icon=":material/login:")
        if wrong:
            st.error(md(wrong), icon=":material/error:")


def _learner(db: ProgressDB, current: Progress, language: str) -> None:
    _ = ui.translator(language)
    name = md(current.learner)
    # Translators: {name} is the learner's name as they typed it.
    st.caption(_("**{name}**: your progress is saved on this server.", name=name))
    if guest.token() is not None:
        # Translators: {name} is the learner's name as they typed it.
        st.caption(_("This browser remembers you: a reload or a link goes on as **{name}**.", name=name))
    store = state.saved_store(current)
    with_pin = store is not None and has_pin(db, store.id)
    if store is not None and not with_pin and _tell_once(db, current.learner):
        st.info(
            _("Without a PIN you can come back only on this browser. Set one below to come back on another device."),
            icon=":material/info:",
        )
    done = PIN_DONE.pop()
    if done:
        st.success(done, icon=":material/password:")
    wrong = PIN_ERROR.get()
    title = _("Change your PIN") if with_pin else _("Set a PIN")
    with st.expander(title, expanded=bool(wrong), icon=":material/password:"):
        st.caption(_("{low} to {high} digits, to come back on another device.", low=pins.PIN_MIN, high=pins.PIN_MAX))
        with st.form(PIN_FORM, border=False, enter_to_submit=True):
            st.text_input(_("New PIN"), key=PIN, type="password", max_chars=PIN_CHARS)
            st.text_input(_("The same PIN again"), key=PIN_AGAIN, type="password", max_chars=PIN_CHARS)
            st.form_submit_button(_("Keep this PIN"), key=PIN_SET, on_click=keep_pin, icon=":material/check:")
        if wrong:
            st.error(md(wrong), icon=":material/error:")
    st.button(_("Not you?"), key=NOT_YOU, on_click=_not_you, icon=":material/logout:")


def _not_you() -> None:
    PIN_ERROR.set(None)
    learners.not_you()


def _tell_once(db: ProgressDB, learner: str) -> bool:
    """Whether to tell ``learner`` now that without a PIN they come back only here: in the first session that
    finds them without one (all that session long), never after."""
    if TOLD_NOW.get() == learner:
        return True
    with suppress(ProgressUnavailable, LearnerError):
        if settings.setting(db, learner, TOLD) is None:
            settings.set_setting(db, learner, TOLD, "1")
            TOLD_NOW.set(learner)
            return True
    return False
