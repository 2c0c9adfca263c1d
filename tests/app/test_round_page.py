"""The phones' page of a live round (``/round?code=CODE``) through AppTest: joining, the lobby, a question
answered on the cards as in Practice, sent once (a second tab's answer refused), kept across a reload, the
person's own verdict at the reveal, the summary and the end.

The teacher's side is played by calling :mod:`tutor.progress.rounds` on the same store as the app. Right
answers come from the engine (``solve(scenario).outcome()``), never written here."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from helpers import fill_answers, open_page
from reveal_read import reveal_of
from streamlit.testing.v1 import AppTest

from tutor.app import live_phone
from tutor.content.solve import solve
from tutor.progress import rounds
from tutor.progress.rounds import Round
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

PAGE = "screens/round.py"
ACES = "spoiled-aces"  # asks the trick's winner and the next leader
SECOND = "spoil-four-fives"  # asks the same
LOBBY = "You are in: wait for the first question."
SENT = "Answer sent: wait for the reveal."
TWICE = "You have answered this question already: your first answer is the one that counts."


@pytest.fixture
def db() -> Iterator[ProgressDB]:
    with ProgressDB(os.environ["ALUETTE_DB"]) as opened:  # the app's own store (tests/conftest.py)
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


@pytest.fixture
def live(db: ProgressDB, roux: Teacher) -> Round:
    return rounds.start_round(db, roux, None, [ACES, SECOND], leaderboard=True)


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


def plain(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def texts(at: AppTest) -> str:
    kinds = (at.markdown, at.caption, at.success, at.error, at.info, at.warning, at.title)
    drawn = [str(h.proto.body) for h in at.get("html")]  # the reveal, and the explanation alone
    return plain("\n".join([str(e.value) for kind in kinds for e in kind] + drawn))


def phone(code: str) -> AppTest:
    """A phone opening the round's link (the same browser as the test's other phones: one cookie)."""
    return open_page(PAGE, query={"code": code})


def join(at: AppTest, name: str) -> AppTest:
    at.text_input(key=live_phone.NAME).set_value(name)
    return ok(at.button(key=live_phone.JOIN).click().run())


def right(scenario_id: str) -> dict[str, object]:
    from tutor.app import state

    scenario = state.english_course().scenarios[scenario_id]
    outcome = solve(scenario).outcome()
    return {key: outcome[key] for key in scenario.ask}


def wrong(scenario_id: str) -> dict[str, object]:
    """A seat other than the engine's for each question (the winner and the next leader)."""
    return {key: next(seat for seat in "NESW" if seat != value) for key, value in right(scenario_id).items()}


def submits(at: AppTest) -> bool:
    """Whether the page shows the question's "Check my answer" button."""
    return f"{live_phone.PREFIX}.submit" in [button.key for button in at.button]


def answer(at: AppTest, answers: dict[str, object]) -> AppTest:
    fill_answers(at, answers, live_phone.PREFIX)
    return ok(at.button(key=f"{live_phone.PREFIX}.submit").click().run())


def test_a_guest_gives_a_name_and_waits_in_the_lobby(db: ProgressDB, live: Round) -> None:
    at = phone(live.code.lower())
    assert "tell the room who you are" in texts(at) and LOBBY not in texts(at)
    join(at, "Ann")
    assert LOBBY in texts(at)
    assert f"Round {live.code} · you play as Ann" in texts(at)
    assert [p.name for p in rounds.players(db, live.id)] == ["Ann"]


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("x" * 10_000, "A learner's name has at most"),
        ("Ann\x1b[31m", "A learner's name cannot hold control characters."),
        ("", "Give the learner a name."),
    ],
)
def test_a_bad_name_is_one_line_and_joins_nobody(db: ProgressDB, live: Round, name: str, line: str) -> None:
    at = join(phone(live.code), name)
    [error] = at.error
    assert plain(str(error.value)).startswith(line)
    assert rounds.players(db, live.id) == [] and db.learners() == []


def test_a_name_another_learner_has_is_refused(db: ProgressDB, live: Round) -> None:
    db.create_learner("Ann")
    at = join(phone(live.code), "ann")
    assert [plain(str(e.value)) for e in at.error] == ["There is already a learner called 'Ann'."]
    assert rounds.players(db, live.id) == []


@pytest.mark.parametrize("code", ["ZZZZZZ", "ABC", "x" * 10_000, "ABCDE\x00"])
def test_a_wrong_code_is_one_line(live: Round, code: str) -> None:
    at = phone(code)
    assert [str(w.value) for w in at.warning] == [live_phone.no_round("en")]
    assert not at.error and LOBBY not in texts(at)


