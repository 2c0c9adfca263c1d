"""The Play page's game in progress, kept in the progress file so a reload or a new tab can resume it.

One saved game per owner: a learner, or a guest named by the token of its browser's HttpOnly cookie (never by
anything in the address, so a link to the Play page opens nobody's game). Either way the row belongs to a
learner row (``learner:<id>``; a guest's profile is one), and goes with it: a guest's game moves to the learner
the guest becomes (:meth:`ProgressDB.adopt_guest`), and is pruned with the guest
(:mod:`tutor.progress.pruning`, which also drops a guest's game untouched for 30 days). The game itself is
opaque here: a JSON object the page made (:meth:`tutor.play.match.Match.to_dict` and the page's log), bounded
in size and read back only as a JSON object; whether it is a sound game is the match's business.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.content.texts import Text, _
from tutor.progress.db import Connection
from tutor.progress.store import GUEST_TOKEN, ProgressDB

MAX_BYTES = 2_000_000  # a five-deal game with its log is about 100 kB; anything far bigger is not ours


class SavedGameError(Exception):
    """A saved game that cannot be read back (too big, not JSON, not an object); one line, fit to show.

    ``str(error)`` is the English (logs, the command line); :meth:`words` is the line in a learner's language
    (what the JSON reader says stays as it is, a parameter)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.english)
        self.text = text

    def words(self, lang: str) -> str:
        return self.text.render(lang)


@dataclass(frozen=True)
class Owner:
    """Whose game: a learner by name, or a guest by its browser's cookie token (exactly one of the two)."""

    learner: str | None = None
    guest: str | None = None

    def __post_init__(self) -> None:
        if (self.learner is None) == (self.guest is None):
            raise ValueError("a saved game belongs to a learner or to a guest, exactly one")
        if self.guest is not None and not GUEST_TOKEN.fullmatch(self.guest):
            raise ValueError(f"{self.guest!r} is not a browser's token")


def _key(db: ProgressDB, owner: Owner, *, create: bool = False) -> tuple[str, int] | None:
    """The row key and learner id; ``None`` for a learner not (or no longer) in the file, or a guest with no
    profile (made if ``create``: a guest's first saved game)."""
    if owner.guest is not None:
        profile = db.guest(owner.guest, create=create)
        learner_id = None if profile is None else profile.id
    else:
        assert owner.learner is not None
        learner_id = db.learner_id(owner.learner)
    return None if learner_id is None else (f"learner:{learner_id}", learner_id)


def game_write(db: ProgressDB, owner: Owner, data: Mapping[str, Any], at: float | None = None) -> GameWrite | None:
    """The write that keeps ``data`` (a JSON-ready mapping) as ``owner``'s game (None for a learner not in the
    file; a guest's profile is made if need be); :class:`SavedGameError` if it is too big to keep."""
    key = _key(db, owner, create=True)
    if key is None:
        return None
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise SavedGameError(_("the game is too big to save ({count:,} characters)", count=len(text)))
    return GameWrite(key[0], key[1], text, time.time() if at is None else at)


def clear_write(db: ProgressDB, owner: Owner) -> GameWrite | None:
    """The write that forgets ``owner``'s saved game (None when there is nobody's to forget)."""
    key = _key(db, owner)
    return None if key is None else GameWrite(key[0], key[1], None, time.time())


@dataclass(frozen=True)
class GameWrite:
    """A game replaced by ``text`` (a JSON object), or forgotten (``text`` None): a
    :class:`~tutor.progress.backlog.Write`, so a game the file refused is saved on the next try."""

    owner: str
    learner_id: int
    text: str | None
    at: float
    answers = 0

    @property
    def key(self) -> str:
        return f"game:{self.owner}"  # only the latest save of a game matters

    def apply(self, conn: Connection) -> None:
        if self.text is None:
            conn.execute("DELETE FROM games WHERE owner = ?", (self.owner,))
            return
        conn.execute(
            "INSERT INTO games (owner, learner_id, data, saved_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (owner) DO UPDATE SET data = excluded.data, saved_at = excluded.saved_at",
            (self.owner, self.learner_id, self.text, self.at),
        )


def save_game(db: ProgressDB, owner: Owner, data: Mapping[str, Any], at: float | None = None) -> None:
    """Keep ``data`` (a JSON-ready mapping) as ``owner``'s game, replacing the one before."""
    write = game_write(db, owner, data, at)
    if write is not None:
        with db.using(write=True) as conn:
            write.apply(conn)


def load_game(db: ProgressDB, owner: Owner) -> dict[str, Any] | None:
    """``owner``'s saved game, or ``None``; a damaged one raises :class:`SavedGameError`."""
    key = _key(db, owner)
    if key is None:
        return None
    with db.using() as conn:
        row = conn.execute("SELECT data FROM games WHERE owner = ? AND learner_id = ?", key).fetchone()
    if row is None:
        return None
    text = row[0]
    if not isinstance(text, str) or len(text) > MAX_BYTES:
        raise SavedGameError(_("the saved game is too big or not text"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        # Translators: {detail} is the JSON reader's own words (English), {position} a number.
        raise SavedGameError(
            _("the saved game is not JSON ({detail}, character {position})", detail=error.msg, position=error.pos)
        ) from None
    except ValueError as error:  # e.g. a number too long to convert
        raise SavedGameError(_("the saved game is not JSON ({detail})", detail=str(error))) from None
    if not isinstance(data, dict):
        # Translators: {kind} is the JSON type's name as Python writes it (list, str, int...).
        raise SavedGameError(_("the saved game is a JSON {kind}, not an object", kind=type(data).__name__))
    return data


def clear_game(db: ProgressDB, owner: Owner) -> None:
    """Forget ``owner``'s saved game (finished, abandoned or moved to a learner)."""
    write = clear_write(db, owner)
    if write is not None:
        with db.using(write=True) as conn:
            write.apply(conn)
