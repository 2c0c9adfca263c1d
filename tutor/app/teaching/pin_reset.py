"""A teacher clears a member's PIN (the class page's members list calls :func:`button` beside each member):
"Reset PIN", a confirmation, then "PIN cleared: Maëlle can set a new one". The member comes back on this
browser as before and sets a new PIN; nobody else's is touched (:func:`tutor.progress.pins.reset_pin` checks
that the learner is a member of one of this teacher's classes)."""

from __future__ import annotations

import streamlit as st

from tutor.app import state
from tutor.app.markup import md
from tutor.app.session import Family
from tutor.i18n import ui
from tutor.progress import pins
from tutor.progress.classes import ClassError, members
from tutor.progress.db import ProgressUnavailable
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

# Under the caller's key (a page's prefix: the class page's members list)
ASKING = Family[bool]("{}.asking")  # the confirmation is on screen
YES = Family[bool]("{}.yes")
NO = Family[bool]("{}.no")
CLEARED = Family[str]("{}.cleared")  # "PIN cleared: ...": shown until the next click
REFUSED = Family[str]("{}.refused")  # why it could not be cleared: likewise


def _name(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int) -> str | None:
    """The member's name, as the teacher may see it; None if they are not in this teacher's class."""
    try:
        return next((m.name for m in members(db, teacher, class_id) if m.learner_id == learner_id), None)
    except ClassError:
        return None


def _clear(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int, key: str, lang: str) -> None:
    ASKING(key).set(False)
    try:
        pins.reset_pin(db, teacher, class_id, learner_id)
    except (ClassError, ProgressUnavailable) as error:
        REFUSED(key).set(error.words(lang))
        return
    name = _name(db, teacher, class_id, learner_id) or ""
    # Translators: {name} is the learner's name as they typed it.
    CLEARED(key).set(ui.gettext(lang, "PIN cleared: {name} can set a new one.", name=name))


def button(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int, key: str) -> None:
    """The "Reset PIN" button of one member of ``teacher``'s class ``class_id``, keyed under ``key`` (a key of
    the caller's page, unique per member)."""
    lang = str(state.LANGUAGE.value())
    _ = ui.translator(lang)
    if ASKING(key).get():
        name = _name(db, teacher, class_id, learner_id)
        if name is None:
            ASKING(key).set(False)
            st.error(md(_("This learner is not a member of this class.")), icon=":material/error:")
            return
        # Translators: {name} is the learner's name as they typed it.
        st.warning(
            _(
                "Clear {name}'s PIN? {name} goes on as before on their own browser and sets a new PIN there; "
                "the old one no longer works.",
                name=md(name),
            ),
            icon=":material/lock_reset:",
        )
        yes, no = st.columns(2)
        yes.button(
            _("Yes, clear the PIN"),
            key=YES(key),
            type="primary",
            on_click=_clear,
            args=(db, teacher, class_id, learner_id, key, lang),
            icon=":material/lock_reset:",
        )
        no.button(_("Cancel"), key=NO(key), on_click=ASKING(key).set, args=(False,))
        return
    st.button(_("Reset PIN"), key=key, on_click=_ask, args=(key,), icon=":material/lock_reset:")
    refused, cleared = REFUSED(key).get(), CLEARED(key).get()
    if refused:
        st.error(md(refused), icon=":material/error:")
    elif cleared:
        st.success(md(cleared), icon=":material/lock_open:")


def _ask(key: str) -> None:
    REFUSED(key).pop()
    CLEARED(key).pop()
    ASKING(key).set(True)
