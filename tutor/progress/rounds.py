"""A live round: a teacher asks a room the same scenarios, one at a time; everyone answers on their phone.

Everything about a round is in the database (schema 12), never in one process's memory: the teacher's
projector and the phones may be served by different app instances, and a phone that reloads finds the round
where it is.

The round (:class:`Round`)
    ``code`` (6 characters of :data:`~tutor.progress.classes.ALPHABET`) is unique among the rounds not ended;
    a class's round takes the class's own join code when no live round has it. ``phase`` is one of
    :data:`PHASES`; ``position`` is the index of the current scenario in ``scenario_ids``; ``step`` how many
    steps of the engine's explanation the teacher has shown in ``reveal``; ``question_opened`` when the
    current question opened (an answer's speed is counted from it). ``revision`` counts the teacher's acts,
    ``activity`` the joins and answers.

The teacher (every call takes the :class:`~tutor.progress.teachers.Teacher`; another teacher's round is one
that does not exist, :class:`RoundError`)
    * :func:`start_round` (lobby), :func:`teacher_rounds`, :func:`teacher_round`;
    * :func:`act` with one of :data:`ACTIONS`: ``open`` (lobby -> question 0), ``reveal`` (question ->
      reveal, step 0), ``step`` (one more explanation step, in reveal), ``next`` (reveal -> the next question,
      or the summary after the last), ``end`` (any phase -> ended). An action the phase does not allow is
      refused with one line. With ``expected_revision`` (the revision the projector drew) an act applies only
      if the round is still at it, checked and moved in one transaction (:class:`MovedOn` otherwise, nothing
      applied): two tabs pressing Next at once move the round one step. Each act bumps ``revision``; on
      PostgreSQL it also sends ``NOTIFY`` on :data:`CHANNEL` with the round's id (polling :func:`revision` is
      enough; listening is a shortcut).

Who may join
    Anyone with the code: the browser's current learner (a class's member or not; joining a round does not
    make anyone a class's member), or a guest whom the page first asks for a name. :func:`join_round`,
    :func:`players`.

Answers
    :func:`submit` keeps one answer per person and scenario: the ``round_answers`` primary key decides (two
    instances at once keep one), and it is refused (False) when the round is not at that question. The
    same answer is written, in the same transaction, as an ordinary answer of the learner (the ``answers`` row
    and the review card that :meth:`~tutor.progress.store.SqliteProgress.record` writes, with the learner's
    ``revision`` bumped): it counts for Progress, Review and the class's dashboard, and neither exists without
    the other. ``choice`` is the learner's raw answer (the widgets' values by asked key, not words in a
    language): :func:`split` counts the choices, :func:`answer_of` gives one person's back (a phone that
    reloaded shows it again).

Reading (the pages decide who may see what: a phone shows its own answer only)
    :func:`live_round` (by code), :func:`open_round` (by code, a phone's try counted for its client, as
    /join counts its tries), :func:`round_of` (by id), :func:`revision` and :func:`activity` (one
    indexed query each, for pollers), :func:`answered_count`, :func:`split`, :func:`summary` (share right per
    scenario), :func:`leaderboard` (correct answers, then total seconds), :func:`score` (one person's).

An abandoned round ends by itself
    A round with no act for :data:`IDLE_SECONDS` (an hour) has ended: reading it (:func:`live_round`,
    :func:`round_of`, :func:`revision`, :func:`teacher_rounds`) ends it, and so does :func:`end_idle_rounds`,
    which the app's hourly upkeep runs; that also deletes the rounds ended more than :data:`KEEP_DAYS` ago
    (their answers stay the learners').

Every time is epoch seconds; each call takes ``now`` (default the clock) so tests can inject one.

>>> import tempfile
>>> from pathlib import Path
>>> from tutor.progress.records import Answer
>>> from tutor.progress.teachers import create_teacher
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> roux = create_teacher(db, "Mme Roux", "correct horse")
>>> ann = db.learner_id(db.create_learner("Ann"))
>>> live = start_round(db, roux, None, ["spoiled-aces"], leaderboard=True, now=100.0)
>>> join_round(db, live.id, ann, now=101.0)
True
>>> act(db, roux, live.id, "open", now=110.0).phase
'question'
>>> given = Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 4.0)
>>> submit(db, live.id, 0, ann, given, {"winner": "none"}, now=114.0), submit(db, live.id, 0, ann, given, {}, now=115.0)
(True, False)
>>> [(s.name, s.right, s.seconds) for s in leaderboard(db, live.id)]
[('Ann', 1, 4.0)]
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, cast

from tutor.content.texts import Text, _
from tutor.progress.classes import ALPHABET, ClassError, count_try, new_code, over_the_limit, school_class, typed_code
from tutor.progress.db import Connection
from tutor.progress.names import LearnerError
from tutor.progress.records import Answer
from tutor.progress.scheduling import review, reviewable
from tutor.progress.store import ProgressDB, bump, card_of, insert_answer, save_card
from tutor.progress.teachers import Teacher

Phase = Literal["lobby", "question", "reveal", "summary", "ended"]
Action = Literal["open", "reveal", "step", "next", "end"]
PHASES: tuple[Phase, ...] = ("lobby", "question", "reveal", "summary", "ended")
ACTIONS: tuple[Action, ...] = ("open", "reveal", "step", "next", "end")
IDLE_SECONDS = 3600.0  # an hour without an act: the round has ended by itself
KEEP_DAYS = 30  # ended rounds are deleted after this (their answers stay the learners')
SCENARIO_LIMIT = 200  # scenarios in one round: an evening's worth, many times over
DRAWS = 20  # codes drawn before giving up
CHANNEL = "aluette_round"  # PostgreSQL's NOTIFY channel: the payload is the round's id
CODE_CHARACTERS = ALPHABET  # re-exported for the pages: a round's code is a class code's kind

_COLUMNS = (
    "id, code, teacher_id, class_id, scenarios, phase, position, step, leaderboard, revision, started, changed,"
    " question_opened"
)


class RoundError(LearnerError):
    """A round that is not the teacher's, an act the round's phase does not allow, scenarios that cannot be
    asked: one line to show (:meth:`words` in the reader's language)."""


def moved_on() -> Text:
    """The one line for a press drawn at a revision the round has left (another tab or window acted first)."""
    return _("The round moved on in another window; this is where it is now.")


@dataclass(frozen=True)
class Round:
    """A live round as it is in the database."""

    id: int
    code: str
    teacher_id: int
    class_id: int | None
    scenario_ids: tuple[str, ...]
    phase: Phase
    position: int  # index of the current scenario in ``scenario_ids``
    step: int  # explanation steps shown in reveal
    leaderboard: bool  # show the leaderboard at the summary
    revision: int  # the teacher's acts so far
    started: float
    changed: float  # the last act
    question_opened: float | None  # when the current question opened

    @property
    def scenario_id(self) -> str | None:
        """The scenario asked now (None in the lobby, the summary, once ended)."""
        if self.phase in ("question", "reveal") and self.position < len(self.scenario_ids):
            return self.scenario_ids[self.position]
        return None

    @property
    def live(self) -> bool:
        return self.phase != "ended"

    @property
    def last(self) -> bool:
        """Whether the current scenario is the round's last (``next`` then leads to the summary)."""
        return self.position >= len(self.scenario_ids) - 1


class MovedOn(RoundError):
    """An act drawn at a revision the round has left: nothing applied; ``current`` is the round as it is."""

    def __init__(self, current: Round) -> None:
        super().__init__(moved_on())
        self.current = current


@dataclass(frozen=True)
class Player:
    """Someone who joined a round: the learner's id and name, and when they joined."""

    learner_id: int
    name: str
    joined: float


@dataclass(frozen=True)
class RoundAnswer:
    """One person's answer to one scenario of a round: the raw choice, whether it was all right, the seconds
    from the question's opening to the answer, and the ``answers`` row's uid."""

    choice: dict[str, Any]
    all_correct: bool
    seconds: float
    answered_at: float
    uid: str


@dataclass(frozen=True)
class Choice:
    """How many chose the same answer to one scenario (``key`` is its JSON, ``choice`` the raw answer)."""

    key: str
    choice: dict[str, Any]
    count: int
    right: bool


@dataclass(frozen=True)
class Share:
    """One scenario of a round at its summary: how many answered it, how many entirely right."""

    position: int
    scenario_id: str
    answered: int
    right: int

    @property
    def share(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class Standing:
    """One person on the leaderboard: answers entirely right, answers given, total seconds taken."""

    learner_id: int
    name: str
    right: int
    answered: int
    seconds: float


def no_such_round() -> Text:
    return _("There is no such round among yours.")


def not_now() -> Text:
    """The one line for an act the round's phase does not allow (Reveal before the question opened...)."""
    return _("The round is not at a point where this can be done.")


def _round(row: Sequence[Any]) -> Round:
    id_, code, teacher_id, class_id, scenarios, phase, position, step, board, rev, started, changed, opened = row
    return Round(
        int(id_),
        str(code),
        int(teacher_id),
        None if class_id is None else int(class_id),
        tuple(str(s) for s in json.loads(scenarios)),
        cast(Phase, str(phase)),
        int(position),
        int(step),
        bool(board),
        int(rev),
        float(started),
        float(changed),
        None if opened is None else float(opened),
    )


def _clock(now: float | None) -> float:
    return time.time() if now is None else now


def _scenario_list(scenario_ids: Sequence[str]) -> list[str]:
    if isinstance(scenario_ids, str) or not all(isinstance(s, str) and s for s in scenario_ids):
        raise RoundError(_("A round's scenarios are given by their ids."))
    if not scenario_ids:
        raise RoundError(_("Pick at least one scenario for the round."))
    if len(scenario_ids) > SCENARIO_LIMIT:
        raise RoundError(_("A round has at most {limit} scenarios.", limit=SCENARIO_LIMIT))
    return list(scenario_ids)


# --- The teacher ----------------------------------------------------------------------------------------------


def start_round(
    db: ProgressDB,
    teacher: Teacher,
    class_id: int | None,
    scenario_ids: Sequence[str],
    *,
    leaderboard: bool = False,
    now: float | None = None,
) -> Round:
    """A new round of ``teacher``'s, in the lobby; with ``class_id`` (the teacher's class, else
    :class:`~tutor.progress.classes.ClassError`) it takes the class's join code when no live round has it."""
    scenarios = json.dumps(_scenario_list(scenario_ids))
    at = _clock(now)
    _end_idle(db, at)  # an abandoned round's code is free again
    first = school_class(db, teacher, class_id).code if class_id is not None else None
    with db.using(write=True) as conn:
        for draw in range(DRAWS):
            code = first if draw == 0 and first is not None else new_code()
            row = conn.execute(
                "INSERT INTO rounds (code, teacher_id, class_id, scenarios, phase, position, step, leaderboard,"
                " revision, activity, started, changed, question_opened)"
                " VALUES (?, ?, ?, ?, 'lobby', 0, 0, ?, 0, 0, ?, ?, NULL)"
                f" ON CONFLICT DO NOTHING RETURNING {_COLUMNS}",
                (code, teacher.id, class_id, scenarios, int(leaderboard), at, at),
            ).fetchone()
            if row is not None:
                return _round(row)
    raise RoundError(_("No free round code was found: try again."))


def teacher_rounds(db: ProgressDB, teacher: Teacher, *, now: float | None = None) -> list[Round]:
    """``teacher``'s rounds (ended ones too, until deleted), the newest first."""
    _end_idle(db, now, teacher_id=teacher.id)
    with db.using() as conn:
        found = conn.execute(
            f"SELECT {_COLUMNS} FROM rounds WHERE teacher_id = ? ORDER BY started DESC, id DESC", (teacher.id,)
        ).fetchall()
    return [_round(row) for row in found]


def teacher_round(db: ProgressDB, teacher: Teacher, round_id: int, *, now: float | None = None) -> Round:
    """``teacher``'s round ``round_id`` (ended on reading if idle), or :class:`RoundError`."""
    found = round_of(db, round_id, now=now)
    if found is None or found.teacher_id != teacher.id:
        raise RoundError(no_such_round())
    return found


def act(
    db: ProgressDB,
    teacher: Teacher,
    round_id: int,
    action: str,
    *,
    expected_revision: int | None = None,
    now: float | None = None,
) -> Round:
    """Move ``teacher``'s round on by ``action`` (one of :data:`ACTIONS`); the round as it is now.
    :class:`RoundError` for another teacher's round, an ended one, or an act its phase does not allow.

    With ``expected_revision`` (the revision the projector drew its buttons at) the act applies only if the
    round is still at it, checked and moved in one transaction: two tabs pressing Next at once move the round
    one step. Otherwise :class:`MovedOn` (a :class:`RoundError`) carrying the round as it is, nothing applied."""
    if action not in ACTIONS:
        raise RoundError(not_now())
    at = _clock(now)
    _end_idle(db, at, round_id=round_id)
    with db.using(write=True) as conn:
        # Bumping first locks the row (PostgreSQL: a second act at once waits, then re-checks the revision
        # against the first's result, so the condition below sees the committed revision, never a stale one).
        condition, parameters = "", [int(round_id), teacher.id]
        if expected_revision is not None:
            condition, parameters = " AND revision = ?", [*parameters, int(expected_revision)]
        row = conn.execute(
            f"UPDATE rounds SET revision = revision + 1 WHERE id = ? AND teacher_id = ?{condition}"
            f" RETURNING {_COLUMNS}",
            parameters,
        ).fetchone()
        if row is None:
            found = conn.execute(
                f"SELECT {_COLUMNS} FROM rounds WHERE id = ? AND teacher_id = ?", (int(round_id), teacher.id)
            ).fetchone()
            if found is None:
                raise RoundError(no_such_round())
            raise MovedOn(_round(found))
        current = _round(row)
        moved = _moved(current, action, at)  # raises (and so rolls the bump back) for an act not allowed
        conn.execute(
            "UPDATE rounds SET phase = ?, position = ?, step = ?, changed = ?, question_opened = ? WHERE id = ?",
            (moved.phase, moved.position, moved.step, at, moved.question_opened, current.id),
        )
        if db.dialect.name == "postgresql":
            conn.execute("SELECT pg_notify(?, ?)", (CHANNEL, str(current.id)))
    return replace(moved, changed=at)


def _moved(current: Round, action: str, at: float) -> Round:
    """The round after ``action``, or :class:`RoundError` when its phase does not allow it."""
    phase = current.phase
    if action == "end" and phase != "ended":
        return replace(current, phase="ended")
    if action == "open" and phase == "lobby":
        return replace(current, phase="question", position=0, step=0, question_opened=at)
    if action == "reveal" and phase == "question":
        return replace(current, phase="reveal", step=0)
    if action == "step" and phase == "reveal":
        return replace(current, step=current.step + 1)
    if action == "next" and phase == "reveal":
        if current.last:
            return replace(current, phase="summary", step=0)
        return replace(current, phase="question", position=current.position + 1, step=0, question_opened=at)
    if phase == "ended":
        raise RoundError(_("This round has ended."))
    raise RoundError(not_now())


# --- Reading the round ----------------------------------------------------------------------------------------


def live_round(db: ProgressDB, code: object, *, now: float | None = None) -> Round | None:
    """The round not ended with ``code`` (as typed: "abc-d23" is ABCD23); None if there is none, or if it has
    just ended by itself (idle for an hour)."""
    wanted = typed_code(code)
    if wanted is None:
        return None
    with db.using() as conn:
        row = conn.execute(f"SELECT {_COLUMNS} FROM rounds WHERE code = ? AND phase <> 'ended'", (wanted,)).fetchone()
    if row is None:
        return None
    found = _round(row)
    if _idle(found, _clock(now)):
        _end_idle(db, now, round_id=found.id)
        return None
    return found


def too_many_round_joins() -> Text:
    return _("Too many tries to join a round from here: wait a minute, then try again.")


def open_round(db: ProgressDB, code: object, *, client: str, now: float | None = None) -> Round | None:
    """The live round with ``code``, as :func:`live_round` finds it, the try counted for ``client`` as /join
    counts its own (:func:`tutor.progress.classes.over_the_limit`, one budget for both pages): a code no live
    round has is a wrong try, and :class:`RoundError` (:func:`too_many_round_joins`) refuses every try once
    the client is over the limit."""
    at = _clock(now)
    wanted = typed_code(code)
    try:
        with db.using(write=True) as conn:
            over_the_limit(conn, client, at, too_many_round_joins())
            row = None
            if wanted is not None:
                row = conn.execute(
                    f"SELECT {_COLUMNS} FROM rounds WHERE code = ? AND phase <> 'ended' AND changed >= ?",
                    (wanted, at - IDLE_SECONDS),  # a round idle for an hour has ended: no round to find
                ).fetchone()
            count_try(conn, client, at, wrong=row is None)
    except ClassError:
        raise RoundError(too_many_round_joins()) from None
    return None if row is None else _round(row)


def round_of(db: ProgressDB, round_id: int, *, now: float | None = None) -> Round | None:
    """Round ``round_id`` as it is (ended on reading if idle for an hour); None if there is none (deleted)."""
    with db.using() as conn:
        row = conn.execute(f"SELECT {_COLUMNS} FROM rounds WHERE id = ?", (int(round_id),)).fetchone()
    if row is None:
        return None
    found = _round(row)
    if _idle(found, _clock(now)):
        _end_idle(db, now, round_id=found.id)
        return replace(found, phase="ended", revision=found.revision + 1)
    return found


def revision(db: ProgressDB, round_id: int, *, now: float | None = None) -> int:
    """How many acts the round has had: a poller redraws when it moved (-1 for a round that is gone). One
    indexed query; a round idle for an hour is ended here (which moves it)."""
    with db.using() as conn:
        row = conn.execute("SELECT revision, phase, changed FROM rounds WHERE id = ?", (int(round_id),)).fetchone()
    if row is None:
        return -1
    rev, phase, changed = int(row[0]), str(row[1]), float(row[2])
    if phase != "ended" and changed < _clock(now) - IDLE_SECONDS:
        _end_idle(db, now, round_id=int(round_id))
        return rev + 1
    return rev


def activity(db: ProgressDB, round_id: int) -> int:
    """How many joins and answers the round has had: the projector's counts are out of date when it moved."""
    with db.using() as conn:
        row = conn.execute("SELECT activity FROM rounds WHERE id = ?", (int(round_id),)).fetchone()
    return -1 if row is None else int(row[0])


def _idle(found: Round, at: float) -> bool:
    return found.live and found.changed < at - IDLE_SECONDS


def _end_idle(db: ProgressDB, now: float | None, *, round_id: int | None = None, teacher_id: int | None = None) -> int:
    """End the rounds (one, a teacher's, or all) idle for an hour; how many."""
    at = _clock(now)
    where, parameters = "", [at - IDLE_SECONDS]
    if round_id is not None:
        where, parameters = " AND id = ?", [at - IDLE_SECONDS, int(round_id)]
    elif teacher_id is not None:
        where, parameters = " AND teacher_id = ?", [at - IDLE_SECONDS, int(teacher_id)]
    with db.using() as conn:  # the usual case, nothing idle, writes nothing
        if (
            conn.execute(f"SELECT 1 FROM rounds WHERE phase <> 'ended' AND changed < ?{where}", parameters).fetchone()
            is None
        ):
            return 0
    with db.using(write=True) as conn:
        # ``changed`` stays the last act's: the round ended by itself an hour after it.
        return int(
            conn.execute(
                "UPDATE rounds SET phase = 'ended', revision = revision + 1"
                f" WHERE phase <> 'ended' AND changed < ?{where}",
                parameters,
            ).rowcount
        )


def end_idle_rounds(db: ProgressDB, *, now: float | None = None) -> tuple[int, int]:
    """End every round idle for an hour and delete those ended more than :data:`KEEP_DAYS` ago (the app's
    hourly upkeep); (rounds ended, rounds deleted)."""
    at = _clock(now)
    ended = _end_idle(db, at)
    with db.using(write=True) as conn:
        deleted = conn.execute(
            "DELETE FROM rounds WHERE phase = 'ended' AND changed < ?", (at - KEEP_DAYS * 86400.0,)
        ).rowcount
    return ended, int(deleted)


# --- Players --------------------------------------------------------------------------------------------------


def join_round(db: ProgressDB, round_id: int, learner_id: int, *, now: float | None = None) -> bool:
    """Put the learner in the round (once; joining again changes nothing); whether they are new to it.
    :class:`RoundError` for a round that has ended or is gone, or a learner that does not exist."""
    at = _clock(now)
    with db.using() as conn:
        if conn.execute("SELECT 1 FROM learners WHERE id = ?", (int(learner_id),)).fetchone() is None:
            raise RoundError(_("This learner's profile no longer exists."))
    try:
        with db.using(write=True) as conn:
            return _join(conn, int(round_id), int(learner_id), at)
    except _Unchanged:
        return False


def _join(conn: Connection, round_id: int, learner_id: int, at: float) -> bool:
    live = conn.execute(
        "UPDATE rounds SET activity = activity + 1 WHERE id = ? AND phase <> 'ended' RETURNING id", (round_id,)
    ).fetchone()
    if live is None:
        raise RoundError(_("This round has ended."))
    added = conn.execute(
        "INSERT INTO round_players (round_id, learner_id, joined) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (round_id, learner_id, at),
    ).rowcount
    if not added:
        raise _Unchanged  # rolls the activity bump back: nothing happened
    return True


class _Unchanged(Exception):
    """Raised inside a write transaction to roll it back when it turned out to change nothing."""


def players(db: ProgressDB, round_id: int) -> list[Player]:
    """Who joined the round, in the order they joined."""
    with db.using() as conn:
        found = conn.execute(
            "SELECT p.learner_id, l.name, p.joined FROM round_players p JOIN learners l ON l.id = p.learner_id"
            " WHERE p.round_id = ? ORDER BY p.joined, p.learner_id",
            (int(round_id),),
        ).fetchall()
    return [Player(int(lid), str(name), float(joined)) for lid, name, joined in found]


def player_count(db: ProgressDB, round_id: int) -> int:
    with db.using() as conn:
        return int(
            conn.execute("SELECT count(*) FROM round_players WHERE round_id = ?", (int(round_id),)).fetchone()[0]
        )


# --- Answers --------------------------------------------------------------------------------------------------


def choice_key(choice: Mapping[str, Any]) -> str:
    """A raw answer as the split counts it: JSON with sorted keys (tuples as lists, other values as text)."""
    return json.dumps(dict(choice), sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))


def submit(
    db: ProgressDB,
    round_id: int,
    position: int,
    learner_id: int,
    answer: Answer,
    choice: Mapping[str, Any],
    *,
    now: float | None = None,
) -> bool:
    """Keep the learner's answer to the round's scenario at ``position`` (``answer`` as Practice makes it, for
    the learner's answers and review card; ``choice`` the raw answer, for the split); whether it was kept.

    False (nothing written) when the learner answered this scenario of the round already, or when the round
    is not at this question (not opened yet, revealed, moved on, ended), or ``answer`` is not of the scenario
    asked. The learner joins the round if they had not (a phone that lost its session)."""
    at = _clock(now)
    try:
        with db.using(write=True) as conn:
            # Locks the round's row: a Reveal at the same moment comes before this answer or after it, never
            # between the check and the write.
            row = conn.execute(
                "UPDATE rounds SET activity = activity + 1 WHERE id = ? AND phase = 'question' AND position = ?"
                " RETURNING scenarios, question_opened",
                (int(round_id), int(position)),
            ).fetchone()
            if row is None:
                raise _Unchanged
            scenarios, opened = json.loads(row[0]), row[1]
            if not 0 <= int(position) < len(scenarios) or answer.item != scenarios[int(position)]:
                raise _Unchanged
            answer = replace(answer, at=at)
            seconds = max(0.0, at - float(opened)) if opened is not None else answer.seconds
            conn.execute(
                "INSERT INTO round_players (round_id, learner_id, joined) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (int(round_id), int(learner_id), at),
            )
            kept = conn.execute(
                "INSERT INTO round_answers (round_id, position, learner_id, uid, choice, all_correct, seconds,"
                " answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (
                    int(round_id),
                    int(position),
                    int(learner_id),
                    answer.uid,
                    choice_key(choice),
                    int(answer.all_correct),
                    round(seconds, 2),
                    at,
                ),
            ).rowcount
            if not kept:
                raise _Unchanged  # answered already (maybe just now, on another instance)
            # The store's record path, in this transaction: the learner's row locked, the answer, its card.
            if bump(conn, int(learner_id)) is None:
                raise _Unchanged
            if insert_answer(conn, int(learner_id), answer) and reviewable(answer.item):
                save_card(conn, int(learner_id), review(card_of(conn, int(learner_id), answer.item), answer))
    except _Unchanged:
        return False
    return True


