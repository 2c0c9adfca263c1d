"""The class page's Assignments tab (tutor/app/teaching/assign_view.py) through a small AppTest script that
draws it for Mme Roux's class: assigning a lesson, a topic and searched-for scenarios with a due date, a
refusal in one line, and removing one."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.app.teaching.assign_view import matching
from tutor.content.course import load_course
from tutor.progress.assignments import LESSON, PICKED, TOPIC, assignments
from tutor.progress.classes import SchoolClass, create_class
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

ROOT = Path(__file__).resolve().parents[2]


def _tab() -> None:
    """The script: the Assignments tab of the teacher's first class, in English."""
    import os

    from tutor.app import state
    from tutor.app.teaching import assign_view
    from tutor.progress.classes import classes
    from tutor.progress.teachers import Teacher

    db = state.database()
    assert db is not None
    teacher = Teacher(int(os.environ["ALUETTE_TEST_TEACHER"]), "Mme Roux")
    assign_view.draw(db, teacher, classes(db, teacher)[0], "en")


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Teacher, SchoolClass]:
    where = tmp_path / "progress.db"
    monkeypatch.setenv("ALUETTE_DB", str(where))
    with ProgressDB(where) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        made = create_class(db, roux, "Club", "en")
    monkeypatch.setenv("ALUETTE_TEST_TEACHER", str(roux.id))
    return where, roux, made


def tab() -> AppTest:
    at = AppTest.from_function(_tab, default_timeout=60).run()
    assert not at.exception, at.exception
    return at


def stored(where: Path, roux: Teacher, club: SchoolClass) -> list[tuple[str, str, tuple[str, ...]]]:
    with ProgressDB(where) as db:
        return [(a.what, a.target, a.scenarios) for a in assignments(db, roux, club.id)]


def test_assigning_a_lesson_then_a_topic(club: tuple[Path, Teacher, SchoolClass]) -> None:
    where, roux, made = club
    at = tab()
    assert "Nothing assigned yet." in [c.value for c in at.caption]
    at.selectbox(key=f"teach.assign.{made.id}.lesson").set_value("the-ranking")
    at.button(key=f"teach.assign.{made.id}.add").click().run()
    assert [s.value for s in at.success] == ["Assigned: Lesson 2: The ranking."]
    at.segmented_control(key=f"teach.assign.{made.id}.what").set_value(TOPIC).run()
    at.selectbox(key=f"teach.assign.{made.id}.topic").set_value("pack")
    at.button(key=f"teach.assign.{made.id}.add").click().run()
    assert not at.exception
    assert stored(where, roux, made) == [(LESSON, "the-ranking", ()), (TOPIC, "pack", ())]
    listed = [m.value for m in at.markdown if m.value.startswith("**")]
    assert listed[0].startswith("**Lesson 2: The ranking**") and listed[1].startswith("**Topic: The pack**")


def test_picked_scenarios_found_by_title_and_kind_with_a_due_date(club: tuple[Path, Teacher, SchoolClass]) -> None:
    where, roux, made = club
    at = tab()
    at.segmented_control(key=f"teach.assign.{made.id}.what").set_value(PICKED).run()
    at.text_input(key=f"teach.assign.{made.id}.search").set_value("aces").run()
    offered = at.multiselect(key=f"teach.assign.{made.id}.picks").options
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    expected = [s.title for s in course.scenarios.values() if "aces" in s.title.casefold()]
    assert offered == expected and "Two aces at the top" in offered
    at.multiselect(key=f"teach.assign.{made.id}.picks").set_value(["spoiled-aces"]).run()
    # narrowing the list further keeps the pick offered (and picked)
    at.text_input(key=f"teach.assign.{made.id}.search").set_value("no title has this").run()
    assert at.multiselect(key=f"teach.assign.{made.id}.picks").value == ["spoiled-aces"]
    at.toggle(key=f"teach.assign.{made.id}.dated").set_value(True).run()
    at.button(key=f"teach.assign.{made.id}.add").click().run()
    assert [s.value for s in at.success] == ["Assigned: 1 chosen scenario."]
    assert stored(where, roux, made) == [(PICKED, "", ("spoiled-aces",))]
    assert any("Due on" in m.value for m in at.markdown), "the due date is listed"


def test_nothing_picked_is_refused_in_one_line_and_removing_works(club: tuple[Path, Teacher, SchoolClass]) -> None:
    where, roux, made = club
    at = tab()
    at.segmented_control(key=f"teach.assign.{made.id}.what").set_value(PICKED).run()
    at.button(key=f"teach.assign.{made.id}.add").click().run()
    assert [e.value for e in at.error] == ["Pick at least one scenario."]
    assert stored(where, roux, made) == []
    at.segmented_control(key=f"teach.assign.{made.id}.what").set_value(LESSON).run()
    at.button(key=f"teach.assign.{made.id}.add").click().run()
    (only,) = [b for b in at.button if b.key and ".remove." in b.key]
    only.click().run()
    assert not at.exception
    assert stored(where, roux, made) == []
    assert [s.value for s in at.success] == ["Removed: Lesson 1: The pack."]


def test_matching_filters_by_title_kind_and_lesson() -> None:
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    ranking = course.lesson("the-ranking")
    assert ranking is not None
    inside = [s.id for s in matching(course, "", "", "the-ranking")]
    assert inside == [sid for sid in course.scenarios if sid in ranking.scenarios]
    tricks = matching(course, "ACES", "trick", "")
    assert tricks and all(s.kind == "trick" and "aces" in s.title.casefold() for s in tricks)
