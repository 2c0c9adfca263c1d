"""A teacher's classes and their members.

* A teacher creates a class with a name and a language (:func:`create_class`). It gets a join code of
  :data:`CODE_LENGTH` characters from :data:`ALPHABET` (no 0/O or 1/I to misread from a projector), drawn with
  ``secrets`` and unique among the classes open to joiners (the database's partial unique index decides).
* The teacher can rename it, give it a new code, close it to joiners (and open it again), and delete it
  (its memberships go with it; the learners and their answers stay theirs).
* A learner joins by code (:func:`join`): a wrong code and a closed class's get the same one line. The
  learner id is then a member; the teacher can remove a member.
* Every query of a teacher's class is filtered by the teacher's id: a class of another teacher is, to this
  one, a class that does not exist.

>>> import tempfile
>>> from pathlib import Path
>>> from tutor.progress.teachers import create_teacher
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> roux = create_teacher(db, "Mme Roux", "correct horse")
>>> thursday = create_class(db, roux, "Thursday club", "fr")
>>> learner = db.learner_id(db.create_learner("Ann"))
>>> join(db, thursday.code, learner).name
'Thursday club'
>>> [m.name for m in members(db, roux, thursday.id)]
['Ann']
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass

from tutor.content.texts import Text, _
from tutor.i18n import LANGUAGES
from tutor.progress.db import Connection
from tutor.progress.names import LearnerError
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0, O, 1 or I
CODE_LENGTH = 6
CLASS_NAME_LIMIT = 60
DRAWS = 20  # codes drawn before giving up; with 32**6 codes a clash is already one in millions

_COLUMNS = "id, name, language, code, joinable, created"


class ClassError(LearnerError):
    """A class's name, language or code that cannot be used, or a class that is not the teacher's: one line
    to show (:meth:`words` in the reader's language)."""


@dataclass(frozen=True)
class SchoolClass:
    """A class as its teacher sees it."""

    id: int
    name: str
    language: str
    code: str
    joinable: bool  # open to new joiners
    created: float


@dataclass(frozen=True)
class Member:
    """A learner in a class: the learner's id and name, and when they joined."""

    learner_id: int
    name: str
    joined: float


@dataclass(frozen=True)
class Joined:
    """The class a learner joined, as the learner may see it: its id, name and language (not its teacher)."""

    id: int
    name: str
    language: str


def no_such_class() -> Text:
    return _("There is no such class among yours.")


def wrong_code() -> Text:
    """The one line for a code no class has and for a class closed to joiners alike."""
    return _("No class is open to joiners with this code: check it with your teacher.")


def class_name(name: object) -> str:
    """A class's name as stored (NFKC, spaces collapsed), or :class:`ClassError`."""
    if not isinstance(name, str):
        raise ClassError(_("A class's name must be text."))
    text = " ".join(unicodedata.normalize("NFKC", name).split())
    if not text:
        raise ClassError(_("Give the class a name."))
    if len(text) > CLASS_NAME_LIMIT:
        raise ClassError(_("A class's name has at most {limit} characters.", limit=CLASS_NAME_LIMIT))
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise ClassError(_("A class's name cannot hold control or invisible characters."))
    return text


def class_language(language: object) -> str:
    """One of the tutor's languages, or :class:`ClassError`."""
    if not isinstance(language, str) or language not in LANGUAGES:
        # Translators: {languages} lists the language codes, e.g. "en, fr, cs".
        raise ClassError(_("A class's language is one of {languages}.", languages=", ".join(LANGUAGES)))
    return language


def new_code() -> str:
    """A fresh join code (not yet checked for uniqueness)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def typed_code(code: object) -> str | None:
    """The join code someone typed, as stored (capitals, spaces and dashes dropped: "abc-d23" is ABCD23); None
    if it cannot be one."""
    if not isinstance(code, str) or len(code) > 4 * CODE_LENGTH:
        return None
    text = "".join(ch for ch in code.upper() if ch not in " -\t")
    if len(text) != CODE_LENGTH or any(ch not in ALPHABET for ch in text):
        return None
    return text


def _class(row: tuple[object, ...]) -> SchoolClass:
    id_, name, language, code, joinable, created = row
    return SchoolClass(int(str(id_)), str(name), str(language), str(code), bool(joinable), float(str(created)))


def create_class(
    db: ProgressDB, teacher: Teacher, name: object, language: object, *, now: float | None = None
) -> SchoolClass:
    """A new class of ``teacher``'s, open to joiners with a fresh code; :class:`ClassError` for a bad name or
    language (nothing stored)."""
    text, lang = class_name(name), class_language(language)
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        for _draw in range(DRAWS):
            row = conn.execute(
                "INSERT INTO classes (teacher_id, name, language, code, joinable, created) VALUES (?, ?, ?, ?, 1, ?)"
                f" ON CONFLICT DO NOTHING RETURNING {_COLUMNS}",
                (teacher.id, text, lang, new_code(), at),
            ).fetchone()
            if row is not None:
                return _class(tuple(row))
    raise ClassError(_("No free join code was found: try again."))


def classes(db: ProgressDB, teacher: Teacher) -> list[SchoolClass]:
    """``teacher``'s classes, the newest first."""
    with db.using() as conn:
        found = conn.execute(
            f"SELECT {_COLUMNS} FROM classes WHERE teacher_id = ? ORDER BY created DESC, id DESC", (teacher.id,)
        ).fetchall()
    return [_class(tuple(row)) for row in found]


def school_class(db: ProgressDB, teacher: Teacher, class_id: int) -> SchoolClass:
    """``teacher``'s class ``class_id``, or :class:`ClassError` (also for another teacher's)."""
    with db.using() as conn:
        row = _owned(conn, teacher, class_id)
    return _class(row)


def _owned(conn: Connection, teacher: Teacher, class_id: int) -> tuple[object, ...]:
    row = conn.execute(
        f"SELECT {_COLUMNS} FROM classes WHERE id = ? AND teacher_id = ?", (int(class_id), teacher.id)
    ).fetchone()
    if row is None:
        raise ClassError(no_such_class())
    return tuple(row)


def rename_class(db: ProgressDB, teacher: Teacher, class_id: int, name: object) -> SchoolClass:
    text = class_name(name)
    with db.using(write=True) as conn:
        _owned(conn, teacher, class_id)
        conn.execute("UPDATE classes SET name = ? WHERE id = ? AND teacher_id = ?", (text, int(class_id), teacher.id))
        return _class(_owned(conn, teacher, class_id))


def change_code(db: ProgressDB, teacher: Teacher, class_id: int) -> SchoolClass:
    """Give the class a fresh code: the old one no longer lets anybody join."""
    with db.using(write=True) as conn:
        current = _class(_owned(conn, teacher, class_id))
        code = _free_code(conn, exclude=current.code)
        conn.execute("UPDATE classes SET code = ? WHERE id = ? AND teacher_id = ?", (code, current.id, teacher.id))
        return _class(_owned(conn, teacher, class_id))


def _free_code(conn: Connection, exclude: str = "") -> str:
    """A code no open class has (checked under the write transaction; the unique index is the last word)."""
    for _draw in range(DRAWS):
        code = new_code()
        if (
            code != exclude
            and conn.execute("SELECT 1 FROM classes WHERE code = ? AND joinable = 1", (code,)).fetchone() is None
        ):
            return code
    raise ClassError(_("No free join code was found: try again."))


def set_joinable(db: ProgressDB, teacher: Teacher, class_id: int, joinable: bool) -> SchoolClass:
    """Close the class to new joiners, or open it again (its members stay). Opening again keeps its code
    unless an open class took it meanwhile: then it gets a fresh one."""
    with db.using(write=True) as conn:
        current = _class(_owned(conn, teacher, class_id))
        code = current.code
        if joinable and not current.joinable:
            clash = conn.execute(
                "SELECT 1 FROM classes WHERE code = ? AND joinable = 1 AND id <> ?", (code, current.id)
            ).fetchone()
            if clash is not None:
                code = _free_code(conn)
        conn.execute(
            "UPDATE classes SET joinable = ?, code = ? WHERE id = ? AND teacher_id = ?",
            (int(joinable), code, current.id, teacher.id),
        )
        return _class(_owned(conn, teacher, class_id))


def delete_class(db: ProgressDB, teacher: Teacher, class_id: int) -> None:
    """Delete the class and its memberships (the learners and their progress stay)."""
    with db.using(write=True) as conn:
        _owned(conn, teacher, class_id)
        conn.execute("DELETE FROM class_members WHERE class_id = ?", (int(class_id),))
        conn.execute("DELETE FROM classes WHERE id = ? AND teacher_id = ?", (int(class_id), teacher.id))


def join(db: ProgressDB, code: object, learner_id: int, *, now: float | None = None) -> Joined:
    """Make the learner a member of the open class with ``code`` (joining again changes nothing);
    :class:`ClassError` for a code no open class has, or a learner that does not exist."""
    wanted = typed_code(code)
    if wanted is None:
        raise ClassError(wrong_code())
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        row = conn.execute(
            "SELECT id, name, language FROM classes WHERE code = ? AND joinable = 1", (wanted,)
        ).fetchone()
        if row is None:
            raise ClassError(wrong_code())
        if conn.execute("SELECT 1 FROM learners WHERE id = ?", (int(learner_id),)).fetchone() is None:
            raise ClassError(_("This learner's profile no longer exists."))
        conn.execute(
            "INSERT INTO class_members (class_id, learner_id, joined) VALUES (?, ?, ?)"
            " ON CONFLICT (class_id, learner_id) DO NOTHING",
            (int(row[0]), int(learner_id), at),
        )
    return Joined(int(row[0]), str(row[1]), str(row[2]))


def members(db: ProgressDB, teacher: Teacher, class_id: int) -> list[Member]:
    """The members of ``teacher``'s class, in the order they joined; :class:`ClassError` if it is not theirs."""
    with db.using() as conn:
        _owned(conn, teacher, class_id)
        found = conn.execute(
            "SELECT m.learner_id, l.name, m.joined FROM class_members m"
            " JOIN classes c ON c.id = m.class_id JOIN learners l ON l.id = m.learner_id"
            " WHERE m.class_id = ? AND c.teacher_id = ? ORDER BY m.joined, m.learner_id",
            (int(class_id), teacher.id),
        ).fetchall()
    return [Member(int(lid), str(name), float(joined)) for lid, name, joined in found]


def is_member(db: ProgressDB, class_id: int, learner_id: int) -> bool:
    with db.using() as conn:
        row = conn.execute(
            "SELECT 1 FROM class_members WHERE class_id = ? AND learner_id = ?", (int(class_id), int(learner_id))
        ).fetchone()
    return row is not None


def classes_of(db: ProgressDB, learner_id: int) -> list[Joined]:
    """The classes a learner is in, as the learner may see them, in the order joined."""
    with db.using() as conn:
        found = conn.execute(
            "SELECT c.id, c.name, c.language FROM class_members m JOIN classes c ON c.id = m.class_id"
            " WHERE m.learner_id = ? ORDER BY m.joined, c.id",
            (int(learner_id),),
        ).fetchall()
    return [Joined(int(cid), str(name), str(lang)) for cid, name, lang in found]


def remove_member(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int) -> bool:
    """Take the learner out of ``teacher``'s class (their profile and answers stay); whether they were in it.
    :class:`ClassError` if the class is not the teacher's."""
    with db.using(write=True) as conn:
        _owned(conn, teacher, class_id)
        gone = conn.execute(
            "DELETE FROM class_members WHERE class_id = ? AND learner_id = ?"
            " AND class_id IN (SELECT id FROM classes WHERE teacher_id = ?)",
            (int(class_id), int(learner_id), teacher.id),
        ).rowcount
    return bool(gone)


# A school's whole room may reach a hosted server through one address (its network's NAT: one client), each
# phone a try for the code and one for a guest's name: a room of 40 joins in a minute, with a typo from one in four.
WRONG_CODES_PER_MINUTE = 30  # guessing one of 32**6 codes at this pace still takes years
JOINS_PER_MINUTE = 120
JOIN_WINDOW = 60.0


def too_many_joins() -> Text:
    return _("Too many tries to join a class from here: wait a minute, then try again.")


def open_class(db: ProgressDB, code: object, *, client: str, now: float | None = None) -> Joined:
    """The class open to joiners with ``code``, the try counted for ``client``: :class:`ClassError` for a code
    no open class has (:func:`wrong_code`), and for every try once ``client`` made
    :data:`WRONG_CODES_PER_MINUTE` wrong ones or :data:`JOINS_PER_MINUTE` in all in the last minute."""
    at = time.time() if now is None else now
    wanted = typed_code(code)
    with db.using(write=True) as conn:
        over_the_limit(conn, client, at, too_many_joins())
        row = None
        if wanted is not None:
            row = conn.execute(
                "SELECT id, name, language FROM classes WHERE code = ? AND joinable = 1", (wanted,)
            ).fetchone()
        count_try(conn, client, at, wrong=row is None)
    if row is None:
        raise ClassError(wrong_code())
    return Joined(int(row[0]), str(row[1]), str(row[2]))


# The tries are kept in ``join_tries`` for every way in by a code (/join's classes, /round's live rounds and the
# names a guest gives there): one budget per client, so a script cannot spread its guesses over the pages.


def _client(client: object) -> str:
    return str(client)[:200]


def over_the_limit(conn: Connection, client: str, at: float, too_many: Text) -> None:
    """Refuse (:class:`ClassError` with ``too_many``) when ``client`` made :data:`WRONG_CODES_PER_MINUTE` wrong
    tries or :data:`JOINS_PER_MINUTE` tries in all in the minute before ``at``; run in the try's own write
    transaction, before :func:`count_try` (a refused try is not counted: waiting a minute always helps)."""
    conn.execute("DELETE FROM join_tries WHERE at <= ?", (at - JOIN_WINDOW,))
    tries, wrong = conn.execute(
        "SELECT count(*), coalesce(sum(wrong), 0) FROM join_tries WHERE client = ? AND at > ?",
        (_client(client), at - JOIN_WINDOW),
    ).fetchone()
    if int(tries) >= JOINS_PER_MINUTE or int(wrong) >= WRONG_CODES_PER_MINUTE:
        raise ClassError(too_many)


def count_try(conn: Connection, client: str, at: float, *, wrong: bool) -> None:
    """Count a try of ``client``'s at ``at`` (``wrong``: a code that found nothing)."""
    conn.execute("INSERT INTO join_tries (client, at, wrong) VALUES (?, ?, ?)", (_client(client), at, int(wrong)))


def counted_try(db: ProgressDB, client: str, too_many: Text, *, now: float | None = None) -> None:
    """Count one try of ``client``'s that is not a code (a guest's name making a learner), or refuse it with
    ``too_many`` (:class:`ClassError`) when the client is over the limit."""
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        over_the_limit(conn, client, at, too_many)
        count_try(conn, client, at, wrong=False)


def prune_join_tries(db: ProgressDB, *, now: float | None = None) -> int:
    """Delete the tries older than their minute (the hourly upkeep: a client who never tries again leaves
    nothing behind); how many."""
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        return int(conn.execute("DELETE FROM join_tries WHERE at <= ?", (at - JOIN_WINDOW,)).rowcount)


def member_answers(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int) -> int:
    """How many answers a member of ``teacher``'s class has stored (what deleting them deletes);
    :class:`ClassError` if the class is not the teacher's or the learner is not in it."""
    with db.using() as conn:
        _member(conn, teacher, class_id, learner_id)
        row = conn.execute("SELECT count(*) FROM answers WHERE learner_id = ?", (int(learner_id),)).fetchone()
    return int(row[0])


def delete_member(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int) -> int:
    """Delete a member of ``teacher``'s class: the learner's profile, answers, reading and review cards, and
    their place in every class; how many answers went. :class:`ClassError` if the class is not the
    teacher's or the learner is not in it (nothing deleted)."""
    with db.using(write=True) as conn:
        _member(conn, teacher, class_id, learner_id)
        row = conn.execute("SELECT count(*) FROM answers WHERE learner_id = ?", (int(learner_id),)).fetchone()
        conn.execute("DELETE FROM learners WHERE id = ?", (int(learner_id),))
    return int(row[0])


def _member(conn: Connection, teacher: Teacher, class_id: int, learner_id: int) -> None:
    _owned(conn, teacher, class_id)
    row = conn.execute(
        "SELECT 1 FROM class_members WHERE class_id = ? AND learner_id = ?", (int(class_id), int(learner_id))
    ).fetchone()
    if row is None:
        raise ClassError(_("This learner is not in the class."))
