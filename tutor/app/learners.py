"""The learner, in the sidebar of every page: choose who is learning, add a learner, or stay a guest.

No passwords (a tool on one computer), but one learner's data never shows under another's name: the
session's progress is always the chosen learner's own (:class:`~tutor.progress.store.SqliteProgress`
filters every query by the learner), and switching from one learner to another starts a fresh session, so
nothing on screen (a half-answered question, a page's running score, a game) carries over from the one
who sat there before.

A **guest** is whoever has not chosen yet, and every new browser session starts as one: the app cannot
tell who sits at the keyboard, so it never guesses. A guest's answers are kept in the progress file under
the browser's guest profile (:mod:`tutor.app.guest`), so a reload or a deep link in the same browser loses
nothing. The first learner chosen or created takes over everything the guest did, and the session goes on
where it was (the game in progress, the Practice position and score): it is the same person, now named.
"""

from __future__ import annotations

import streamlit as st

from tutor.app import folds, guest, session, shared_mode, state
from tutor.app.markup import md
from tutor.app.session import Family, Key
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.progress import browsers
from tutor.progress.base import Progress
from tutor.progress.db import ProgressUnavailable
from tutor.progress.names import NAME_LIMIT, shorten
from tutor.progress.store import LearnerError, ProgressDB, SqliteProgress, taken_name

CHOICE = Key[str | None]("learner.choice")  # the sidebar's chooser
NEW = Key[str]("learner.new")  # the name typed under "Add a learner"
ERROR = Key[str | None]("learner.error")  # why the last name typed was refused
NOTICE = Key[str]("learner.notice")  # a guest's answers taken over: said once
SHORTENED = Key[str]("learner.shortened")  # a name typed too long was cut: said once
NOT_YOU = Key[bool]("learner.not_you")
# What the name field takes: far more than a name, so that a long paste reaches the server and is cut at a
# word boundary there, and the learner is told (the browser would cut it at the limit, mid-word, silently).
TYPED_LIMIT = 10_000
# the names, and the store's version they were read at
NAMES = Key[tuple[tuple[int, int] | None, list[str]]]("learner.names")
FORM = "learner.form"  # the "Add a learner" form (a form's key names no session state)
CREATE = Key[bool]("learner.create")
ADDING = Key[bool]("learner.add.open")  # whether the "Add a learner" fold is open (its form drawn only then)
PICKED = Family[bool]("{}.learner.{}")  # a page's button per learner (the page's prefix, the button's number)


def names(db: ProgressDB) -> list[str]:
    """Every learner's name, alphabetically; read again only after this or another session wrote to the
    store (:meth:`ProgressDB.changes`; always where it cannot say)."""
    key = db.changes()
    cached = NAMES.get()
    if cached is None or key is None or cached[0] != key:
        cached = (key, db.learners())
        NAMES.set(cached)
    return list(cached[1])


def chosen() -> str | None:
    """The name chosen in the sidebar, if any (another page's default name for the learner)."""
    return CHOICE.get()


def is_guest(progress: Progress) -> bool:
    return not isinstance(progress, state.SavedProgress) or progress.guest is not None


def _language() -> str:
    """The session's language as settled by :mod:`tutor.app.lang` (which imports this module, hence read here)."""
    lang = state.LANGUAGE.get()
    return lang if isinstance(lang, str) else SOURCE_LANGUAGE


# --- choosing and creating (widget callbacks) -----------------------------------------------------------


def choose(name: str) -> None:
    """Make ``name`` (an existing learner) the session's learner. A guest's answers and reading move to them
    and the session goes on as it was; after another learner, a fresh session with their progress."""
    db = state.database()
    if db is None:
        return
    current = state.progress()
    if isinstance(current, state.SavedProgress) and current.backlog and not current.retry():
        return  # what waits goes in first (a guest's answers to the guest): the sidebar says why it cannot
    try:
        store = db.progress(name, create=False)
        taken_over = _take_over(current, db, store)
    except LearnerError as error:
        ERROR.set(error.words(_language()))
        return
    except ProgressUnavailable as error:
        if error.temporary:
            ERROR.set(error.words(_language()))  # the file is busy or full for now: choosing again may work
        else:
            state.PROBLEM.set(state.kept(error))
        return
    if not is_guest(current):
        _fresh_session()  # nothing of the learner who sat here before shows under this one's name
    state.PROGRESS.set(state.SavedProgress(store, backlog=state.BACKLOG.value()))
    CHOICE.set(store.learner)
    _remember(db, store.learner)
    ERROR.set(None)  # an earlier failed "add" is moot now
    NEW.set("")
    if taken_over:
        # Translators: {name} is the learner's name as they typed it.
        NOTICE.set(
            ui.ngettext(
                _language(),
                "Your {n} answer as a guest now counts as {name}'s.",
                "Your {n} answers as a guest now count as {name}'s.",
                taken_over,
                name=md(store.learner),
            )
        )


