"""A live round's data (schema 12), on both backends: the teacher's acts, players, one answer per person and
scenario (also when two connections submit at once), the split, summary and leaderboard, an hour without an act,
and the round's answers kept as the learners' ordinary answers."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from store_target import count, rows

from tutor.progress import classes, rounds
from tutor.progress.classes import ClassError, create_class
from tutor.progress.records import Answer
from tutor.progress.rounds import (
    RoundError,
    act,
    activity,
    answer_of,
    answered_count,
    end_idle_rounds,
    join_round,
    leaderboard,
    live_round,
    players,
    revision,
    round_of,
    score,
    split,
    start_round,
    submit,
    summary,
    teacher_rounds,
)
from tutor.progress.store import ProgressDB, SqliteProgress
from tutor.progress.teachers import Teacher, create_teacher

T0 = 1_800_000_000.0
ACES, COUNT = "spoiled-aces", "count-the-trick"
NOT_YOURS = "There is no such round among yours."
NOT_NOW = "The round is not at a point where this can be done."


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


def learner(db: ProgressDB, name: str) -> int:
    found = db.learner_id(db.create_learner(name))
    assert found is not None
    return found


def answer(item: str, right: bool, seconds: float = 9.0) -> Answer:
    return Answer(item, "trick", {"winner": "the ace"}, {"winner": right}, seconds)


def test_a_round_starts_in_the_lobby_and_is_found_by_its_code(db: ProgressDB, roux: Teacher) -> None:
    made = start_round(db, roux, None, [ACES, COUNT], leaderboard=True, now=T0)
    assert (made.phase, made.position, made.step, made.leaderboard, made.scenario_ids) == (
        "lobby", 0, 0, True, (ACES, COUNT)
    )  # fmt: skip
    assert len(made.code) == 6 and set(made.code) <= set(classes.ALPHABET)
    typed = made.code[:3].lower() + " " + made.code[3:].lower()
    assert live_round(db, typed, now=T0 + 1) == made
    assert live_round(db, "ZZZZZ0", now=T0 + 1) is None and live_round(db, None) is None
    assert [r.id for r in teacher_rounds(db, roux, now=T0 + 1)] == [made.id]


def test_a_class_round_takes_the_class_code_unless_a_live_round_has_it(
    db: ProgressDB, roux: Teacher, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = ["ABCDEF", "GHJKLM", "NPQRST"]
    monkeypatch.setattr(classes, "new_code", lambda: drawn.pop(0))
    monkeypatch.setattr(rounds, "new_code", lambda: drawn.pop(0))
    club = create_class(db, roux, "Thursday club", "fr")  # ABCDEF
    first = start_round(db, roux, club.id, [ACES], now=T0)
    second = start_round(db, roux, club.id, [ACES], now=T0)  # ABCDEF is live: drawn, GHJKLM
    assert (first.code, first.class_id, second.code) == ("ABCDEF", club.id, "GHJKLM")
    act(db, roux, first.id, "end", now=T0 + 1)
    assert start_round(db, roux, club.id, [ACES], now=T0 + 2).code == "ABCDEF"  # free again once ended


def test_bad_scenarios_or_another_teachers_class_are_one_line_and_nothing_is_stored(
    db: ProgressDB, roux: Teacher
) -> None:
    other = create_teacher(db, "M. Blanc", "correct horse")
    theirs = create_class(db, other, "Blanc's", "en")
    for scenarios, line in (([], "Pick at least one scenario for the round."), (["x"] * 201, None), ("abc", None)):
        with pytest.raises(RoundError) as caught:
            start_round(db, roux, None, scenarios)
        assert line is None or str(caught.value) == line
    with pytest.raises(ClassError):
        start_round(db, roux, theirs.id, [ACES])
    assert count(db, "rounds") == 0


def test_the_acts_walk_the_round_through_its_phases(db: ProgressDB, roux: Teacher) -> None:
    made = start_round(db, roux, None, [ACES, COUNT], now=T0)
    seen = [(made.phase, made.position, made.step, made.revision)]
    for n, action in enumerate(["open", "reveal", "step", "step", "next", "reveal", "next", "end"]):
        moved = act(db, roux, made.id, action, now=T0 + 10 * (n + 1))
        assert round_of(db, made.id, now=moved.changed) == moved  # what act returns is what is stored
        seen.append((moved.phase, moved.position, moved.step, moved.revision))
    assert seen == [
        ("lobby", 0, 0, 0),
        ("question", 0, 0, 1),
        ("reveal", 0, 0, 2),
        ("reveal", 0, 1, 3),
        ("reveal", 0, 2, 4),
        ("question", 1, 0, 5),  # the second scenario
        ("reveal", 1, 0, 6),
        ("summary", 1, 0, 7),  # after the last one
        ("ended", 1, 0, 8),
    ]
    assert round_of(db, made.id, now=T0 + 100).question_opened == T0 + 50  # type: ignore[union-attr]
    assert revision(db, made.id, now=T0 + 100) == 8 and revision(db, 999, now=T0) == -1


@pytest.mark.parametrize(
    ("actions", "refused", "line"),
    [
        ([], "reveal", NOT_NOW),
        (["open"], "next", NOT_NOW),
        (["open"], "step", NOT_NOW),
        (["open", "reveal"], "open", NOT_NOW),
        (["end"], "open", "This round has ended."),
        (["end"], "end", "This round has ended."),
    ],
)
def test_an_act_the_phase_does_not_allow_is_one_line_and_changes_nothing(
    db: ProgressDB, roux: Teacher, actions: list[str], refused: str, line: str
) -> None:
    made = start_round(db, roux, None, [ACES], now=T0)
    for action in actions:
        act(db, roux, made.id, action, now=T0 + 1)
    before = round_of(db, made.id, now=T0 + 2)
    with pytest.raises(RoundError) as caught:
        act(db, roux, made.id, refused, now=T0 + 2)
    assert str(caught.value) == line
    assert round_of(db, made.id, now=T0 + 2) == before  # the revision's bump was rolled back too


def test_another_teachers_acts_are_refused(db: ProgressDB, roux: Teacher) -> None:
    blanc = create_teacher(db, "M. Blanc", "correct horse")
    made = start_round(db, roux, None, [ACES], now=T0)
    for action in ("open", "end", "reveal"):
        with pytest.raises(RoundError) as caught:
            act(db, blanc, made.id, action, now=T0 + 1)
        assert str(caught.value) == NOT_YOURS
    with pytest.raises(RoundError):
        rounds.teacher_round(db, blanc, made.id, now=T0 + 1)
    assert teacher_rounds(db, blanc, now=T0 + 1) == []
    assert round_of(db, made.id, now=T0 + 1).phase == "lobby"  # type: ignore[union-attr]


def test_a_round_of_two_players_one_right_one_wrong(db: ProgressDB, roux: Teacher) -> None:
    ann, bob, cy = learner(db, "Ann"), learner(db, "Bob"), learner(db, "Cy")
    made = start_round(db, roux, None, [ACES, COUNT], leaderboard=True, now=T0)
    assert join_round(db, made.id, ann, now=T0 + 1) and join_round(db, made.id, bob, now=T0 + 2)
    assert not join_round(db, made.id, ann, now=T0 + 3)  # joining again: still once, joined when first
    assert join_round(db, made.id, cy, now=T0 + 4)  # joins, never answers
    assert [(p.name, p.joined) for p in players(db, made.id)] == [("Ann", T0 + 1), ("Bob", T0 + 2), ("Cy", T0 + 4)]
    act(db, roux, made.id, "open", now=T0 + 10)
    # First scenario: Ann right in 5 s, Bob wrong in 3 s.
    assert submit(db, made.id, 0, ann, answer(ACES, True), {"winner": "nobody"}, now=T0 + 15)
    assert submit(db, made.id, 0, bob, answer(ACES, False), {"winner": "north"}, now=T0 + 13)
    assert answered_count(db, made.id, 0) == 2
    assert [(c.choice, c.count, c.right) for c in split(db, made.id, 0)] == [
        ({"winner": "nobody"}, 1, True),
        ({"winner": "north"}, 1, False),
    ]
    act(db, roux, made.id, "reveal", now=T0 + 20)
    act(db, roux, made.id, "next", now=T0 + 30)
    # Second scenario: both right, Ann in 8 s, Bob in 2 s.
    assert submit(db, made.id, 1, ann, answer(COUNT, True), {"winner": "south"}, now=T0 + 38)
    assert submit(db, made.id, 1, bob, answer(COUNT, True), {"winner": "south"}, now=T0 + 32)
    assert [(c.choice, c.count, c.right) for c in split(db, made.id, 1)] == [({"winner": "south"}, 2, True)]
    act(db, roux, made.id, "reveal", now=T0 + 40)
    act(db, roux, made.id, "next", now=T0 + 50)
    assert [(s.scenario_id, s.answered, s.right, s.share) for s in summary(db, made.id)] == [
        (ACES, 2, 1, 0.5),
        (COUNT, 2, 2, 1.0),
    ]
    # Ann: 2 right in 13 s; Bob: 1 right in 5 s; Cy: nothing.
    assert [(s.name, s.right, s.answered, s.seconds) for s in leaderboard(db, made.id)] == [
        ("Ann", 2, 2, 13.0),
        ("Bob", 1, 2, 5.0),
        ("Cy", 0, 0, 0.0),
    ]
    assert score(db, made.id, bob) == (1, 2) and score(db, made.id, cy) == (0, 0)
    mine = answer_of(db, made.id, 0, bob)
    assert mine is not None and (mine.choice, mine.all_correct, mine.seconds) == ({"winner": "north"}, False, 3.0)
    assert answer_of(db, made.id, 1, cy) is None


def test_equal_right_answers_are_ordered_by_fewer_seconds(db: ProgressDB, roux: Teacher) -> None:
    ann, bob = learner(db, "Ann"), learner(db, "Bob")
    made = start_round(db, roux, None, [ACES], leaderboard=True, now=T0)
    act(db, roux, made.id, "open", now=T0)
    submit(db, made.id, 0, ann, answer(ACES, True), {}, now=T0 + 9)
    submit(db, made.id, 0, bob, answer(ACES, True), {}, now=T0 + 4)
    assert [s.name for s in leaderboard(db, made.id)] == ["Bob", "Ann"]


def test_a_second_submission_is_refused_and_counted_once(db: ProgressDB, roux: Teacher) -> None:
    ann = learner(db, "Ann")
    made = start_round(db, roux, None, [ACES], now=T0)
    act(db, roux, made.id, "open", now=T0)
    assert submit(db, made.id, 0, ann, answer(ACES, False), {"winner": "north"}, now=T0 + 5)
    assert not submit(db, made.id, 0, ann, answer(ACES, True), {"winner": "nobody"}, now=T0 + 6)
    assert [(c.choice, c.count) for c in split(db, made.id, 0)] == [({"winner": "north"}, 1)]
    assert rows(db, "SELECT count(*), sum(all_correct) FROM answers WHERE learner_id = ?", ann) == [(1, 0)]


def test_an_answer_is_refused_unless_its_question_is_open(db: ProgressDB, roux: Teacher) -> None:
    ann = learner(db, "Ann")
    made = start_round(db, roux, None, [ACES, COUNT], now=T0)
    assert not submit(db, made.id, 0, ann, answer(ACES, True), {}, now=T0 + 1)  # lobby
    act(db, roux, made.id, "open", now=T0 + 2)
    assert not submit(db, made.id, 1, ann, answer(COUNT, True), {}, now=T0 + 3)  # not that question yet
    assert not submit(db, made.id, 0, ann, answer(COUNT, True), {}, now=T0 + 3)  # another scenario's answer
    act(db, roux, made.id, "reveal", now=T0 + 4)
    assert not submit(db, made.id, 0, ann, answer(ACES, True), {}, now=T0 + 5)  # after Reveal
    act(db, roux, made.id, "end", now=T0 + 6)
    assert not submit(db, made.id, 0, ann, answer(ACES, True), {}, now=T0 + 7)
    assert count(db, "round_answers") == 0 and count(db, "answers") == 0


def test_two_connections_submitting_at_once_keep_one_answer(db: ProgressDB, roux: Teacher, store: Path | str) -> None:
    ann = learner(db, "Ann")
    made = start_round(db, roux, None, [ACES], now=T0)
    act(db, roux, made.id, "open", now=T0)
    # Two stores on the same database: two connections, as two app instances would have.
    others = [ProgressDB(store) for _ in range(4)]
    try:
        results = at_once(
            [
                lambda db=other, n=n: submit(db, made.id, 0, ann, answer(ACES, n % 2 == 0), {"n": n}, now=T0 + 3)
                for n, other in enumerate(others)
            ]
        )
    finally:
        for other in others:
            other.close()
    assert sorted(results) == [False, False, False, True]
    assert answered_count(db, made.id, 0) == 1
    assert rows(db, "SELECT count(*) FROM answers WHERE learner_id = ?", ann) == [(1,)]
    assert rows(db, "SELECT reps FROM cards WHERE learner_id = ?", ann) == [(1,)]


def at_once(jobs: list[Callable[[], bool]]) -> list[bool]:
    """Run ``jobs`` in threads released together; their results."""
    start = threading.Barrier(len(jobs))
    results: list[bool] = [False] * len(jobs)
    errors: list[BaseException] = []

    def run(n: int) -> None:
        start.wait()
        try:
            results[n] = jobs[n]()
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)

    workers = [threading.Thread(target=run, args=(n,)) for n in range(len(jobs))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    return results


def test_the_answers_are_the_learners_ordinary_answers(db: ProgressDB, roux: Teacher) -> None:
    ann = learner(db, "Ann")
    with SqliteProgress(db, "Ann") as progress:
        assert progress.totals == (0, 0)  # the summary is loaded before the round's answer
        made = start_round(db, roux, None, [ACES], now=T0)
        act(db, roux, made.id, "open", now=T0)
        given = Answer(ACES, "trick", {"winner": "nobody"}, {"winner": True}, 7.5)
        assert submit(db, made.id, 0, ann, given, {"winner": "none"}, now=T0 + 8)
        assert progress.totals == (1, 1) and progress.solved(ACES)  # seen through the learner's revision
        [kept] = progress.history
        assert (kept.item, kept.given, kept.seconds, kept.at, kept.uid) == (
            ACES,
            {"winner": "nobody"},
            7.5,
            T0 + 8,
            given.uid,
        )
        state = progress.item_state(ACES)
        assert state is not None and (state.reps, state.wrong) == (1, 0)
    assert answer_of(db, made.id, 0, ann).uid == given.uid  # type: ignore[union-attr]


def test_an_hour_without_an_act_ends_the_round(db: ProgressDB, roux: Teacher) -> None:
    made = start_round(db, roux, None, [ACES], now=T0)
    act(db, roux, made.id, "open", now=T0 + 60)
    assert live_round(db, made.code, now=T0 + 60 + 3599) is not None  # 59 min 59 s: still on
    assert revision(db, made.id, now=T0 + 60 + 3599) == 1
    assert live_round(db, made.code, now=T0 + 60 + 3601) is None  # ended on reading
    ended = round_of(db, made.id, now=T0 + 60 + 3602)
    assert ended is not None and ended.phase == "ended" and ended.revision == 2  # pollers see it move
    with pytest.raises(RoundError):
        act(db, roux, made.id, "reveal", now=T0 + 4000)
    ann = learner(db, "Ann")
    with pytest.raises(RoundError):
        join_round(db, made.id, ann, now=T0 + 4000)


def test_the_upkeep_ends_idle_rounds_and_deletes_old_ended_ones(db: ProgressDB, roux: Teacher) -> None:
    old = start_round(db, roux, None, [ACES], now=T0)
    act(db, roux, old.id, "end", now=T0 + 10)
    idle = start_round(db, roux, None, [ACES], now=T0 + 40 * 86400)
    busy = start_round(db, roux, None, [ACES], now=T0 + 40 * 86400)
    act(db, roux, busy.id, "open", now=T0 + 40 * 86400 + 3000)
    assert end_idle_rounds(db, now=T0 + 40 * 86400 + 3700) == (1, 1)  # idle ended, old deleted
    found = {r.id: r.phase for r in teacher_rounds(db, roux, now=T0 + 40 * 86400 + 3700)}
    assert found == {idle.id: "ended", busy.id: "question"}


def test_joins_and_answers_move_the_activity_not_the_revision(db: ProgressDB, roux: Teacher) -> None:
    ann = learner(db, "Ann")
    made = start_round(db, roux, None, [ACES], now=T0)
    act(db, roux, made.id, "open", now=T0)
    join_round(db, made.id, ann, now=T0 + 1)
    join_round(db, made.id, ann, now=T0 + 2)  # nothing new: no move
    submit(db, made.id, 0, ann, answer(ACES, True), {}, now=T0 + 3)
    submit(db, made.id, 0, ann, answer(ACES, True), {}, now=T0 + 4)  # refused: no move
    assert (revision(db, made.id, now=T0 + 5), activity(db, made.id)) == (1, 2)


def test_a_deleted_learner_leaves_the_round(db: ProgressDB, roux: Teacher) -> None:
    ann = learner(db, "Ann")
    made = start_round(db, roux, None, [ACES], now=T0)
    act(db, roux, made.id, "open", now=T0)
    submit(db, made.id, 0, ann, answer(ACES, True), {}, now=T0 + 3)
    db.delete_learner("Ann")
    assert players(db, made.id) == [] and answered_count(db, made.id, 0) == 0