def answer_of(db: ProgressDB, round_id: int, position: int, learner_id: int) -> RoundAnswer | None:
    """The learner's answer to the scenario at ``position`` of the round, or None."""
    with db.using() as conn:
        row = conn.execute(
            "SELECT choice, all_correct, seconds, answered_at, uid FROM round_answers"
            " WHERE round_id = ? AND position = ? AND learner_id = ?",
            (int(round_id), int(position), int(learner_id)),
        ).fetchone()
    if row is None:
        return None
    return RoundAnswer(json.loads(row[0]), bool(row[1]), float(row[2]), float(row[3]), str(row[4]))


def answered_count(db: ProgressDB, round_id: int, position: int) -> int:
    """How many answered the scenario at ``position``."""
    with db.using() as conn:
        return int(
            conn.execute(
                "SELECT count(*) FROM round_answers WHERE round_id = ? AND position = ?", (int(round_id), int(position))
            ).fetchone()[0]
        )


def split(db: ProgressDB, round_id: int, position: int) -> list[Choice]:
    """How the answers to the scenario at ``position`` split: one :class:`Choice` per distinct answer, the most
    chosen first (then by their JSON, so the order is stable)."""
    with db.using() as conn:
        found = conn.execute(
            "SELECT choice, max(all_correct), count(*) FROM round_answers WHERE round_id = ? AND position = ?"
            " GROUP BY choice",
            (int(round_id), int(position)),
        ).fetchall()
    choices = [Choice(str(key), json.loads(key), int(n), bool(right)) for key, right, n in found]
    return sorted(choices, key=lambda c: (-c.count, c.key))


