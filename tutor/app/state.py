"""What every page shares: the course (loaded once per server, in each language the learners read) and the
learner's progress (per session).

The course a page gets is in the session's language (``learner.lang``, settled by :mod:`tutor.app.lang`
before the page runs): every lesson and scenario text translated once per server and language, ids, setups
and answers untouched, so a page shows the course without knowing which language it is in.

Progress, per browser session (``st.session_state``):

* ``learner.db``: the progress file (:class:`~tutor.progress.store.ProgressDB`), the one connection the
  server process shares among all its sessions (:mod:`tutor.progress.shared`; opened by the first session,
  so a session keeps no descriptor of its own), or None when it cannot be used (``learner.problem`` says why: the
  :class:`~tutor.progress.db.ProgressUnavailable`, worded in the page's language by :func:`problem`). A file
  another program only held locked is tried again on the next run; a file deleted or replaced while the
  session runs is noticed on the next run (or write) and given up.
* ``progress``: the session's :class:`~tutor.progress.base.Progress`, a :class:`SavedProgress` that keeps
  answers in the file and, if the file fails later (disk full, file removed), carries on in memory with
  everything answered so far, and says so. A guest (nobody chosen yet) has one too, on the guest profile
  of this browser (:mod:`tutor.app.guest`), made on the guest's first answer or reading, so a reload or
  a deep link loses nothing; without a usable file a guest has a
  :class:`~tutor.progress.memory.MemoryProgress`. Pages use only the ``Progress`` methods, so they never
  care which.

Choosing a learner is :mod:`tutor.app.learners`' business; the sidebar is :mod:`tutor.app.sidebar`'s.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import time
import weakref
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

import streamlit as st

from tutor.app import guest
from tutor.app.session import Key
from tutor.content.course import Course, load_course
from tutor.content.localize import localize_lesson, localize_scenario
from tutor.content.texts import Text
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.progress import browsers, shared
from tutor.progress.backlog import AnswerWrite, Backlog, ReadWrite, Whose, Write
from tutor.progress.base import Progress
from tutor.progress.db import ProgressUnavailable, default_target
from tutor.progress.memory import MemoryProgress
from tutor.progress.records import Answer, DayCount, ItemState
from tutor.progress.store import GUEST_NAME, LearnerError, ProgressDB, SqliteProgress

ROOT = Path(__file__).resolve().parents[2]
# A teacher can serve other lessons and scenarios: ALUETTE_CONTENT lists folders separated by os.pathsep.
CONTENT_VARIABLE = "ALUETTE_CONTENT"
DEFAULT_CONTENT = (str(ROOT / "lessons"), str(ROOT / "scenarios"))

PROGRESS = Key[Progress]("progress")  # the session's Progress (tests may put a MemoryProgress there)
DB = Key[ProgressDB | None]("learner.db")
PROBLEM = Key[ProgressUnavailable | str | None]("learner.problem")
RETRY = Key[bool]("learner.retry", False)  # the file was busy: open it again on the next run
# The session's writes that the file refused for a while (busy, disk full), in order: written on the next try.
BACKLOG = Key[Backlog]("learner.backlog", factory=Backlog)
UNOPENED = Key[bool]("learner.unopened", False)  # the guest's progress is in memory until the busy file opens
RETRY_MS = 100  # a try on a run nobody wrote in: a file still locked costs the page this much, no more
KEEP_PRACTISING = "You can keep practising."  # English; keep_practising(lang) in the learner's language
# The session's language, a checked code (tutor.app.lang writes it). Under "learner.": a change of learner
# keeps it (tutor.app.learners), and tutor.app.lang decides whether the new learner's own choice replaces it.
LANGUAGE = Key[str]("learner.lang", SOURCE_LANGUAGE)

T = TypeVar("T")


def content_paths() -> tuple[str, ...]:
    """The folders the course is read from."""
    listed = os.environ.get(CONTENT_VARIABLE, "")
    return tuple(part for part in listed.split(os.pathsep) if part) or DEFAULT_CONTENT


def course() -> Course:
    """Lessons and scenarios in the session's language, validated and solved once per server process (and
    translated once per language); a rerun does no file I/O."""
    lang = LANGUAGE.value()
    key = (content_paths(), lang)
    found = _LOADED.get(key)
    if found is None:
        with st.spinner(ui.gettext(lang, "Loading the lessons...")):
            found = _course_in(*key)
        _LOADED[key] = found
    return found


def english_course() -> Course:
    """The course as its files hold it, in English: a printed sheet puts it in a language of its own."""
    return _course(content_paths())


# The course of each (folders, language) this process has loaded (the spinner is for the first load only), looked
# up in a plain dict: a page asks for the course several times a run, and each call of a cached function costs
# Streamlit's hashing of its arguments. The course is the same for every learner; nothing of one is kept here.
_LOADED: dict[tuple[tuple[str, ...], str], Course] = {}


def keep_practising(lang: str) -> str:
    """The sentence that follows a warning that progress is not saved, in ``lang``."""
    return ui.gettext(lang, "You can keep practising.")


@st.cache_resource(show_spinner=False)
def _course(paths: tuple[str, ...]) -> Course:
    return load_course(list(paths), verify=True)  # every kind, play puzzles too, is drawn and asked


@st.cache_resource(show_spinner=False)
def _course_in(paths: tuple[str, ...], lang: str) -> Course:
    english = _course(paths)
    return english if lang == SOURCE_LANGUAGE else localized(english, lang)


def localized(english: Course, lang: str) -> Course:
    """``english`` with every lesson and scenario text in ``lang`` (English where there is no translation)."""
    return Course(
        tuple(localize_lesson(lesson, lang) for lesson in english.lessons),
        {sid: localize_scenario(scenario, lang) for sid, scenario in english.scenarios.items()},
        english.problems,
        english.files,
    )


# --- the progress file ------------------------------------------------------------------------------------


def database() -> ProgressDB | None:
    """The session's progress file: the server's one connection, taken on the session's first call (opened,
    checked and migrated by the first session to ask); None when it cannot be used, with :func:`problem`
    saying why.

    Every call also checks that the file is still the one opened (one ``stat``): if it was deleted or
    replaced, the learner carries on in memory with everything so far, and the sidebar says so. A file
    that was busy (locked by another program) is tried again on the next call."""
    if not DB.is_set() or RETRY.get():
        _open()
    db = DB.value()
    if db is not None:
        try:
            db.check_file()
        except ProgressUnavailable as error:
            _lost(db, error)
            return None
    return db


def server_store() -> ProgressDB:
    """The process's store as the server's own routes use it (no session: :mod:`tutor.app.teaching.routes`),
    the very one the sessions share; :class:`~tutor.progress.db.ProgressUnavailable` if it cannot be opened."""
    return shared.store(default_target(), ProgressDB, _let_go)


def _open() -> None:
    try:
        DB.set(shared.store(default_target(), ProgressDB, _let_go))  # ProgressDB named here: tests open it read-only
        PROBLEM.set(None)
        RETRY.set(False)
    except ProgressUnavailable as error:
        DB.set(None)
        PROBLEM.set(kept(error))
        RETRY.set(error.busy)


def _lost(db: ProgressDB, error: ProgressUnavailable) -> None:
    """The file went away under the session: keep what the learner did in memory (and what every other
    session did: :func:`_let_go`), then let go of the old file."""
    current = PROGRESS.get()
    if isinstance(current, SavedProgress):
        current.fail(error)
    DB.set(None)
    PROBLEM.set(kept(error))
    RETRY.set(False)
    shared.release(db, _let_go)


def _let_go(db: ProgressDB) -> None:
    """Copy every session's progress on ``db`` (whose file went away) to memory, then close it at once:
    closing empties its ``-wal``, so the next file of that name starts clean. Each session says so on its
    next run, when it finds its file gone."""
    error = db.problem()
    if error is not None:
        for saved in list(_SAVED):
            if saved.uses(db):
                saved.fail(kept(error))
    with suppress(ProgressUnavailable, sqlite3.Error):
        db.close()


# Every session's SavedProgress, weakly: what a session holds goes with it, and none of it is kept here.
_SAVED: weakref.WeakSet[SavedProgress] = weakref.WeakSet()


def problem(lang: str | None = None) -> str | None:
    """Why progress is not being saved (one line naming the file) in ``lang`` (default: the session's
    language), or None when it is or could be: a failure, else what waits for a busy file or a full disk."""
    language = lang or LANGUAGE.value()
    failed = getattr(PROGRESS.get(), "problem", None) or PROBLEM.get()
    return said(failed, language) or waiting(language)


def waiting(lang: str) -> str | None:
    """What of the session waits to be written, and why, in ``lang``; None when nothing waits."""
    current = PROGRESS.get()
    if not isinstance(current, SavedProgress) or current.waiting is None or not current.backlog:
        return None
    return waiting_words(current.backlog.answers, current.waiting, lang)


def waiting_words(answers: int, why: ProgressUnavailable, lang: str) -> str:
    """ "3 answers waiting to be saved: <the file's problem>", and that it is tried again."""
    reason = reason_words(why, lang)
    if answers:
        # Translators: {reason} names the progress file and why it cannot take the answers now (busy, disk full).
        return ui.ngettext(
            lang,
            "{n} answer waiting to be saved: {reason} It is tried again on your next click.",
            "{n} answers waiting to be saved: {reason} They are tried again on your next click.",
            answers,
            reason=reason,
        )
    # Translators: {reason} names the progress file and why it cannot take the changes now (busy, disk full).
    return ui.gettext(
        lang,
        "Your latest changes are waiting to be saved: {reason} They are tried again on your next click.",
        reason=reason,
    )


def reason_words(why: ProgressUnavailable, lang: str) -> str:
    """Why the file refuses, without "Progress is not saved": "<file> is busy: ..." in ``lang``."""
    return why.reason.render(lang) if isinstance(why.reason, Text) else str(why.reason)


def written_words(answers: int, lang: str) -> str:
    """The line that says the backlog went in."""
    if answers:
        return ui.ngettext(lang, "Saved again: {n} answer written.", "Saved again: {n} answers written.", answers)
    return ui.gettext(lang, "Saved again: your latest changes are written.")


def retry() -> int | None:
    """Try again to write what waits (a short try: nobody is waiting for a write of theirs); how many answers
    went in if it did (to say so once), else None."""
    current = PROGRESS.get()
    if isinstance(current, SavedProgress) and current.backlog and current.problem is None:
        current.retry(RETRY_MS)
    return current.pop_written() if isinstance(current, SavedProgress) else None


def kept(error: ProgressUnavailable) -> ProgressUnavailable:
    """The error as the session keeps it: a copy without its traceback and cause, whose frames would keep
    connections and pages' locals alive for the whole session."""
    return ProgressUnavailable(error.reason, error.path, busy=error.busy, lost=error.lost, full=error.full)


