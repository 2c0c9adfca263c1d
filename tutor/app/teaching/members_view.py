"""A class's Members tab: the join code in large type, the join link and its QR code, the class's own
buttons (new code, close or open to joiners, rename, delete), and the members, each with their own buttons
(remove from the class; delete the learner and their answers, after a confirmation that names them and
counts the answers)."""

from __future__ import annotations

import html
from datetime import UTC, datetime

import streamlit as st
from babel.dates import format_date

from tutor.app import shared_mode
from tutor.app.markup import escape, md
from tutor.app.qr import qr_svg
from tutor.app.session import Family, Key
from tutor.app.teaching import links, pin_reset
from tutor.i18n import ui
from tutor.progress import classes
from tutor.progress.classes import ClassError, Member, SchoolClass
from tutor.progress.db import ProgressUnavailable
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

NEW_CODE = Key[bool]("teach.class.new_code")
JOINABLE = Key[bool]("teach.class.joinable")
RENAME_FORM = "teach.class.rename"
RENAMED = Key[str]("teach.class.rename.name")
RENAME = Key[bool]("teach.class.rename.go")
DELETE = Key[bool]("teach.class.delete")
DELETE_SURE = Key[int | None]("teach.class.delete_sure")  # the class whose deletion waits for a yes
DELETE_YES = Key[bool]("teach.class.delete_yes")
DELETE_NO = Key[bool]("teach.class.delete_no")
REMOVE = Family[bool]("teach.member.{}.remove")  # by learner id
FORGET = Family[bool]("teach.member.{}.delete")
PIN = Family[bool]("teach.member.{}.pin")  # the member's "Reset PIN" (tutor.app.teaching.pin_reset)
FORGET_SURE = Key[int | None]("teach.member.delete_sure")  # the member whose deletion waits for a yes
FORGET_YES = Key[bool]("teach.member.delete_yes")
FORGET_NO = Key[bool]("teach.member.delete_no")
SAID = Key[str | None]("teach.class.said")  # what the last button did, said once
TYPED_LIMIT = 1000

QR_SIZE = 240  # px: the Members tab's QR code, the width its box had before
CODE_STYLE = (
    "font-family:ui-monospace,monospace;font-size:clamp(2.5rem,9vw,4.5rem);font-weight:700;letter-spacing:0.12em;"
    "margin:0;line-height:1.1;color:#1a1a1a"
)


def _code(school_class: SchoolClass, language: str) -> None:
    _ = ui.translator(language)
    spelled = " ".join(school_class.code)  # a screen reader says each character
    st.html(
        f'<p style="{CODE_STYLE}" role="img" aria-label="{escape(_("Join code: {code}", code=spelled))}">'
        f"{html.escape(school_class.code)}</p>"
    )


def _link(school_class: SchoolClass, language: str) -> None:
    _ = ui.translator(language)
    link = links.join_link(links.browser_base(), school_class.code)
    st.markdown(_("**Join link**: learners open it, or scan the QR code, and give their name."))
    st.code(link, language=None)
    # Translators: the QR code's name for a screen reader; {link} is the address it holds.
    svg = qr_svg(link, label=_("QR code of the join link {link}", link=link), size=QR_SIZE)
    # st.markdown, as the cards are drawn: st.html's sanitizer drops inline SVG. Every value in it is ours (the
    # link is built from a checked host and the code's alphabet) or escaped by qr_svg (the label).
    st.markdown(f'<div class="aluette-qr-box" style="max-width:{QR_SIZE}px">{svg}</div>', unsafe_allow_html=True)


def _say(text: str) -> None:
    SAID.set(text)


def _new_code(db: ProgressDB, teacher: Teacher, class_id: int, language: str) -> None:
    try:
        made = classes.change_code(db, teacher, class_id)
    except (ClassError, ProgressUnavailable) as error:
        _say(error.words(language))
        return
    _say(ui.gettext(language, "New join code: {code}. The old one no longer works.", code=made.code))


def _joinable(db: ProgressDB, teacher: Teacher, class_id: int, joinable: bool, language: str) -> None:
    try:
        classes.set_joinable(db, teacher, class_id, joinable)
    except (ClassError, ProgressUnavailable) as error:
        _say(error.words(language))
        return
    if joinable:
        _say(ui.gettext(language, "The class is open to joiners again."))
    else:
        _say(ui.gettext(language, "The class is closed to joiners: its members stay."))


