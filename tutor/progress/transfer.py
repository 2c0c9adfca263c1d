"""Export a learner's progress to JSON, and import it back (here or on another install).

The format (``version`` 1)::

    {
      "format": "aluette-tutor-progress",
      "version": 1,
      "learner": "Ann",
      "exported_at": "2025-03-01T18:04:05Z",
      "answers": [                                   # oldest first
        {"uid": "4f2a...", "item": "spoiled-aces", "kind": "trick",
         "given": {"winner": "nobody"}, "correct": {"winner": true},
         "at": 1740852245.12,                        # seconds since 1970-01-01 UTC
         "seconds": 12.5}                            # how long the learner took
      ],
      "reads": [{"lesson": "the-pack", "section": 0, "at": 1740852001.0}],
      "cards": [{"item": "spoiled-aces", "kind": "trick", "state": 2, "step": null, "stability": 8.3,
                 "difficulty": 1.0, "due": 1741569445.1, "last_review": 1740852245.1,
                 "reps": 1, "wrong": 0, "last_correct": true}]
    }

Import checks every field first and reports each bad entry on one line (``answers[3] (uid 4f2a...):
'seconds' must be ...``); with any problem, nothing is imported. Otherwise, in one transaction, answers are
merged by ``uid`` (an answer already there is skipped, so importing twice adds nothing), reads are merged,
and the review card of every item that gained answers is **re-derived by replaying all of the learner's
answers to it in time order**. The file's ``cards`` are informative only: replaying is deterministic (no
fuzz), gives exactly the card the learner would have had, and merges correctly when both sides answered
the same item at interleaved times, which no rule for combining two cards can do.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tutor.engine.errors import short
from tutor.progress.db import CARD_COLUMNS
from tutor.progress.scheduling import replay, reviewable

if TYPE_CHECKING:
    from tutor.progress.store import ProgressDB, SqliteProgress

FORMAT = "aluette-tutor-progress"
VERSION = 1
MAX_PROBLEMS = 20  # reported in full; beyond that, counted
LATEST_TIME = 4102444800.0  # 2100-01-01: later times are typing errors, not answers

_UID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class ImportRejected(ValueError):
    """The file was not imported. ``problems`` holds one line per bad entry; the message sums them up."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        super().__init__(f"Nothing was imported: {problems[0]}{more}.")


@dataclass(frozen=True)
class ImportResult:
    learner: str
    added: int  # answers new to this learner
    skipped: int  # answers already there (same uid)
    reads_added: int
    rescheduled: int  # items whose review card was re-derived


def export_learner(progress: SqliteProgress) -> dict[str, Any]:
    """The learner's answers, reads and cards in the export format."""
    with progress.db.using() as conn:
        answers = conn.execute(
            "SELECT uid, item, kind, given, correct, answered_at, seconds FROM answers WHERE learner_id = ?"
            " ORDER BY answered_at, id",
            (progress.id,),
        ).fetchall()
        reads = conn.execute(
            "SELECT lesson, section, read_at FROM reads WHERE learner_id = ? ORDER BY lesson, section", (progress.id,)
        ).fetchall()
        cards = conn.execute(
            f"SELECT {CARD_COLUMNS} FROM cards WHERE learner_id = ? ORDER BY item", (progress.id,)
        ).fetchall()
    names = CARD_COLUMNS.split(", ")
    return {
        "format": FORMAT,
        "version": VERSION,
        "learner": progress.learner,
        "exported_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "answers": [
            {"uid": u, "item": i, "kind": k, "given": json.loads(g), "correct": json.loads(c), "at": at, "seconds": s}
            for u, i, k, g, c, at, s in answers
        ],
        "reads": [{"lesson": lesson, "section": section, "at": at} for lesson, section, at in reads],
        "cards": [
            {name: (bool(value) if name == "last_correct" else value) for name, value in zip(names, row, strict=True)}
            for row in cards
        ],
    }


# --- Checking ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    uid: str
    item: str
    kind: str
    given: dict[str, str]
    correct: dict[str, bool]
    at: float
    seconds: float

    @property
    def all_correct(self) -> bool:
        return all(self.correct.values())