def said(failed: ProgressUnavailable | str | None, lang: str) -> str | None:
    """A problem with the progress file in ``lang``: kept as the error, so that it is worded in the language
    of the page showing it, even after the learner changed language (a string is shown as it is)."""
    if isinstance(failed, ProgressUnavailable):
        return failed.words(lang)
    return failed or None


def progress() -> Progress:
    """This browser session's progress: the chosen learner's, or this browser's guest's (kept in memory while
    the file was busy when the session began, and moved to the file once it opens)."""
    if not PROGRESS.is_set():
        PROGRESS.set(remembered_progress() or guest_progress())
    elif UNOPENED.get() and not RETRY.get():
        _to_the_file()
    return PROGRESS.value()


def _to_the_file() -> None:
    """The guest's answers and reading of the time the file was busy, into their profile now that it opened
    (through the backlog: if the file refuses again, they wait like any write)."""
    current, db, token = PROGRESS.get(), database(), guest.token()
    UNOPENED.set(False)
    if db is None or token is None or not isinstance(current, MemoryProgress):
        return
    saved = SavedProgress.of_guest(db, token, BACKLOG.value())
    for answer in current.history:
        saved.record(answer)  # its uid kept: never twice
    for lesson, section, at in current.sections():
        mirror = functools.partial(MemoryProgress.mark_read, lesson_id=lesson, section=section, at=at)
        saved.save(ReadWrite(Whose(guest=saved.guest), lesson, section, at), mirror)
    PROGRESS.set(saved)


