"""Home's assignments (AppTest, a real SQLite file via ALUETTE_DB): a class's member sees them first, with
their own progress, the due date and overdue in words, and a button to start; a learner in no class sees none."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_learners import choose, ok, open_app

from tutor.progress.assignments import LESSON, PICKED, assign
from tutor.progress.classes import create_class, join
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher

T0 = 1_800_000_000.0
PICKS = ["spoiled-aces", "rank-two-aces-tie"]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Ann in Mme Roux's class with two assignments (one overdue, half answered), and Ben in no class."""
    where = tmp_path / "progress.db"
    monkeypatch.setenv("ALUETTE_DB", str(where))
    with ProgressDB(where) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        club = create_class(db, roux, "Thursday <b>club</b>", "en")
        for name in ("Ann", "Ben"):
            db.create_learner(name)
        ann = db.learner_id("Ann")
        assert ann is not None
        join(db, club.code, ann)
        assign(db, roux, club.id, LESSON, "the-pack", now=T0)
        assign(db, roux, club.id, PICKED, "", PICKS, due=date(2020, 1, 6), now=T0 + 1)
        db.progress("Ann").record(Answer("spoiled-aces", "trick", {"winner": "North"}, {"winner": False}, 5.0))
    return where


def headers(at: AppTest) -> list[str]:
    return [h.value for h in at.header]


def test_a_member_sees_their_assignments_first_with_their_progress(store: Path) -> None:
    at = choose(open_app(), "Ann")
    assert headers(at)[0] == "Your assignments", "before everything else on Home"
    shown = [m.value for m in at.markdown if "for Thursday" in m.value]
    # the class's name is text: its markup is escaped, never drawn
    assert shown == [
        "**2 chosen scenarios**, for Thursday \\<b\\>club\\</b\\>",
        "**Lesson 1: The pack**, for Thursday \\<b\\>club\\</b\\>",
    ], "the one due first comes first"
    overdue = [m.value for m in at.markdown if "Overdue" in m.value]
    assert overdue == [
        ":red[**Overdue: it was due on 6 January 2020**] · In progress · 1 of 2 scenarios answered, 0% right"
    ]
    captions = [c.value for c in at.caption]
    assert "Not started · 0 of 12 scenarios answered" in captions
    buttons = {b.label for b in at.button if b.key and b.key.startswith("home.assigned.")}
    assert buttons == {"Continue", "Start"}


def test_continue_opens_practice_at_the_first_scenario_not_yet_solved(store: Path) -> None:
    at = choose(open_app(), "Ann")
    go = next(b for b in at.button if b.key and b.key.startswith("home.assigned.") and b.label == "Continue")
    ok(go.click().run())
    queue = at.session_state["practice.queue"]
    assert [s.id for s in queue.items] == PICKS, "exactly the assignment's scenarios"
    assert queue.current.id == "spoiled-aces", "spoiled-aces was answered wrong: it is the first not solved"
    assert at.segmented_control(key="practice.mode").value == "Assigned"
    ok(at.segmented_control(key="practice.mode").set_value("Mixed").run())
    ok(at.segmented_control(key="practice.mode").set_value("Assigned").run())
    assert [s.id for s in at.session_state["practice.queue"].items] == PICKS, "chosen again: the same set"


def test_a_learner_in_no_class_and_a_guest_see_no_assignments(store: Path) -> None:
    at = choose(open_app(), "Ben")
    assert "Your assignments" not in headers(at)
    assert not [b for b in at.button if b.key and b.key.startswith("home.assigned.")]
    guest = open_app()
    assert "Your assignments" not in headers(guest)
