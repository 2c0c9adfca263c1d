"""A shared server's sidebar (``ALUETTE_SHARED=1``; AppTest, real SQLite files): nobody is listed, a name is
taken only if it is free, a learner comes back on another browser with their PIN, sets one in the sidebar, is
told once what having none means, and imports only into their own progress. The household sidebar is the one
tests/app/test_learners.py checks, unchanged; one test here checks it still lists everyone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_guest import Browser
from test_learners import (
    RIGHT_SPOILED_ACES,
    add_learner,
    go,
    metrics,
    ok,
    practise,
    sidebar_text,
    texts,
)

from tutor.app import learners, progress_view
from tutor.progress import pins
from tutor.progress.memory import Answer
from tutor.progress.store import ProgressDB

NAMES = ("Ann", "Bob", "Maëlle")
RIGHT = Answer("spoiled-aces", "trick", {"winner": None}, {"winner": True}, 4.0)  # an answer kept by hand
NO_PIN_YET = "Without a PIN you can come back only on this browser. Set one below to come back on another device."


@pytest.fixture
def shared(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A shared server's store holding three learners, Maëlle with the PIN 2468."""
    monkeypatch.setenv("ALUETTE_SHARED", "1")
    with ProgressDB(db_path) as db:
        for name in NAMES:
            db.create_learner(name)
        maelle = db.learner_id("Maëlle")
        assert maelle is not None
        pins.set_pin(db, maelle, "2468")
    return db_path


def everything(at: AppTest) -> str:
    """Every text of the page and the sidebar, widget labels and options included."""
    widgets = [*at.button, *at.selectbox, *at.text_input, *at.radio, *at.multiselect]
    labels = [str(getattr(w, "label", "")) for w in widgets]
    options = [str(o) for w in [*at.selectbox, *at.radio, *at.multiselect] for o in w.options]
    return "\n".join([texts(at), sidebar_text(at), *labels, *options])


def come_back(at: AppTest, name: str, pin: str) -> AppTest:
    at.text_input(key="learner.back.name").set_value(name)
    at.text_input(key="learner.back.pin").set_value(pin)
    return ok(at.button(key="learner.back.go").click().run())


def set_pin(at: AppTest, pin: str, again: str | None = None) -> AppTest:
    at.text_input(key="learner.pin.new").set_value(pin)
    at.text_input(key="learner.pin.again").set_value(pin if again is None else again)
    return ok(at.button(key="learner.pin.set").click().run())