def remembered_progress() -> Progress | None:
    """The learner this browser chose earlier (its cookie's token: :mod:`tutor.progress.browsers`), if any,
    with anything the browser did as a guest since (another tab that stayed a guest) moved to them."""
    db = database()
    token = guest.token()
    if db is None or token is None:
        return None
    try:
        name = browsers.remembered(db, token)
        if name is None:
            return None
        if db.guest(token, create=False) is not None:  # a read first: opening a session writes nothing
            db.adopt_guest(token, name)
        return SavedProgress(db.progress(name, create=False), backlog=BACKLOG.value())
    except (ProgressUnavailable, LearnerError):
        return None  # a learner removed meanwhile, or a file that failed: a guest, as a new browser would be


def guest_progress() -> Progress:
    """A guest's progress: this browser's guest profile in the file, or memory when the file cannot be used."""
    db = database()
    token = guest.token()
    if db is None or token is None:
        UNOPENED.set(db is None and bool(RETRY.get()) and token is not None)  # busy: moved to the file once it opens
        return MemoryProgress()  # no cookie: nothing of this guest can be found again, so nothing is kept
    try:
        return SavedProgress.of_guest(db, token, BACKLOG.value())
    except ProgressUnavailable:
        return MemoryProgress()  # the next page's database() call notices a lost file and says so