def test_a_code_typed_on_the_page_opens_the_round(live: Round) -> None:
    at = open_page(PAGE)
    at.text_input(key=live_phone.CODE).set_value(live.code.lower())
    ok(at.button(key=live_phone.GO).click().run())
    assert at.query_params["code"] == live.code
    assert "tell the room who you are" in texts(at)


def test_the_question_is_answered_on_the_page_once_and_kept_across_a_reload(
    db: ProgressDB, roux: Teacher, live: Round
) -> None:
    at = join(phone(live.code), "Ann")
    rounds.act(db, roux, live.id, "open")
    ok(at.run())  # what the page's poller does once the revision moved
    assert "Question 1 of 2" in texts(at)
    assert submits(at)  # Practice's own form: "Check my answer"
    answer(at, right(ACES))
    assert SENT in texts(at)
    assert "Right!" not in texts(at)  # the verdict waits for the teacher's Reveal
    ann = db.learner_id("Ann")
    assert ann is not None
    kept = rounds.answer_of(db, live.id, 0, ann)
    assert kept is not None and kept.all_correct
    # The round's answer is an ordinary answer of Ann's: what Progress and Review read.
    with db.progress("Ann", create=False) as progress:
        assert progress.totals == (1, 1) and progress.item_state(ACES) is not None
    again = phone(live.code)  # a reload: a new session of the same browser, Ann remembered by its cookie
    assert SENT in texts(again) and not submits(again)


def test_a_second_tab_answering_again_is_refused_and_counted_once(db: ProgressDB, roux: Teacher, live: Round) -> None:
    first = join(phone(live.code), "Ann")
    rounds.act(db, roux, live.id, "open")
    ok(first.run())
    second = phone(live.code)  # another tab of the same browser: Ann too, still showing the question
    answer(first, right(ACES))
    answer(second, wrong(ACES))
    assert TWICE in texts(second) and SENT in texts(second)
    assert [(c.count, c.right) for c in rounds.split(db, live.id, 0)] == [(1, True)]
    with db.progress("Ann", create=False) as progress:
        assert progress.totals == (1, 1)


def test_the_reveal_shows_each_phone_its_own_verdict(db: ProgressDB, roux: Teacher, live: Round) -> None:
    ann = join(phone(live.code), "Ann")
    rounds.act(db, roux, live.id, "open")
    ok(ann.run())
    answer(ann, right(ACES))
    rounds.act(db, roux, live.id, "reveal")
    ok(ann.run())
    shown = reveal_of(ann)
    assert shown is not None and shown.right and shown.verdict == "Right! All 2 answers are right."
    assert not ann.error
    assert shown.titles[-1] == "Why" and shown.steps  # the engine's explanation, as Practice shows it


def test_a_wrong_answer_is_told_wrong_at_the_reveal(db: ProgressDB, roux: Teacher, live: Round) -> None:
    ann = join(phone(live.code), "Ann")
    rounds.act(db, roux, live.id, "open")
    ok(ann.run())
    answer(ann, wrong(ACES))
    rounds.act(db, roux, live.id, "reveal")
    ok(ann.run())
    shown = reveal_of(ann)
    assert shown is not None and not shown.right and shown.verdict == "Not quite: 0 of 2 right."


def test_a_late_joiner_lands_on_the_current_question(db: ProgressDB, roux: Teacher, live: Round) -> None:
    rounds.act(db, roux, live.id, "open")
    rounds.act(db, roux, live.id, "reveal")
    rounds.act(db, roux, live.id, "next")
    at = join(phone(live.code), "Bob")
    assert "Question 2 of 2" in texts(at)
    assert at.session_state[f"{live_phone.PREFIX}.attempt"].scenario.id == SECOND


def test_a_phone_that_did_not_answer_sees_the_explanation(db: ProgressDB, roux: Teacher, live: Round) -> None:
    at = join(phone(live.code), "Cy")
    rounds.act(db, roux, live.id, "open")
    rounds.act(db, roux, live.id, "reveal")
    ok(at.run())
    assert "You did not answer this one." in texts(at) and "Why" in texts(at)


def test_the_summary_gives_the_score_and_the_end_a_link_home(db: ProgressDB, roux: Teacher, live: Round) -> None:
    at = join(phone(live.code), "Ann")
    rounds.act(db, roux, live.id, "open")
    ok(at.run())
    answer(at, right(ACES))
    for action in ("reveal", "next"):
        rounds.act(db, roux, live.id, action)
    ok(at.run())
    answer(at, wrong(SECOND))
    for action in ("reveal", "next"):
        rounds.act(db, roux, live.id, action)
    ok(at.run())
    assert "You got 1 of 2 questions right." in texts(at)
    assert "Your place: 1 of 1." in texts(at)
    rounds.act(db, roux, live.id, "end")
    ok(at.run())
    assert "This round has ended. Thank you for playing!" in texts(at)
    assert [link.proto.label for link in at.get("page_link")] == ["Home"]