def _class_buttons(db: ProgressDB, teacher: Teacher, school_class: SchoolClass, language: str) -> None:
    _ = ui.translator(language)
    row = st.container(horizontal=True)  # the buttons wrap onto a new line where a language's words are long
    row.button(
        _("New code"),
        key=NEW_CODE,
        on_click=_new_code,
        args=(db, teacher, school_class.id, language),
        icon=":material/refresh:",
        help=_("The old code and link stop working"),
    )
    row.button(
        _("Close to joiners") if school_class.joinable else _("Open to joiners again"),
        key=JOINABLE,
        on_click=_joinable,
        args=(db, teacher, school_class.id, not school_class.joinable, language),
        icon=":material/lock:" if school_class.joinable else ":material/lock_open:",
    )
    row.button(
        _("Delete the class"),
        key=DELETE,
        on_click=DELETE_SURE.set,
        args=(school_class.id,),
        icon=":material/delete:",
    )
    if DELETE_SURE.get() == school_class.id:
        with st.container(border=True):
            # Translators: {name} is the class's name.
            st.warning(
                _(
                    "Delete the class {name}? Its members stay learners with their answers; only the class goes.",
                    name=md(school_class.name),
                ),
                icon=":material/warning:",
            )
            yes, no = st.columns(2)
            if yes.button(_("Yes, delete the class"), key=DELETE_YES, type="primary", width="stretch"):
                DELETE_SURE.set(None)
                try:
                    classes.delete_class(db, teacher, school_class.id)
                except (ClassError, ProgressUnavailable) as error:
                    st.error(md(error.words(language)), icon=":material/error:")
                    return
                st.query_params.pop("class", None)
                st.rerun()
            no.button(_("Cancel"), key=DELETE_NO, on_click=DELETE_SURE.set, args=(None,), width="stretch")
    with st.expander(_("Rename the class"), icon=":material/edit:"):
        with st.form(RENAME_FORM, border=False, enter_to_submit=True):
            typed = st.text_input(_("New name"), key=RENAMED, value=school_class.name, max_chars=TYPED_LIMIT)
            renaming = st.form_submit_button(_("Rename"), key=RENAME)
        if renaming:
            try:
                classes.rename_class(db, teacher, school_class.id, typed)
            except (ClassError, ProgressUnavailable) as error:
                st.error(md(error.words(language)), icon=":material/error:")
            else:
                _say(_("The class is now called {name}.", name=md(" ".join(typed.split()))))
                st.rerun()


def _remove(db: ProgressDB, teacher: Teacher, class_id: int, member: Member, language: str) -> None:
    try:
        classes.remove_member(db, teacher, class_id, member.learner_id)
    except (ClassError, ProgressUnavailable) as error:
        _say(error.words(language))
        return
    # Translators: {name} is the learner's name.
    _say(ui.gettext(language, "{name} is no longer in the class; their progress stays theirs.", name=md(member.name)))


def _forget(db: ProgressDB, teacher: Teacher, class_id: int, member: Member, language: str) -> None:
    FORGET_SURE.set(None)
    try:
        gone = classes.delete_member(db, teacher, class_id, member.learner_id)
    except (ClassError, ProgressUnavailable) as error:
        _say(error.words(language))
        return
    # Translators: {name} is the learner's name.
    _say(
        ui.ngettext(
            language, "{name} was deleted, with {n} answer.", "{name} was deleted, with {n} answers.", gone,
            name=md(member.name),
        )
    )  # fmt: skip


def _member_row(db: ProgressDB, teacher: Teacher, school_class: SchoolClass, member: Member, language: str) -> None:
    _ = ui.translator(language)
    name, side = st.columns([2, 3], vertical_alignment="center")
    name.markdown(f"**{md(member.name)}**")
    joined = format_date(datetime.fromtimestamp(member.joined, UTC), "medium", locale=language)
    # Translators: {date} is the day the learner joined the class, e.g. "3 Dec 2026".
    name.caption(_("joined {date}", date=joined))
    actions = side.container(horizontal=True, horizontal_alignment="right")
    with actions:
        if shared_mode.shared():  # PINs exist only on a shared server: a household's learners have none
            pin_reset.button(db, teacher, school_class.id, member.learner_id, PIN(member.learner_id))
        actions.button(
            _("Remove from the class"),
            key=REMOVE(member.learner_id),
            on_click=_remove,
            args=(db, teacher, school_class.id, member, language),
            icon=":material/person_remove:",
        )
        actions.button(
            _("Delete learner"),
            key=FORGET(member.learner_id),
            on_click=FORGET_SURE.set,
            args=(member.learner_id,),
            icon=":material/delete_forever:",
        )
    if FORGET_SURE.get() == member.learner_id:
        try:
            answers = classes.member_answers(db, teacher, school_class.id, member.learner_id)
        except (ClassError, ProgressUnavailable) as error:
            st.error(md(error.words(language)), icon=":material/error:")
            return
        with st.container(border=True):
            # Translators: {name} is the learner's name; the learner's profile goes, in every class.
            st.warning(
                ui.ngettext(
                    language,
                    "Delete {name} and their {n} answer for good? They leave every class; this cannot be undone.",
                    "Delete {name} and their {n} answers for good? They leave every class; this cannot be undone.",
                    answers,
                    name=md(member.name),
                ),
                icon=":material/warning:",
            )
            yes, no = st.columns(2)
            yes.button(
                _("Yes, delete {name}", name=md(member.name)),
                key=FORGET_YES,
                type="primary",
                on_click=_forget,
                args=(db, teacher, school_class.id, member, language),
                width="stretch",
            )
            no.button(_("Cancel"), key=FORGET_NO, on_click=FORGET_SURE.set, args=(None,), width="stretch")


def draw(db: ProgressDB, teacher: Teacher, school_class: SchoolClass, language: str) -> None:
    """The Members tab of ``school_class`` (the teacher's own: the class page checked it)."""
    _ = ui.translator(language)
    said = SAID.pop()
    if said:
        st.info(said, icon=":material/info:")
    code, link = st.columns([1, 1], gap="large")
    with code:
        st.markdown(_("**Join code**"))
        _code(school_class, language)
        if school_class.joinable:
            st.caption(_("Learners join on Home or in the sidebar with this code, or with the link."))
        else:
            st.caption(_("Closed to joiners: the code lets nobody in until you open the class again."))
        _class_buttons(db, teacher, school_class, language)
    with link:
        _link(school_class, language)
    found = classes.members(db, teacher, school_class.id)
    st.subheader(ui.ngettext(language, "{n} member", "{n} members", len(found)))
    if not found:
        st.caption(_("Nobody has joined yet."))
    for member in found:
        with st.container(border=True):
            _member_row(db, teacher, school_class, member, language)