def saved_store(progress: Progress) -> SqliteProgress | None:
    """The learner's progress in the file behind ``progress``, while it is still in use (for export and
    import, which only a named learner has)."""
    if not isinstance(progress, SavedProgress) or progress.guest is not None or progress.backlog:
        return None  # a guest's, or writes waiting: what the file holds is not all of it
    return progress.store


def due_count(progress: Progress, until: float) -> int:
    """How many review cards are due by ``until`` (epoch seconds), overdue ones included."""
    if isinstance(progress, SavedProgress):
        return progress.due_count(until)
    return len(progress.due_items(until))


class SavedProgress:
    """A learner's progress kept in the file, which never crashes a page and never loses an answer.

    * A write the file refuses for a while (another program holds it locked, the disk is full:
      :attr:`~tutor.progress.db.ProgressUnavailable.temporary`) waits in the session's
      :class:`~tutor.progress.backlog.Backlog` (:attr:`waiting` says why), and so does every write after it,
      in order; meanwhile the pages read a copy in memory with the waiting answers in it. The backlog is
      written on the next write or the next run (:meth:`retry`), and the session is saving again
      (:attr:`written` says how many answers went in).
    * Any other failure (the file deleted or replaced, unreadable, read-only) is for good: it copies what it
      can into memory and carries on there, with :attr:`problem` set.

    Satisfies :class:`~tutor.progress.base.Progress`. A guest's (:meth:`of_guest`) has :attr:`guest` set to
    the browser's token; until the guest answers or reads something there may be no profile in the file
    yet (:attr:`store` None, nothing to show), and the first write makes it."""

    def __init__(
        self,
        store: SqliteProgress | None,
        *,
        guest: str | None = None,
        db: ProgressDB | None = None,
        backlog: Backlog | None = None,
    ) -> None:
        self.store: SqliteProgress | None = store
        self.memory: MemoryProgress | None = None
        self.problem: ProgressUnavailable | None = None  # for good; worded by problem()
        self.waiting: ProgressUnavailable | None = None  # why the backlog waits (busy, disk full)
        self.written: int | None = None  # answers written when the backlog went in, until said (pop_written)
        self.backlog = backlog if backlog is not None else Backlog()
        self.guest = guest
        self._db = db if db is not None else (store.db if store is not None else None)
        self._learner = store.learner if store is not None else GUEST_NAME
        _SAVED.add(self)  # so that a file going away under another session leaves this one's work in memory

    def uses(self, db: ProgressDB) -> bool:
        """Whether this progress is (or a guest's will be) kept in ``db``."""
        return self.memory is None and (self._db is db or (self.store is not None and self.store.db is db))

    @classmethod
    def of_guest(cls, db: ProgressDB, token: str, backlog: Backlog | None = None) -> SavedProgress:
        """The progress of the guest whose browser holds ``token``: their profile if they have one."""
        return cls(db.guest(token, create=False), guest=token, db=db, backlog=backlog)

    def __repr__(self) -> str:
        return f"SavedProgress({self.store or self.memory!r})"

    def _use(self, call: Callable[[Progress], T]) -> T:
        """A read: from memory while writes wait or after a failure, else from the file."""
        if self.memory is not None:
            return call(self.memory)
        if self.store is None:
            return call(MemoryProgress(learner=GUEST_NAME))  # a guest with no profile yet: nothing to show
        try:
            return call(self.store)
        except ProgressUnavailable as error:
            if error.temporary:
                return call(MemoryProgress(learner=self._learner))  # this once: the next read tries again
            self.fail(error)
        assert self.memory is not None
        return call(self.memory)

    def _whose(self) -> Whose:
        if self.guest is not None:
            return Whose(guest=self.guest)  # made in the file if need be (or again, if named in another tab)
        assert self.store is not None
        return Whose(self.store.id)

    def _write(
        self,
        write: Callable[[], Write],
        direct: Callable[[SqliteProgress], object],
        mirror: Callable[[MemoryProgress], object],
    ) -> None:
        """Make a write (``write()`` makes it when needed): straight to the file when nothing waits
        (``direct``, which keeps the store's figures up to date without reloading them), else after what
        waits; ``mirror`` makes it in memory when it cannot be in the file now."""
        if self.problem is None and not self.backlog and self.store is not None:
            try:
                direct(self.store)
                return
            except ProgressUnavailable as error:
                if error.temporary:  # it waits, with everything after it, until the file takes them
                    self.backlog.add(write())
                    self.waiting = kept(error)
                    self.memory = self._copy()
                    mirror(self.memory)
                    return
                if not self._guest_named_elsewhere():
                    self.fail(error)
                    assert self.memory is not None
                    mirror(self.memory)
                    return
        if self.problem is not None:
            assert self.memory is not None
            mirror(self.memory)  # failed for good: memory only
            return
        self.save(write(), mirror)

    def save(self, write: Write, mirror: Callable[[MemoryProgress], object] | None = None) -> bool:
        """Write ``write`` after whatever waits before it; True if it is in the file now, False if it waits
        (or, after a failure for good, is kept in memory only). ``mirror`` makes it in the memory the
        pages read meanwhile (an answer, a section read; a game or a setting needs none)."""
        mirrored = False
        if self.memory is not None and mirror is not None:
            mirror(self.memory)  # the pages see it at once, whatever the file does
            mirrored = True
        if self.problem is not None:
            return False
        self.backlog.add(write)
        if self.retry():
            return True
        if mirror is not None and not mirrored:
            if self.memory is None:  # the first write that waits: nothing before it needed memory
                self.memory = self._copy()
            mirror(self.memory)
        return False

    def _copy(self) -> MemoryProgress:
        return _copied(self.store, self._learner) if self.store is not None else MemoryProgress(learner=self._learner)

    def retry(self, wait_ms: int | None = None) -> bool:
        """Write what waits, if anything; whether nothing waits now. A failure for good switches to memory
        (where everything waiting already is)."""
        if not self.backlog:
            return self.problem is None
        assert self._db is not None
        try:
            written = self.backlog.flush(self._db, wait_ms)
        except ProgressUnavailable as error:
            if error.temporary:
                self.waiting = kept(error)
                return False
            self.fail(error)
            return False
        self.written = written if self.waiting is not None else None  # said only after something waited
        self.waiting = None
        self.memory = None
        if self.guest is not None and self.store is None:
            self.store = self._db.guest(self.guest, create=False)  # made by the backlog's first write
        return True

    def pop_written(self) -> int | None:
        """How many answers went in when the backlog was written (once; None if nothing waited)."""
        written, self.written = self.written, None
        return written

    def _guest_named_elsewhere(self) -> bool:
        """Whether this guest's profile went to a learner chosen in another tab of the browser (its row is
        gone): if so, forget it, and the next write makes a new profile for the browser's token."""
        if self.guest is None or self._db is None or self.store is None:
            return False
        try:
            current = self._db.guest(self.guest, create=False)
        except ProgressUnavailable:
            return False
        if current is not None and current.id == self.store.id:
            return False  # the profile is there: the failure is the file's, not the guest's
        self.store = current
        return True

    def fail(self, error: ProgressUnavailable) -> None:
        """Switch to memory for good, keeping the answers, cards and reading that can still be read, and
        those that were waiting (a failed write wrote nothing, so the caller's write is then made in
        memory). Once only: later calls do nothing."""
        store, self.store = self.store, None
        self._db = None  # the shared store is closed once its last session lets go of it
        self.backlog.clear()
        self.waiting = None
        if self.problem is not None:
            return
        if self.memory is None:
            self.store = store
            self.memory = self._copy()
            self.store = None
        self.problem = error.no_longer()

    # --- Progress ---------------------------------------------------------------------------------------

    @property
    def learner(self) -> str:
        return self._learner

    @property
    def saved(self) -> bool:
        """Whether answers go to the file (a guest's too, once their profile is made on the first answer;
        answers that wait for a busy file or a full disk too: they go in as soon as it takes them)."""
        return self.problem is None

    @property
    def history(self) -> Sequence[Answer]:
        return self._use(lambda p: p.history)

    @property
    def totals(self) -> tuple[int, int]:
        return self._use(lambda p: p.totals)

    def record(self, answer: Answer) -> str:
        self._write(lambda: AnswerWrite(self._whose(), answer), lambda p: p.record(answer), lambda p: p.record(answer))
        return answer.uid

    def answered(self, item: str) -> bool:
        return self._use(lambda p: p.answered(item))

    def solved(self, item: str) -> bool:
        return self._use(lambda p: p.solved(item))

    def mark_read(self, lesson_id: str, section: int) -> None:
        if self.read(lesson_id, section):
            return  # pages mark the section shown on every rerun: nothing to write, nothing to wait for
        at = time.time()
        self._write(
            lambda: ReadWrite(self._whose(), lesson_id, section, at),
            lambda p: p.mark_read(lesson_id, section, at),
            lambda p: p.mark_read(lesson_id, section, at),
        )

    def read(self, lesson_id: str, section: int) -> bool:
        return self._use(lambda p: p.read(lesson_id, section))

    def sections(self) -> list[tuple[str, int, float]]:
        return self._use(lambda p: p.sections())

    def item_state(self, item: str) -> ItemState | None:
        return self._use(lambda p: p.item_state(item))

    def item_states(self) -> list[ItemState]:
        return self._use(lambda p: p.item_states())

    def due_items(self, now: float | None = None, limit: int | None = None) -> list[ItemState]:
        return self._use(lambda p: p.due_items(now, limit))

    def days(self) -> list[DayCount]:
        return self._use(lambda p: p.days())

    def due_count(self, until: float | None = None) -> int:
        """Cards due by ``until`` (default now): one count query rather than loading the cards."""
        moment = time.time() if until is None else until
        return self._use(lambda p: p.due_count(moment) if isinstance(p, SqliteProgress) else len(p.due_items(moment)))


def _copied(store: SqliteProgress, learner: str) -> MemoryProgress:
    """What the file holds of the learner, in memory (what can be read of it)."""
    memory = MemoryProgress(learner=learner)
    with suppress(ProgressUnavailable, sqlite3.Error):
        memory.history = list(store.history)
        memory.cards = {card.item: card for card in store.item_states()}
    with suppress(ProgressUnavailable, sqlite3.Error):
        memory.sections_read = {(lesson, section): at for lesson, section, at in store.sections()}
    return memory