def summary(db: ProgressDB, round_id: int) -> list[Share]:
    """Each scenario of the round (in its order, asked or not): how many answered it and how many right."""
    with db.using() as conn:
        row = conn.execute("SELECT scenarios FROM rounds WHERE id = ?", (int(round_id),)).fetchone()
        counts = {
            int(position): (int(n), int(right))
            for position, n, right in conn.execute(
                "SELECT position, count(*), sum(all_correct) FROM round_answers WHERE round_id = ? GROUP BY position",
                (int(round_id),),
            ).fetchall()
        }
    scenarios = [] if row is None else [str(s) for s in json.loads(row[0])]
    return [Share(n, item, *counts.get(n, (0, 0))) for n, item in enumerate(scenarios)]


def leaderboard(db: ProgressDB, round_id: int) -> list[Standing]:
    """Everyone who joined, by answers entirely right (most first), then total seconds (fewest first), then
    name; someone who answered nothing comes last with 0."""
    with db.using() as conn:
        found = conn.execute(
            "SELECT p.learner_id, l.name, coalesce(sum(a.all_correct), 0), count(a.position),"
            " coalesce(sum(a.seconds), 0)"
            " FROM round_players p JOIN learners l ON l.id = p.learner_id"
            " LEFT JOIN round_answers a ON a.round_id = p.round_id AND a.learner_id = p.learner_id"
            " WHERE p.round_id = ? GROUP BY p.learner_id, l.name, l.folded",
            (int(round_id),),
        ).fetchall()
    standings = [Standing(int(lid), str(name), int(right), int(n), float(s)) for lid, name, right, n, s in found]
    return sorted(standings, key=lambda s: (-s.right, s.seconds, s.name.casefold(), s.learner_id))


def score(db: ProgressDB, round_id: int, learner_id: int) -> tuple[int, int]:
    """(answers entirely right, answers given) of the learner in the round."""
    with db.using() as conn:
        n, right = conn.execute(
            "SELECT count(*), coalesce(sum(all_correct), 0) FROM round_answers WHERE round_id = ? AND learner_id = ?",
            (int(round_id), int(learner_id)),
        ).fetchone()
    return int(right), int(n)