def _number(value: object) -> float | None:
    """A finite JSON number (true/false are not numbers here), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _text(value: object, limit: int) -> bool:
    """Text of 1 to ``limit`` characters on one line."""
    return isinstance(value, str) and 0 < len(value) <= limit and not any(ch in value for ch in "\n\r\0")


def _check_answer(n: int, raw: object, problems: list[str]) -> _Entry | None:
    where = f"answers[{n}]"
    if not isinstance(raw, dict):
        problems.append(f"{where} must be an object with uid, item, kind, given, correct, at and seconds")
        return None
    uid = raw.get("uid")
    if isinstance(uid, str) and _UID.match(uid):
        where += f" (uid {uid[:12]})"
    found: list[str] = []
    missing = [key for key in ("uid", "item", "kind", "given", "correct", "at", "seconds") if key not in raw]
    if missing:
        found.append("missing " + ", ".join(repr(k) for k in missing))
    unknown = sorted(set(raw) - {"uid", "item", "kind", "given", "correct", "at", "seconds"})
    if unknown:
        found.append("unknown key " + ", ".join(repr(k) for k in unknown))
    if "uid" in raw and not (isinstance(uid, str) and _UID.match(uid)):
        found.append(f"'uid' must be 1-64 letters, digits, '-' or '_', not {short(uid)}")
    item, kind = raw.get("item"), raw.get("kind")
    if "item" in raw and not _text(item, 200):
        found.append(f"'item' must be an id of 1-200 characters, not {short(item)}")
    if "kind" in raw and not _text(kind, 64):
        found.append(f"'kind' must be a word of 1-64 characters, not {short(kind)}")
    given, correct = raw.get("given"), raw.get("correct")
    if "given" in raw and not (
        isinstance(given, dict)
        and all(_text(k, 200) and isinstance(v, str) and len(v) <= 10_000 for k, v in given.items())
    ):
        found.append(f"'given' must map each asked key to the answer as text, not {short(given)}")
    if "correct" in raw and not (
        isinstance(correct, dict) and all(_text(k, 200) and isinstance(v, bool) for k, v in correct.items())
    ):
        found.append(f"'correct' must map each asked key to true or false, not {short(correct)}")
    at, seconds = _number(raw.get("at")), _number(raw.get("seconds"))
    if "at" in raw and (at is None or not 0 < at < LATEST_TIME):
        found.append(f"'at' must be a time in seconds since 1970, not {short(raw.get('at'))}")
    if "seconds" in raw and (seconds is None or not 0 <= seconds <= 1e6):
        found.append(f"'seconds' must be a number of seconds from 0 to 1000000, not {short(raw.get('seconds'))}")
    if found:
        problems.append(f"{where}: " + "; ".join(found))
        return None
    assert at is not None and seconds is not None
    return _Entry(uid, item, kind, dict(given), dict(correct), at, seconds)  # type: ignore[arg-type]


def _check_read(n: int, raw: object, problems: list[str]) -> tuple[str, int, float] | None:
    where = f"reads[{n}]"
    if not isinstance(raw, dict) or set(raw) - {"lesson", "section", "at"} or "lesson" not in raw:
        problems.append(f"{where} must be an object with lesson, section and at, not {short(raw)}")
        return None
    lesson, section, at = raw.get("lesson"), raw.get("section"), _number(raw.get("at", time.time()))
    if not _text(lesson, 200):
        problems.append(f"{where}: 'lesson' must be a lesson id, not {short(lesson)}")
    elif isinstance(section, bool) or not isinstance(section, int) or not 0 <= section < 1000:
        problems.append(f"{where}: 'section' must be a section number from 0, not {short(section)}")
    elif at is None or not 0 < at < LATEST_TIME:
        problems.append(f"{where}: 'at' must be a time in seconds since 1970, not {short(raw.get('at'))}")
    else:
        return lesson, section, at  # type: ignore[return-value]
    return None


def parse_export(data: str | bytes | Mapping[str, Any]) -> tuple[str, list[_Entry], list[tuple[str, int, float]]]:
    """(learner, answers, reads) of an export, every field checked; raises :class:`ImportRejected`."""
    if isinstance(data, str | bytes):
        try:
            doc: object = json.loads(data)
        except (ValueError, UnicodeDecodeError) as error:
            raise ImportRejected([f"the file is not JSON ({' '.join(str(error).split())})"]) from error
    else:
        doc = dict(data)
    if not isinstance(doc, dict):
        raise ImportRejected(["the file must hold a JSON object (an Aluette tutor progress export)"])
    if doc.get("format") != FORMAT:
        raise ImportRejected([f"this is not an Aluette tutor progress export ('format' is {short(doc.get('format'))})"])
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        raise ImportRejected([f"export version {short(version)} is not one this tutor reads (1 to {VERSION})"])
    problems: list[str] = []
    learner = doc.get("learner")
    if not isinstance(learner, str):
        problems.append(f"'learner' must be the learner's name, not {short(learner)}")
    for key in ("answers", "reads", "cards"):
        if key in doc and not isinstance(doc[key], list):
            problems.append(f"'{key}' must be a list, not {short(doc[key])}")
    if "answers" not in doc:
        problems.append("'answers' is missing")
    if problems:
        raise ImportRejected(problems)
    answers: list[_Entry] = []
    seen: dict[str, tuple[int, _Entry]] = {}
    for n, raw in enumerate(doc["answers"]):
        entry = _check_answer(n, raw, problems)
        if entry is None:
            continue
        if entry.uid in seen:
            first, earlier = seen[entry.uid]
            if earlier != entry:
                problems.append(f"answers[{n}] (uid {entry.uid[:12]}): the uid is also used by answers[{first}]")
            continue  # an exact repeat is merged like any duplicate
        seen[entry.uid] = (n, entry)
        answers.append(entry)
    reads = [read for n, raw in enumerate(doc.get("reads", [])) if (read := _check_read(n, raw, problems))]
    if problems:
        shown = problems[:MAX_PROBLEMS]
        if len(problems) > MAX_PROBLEMS:
            shown.append(f"... {len(problems) - MAX_PROBLEMS} more")
        raise ImportRejected(shown)
    return learner, answers, reads  # type: ignore[return-value]


# --- Importing --------------------------------------------------------------------------------------------


def import_progress(db: ProgressDB, data: str | bytes | Mapping[str, Any], learner: str | None = None) -> ImportResult:
    """Merge an export into ``learner`` (default: the name in the file), creating the learner if new.

    All or nothing: any bad entry raises :class:`ImportRejected` before anything is written, and the
    writes share one transaction.
    """
    from tutor.progress.store import LearnerError, clean_name, save_card

    exported_as, answers, reads = parse_export(data)
    try:
        name = clean_name(learner if learner is not None else exported_as)
    except LearnerError as error:
        raise ImportRejected([f"'learner': {error}"]) from error
    with db.using(write=True) as conn:
        row = conn.execute("SELECT id, name FROM learners WHERE folded = ?", (name.casefold(),)).fetchone()
        if row is None:
            learner_id = conn.execute(
                "INSERT INTO learners (name, folded, created) VALUES (?, ?, ?)", (name, name.casefold(), time.time())
            ).lastrowid
        else:
            learner_id, name = row
        added_items: set[str] = set()
        added = 0
        for a in answers:
            if _insert_answer(conn, learner_id, a):
                added += 1
                added_items.add(a.item)
        reads_added = sum(
            conn.execute(
                "INSERT OR IGNORE INTO reads (learner_id, lesson, section, read_at) VALUES (?, ?, ?, ?)",
                (learner_id, lesson, section, at),
            ).rowcount
            for lesson, section, at in reads
        )
        rescheduled = 0
        for item in sorted(i for i in added_items if reviewable(i)):
            history = conn.execute(
                "SELECT kind, all_correct, seconds, answered_at FROM answers WHERE learner_id = ? AND item = ?"
                " ORDER BY answered_at, id",
                (learner_id, item),
            ).fetchall()
            state = replay(item, [(k, bool(ok), s, at) for k, ok, s, at in history])
            if state is not None:
                save_card(conn, learner_id, state)
                rescheduled += 1
    return ImportResult(name, added, len(answers) - added, reads_added, rescheduled)


def _insert_answer(conn: sqlite3.Connection, learner_id: int, a: _Entry) -> bool:
    return bool(
        conn.execute(
            "INSERT OR IGNORE INTO answers (learner_id, uid, item, kind, given, correct, all_correct, answered_at,"
            " seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                learner_id,
                a.uid,
                a.item,
                a.kind,
                json.dumps(a.given, ensure_ascii=False),
                json.dumps(a.correct),
                int(a.all_correct),
                a.at,
                a.seconds,
            ),
        ).rowcount
    )
