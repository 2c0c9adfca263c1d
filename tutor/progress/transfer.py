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

Import checks the whole file before writing anything, and with any problem imports nothing:

* the file's size, and how deeply it nests lists and objects, are checked on the text, before it is
  parsed (:data:`MAX_BYTES`, :data:`MAX_DEPTH`): a hostile file cannot exhaust memory or the stack;
* a key the format does not have, at the top or in an entry, is a problem, not something skipped in
  silence (a misspelt ``"read"`` would otherwise drop every lesson read): the file is refused and the
  message names the key;
* every entry's fields are checked and each bad entry is reported on one line (``answers[3] (uid 4f2a...):
  'seconds' must be ...``); a time more than :data:`CLOCK_SKEW` after this computer's clock is refused
  (a day of slack for another computer's clock); the first :data:`MAX_PROBLEMS` problems are listed and
  the rest counted exactly.

Then, in one transaction, answers are merged by ``uid`` (an answer already there, or repeated in the file,
is skipped, so importing twice adds nothing), reads are merged, and the review card of every item that
gained answers is **re-derived by replaying all of the learner's answers to it in time order**. The file's
``cards`` are informative only (checked to be a list, not read): replaying is deterministic (no fuzz),
gives exactly the card the learner would have had, and merges correctly when both sides answered the same
item at interleaved times, which no rule for combining two cards can do.

>>> doc = {"format": FORMAT, "version": 1, "learner": "Ann", "answers": [], "reeds": []}
>>> parse_export(json.dumps(doc))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tutor.progress.transfer.ImportRejected: Nothing was imported: unknown top-level key 'reeds' (an export has ...).
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from tutor.engine.errors import short
from tutor.progress.base import Progress
from tutor.progress.records import Answer
from tutor.progress.scheduling import replay, reviewable
from tutor.progress.store import LearnerError, ProgressDB, clean_name, insert_answer, save_card

FORMAT = "aluette-tutor-progress"
VERSION = 1
TOP_KEYS = ("format", "version", "learner", "exported_at", "answers", "reads", "cards")
ANSWER_KEYS = ("uid", "item", "kind", "given", "correct", "at", "seconds")

# Bounds, far above any real export (a year of daily practice is a few thousand answers, ~1 MB).
MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 6  # an export nests 4 deep: the file, 'answers', an answer, its 'given'
MAX_ENTRIES = 200_000  # in each of 'answers', 'reads' and 'cards'
MAX_KEYS = 100  # asked keys in one answer's 'given' or 'correct'
MAX_PROBLEMS = 20  # listed in full; beyond that, counted
CLOCK_SKEW = 86_400.0  # seconds: a time up to a day ahead is another computer's clock, beyond it a mistake

_UID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string (escapes included), in linear time
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_ONE_KIND = str.maketrans("{}", "[]")
_LINE_BREAK = re.compile("[\n\r\0]")


class ImportRejected(ValueError):
    """The file was not imported. ``problems`` holds one line for each of the first bad entries, ``total``
    counts them all; the message sums them up."""

    def __init__(self, problems: list[str], total: int | None = None) -> None:
        self.problems = tuple(problems)
        self.total = max(total or 0, len(problems))
        others = self.total - 1
        more = f" (and {others} more problem{'s' if others != 1 else ''})" if others else ""
        super().__init__(f"Nothing was imported: {problems[0]}{more}.")


@dataclass(frozen=True)
class ImportResult:
    learner: str
    added: int  # answers new to this learner
    skipped: int  # answers already there (same uid), or given twice in the file
    reads_added: int
    rescheduled: int  # items whose review card was re-derived


# --- Exporting --------------------------------------------------------------------------------------------


def export_learner(progress: Progress) -> dict[str, Any]:
    """The learner's answers, reads and cards in the export format: of a saved learner, or of one kept in
    memory (a session whose file failed can still take its answers away)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "learner": progress.learner,
        "exported_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "answers": [
            {
                "uid": a.uid,
                "item": a.item,
                "kind": a.kind,
                "given": a.given,
                "correct": a.correct,
                "at": a.at,
                "seconds": a.seconds,
            }
            for a in progress.history
        ],
        "reads": [{"lesson": lesson, "section": section, "at": at} for lesson, section, at in progress.sections()],
        "cards": [asdict(card) for card in sorted(progress.item_states(), key=lambda c: c.item)],
    }


def export_json(progress: Progress) -> str:
    """:func:`export_learner` as the text of the file."""
    return json.dumps(export_learner(progress), ensure_ascii=False, indent=1)


# --- Checking ---------------------------------------------------------------------------------------------


def _number(value: object) -> float | None:
    """A finite JSON number (true/false are not numbers here), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _text(value: object, limit: int) -> bool:
    """Text of 1 to ``limit`` characters on one line."""
    return isinstance(value, str) and 0 < len(value) <= limit and _LINE_BREAK.search(value) is None


def _time_problem(value: object, latest: float) -> str | None:
    """Why ``value`` is not a time an answer or a read could have (None if it is one)."""
    at = _number(value)
    if at is None or at <= 0:
        return f"'at' must be a time in seconds since 1970, not {short(value)}"
    if at > latest:
        when = datetime.fromtimestamp(min(at, 253402300799.0), UTC).strftime("%Y-%m-%d %H:%M UTC")
        return f"'at' is {when}, in the future (more than a day after this computer's clock)"
    return None


def _check_answer(n: int, raw: object, latest: float, problems: list[str]) -> Answer | None:
    where = f"answers[{n}]"
    if not isinstance(raw, dict):
        problems.append(f"{where} must be an object with uid, item, kind, given, correct, at and seconds")
        return None
    uid = raw.get("uid")
    if isinstance(uid, str) and _UID.match(uid):
        where += f" (uid {uid[:12]})"
    found: list[str] = []
    missing = [key for key in ANSWER_KEYS if key not in raw]
    if missing:
        found.append("missing " + ", ".join(repr(k) for k in missing))
    unknown = sorted(set(raw) - set(ANSWER_KEYS))
    if unknown:
        found.append("unknown key " + ", ".join(short(k) for k in unknown[:5]) + (", ..." if len(unknown) > 5 else ""))
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
        and len(given) <= MAX_KEYS
        and all(_text(k, 200) and isinstance(v, str) and len(v) <= 10_000 for k, v in given.items())
    ):
        found.append(f"'given' must map each asked key to the answer as text, not {short(given)}")
    if "correct" in raw and not (
        isinstance(correct, dict)
        and len(correct) <= MAX_KEYS
        and all(_text(k, 200) and isinstance(v, bool) for k, v in correct.items())
    ):
        found.append(f"'correct' must map each asked key to true or false, not {short(correct)}")
    at, seconds = _number(raw.get("at")), _number(raw.get("seconds"))
    if "at" in raw and (wrong_time := _time_problem(raw.get("at"), latest)):
        found.append(wrong_time)
    if "seconds" in raw and (seconds is None or not 0 <= seconds <= 1e6):
        found.append(f"'seconds' must be a number of seconds from 0 to 1000000, not {short(raw.get('seconds'))}")
    if found:
        problems.append(f"{where}: " + "; ".join(found))
        return None
    assert at is not None and seconds is not None
    return Answer(item, kind, dict(given), dict(correct), seconds, at, uid)  # type: ignore[arg-type]


