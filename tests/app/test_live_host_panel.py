"""The panel that starts a live round (:func:`tutor.app.teaching.live_host.draw`), in AppTest: drawn as the
Teach page draws it, for the teacher signed in (``guest.cookies`` stands in for the browser's cookie)."""

from __future__ import annotations

import pytest
from helpers import RUN_TIMEOUT, TEACHER_PASSWORD, teacher_signed_in
from streamlit.testing.v1 import AppTest

from tutor.progress import rounds
from tutor.progress.classes import create_class
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher

PASSWORD = TEACHER_PASSWORD  # the teachers' password, as teacher_signed_in's
SPOILED_LESSON = "spoiled-tricks"  # lessons/06-spoiled-tricks.yaml


def panel(class_id: int | None) -> None:
    """The Teach page's call: the signed-in teacher's panel, for a class (or none)."""
    from tutor.app import state
    from tutor.app.teaching import gate, live_host
    from tutor.progress.classes import school_class

    teacher, db = gate.signed_in(), state.database()
    if teacher is not None and db is not None:
        chosen = None if class_id is None else school_class(db, teacher, class_id)
        live_host.draw(db, teacher, chosen, "en")


def opened(class_id: int | None = None) -> AppTest:
    at = AppTest.from_function(panel, args=(class_id,), default_timeout=RUN_TIMEOUT)
    at.run()
    assert not at.exception, at.exception
    return at


def lesson_scenarios(lesson_id: str) -> list[str]:
    from tutor.app import state

    course = state.english_course()
    lesson = course.lesson(lesson_id)
    assert lesson is not None
    return [s.id for s in course.practice(lesson)]


def test_a_lessons_round_starts_with_its_scenarios_for_the_class(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    school = create_class(db, teacher, "Thursday club", "en")
    at = opened(school.id)
    where = f"class-{school.id}"
    at.selectbox(key=f"projector.{where}.lesson").set_value(SPOILED_LESSON).run()
    at.toggle(key=f"projector.{where}.board").set_value(True).run()
    at.button(key=f"projector.{where}.start").click().run()
    assert not at.exception
    (live,) = rounds.teacher_rounds(db, teacher)
    assert list(live.scenario_ids) == lesson_scenarios(SPOILED_LESSON)
    assert (live.class_id, live.leaderboard, live.phase) == (school.id, True, "lobby")
    assert live.code == school.code, "a class's round takes the class's join code"
    links = [b for b in at.main.get("link_button")]
    assert [b.proto.url for b in links] == [f"projector?round={live.id}"]


def test_hand_picked_scenarios_are_found_by_title_and_kept_in_order(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    at = opened()
    at.segmented_control(key="projector.none.how").set_value("picked").run()
    at.text_input(key="projector.none.search").set_value("TWO NINES").run()
    offered = at.multiselect(key="projector.none.chosen").options
    # the two titles of scenarios/ holding "two nines", in any case, in file order
    assert sorted(offered) == ["Two nines and two threes, but which suits?", "Two nines, but which one is named?"]
    at.text_input(key="projector.none.search").set_value("two aces at").run()
    at.multiselect(key="projector.none.chosen").set_value(["spoiled-aces"]).run()
    at.text_input(key="projector.none.search").set_value("four of cups").run()
    picked = at.multiselect(key="projector.none.chosen")
    assert picked.value == ["spoiled-aces"], "a picked scenario stays when the search changes"
    picked.set_value(["spoiled-aces", "rank-four-beats-three"]).run()
    at.button(key="projector.none.start").click().run()
    (live,) = rounds.teacher_rounds(db, teacher)
    assert live.scenario_ids == ("spoiled-aces", "rank-four-beats-three") and live.class_id is None


def test_a_search_that_finds_nothing_says_so_and_start_waits(db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    at = opened()
    at.segmented_control(key="projector.none.how").set_value("picked").run()
    at.text_input(key="projector.none.search").set_value("x" * 150).run()
    assert "No scenario's title holds these words." in [c.value for c in at.caption]
    assert at.button(key="projector.none.start").disabled
    assert rounds.teacher_rounds(db, teacher) == []


def test_only_the_teachers_own_rounds_under_way_are_listed_and_end_ends_one(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = create_teacher(db, "M. Bel", PASSWORD)
    theirs = rounds.start_round(db, other, None, ["spoiled-aces"])
    teacher = teacher_signed_in(db, monkeypatch)
    mine = rounds.start_round(db, teacher, None, ["spoiled-aces"])
    done = rounds.start_round(db, teacher, None, ["spoiled-aces"])
    rounds.act(db, teacher, done.id, "end")
    at = opened()
    listed = [m.value for m in at.markdown]
    assert f"Code {mine.code} · 0 joined" in listed
    assert not any(theirs.code in text or done.code in text for text in listed)
    at.button(key=f"projector.none.end.{mine.id}").click().run()
    assert rounds.round_of(db, mine.id).phase == "ended"  # type: ignore[union-attr]
    assert not any(mine.code in m.value for m in at.markdown), "an ended round leaves the list"
    assert rounds.round_of(db, theirs.id).phase == "lobby"  # type: ignore[union-attr]
