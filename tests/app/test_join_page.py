"""Joining a class (AppTest): /join?code= fills the code in; a guest joins with a name and is then that learner
on this browser, a chosen learner joins as themselves; a taken name, a wrong code and a 10,000-character name
are one line each with nothing stored; the learner's classes are listed."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app import learners
from tutor.progress import browsers, classes
from tutor.progress.classes import SchoolClass
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

JOIN = "screens/join.py"
WRONG = "No class is open to joiners with this code: check it with your teacher."


@pytest.fixture
def db() -> Iterator[ProgressDB]:
    with ProgressDB(os.environ["ALUETTE_DB"]) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


@pytest.fixture
def thursday(db: ProgressDB, roux: Teacher) -> SchoolClass:
    return classes.create_class(db, roux, "Thursday club", "fr")


def submit(at: AppTest, code: str | None = None, name: str | None = None) -> AppTest:
    if code is not None:
        at.text_input(key="join.page.code").set_value(code)
    if name is not None:
        at.text_input(key="join.page.name").set_value(name)
    at.button(key="join.page.go").click().run()
    assert not at.exception, at.exception
    return at


def lines(at: AppTest) -> tuple[list[str], list[str]]:
    return [e.value for e in at.main.error], [s.value for s in at.main.success]


def test_a_guest_joins_by_the_link_with_a_name_and_is_that_learner_on_this_browser(
    db: ProgressDB, thursday: SchoolClass, browser_cookie: str
) -> None:
    at = open_page(JOIN, query={"code": thursday.code.lower()})
    assert at.text_input(key="join.page.code").value == thursday.code.lower()
    submit(at, name="Maëlle")
    assert lines(at) == ([], ["You are in the class Thursday club."])
    learner = db.learner_id("Maëlle")
    assert learner is not None and classes.is_member(db, thursday.id, learner)
    assert at.session_state[learners.CHOICE] == "Maëlle"  # chosen on this browser
    assert browsers.remembered(db, browser_cookie) == "Maëlle"  # and remembered for a reload
    assert "- Thursday club" in [m.value for m in at.main.markdown]  # "Your classes"


def test_a_chosen_learner_joins_as_themselves_and_keeps_their_progress(
    db: ProgressDB, thursday: SchoolClass, monkeypatch: pytest.MonkeyPatch
) -> None:
    db.create_learner("Ann")
    at = open_page(JOIN)
    at.sidebar.selectbox(key=learners.CHOICE).set_value("Ann").run()
    assert at.button(key="join.page.go").label == "Join as Ann"
    assert not [t for t in at.text_input if t.key == "join.page.name"]  # no name asked
    submit(at, code=thursday.code)
    assert lines(at) == ([], ["You are in the class Thursday club."])
    assert db.learners() == ["Ann"]
    ann = db.learner_id("Ann")
    assert ann is not None and [c.name for c in classes.classes_of(db, ann)] == ["Thursday club"]


def test_a_taken_name_a_wrong_code_and_a_huge_name_are_one_line_each_and_store_nothing(
    db: ProgressDB, roux: Teacher, thursday: SchoolClass
) -> None:
    db.create_learner("Ann")
    at = open_page(JOIN)
    submit(at, code=thursday.code, name="ANN")
    assert lines(at) == (["Another learner is already called ANN: add an initial, such as “ANN B.”"], [])
    submit(at, code="ZZZZZZ", name="Bea")
    assert lines(at) == ([WRONG], [])
    submit(at, code=thursday.code, name="B" * 10_000)
    assert lines(at) == (["A learner's name has at most 40 characters."], [])
    submit(at, code=thursday.code, name="Bea\x07")
    assert len(lines(at)[0]) == 1
    assert db.learners() == ["Ann"]
    assert classes.members(db, roux, thursday.id) == []


@pytest.mark.parametrize(("page", "where"), [("screens/home.py", "home"), ("screens/practice.py", "side")])
def test_home_and_the_sidebar_draw_the_join_form_only_once_its_fold_is_opened_and_join_through_it(
    db: ProgressDB, thursday: SchoolClass, page: str, where: str
) -> None:
    at = open_page(page)
    assert "Join a class" in [e.label for e in at.get("expander")]
    assert not [t for t in at.text_input if str(t.key).startswith(f"join.{where}.")]  # a closed fold sends nothing
    at.session_state[f"join.{where}.open"] = True  # as the browser's click on the fold sets it
    at.run()
    at.text_input(key=f"join.{where}.code").set_value(thursday.code)
    at.text_input(key=f"join.{where}.name").set_value("Maëlle")
    at.button(key=f"join.{where}.go").click().run()
    assert not at.exception, at.exception
    assert [s.value for s in (at.main if where == "home" else at.sidebar).success] == [
        "You are in the class Thursday club."
    ]
    learner = db.learner_id("Maëlle")
    assert learner is not None and classes.is_member(db, thursday.id, learner)
    assert at.text_input(key=f"join.{where}.code").value == "", "the fold stays open, its form emptied"