def _remember(db: ProgressDB, name: str) -> None:
    """This browser goes on as ``name`` after a reload, a new tab or a link (when it keeps the cookie)."""
    token = guest.token()
    if token is not None:
        try:
            browsers.remember(db, token, name)
        except (ProgressUnavailable, LearnerError) as error:
            state.PROBLEM.set(state.kept(error) if isinstance(error, ProgressUnavailable) else None)


def not_you() -> None:
    """ "Not you?": this browser forgets the learner, and the session goes on as a guest, afresh."""
    db = state.database()
    token = guest.token()
    if db is not None and token is not None:
        try:
            browsers.forget(db, token)
        except ProgressUnavailable as error:
            state.PROBLEM.set(state.kept(error))
    _fresh_session()
    state.PROGRESS.set(state.guest_progress())
    CHOICE.set(None)


def _take_over(before: Progress, db: ProgressDB, store: SqliteProgress) -> int:
    """Move a guest's answers and reading into ``store``; how many answers moved (0 for a learner)."""
    if not is_guest(before):
        return 0
    if isinstance(before, state.SavedProgress) and before.store is not None and before.guest is not None:
        return db.adopt_guest(before.guest, store.learner)  # in one transaction, in the file
    # A guest kept in memory (the file was busy or failed while a guest) or whose profile is not made yet.
    history = list(before.history)
    for answer in history:
        store.record(answer)  # keeps the answer's uid: moving twice counts once
    for lesson, section, at in before.sections():
        store.mark_read(lesson, section, at)
    return len(history)


def _fresh_session() -> None:
    """Forget everything the pages keep for the session (scores, the question on screen, review queues),
    but not the learner chooser and the open file."""
    session.start_afresh()


def _chosen() -> None:
    """The chooser's callback: another learner, or nobody (the chooser cleared) for a guest."""
    name = CHOICE.get()
    ERROR.set(None)
    current = state.progress()
    if name is None and not is_guest(current):
        not_you()  # this browser's guest, empty once named
    elif name and (is_guest(current) or name != current.learner):
        choose(name)


def create() -> None:
    """The "Add" button's callback: a new learner, chosen at once; a one-line error for an empty or taken name."""
    db = state.database()
    if db is None:
        return
    try:
        typed, cut = shorten(NEW.get() or "")
        name = db.create_learner(typed)
    except LearnerError as error:
        if shared_mode.shared() and error.text is not None and error.text.message == taken_name("").message:
            # Translators: on a shared server, a new learner typed a name somebody has; {name} is as they typed it.
            taken = ui.gettext(
                _language(),
                "The name “{name}” is taken: choose another, or come back with your PIN if it is yours.",
                name=typed,
            )
            ERROR.set(taken)  # shown through md() as a whole
            return
        ERROR.set(error.words(_language()))
        return
    except ProgressUnavailable as error:
        ERROR.set(error.words(_language()))
        return
    ERROR.set(None)
    NEW.set("")
    ADDING.set(False)  # added and chosen: the fold closes, its work done
    if cut:
        # Translators: {name} is the learner's name as stored, cut from what they typed.
        SHORTENED.set(
            ui.gettext(
                _language(),
                "A name has at most {limit} characters, so yours is “{name}”.",
                limit=NAME_LIMIT,
                name=md(name),
            )
        )
    choose(name)


# --- drawing --------------------------------------------------------------------------------------------

PICKER_LIMIT = 8  # learners offered as buttons on a page; more are in the sidebar's list


