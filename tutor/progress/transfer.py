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
  the rest counted exactly;
* each problem is data (:class:`Problem`: an English template marked with ``N_`` for the ``ui`` catalog, and
  its values), so that the app words it in the learner's language; ``str()`` of a problem or of
  :class:`ImportRejected` is the English (the CLI's).

Then answers are merged by ``uid`` (an answer already there, or repeated in the file, is skipped, so
importing twice adds nothing), reads are merged, and the review card of every item that gained answers is
**re-derived by replaying all of the learner's answers to it in time order**. This goes in short
transactions of whole items (:data:`CHUNK` answers at most), each with its items' cards, worked out before
the transaction (one read of the learner's answers for the whole import) and checked inside it against the
file (an item someone answered meanwhile is replayed again there); between two, the write lock is left free
at least as long as it was held, so another writer never waits long. An import cut short leaves whole items
only, and importing the same file again finishes it. The file's
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
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, TypeAlias, TypeGuard

from tutor.engine.errors import short
from tutor.i18n.ui import N_, N_plural
from tutor.progress.base import Progress
from tutor.progress.db import Connection, card_row
from tutor.progress.records import Answer, ItemState
from tutor.progress.scheduling import replay, reviewable
from tutor.progress.store import (
    INSERT_ANSWER,
    SAVE_CARD,
    LearnerError,
    ProgressDB,
    answer_row,
    bump,
    clean_name,
    folded,
    no_learner,
)

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


# A problem's value: a number, text from the file (shown as it is), another problem (the entry it is about), or
# several problems of one entry.
Value: TypeAlias = "int | float | str | Problem | tuple[Problem, ...]"
# How a problem becomes words: (template, plural template or None, count or None, values) -> text. The app
# passes one that looks the template up in the learner's language; :func:`english` keeps the English.
Wording = Callable[[str, str | None, int | None, dict[str, int | float | str]], str]


def english(template: str, plural: str | None, count: int | None, values: dict[str, int | float | str]) -> str:
    """A problem's template in English, its ``{n}`` the count when it has plural forms."""
    text = plural if plural is not None and count != 1 else template
    return text.format(**values, **({"n": count} if plural is not None else {}))


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, as data: an English template (marked with ``N_`` for the catalog) and its
    values, so that the app words it in the learner's language and this package needs no language of its own.
    ``str()`` is the English."""

    template: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None  # with ``count``: the template's plural form
    count: int | None = None

    def words(self, wording: Wording = english) -> str:
        values = {name: _worded(value, wording) for name, value in self.values}
        return wording(self.template, self.plural, self.count, values)

    def __str__(self) -> str:
        return self.words()


def _worded(value: Value, wording: Wording) -> int | float | str:
    if isinstance(value, Problem):
        return value.words(wording)
    if isinstance(value, tuple):
        return "; ".join(p.words(wording) for p in value)
    return value


def _learner_problem(error: LearnerError) -> Problem | str:
    """Why a learner's name cannot be used, as a problem the app words (its ``ui`` message), or the English."""
    if error.text is None:
        return str(error)
    values = tuple((name, v if isinstance(v, int | float | str) else str(v)) for name, v in error.text.params)
    return Problem(error.text.message, values)


def problem(template: str, /, **values: Value) -> Problem:
    return Problem(template, tuple(values.items()))


def problems_of(plural: tuple[str, str], count: int, /, **values: Value) -> Problem:
    """A problem whose wording depends on ``count`` (``{n}`` in it)."""
    return Problem(plural[0], tuple(values.items()), plural[1], count)


def at_entry(where: Problem, found: list[Problem]) -> Problem:
    """``answers[3] (uid 4f2a): <problem>; <problem>``."""
    # Translators: an entry of the file, then what is wrong with it (several problems are separated by "; ").
    return problem(N_("{entry}: {problems}"), entry=where, problems=tuple(found))


class ImportRejected(ValueError):
    """The file was not imported. ``issues`` holds one :class:`Problem` for each of the first bad entries,
    ``problems`` the same in English, ``total`` counts them all; the message (English) sums them up. The app
    words them in the learner's language (:func:`tutor.app.progress_view.import_file`)."""

    def __init__(self, issues: list[Problem], total: int | None = None) -> None:
        self.issues = tuple(issues)
        self.problems = tuple(str(p) for p in issues)
        self.total = max(total or 0, len(issues))
        others = self.total - 1
        more = f" (and {others} more problem{'s' if others != 1 else ''})" if others else ""
        super().__init__(f"Nothing was imported: {self.problems[0]}{more}.")


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


def _text(value: object, limit: int) -> TypeGuard[str]:
    """Text of 1 to ``limit`` characters on one line."""
    return isinstance(value, str) and 0 < len(value) <= limit and _LINE_BREAK.search(value) is None


def _time_problem(value: object, latest: float) -> Problem | None:
    """Why ``value`` is not a time an answer or a read could have (None if it is one)."""
    at = _number(value)
    if at is None or at <= 0:
        return problem(N_("'at' must be a time in seconds since 1970, not {value}"), value=short(value))
    if at > latest:
        when = datetime.fromtimestamp(min(at, 253402300799.0), UTC).strftime("%Y-%m-%d %H:%M UTC")
        # Translators: {when} is a date and time such as 2025-03-12 09:46 UTC.
        return problem(N_("'at' is {when}, in the future (more than a day after this computer's clock)"), when=when)
    return None


def _answer_at(n: int, uid: str | None = None) -> Problem:
    """Where in the file: ``answers[3]``, ``answers[3] (uid 4f2a)``."""
    # Translators: an entry of the file: "answers" and "uid" are the file's own keys, kept as they are.
    return problem(N_("answers[{n}] (uid {uid})"), n=n, uid=uid) if uid else problem(N_("answers[{n}]"), n=n)


def _check_answer(n: int, raw: object, latest: float, problems: list[Problem]) -> Answer | None:
    if not isinstance(raw, dict):
        problems.append(
            problem(
                N_("{entry} must be an object with uid, item, kind, given, correct, at and seconds"),
                entry=_answer_at(n),
            )
        )
        return None
    uid = raw.get("uid")
    found: list[Problem] = []
    missing = [key for key in ANSWER_KEYS if key not in raw]
    if missing:
        # Translators: {keys} is a list of the file's keys, e.g. 'kind', 'given', 'at'.
        found.append(problem(N_("missing {keys}"), keys=", ".join(repr(k) for k in missing)))
    unknown = sorted(set(raw) - set(ANSWER_KEYS))
    if unknown:
        keys = ", ".join(short(k) for k in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        found.append(problem(N_("unknown key {keys}"), keys=keys))
    if "uid" in raw and not (isinstance(uid, str) and _UID.match(uid)):
        found.append(problem(N_("'uid' must be 1-64 letters, digits, '-' or '_', not {value}"), value=short(uid)))
    item, kind = raw.get("item"), raw.get("kind")
    if "item" in raw and not _text(item, 200):
        found.append(problem(N_("'item' must be an id of 1-200 characters, not {value}"), value=short(item)))
    if "kind" in raw and not _text(kind, 64):
        found.append(problem(N_("'kind' must be a word of 1-64 characters, not {value}"), value=short(kind)))
    given, correct = raw.get("given"), raw.get("correct")
    if "given" in raw and not (
        isinstance(given, dict)
        and len(given) <= MAX_KEYS
        and all(_text(k, 200) and isinstance(v, str) and len(v) <= 10_000 for k, v in given.items())
    ):
        found.append(
            problem(N_("'given' must map each asked key to the answer as text, not {value}"), value=short(given))
        )
    if "correct" in raw and not (
        isinstance(correct, dict)
        and len(correct) <= MAX_KEYS
        and all(_text(k, 200) and isinstance(v, bool) for k, v in correct.items())
    ):
        found.append(
            problem(N_("'correct' must map each asked key to true or false, not {value}"), value=short(correct))
        )
    at, seconds = _number(raw.get("at")), _number(raw.get("seconds"))
    if "at" in raw and (wrong_time := _time_problem(raw.get("at"), latest)):
        found.append(wrong_time)
    if "seconds" in raw and (seconds is None or not 0 <= seconds <= 1e6):
        found.append(
            problem(
                N_("'seconds' must be a number of seconds from 0 to 1000000, not {value}"),
                value=short(raw.get("seconds")),
            )
        )
    if found:
        where = _answer_at(n, uid[:12] if isinstance(uid, str) and _UID.match(uid) else None)  # made only when needed
        problems.append(at_entry(where, found))
        return None
    # Checked above: each is a problem otherwise.
    assert at is not None and seconds is not None and isinstance(uid, str) and isinstance(item, str)
    assert isinstance(kind, str) and isinstance(given, dict) and isinstance(correct, dict)
    return Answer(item, kind, dict(given), dict(correct), seconds, at, uid)


def _check_read(n: int, raw: object, now: float, problems: list[Problem]) -> tuple[str, int, float] | None:
    # Translators: an entry of the file: "reads" is the file's own key, kept as it is.
    where = problem(N_("reads[{n}]"), n=n)
    if not isinstance(raw, dict) or set(raw) - {"lesson", "section", "at"} or "lesson" not in raw:
        problems.append(
            problem(
                N_("{entry} must be an object with lesson, section and at, not {value}"), entry=where, value=short(raw)
            )
        )
        return None
    lesson, section = raw.get("lesson"), raw.get("section")
    if not _text(lesson, 200):
        problems.append(
            at_entry(where, [problem(N_("'lesson' must be a lesson id, not {value}"), value=short(lesson))])
        )
    elif isinstance(section, bool) or not isinstance(section, int) or not 0 <= section < 1000:
        wrong = problem(N_("'section' must be a section number from 0, not {value}"), value=short(section))
        problems.append(at_entry(where, [wrong]))
    elif wrong_time := _time_problem(raw.get("at", now), now + CLOCK_SKEW):
        problems.append(at_entry(where, [wrong_time]))
    else:
        return lesson, section, float(raw.get("at", now))
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
        too_big = problem(
            N_("the file is {size:.0f} MB; an export is at most {limit} MB"),
            size=size / 2**20,
            limit=MAX_BYTES // 2**20,
        )
        raise ImportRejected([too_big])
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ImportRejected(
                [problem(N_("the file is not JSON (not UTF-8 text at byte {byte})"), byte=error.start)]
            ) from error
    else:
        text = data
    if _nests_too_deep(text):
        deep = N_("the file is not a progress export: it nests lists and objects more than {depth} deep")
        raise ImportRejected([problem(deep, depth=MAX_DEPTH)])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        # Translators: {reason} is the JSON reader's own words (in English), e.g. "Expecting value".
        where = N_("the file is not JSON ({reason}: line {line} column {column} (char {char}))")
        not_json = problem(where, reason=error.msg, line=error.lineno, column=error.colno, char=error.pos)
        raise ImportRejected([not_json]) from error
    except (ValueError, RecursionError) as error:
        # Translators: {reason} is the JSON reader's own words (in English).
        raise ImportRejected(
            [problem(N_("the file is not JSON ({reason})"), reason=" ".join(str(error).split()))]
        ) from error


def parse_export(
    data: str | bytes | Mapping[str, Any], now: float | None = None
) -> tuple[str, list[Answer], list[tuple[str, int, float]]]:
    """(learner, answers, reads) of an export, every field checked; raises :class:`ImportRejected`.
    ``now`` (epoch seconds, default the clock) is the time beyond which, give or take a day, answers are
    in the future. An answer repeated exactly is listed twice (the second is skipped on import)."""
    moment = time.time() if now is None else now
    doc = load_json(data) if isinstance(data, str | bytes) else dict(data)
    if not isinstance(doc, dict):
        raise ImportRejected([problem(N_("the file must hold a JSON object (an Aluette tutor progress export)"))])
    if doc.get("format") != FORMAT:
        not_ours = N_("this is not an Aluette tutor progress export ('format' is {value})")
        raise ImportRejected([problem(not_ours, value=short(doc.get("format")))])
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        unread = N_("export version {value} is not one this tutor reads (1 to {latest})")
        raise ImportRejected([problem(unread, value=short(version), latest=VERSION)])
    problems: list[Problem] = []
    unknown = sorted(str(key) for key in doc if key not in TOP_KEYS)
    if unknown:
        named = ", ".join(short(key) for key in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        # Translators: {keys} is a list of keys found in the file; the keys an export has are its own names, kept.
        top = N_plural(
            "unknown top-level key {keys} "
            "(an export has format, version, learner, exported_at, answers, reads and cards)",
            "unknown top-level keys {keys} "
            "(an export has format, version, learner, exported_at, answers, reads and cards)",
        )
        problems.append(problems_of(top, len(unknown), keys=named))
    learner = doc.get("learner")
    if not isinstance(learner, str):
        problems.append(problem(N_("'learner' must be the learner's name, not {value}"), value=short(learner)))
    if "exported_at" in doc and not _text(doc["exported_at"], 64):
        when = N_("'exported_at' must be the time of the export as text, not {value}")
        problems.append(problem(when, value=short(doc["exported_at"])))
    for key in ("answers", "reads", "cards"):
        if key in doc and not isinstance(doc[key], list):
            # Translators: {key} is one of the file's keys (answers, reads, cards), kept as it is.
            problems.append(problem(N_("'{key}' must be a list, not {value}"), key=key, value=short(doc[key])))
        elif key in doc and len(doc[key]) > MAX_ENTRIES:
            many = N_("'{key}' has {entries:,} entries; an import takes at most {limit:,}")
            problems.append(problem(many, key=key, entries=len(doc[key]), limit=MAX_ENTRIES))
    if "answers" not in doc:
        problems.append(problem(N_("'answers' is missing")))
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
                twice = problem(N_("the uid is also used by answers[{first}]"), first=first)
                problems.append(at_entry(_answer_at(n, entry.uid[:12]), [twice]))
                continue
        else:
            seen[entry.uid] = (n, entry)
        answers.append(entry)  # an exact repeat too: it is merged like any answer already there, i.e. skipped
    reads = [read for n, raw in enumerate(doc.get("reads", [])) if (read := _check_read(n, raw, moment, problems))]
    if problems:
        raise ImportRejected(problems[:MAX_PROBLEMS], total=len(problems))
    assert isinstance(learner, str)  # checked above: a problem otherwise
    return learner, answers, reads


# --- Importing --------------------------------------------------------------------------------------------


# An import's transactions: this many answers at most (whole items: an item with more is one transaction of its
# own), some tens of milliseconds of the write lock each, and after each at least as long without it.
CHUNK = 2_000
# Answers already in the file, per item: (kind, all_correct, seconds, answered_at, id), in that order.
Rows: TypeAlias = "list[tuple[str, bool, float, float, float]]"
# How far an import has come: (answers written so far, answers to write).
Report = Callable[[int, int], None]


def import_progress(
    db: ProgressDB,
    data: str | bytes | Mapping[str, Any],
    learner: str | None = None,
    now: float | None = None,
    on_progress: Report | None = None,
) -> ImportResult:
    """Merge an export into ``learner`` (default: the name in the file), creating the learner if new.

    Any bad entry raises :class:`ImportRejected` before anything is written. Then the answers go in by
    whole items, a few thousand answers per transaction, each with the review cards of its items replayed
    from all the learner's answers to them, so that other writers (another tab, another app process) get
    the file between two transactions and never wait long. An import cut short (the process killed, the
    disk full) leaves every item either fully imported, its card with it, or untouched: importing the same
    file again adds what is missing and counts nothing twice. ``on_progress(written, total)`` is called
    before the first transaction and after each. ``now`` is for :func:`parse_export`.
    """
    exported_as, answers, reads = parse_export(data, now)
    try:
        name = clean_name(learner if learner is not None else exported_as)
    except LearnerError as error:
        # Translators: {reason} is why the name cannot be used, a sentence of its own.
        raise ImportRejected([problem(N_("'learner': {reason}"), reason=_learner_problem(error))]) from error
    learner_id, name = _learner_row(db, name)
    with db.using() as conn:  # a read: no lock kept from other writers
        here = {row[0] for row in conn.execute("SELECT uid FROM answers WHERE learner_id = ?", (learner_id,))}
    by_item: dict[str, list[Answer]] = {}
    for a in answers:
        if a.uid not in here:  # already the learner's, or given twice in the file
            here.add(a.uid)
            by_item.setdefault(a.item, []).append(a)
    total = sum(len(group) for group in by_item.values())
    existing = _existing(db, learner_id, {item for item in by_item if reviewable(item)})
    report = on_progress or (lambda done, total: None)
    report(0, total)
    added = written = rescheduled = reads_added = 0
    held = 0.0  # how long the last transaction kept the write lock
    released = time.perf_counter()
    chunks = _chunks(by_item) or [[]]
    for n, chunk in enumerate(chunks):
        rows = [answer_row(learner_id, a) for item in chunk for a in by_item[item]]
        cards = {item: _replayed(item, existing.get(item, []), by_item[item]) for item in chunk if reviewable(item)}
        # As long without the lock as with it, at least: a writer waiting meanwhile gets in.
        time.sleep(max(0.0, held - (time.perf_counter() - released)))
        taken = time.perf_counter()
        with db.using(write=True) as conn:
            if bump(conn, learner_id) is None:  # removed meanwhile (another session, another instance)
                raise LearnerError(no_learner(name))
            stale = _stale(conn, learner_id, cards, existing)
            now_added = conn.executemany(INSERT_ANSWER, rows).rowcount
            if now_added != len(rows):  # another import of the same answers got in first
                stale = list(cards)
            for item in stale:  # someone else answered these meanwhile: replayed from the file, inside
                cards[item] = _replayed(item, _rows_of(conn, learner_id, item), [])
            conn.executemany(SAVE_CARD, [(learner_id, *card_row(card)) for card in cards.values() if card is not None])
            if n == len(chunks) - 1:
                reads_added = conn.executemany(
                    "INSERT INTO reads (learner_id, lesson, section, read_at) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT DO NOTHING",
                    [(learner_id, lesson, section, at) for lesson, section, at in reads],
                ).rowcount
        released = time.perf_counter()
        held = released - taken
        added += now_added
        written += len(rows)
        rescheduled += sum(card is not None for card in cards.values())
        report(written, total)
    return ImportResult(name, added, len(answers) - added, max(reads_added, 0), rescheduled)


def _learner_row(db: ProgressDB, name: str) -> tuple[int, str]:
    """The learner's id and name as stored, the learner made if new."""
    with db.using(write=True) as conn:
        row = conn.execute("SELECT id, name FROM learners WHERE folded = ?", (folded(name),)).fetchone()
        if row is None:
            # Made meanwhile by another instance: theirs is used (the look-up after waits for their commit).
            conn.execute(
                "INSERT INTO learners (name, folded, created) VALUES (?, ?, ?) ON CONFLICT (folded) DO NOTHING",
                (name, folded(name), time.time()),
            )
            row = conn.execute("SELECT id, name FROM learners WHERE folded = ?", (folded(name),)).fetchone()
    return int(row[0]), str(row[1])


def _existing(db: ProgressDB, learner_id: int, items: set[str]) -> dict[str, Rows]:
    """The learner's answers already in the file to each of ``items``, in time order (one read of them all)."""
    found: dict[str, Rows] = {}
    if not items:
        return found
    with db.using() as conn:
        for item, kind, right, seconds, at, row_id in conn.execute(
            "SELECT item, kind, all_correct, seconds, answered_at, id FROM answers WHERE learner_id = ?"
            " ORDER BY answered_at, id",
            (learner_id,),
        ):
            if item in items:
                found.setdefault(item, []).append((kind, bool(right), seconds, at, row_id))
    return found


def _rows_of(conn: Connection, learner_id: int, item: str) -> Rows:
    rows = conn.execute(
        "SELECT kind, all_correct, seconds, answered_at, id FROM answers WHERE learner_id = ? AND item = ?",
        (learner_id, item),
    ).fetchall()
    found = [(kind, bool(right), seconds, at, row_id) for kind, right, seconds, at, row_id in rows]
    return sorted(found, key=lambda row: (row[3], row[4]))  # as the file orders them: by time, then as inserted


def _stale(conn: Connection, learner_id: int, cards: Mapping[str, object], existing: dict[str, Rows]) -> list[str]:
    """The items among ``cards`` whose answers in the file are no longer those read before (someone answered
    them meanwhile): their cards must be replayed again."""
    if not cards:
        return []
    items = list(cards)
    marks = ", ".join("?" for _ in items)  # a chunk's items: far fewer than either engine's limit of parameters
    counts = dict(
        conn.execute(
            f"SELECT item, count(*) FROM answers WHERE learner_id = ? AND item IN ({marks}) GROUP BY item",
            (learner_id, *items),
        ).fetchall()
    )
    return [item for item in cards if counts.get(item, 0) != len(existing.get(item, []))]


def _replayed(item: str, before: Rows, new: list[Answer]) -> ItemState | None:
    """The item's card from the answers in the file and the new ones, in time order: as the file orders them
    (by time, then as inserted: the new ones after, in the file's order)."""
    merged = [(at, order, kind, right, seconds) for kind, right, seconds, at, order in before]
    merged += [(a.at, math.inf, a.kind, a.all_correct, a.seconds) for a in new]  # sort is stable: file order kept
    merged.sort(key=lambda row: (row[0], row[1]))
    return replay(item, [(kind, right, seconds, at) for at, _, kind, right, seconds in merged])


def _chunks(by_item: Mapping[str, list[Answer]]) -> list[list[str]]:
    """The items in groups of at most :data:`CHUNK` answers (an item with more, alone), in the file's order."""
    chunks: list[list[str]] = []
    size = CHUNK
    for item, group in by_item.items():
        if size + len(group) > CHUNK:
            chunks.append([])
            size = 0
        chunks[-1].append(item)
        size += len(group)
    return chunks