def test_nobody_is_listed_on_any_page_even_with_three_learners(shared: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    browser = Browser(monkeypatch)
    for page in (None, "screens/progress.py", "screens/practice.py", "screens/play.py"):
        at = browser.open(page)
        assert not [w for w in at.selectbox if w.key == "learner.choice"], "no chooser"
        assert not [b for b in at.button if str(b.key).endswith(".learner.0")], "no 'Who is learning?' buttons"
        shown = everything(at)
        assert not [name for name in NAMES if name in shown], page
        assert learners.is_guest(at.session_state["progress"])
    assert "I have been here before" in [e.label for e in at.sidebar.expander]


def test_a_typed_existing_name_is_refused_and_a_free_one_starts(shared: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    browser = Browser(monkeypatch)
    at = browser.open()
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    add_learner(at, "  ANN ")  # Ann's name, in other capitals and spaces
    assert [e.value for e in at.sidebar.error] == [
        "The name “ANN” is taken: choose another, or come back with your PIN if it is yours."
    ]
    assert learners.is_guest(at.session_state["progress"]), "nobody became Ann"
    with ProgressDB(shared) as db:
        assert db.progress("Ann", create=False).totals == (0, 0), "nothing went into Ann's progress"
    add_learner(at, "Cleo")
    assert at.session_state["progress"].learner == "Cleo" and at.session_state["progress"].totals == (1, 1)
    assert "**Cleo**: your progress is saved on this server." in sidebar_text(at)
    again = browser.open()  # this browser remembers Cleo
    assert again.session_state["progress"].learner == "Cleo"
    assert not [name for name in ("Ann", "Bob", "Maëlle") if name in everything(again)]


def test_a_learner_comes_back_on_another_browser_with_the_pin_and_a_wrong_one_is_refused(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ProgressDB(shared) as db:
        db.progress("Maëlle", create=False).record(RIGHT)
    phone = Browser(monkeypatch).open()
    come_back(phone, "Maëlle", "1357")
    assert [e.value for e in phone.sidebar.error] == ["This name and PIN do not match."]
    assert learners.is_guest(phone.session_state["progress"])
    come_back(phone, "Nobody", "2468")
    assert [e.value for e in phone.sidebar.error] == ["This name and PIN do not match."], "the same line"
    come_back(phone, "maëlle", "2468")
    assert not phone.sidebar.error
    assert phone.session_state["progress"].learner == "Maëlle" and phone.session_state["progress"].totals == (1, 1)
    go(phone, "screens/progress.py")
    assert metrics(phone)["Answers"] == "1" and phone.title[0].value == "Maëlle's progress"


def test_a_learner_sets_a_pin_told_once_that_without_one_only_this_browser_brings_them_back(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    at = browser.open()
    add_learner(at, "Cleo")
    assert NO_PIN_YET in [i.value for i in at.sidebar.info]
    go(at, "screens/learn.py")
    assert NO_PIN_YET in [i.value for i in at.sidebar.info], "all that session long"
    later = browser.open()
    assert NO_PIN_YET not in [i.value for i in later.sidebar.info], "told once: not in the next session"
    set_pin(later, "12")
    assert [e.value for e in later.sidebar.error] == ["A PIN is 4 to 6 digits."]
    set_pin(later, "2468", again="2469")
    assert [e.value for e in later.sidebar.error] == ["The two PINs differ: type the same PIN twice."]
    with ProgressDB(shared) as db:
        cleo = db.learner_id("Cleo")
        assert cleo is not None and not pins.has_pin(db, cleo), "nothing set by a refused PIN"
    set_pin(later, "2468")
    assert not later.sidebar.error
    assert "Your PIN is set: on another device, choose “I have been here before”." in [
        s.value for s in later.sidebar.success
    ]
    assert "Change your PIN" in [e.label for e in later.sidebar.expander]
    assert "2468" not in everything(later)
    elsewhere = Browser(monkeypatch).open()
    come_back(elsewhere, "Cleo", "2468")
    assert elsewhere.session_state["progress"].learner == "Cleo"


def test_import_and_export_act_only_on_the_learner_themself(shared: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = Browser(monkeypatch).open()
    add_learner(at, "Cleo")
    go(at, "screens/progress.py")
    exported = json.loads(progress_view.exported_json(at.session_state["progress"]))
    assert exported["learner"] == "Cleo", "the download is Cleo's own"
    bob_export = {**exported, "learner": "Bob"}
    with ProgressDB(shared) as db:
        ann = db.progress("Ann", create=False)
        ann.record(RIGHT)
        bob_export["answers"] = json.loads(progress_view.exported_json(ann))["answers"]
    at.get("file_uploader")[0].upload("bob.json", json.dumps(bob_export).encode(), "application/json")
    ok(at.run())
    assert at.success[0].value == "Added 1 answer to Cleo's progress."
    with ProgressDB(shared) as db:
        assert db.progress("Cleo", create=False).totals == (1, 1)
        assert db.progress("Bob", create=False).totals == (0, 0), "a file named for Bob goes into Cleo's, not his"


def test_the_household_sidebar_still_lists_everyone(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ALUETTE_SHARED", raising=False)
    with ProgressDB(db_path) as db:
        for name in NAMES:
            db.create_learner(name)
    at = Browser(monkeypatch).open()
    assert list(at.selectbox(key="learner.choice").options) == list(NAMES)
    assert "I have been here before" not in [e.label for e in at.sidebar.expander]


def test_wrong_pins_are_slowed_down_in_the_sidebar_too(shared: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    phone = Browser(monkeypatch).open()
    for n in range(5):  # five wrong tries from this client (AppTest's sessions are all "local")
        come_back(phone, "Maëlle", f"{1000 + n}")
        assert [e.value for e in phone.sidebar.error] == ["This name and PIN do not match."]
    come_back(phone, "Maëlle", "2468")  # the right PIN, but within the minute
    assert [e.value for e in phone.sidebar.error] == ["Too many tries: wait a minute, then try again."]
    assert learners.is_guest(phone.session_state["progress"])


def test_not_you_forgets_the_learner_and_only_the_pin_brings_them_back(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    at = browser.open()
    come_back(at, "Maëlle", "2468")
    assert at.session_state["progress"].learner == "Maëlle"
    ok(at.button(key="learner.shared.not_you").click().run())
    assert learners.is_guest(at.session_state["progress"])
    again = browser.open()
    assert learners.is_guest(again.session_state["progress"]), "the browser forgot her"
    assert "Maëlle" not in everything(again)
    add_learner(again, "Maëlle")  # her name typed as new: refused, not chosen
    assert learners.is_guest(again.session_state["progress"])
    come_back(again, "Maëlle", "2468")
    assert again.session_state["progress"].learner == "Maëlle"