def picker(prefix: str) -> None:
    """For a guest on an install with learners: "Who is learning?" and a button per learner (a reload or a
    new tab starts as a guest, and this is the one click back)."""
    db = state.database()
    if db is None or state.problem() or not is_guest(state.progress()) or shared_mode.shared():
        return  # on a shared server nobody is offered by name
    listed = names(db)
    if not listed:
        return
    language = _language()
    with st.container(border=True):
        st.markdown(ui.gettext(language, "**Who is learning?** Choose your name to continue where you left off."))
        shown = listed[:PICKER_LIMIT]
        for n, (column, name) in enumerate(zip(st.columns(len(shown) + 1), shown, strict=False)):
            column.button(
                md(name),  # a button label is Markdown: a name is shown as typed
                key=PICKED(prefix, n),
                on_click=choose,
                args=(name,),
                icon=":material/person:",
                width="stretch",
            )
        if len(listed) > PICKER_LIMIT:
            more = len(listed) - PICKER_LIMIT
            # Translators: learners not shown as buttons, e.g. "3 more in the sidebar."
            st.caption(ui.ngettext(language, "{n} more in the sidebar.", "{n} more in the sidebar.", more))


def said(problem: str | None, written: int | None) -> None:
    """Inside the sidebar: why progress is not saved, or that what waited went in, and the notices said once."""
    language = _language()
    if problem:  # it names a file: shown literally, not as Markdown
        st.warning(f"{md(problem)} {md(state.keep_practising(language))}", icon=":material/sync_problem:")
    elif written is not None:
        st.success(state.written_words(written, language), icon=":material/cloud_done:")
    notice = NOTICE.pop()
    if notice:
        st.success(notice, icon=":material/person_check:")
    shortened = SHORTENED.pop()
    if shortened:
        st.info(shortened, icon=":material/content_cut:")


def unsaved(current: Progress) -> None:
    """Inside the sidebar, when progress cannot be saved: who is practising, and that it is not saved."""
    _ = ui.translator(_language())
    if is_guest(current):
        st.caption(_("Practising as a guest."))
    elif state.waiting(_.lang):
        # Translators: {name} is the learner's name as they typed it.
        st.caption(_("Practising as **{name}** (saved once the file takes it).", name=md(current.learner)))
    else:
        # Translators: {name} is the learner's name as they typed it.
        st.caption(_("Practising as **{name}** (not saved).", name=md(current.learner)))


def sidebar() -> None:
    """The learner block of the sidebar: who is learning, the chooser, adding a learner, and why progress is
    not saved when it is not."""
    db = state.database()
    current = state.progress()
    language = _language()
    written = state.retry()  # what waited for a busy file or a full disk, written now if it can be
    problem = state.problem(language)
    _ = ui.translator(language)
    listed: list[str] = []
    if db is not None and problem is None:
        try:
            listed = names(db)
        except ProgressUnavailable as error:
            if not error.temporary:
                state.PROBLEM.set(state.kept(error))
            problem = error.words(language)
    with st.sidebar:
        said(problem, written)
        if db is None or problem is not None:
            unsaved(current)
            return
        if not is_guest(current) and current.learner not in listed:
            listed.append(current.learner)  # renamed or removed by another session meanwhile
        wanted = None if is_guest(current) else current.learner
        if CHOICE.get() != wanted:
            CHOICE.set(wanted)
        st.selectbox(
            _("Who is learning?"),
            listed,
            index=None,
            key=CHOICE,
            placeholder=_("Choose your name") if listed else _("Add your name below"),
            on_change=_chosen,
            disabled=not listed,
        )
        if is_guest(current):
            st.caption(
                _(
                    "Practising as a guest: your answers are kept in this browser. Choose or add "
                    "your name to keep them for good; everything so far comes with you."
                )
            )
            guest.remember(_.lang)
        else:
            # Translators: {name} is the learner's name as they typed it.
            st.caption(_("**{name}**: your progress is saved on this computer.", name=md(current.learner)))
            if guest.token() is not None:
                # Translators: {name} is the learner's name as they typed it.
                st.caption(
                    _("This browser remembers you: a reload or a link goes on as **{name}**.", name=md(current.learner))
                )
            st.button(_("Not you?"), key=NOT_YOU, on_click=not_you, icon=":material/logout:")
        refused = ERROR.get()  # why the last name typed was refused (said in the fold, which stays open)
        fold = folds.opened(_("Add a learner"), ADDING, ":material/person_add:")
        if fold is None:
            return
        with fold:
            with st.form(FORM, border=False, enter_to_submit=True):
                st.text_input(_("Name"), key=NEW, max_chars=TYPED_LIMIT, placeholder=_("Your first name"))
                st.form_submit_button(_("Add and start"), key=CREATE, on_click=create, icon=":material/add:")
            if refused:
                st.error(md(refused), icon=":material/error:")
