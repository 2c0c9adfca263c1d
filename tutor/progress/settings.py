"""A learner's own choices kept in the progress file from one visit to the next (the course's language).

One value per learner and key, in the ``settings`` table (schema 5); a learner's settings go with the
learner. Keys are the program's (:data:`LANGUAGE`); values are short text, checked by whoever reads them
(a language code the tutor no longer speaks is simply not used).

>>> import tempfile
>>> from pathlib import Path
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> _ = db.create_learner("Ann")
>>> setting(db, "Ann", LANGUAGE) is None
True
>>> set_setting(db, "Ann", LANGUAGE, "sq")
>>> setting(db, "Ann", LANGUAGE)
'sq'
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.progress.db import Connection
from tutor.progress.store import LearnerError, ProgressDB, clean_name, folded

LANGUAGE = "language"  # the language the learner reads the course in: a code of tutor.i18n.LANGUAGES
KEY_LIMIT = 40
VALUE_LIMIT = 200  # a setting is a word or a code, never a document


def setting(db: ProgressDB, learner: str, key: str) -> str | None:
    """``learner``'s value for ``key``; None if they never set it (or there is no such learner)."""
    learner_id = db.learner_id(learner)
    if learner_id is None:
        return None
    with db.using() as conn:
        row = conn.execute("SELECT value FROM settings WHERE learner_id = ? AND key = ?", (learner_id, key)).fetchone()
    value = None if row is None else row[0]
    return value if isinstance(value, str) and len(value) <= VALUE_LIMIT else None  # the file may be edited


def set_setting(db: ProgressDB, learner: str, key: str, value: str) -> None:
    """Keep ``value`` as ``learner``'s ``key``, replacing the one before; :class:`LearnerError` for an unknown
    learner or an over-long key or value (one line, fit to show)."""
    write = setting_write(learner, key, value)
    if db.learner_id(learner) is None:
        raise LearnerError(f"No learner is called {clean_name(learner)!r}.")
    with db.using(write=True) as conn:
        write.apply(conn)


def setting_write(learner: str, key: str, value: str) -> SettingWrite:
    """The write that keeps ``value`` as ``learner``'s ``key`` (checked now: :class:`LearnerError`)."""
    if not key or len(key) > KEY_LIMIT:
        raise LearnerError(f"A setting's name is 1 to {KEY_LIMIT} characters, not {len(key)}.")
    if len(value) > VALUE_LIMIT:
        raise LearnerError(f"The setting {key!r} is at most {VALUE_LIMIT} characters, not {len(value)}.")
    return SettingWrite(folded(learner), key, value)


@dataclass(frozen=True)
class SettingWrite:
    """A learner's setting (the learner by name, found when written: a learner removed meanwhile is
    skipped, the choice still holding for the session): a :class:`~tutor.progress.backlog.Write`."""

    learner: str  # the folded name
    name: str
    value: str
    answers = 0

    @property
    def key(self) -> str:
        return f"setting:{self.learner}:{self.name}"  # only the latest value matters

    def apply(self, conn: Connection) -> None:
        row = conn.execute("SELECT id FROM learners WHERE folded = ?", (self.learner,)).fetchone()
        if row is None:
            return
        conn.execute(
            "INSERT INTO settings (learner_id, key, value) VALUES (?, ?, ?)"
            " ON CONFLICT (learner_id, key) DO UPDATE SET value = excluded.value",
            (row[0], self.name, self.value),
        )