def _check_read(n: int, raw: object, now: float, problems: list[str]) -> tuple[str, int, float] | None:
    where = f"reads[{n}]"
    if not isinstance(raw, dict) or set(raw) - {"lesson", "section", "at"} or "lesson" not in raw:
        problems.append(f"{where} must be an object with lesson, section and at, not {short(raw)}")
        return None
    lesson, section = raw.get("lesson"), raw.get("section")
    if not _text(lesson, 200):
        problems.append(f"{where}: 'lesson' must be a lesson id, not {short(lesson)}")
    elif isinstance(section, bool) or not isinstance(section, int) or not 0 <= section < 1000:
        problems.append(f"{where}: 'section' must be a section number from 0, not {short(section)}")
    elif wrong_time := _time_problem(raw.get("at", now), now + CLOCK_SKEW):
        problems.append(f"{where}: {wrong_time}")
    else:
        return lesson, section, float(raw.get("at", now))  # type: ignore[return-value]
    return None


def _nests_too_deep(text: str) -> bool:
    """Whether the JSON text nests lists and objects more than :data:`MAX_DEPTH` deep, found without
    recursion. Strings are dropped, ``{}`` counted as ``[]``, and every innermost ``[]`` removed
    :data:`MAX_DEPTH` times over: a pair left means deeper nesting. What else is left is ``]]...[[``: brackets
    that do not pair up, a JSON error that the parser reports well unless it is many opening brackets."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_ONE_KIND)
    for _ in range(MAX_DEPTH):
        brackets = brackets.replace("[]", "")
    return "[]" in brackets or brackets.count("[") > MAX_DEPTH


def load_json(data: str | bytes) -> object:
    """The parsed file, once its size and nesting are known to be those of an export; raises
    :class:`ImportRejected` (never RecursionError or MemoryError)."""
    size = len(data)  # bytes, or characters (at most 4 bytes each) when given text
    if size > MAX_BYTES:
        raise ImportRejected([f"the file is {size / 2**20:.0f} MB; an export is at most {MAX_BYTES // 2**20} MB"])
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ImportRejected([f"the file is not JSON (not UTF-8 text at byte {error.start})"]) from error
    else:
        text = data
    if _nests_too_deep(text):
        raise ImportRejected(
            [f"the file is not a progress export: it nests lists and objects more than {MAX_DEPTH} deep"]
        )
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ImportRejected([f"the file is not JSON ({' '.join(str(error).split())})"]) from error


def parse_export(
    data: str | bytes | Mapping[str, Any], now: float | None = None
) -> tuple[str, list[Answer], list[tuple[str, int, float]]]:
    """(learner, answers, reads) of an export, every field checked; raises :class:`ImportRejected`.
    ``now`` (epoch seconds, default the clock) is the time beyond which, give or take a day, answers are
    in the future. An answer repeated exactly is listed twice (the second is skipped on import)."""
    moment = time.time() if now is None else now
    doc = load_json(data) if isinstance(data, str | bytes) else dict(data)
    if not isinstance(doc, dict):
        raise ImportRejected(["the file must hold a JSON object (an Aluette tutor progress export)"])
    if doc.get("format") != FORMAT:
        raise ImportRejected([f"this is not an Aluette tutor progress export ('format' is {short(doc.get('format'))})"])
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        raise ImportRejected([f"export version {short(version)} is not one this tutor reads (1 to {VERSION})"])
    problems: list[str] = []
    unknown = sorted(str(key) for key in doc if key not in TOP_KEYS)
    if unknown:
        named = ", ".join(short(key) for key in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        problems.append(
            f"unknown top-level key{'s' if len(unknown) > 1 else ''} {named} "
            "(an export has format, version, learner, exported_at, answers, reads and cards)"
        )
    learner = doc.get("learner")
    if not isinstance(learner, str):
        problems.append(f"'learner' must be the learner's name, not {short(learner)}")
    if "exported_at" in doc and not _text(doc["exported_at"], 64):
        problems.append(f"'exported_at' must be the time of the export as text, not {short(doc['exported_at'])}")
    for key in ("answers", "reads", "cards"):
        if key in doc and not isinstance(doc[key], list):
            problems.append(f"'{key}' must be a list, not {short(doc[key])}")
        elif key in doc and len(doc[key]) > MAX_ENTRIES:
            problems.append(f"'{key}' has {len(doc[key]):,} entries; an import takes at most {MAX_ENTRIES:,}")
    if "answers" not in doc:
        problems.append("'answers' is missing")
    if problems:
        raise ImportRejected(problems)
    answers: list[Answer] = []
    seen: dict[str, tuple[int, Answer]] = {}
    for n, raw in enumerate(doc["answers"]):
        entry = _check_answer(n, raw, moment + CLOCK_SKEW, problems)
        if entry is None:
            continue
        if entry.uid in seen:
            first, earlier = seen[entry.uid]
            if earlier != entry:
                problems.append(f"answers[{n}] (uid {entry.uid[:12]}): the uid is also used by answers[{first}]")
                continue
        else:
            seen[entry.uid] = (n, entry)
        answers.append(entry)  # an exact repeat too: it is merged like any answer already there, i.e. skipped
    reads = [read for n, raw in enumerate(doc.get("reads", [])) if (read := _check_read(n, raw, moment, problems))]
    if problems:
        raise ImportRejected(problems[:MAX_PROBLEMS], total=len(problems))
    return learner, answers, reads  # type: ignore[return-value]


# --- Importing --------------------------------------------------------------------------------------------


def import_progress(
    db: ProgressDB, data: str | bytes | Mapping[str, Any], learner: str | None = None, now: float | None = None
) -> ImportResult:
    """Merge an export into ``learner`` (default: the name in the file), creating the learner if new.

    All or nothing: any bad entry raises :class:`ImportRejected` before anything is written, and the
    writes share one transaction. ``now`` is for :func:`parse_export`.
    """
    exported_as, answers, reads = parse_export(data, now)
    try:
        name = clean_name(learner if learner is not None else exported_as)
    except LearnerError as error:
        raise ImportRejected([f"'learner': {error}"]) from error
    with db.using(write=True) as conn:
        row = conn.execute("SELECT id, name FROM learners WHERE folded = ?", (name.casefold(),)).fetchone()
        if row is None:
            inserted = conn.execute(
                "INSERT INTO learners (name, folded, created) VALUES (?, ?, ?)", (name, name.casefold(), time.time())
            ).lastrowid
            assert inserted is not None  # an INSERT always sets it
            learner_id: int = inserted
        else:
            learner_id, name = row
        added_items: set[str] = set()
        added = 0
        for a in answers:
            if insert_answer(conn, learner_id, a):
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
