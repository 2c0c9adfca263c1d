"""Session state through :mod:`tutor.app.session`: the keys' behaviour, and the app held to them.

The app is read with ``ast`` (the page scripts draw their page when imported): no module but the session
module touches ``st.session_state``; every key and family of keys is defined once, at a module's top, under
a literal name that follows the naming convention; and no widget is keyed by a string typed on the spot.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st

from tutor.app import session
from tutor.app.session import Family, Key

APP = Path(__file__).resolve().parents[2] / "tutor" / "app"
SESSION_MODULE = APP / "session.py"
# Keyed by a literal and never in session state: containers and forms, whose keys name CSS hooks and forms.
NO_STATE = frozenset({"container", "form"})


def app_files() -> list[Path]:
    return sorted(path for path in APP.rglob("*.py") if path != SESSION_MODULE)


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(APP.parents[1])}:{getattr(node, 'lineno', 0)}"


def _is_key_class(node: ast.expr) -> bool:
    """``Key``, ``Family``, ``session.Key``, each also subscripted (``Key[int]``)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name in ("Key", "Family")


def definitions() -> Iterator[tuple[Path, ast.Call, bool]]:
    """Every ``Key(...)`` and ``Family(...)`` call in the app, and whether it sits at its module's top."""
    for path in app_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(node.value) for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign) and node.value}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_key_class(node.func):
                yield path, node, id(node) in top


def test_no_module_but_the_session_module_touches_session_state() -> None:
    found = [
        where(path, node)
        for path in app_files()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "session_state"
    ]
    assert not found, "read and write session state through tutor.app.session's keys:\n" + "\n".join(found)


def test_every_key_is_defined_once_at_a_modules_top_under_a_literal_name() -> None:
    names: dict[str, str] = {}
    problems: list[str] = []
    for path, call, at_top in definitions():
        first = call.args[0] if call.args else None
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            problems.append(f"{where(path, call)}: a key's name is a literal string (a family makes names)")
            continue
        name = first.value
        if not at_top:
            problems.append(f"{where(path, call)}: {name!r} is defined inside a function: define it at the top")
        if name in names:
            problems.append(f"{where(path, call)}: {name!r} is defined twice (first at {names[name]})")
        names.setdefault(name, where(path, call))
        if not session.follows_convention(name):
            problems.append(f"{where(path, call)}: {name!r} is not <prefix>.<name> with a prefix of session.PREFIXES")
    assert not problems, "\n".join(problems)
    assert len(names) > 150  # every page's keys are found (a broken walk would find none and pass)


def test_widgets_are_keyed_by_key_objects() -> None:
    typed = [
        where(path, node)
        for path in app_files()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Attribute) and node.func.attr in NO_STATE)
        for keyword in node.keywords
        if keyword.arg == "key" and isinstance(keyword.value, ast.Constant | ast.JoinedStr)
    ]
    assert not typed, "key a widget by a Key of tutor.app.session:\n" + "\n".join(typed)


@pytest.mark.parametrize(
    ("name", "follows"),
    [
        ("learn.lesson", True),
        ("learn.{}.step", True),
        ("{}.attempt", True),
        ("progress.start-review", True),
        ("signals.quiz.{}.q{}", True),
        ("progress", True),  # the one bare name
        ("lesson", False),
        ("nowhere.lesson", False),
        ("learn.Lesson", False),
        ("learn..lesson", False),
        ("learn.", False),
    ],
)
def test_the_naming_convention(name: str, follows: bool) -> None:
    assert session.follows_convention(name) is follows


# --- the keys' behaviour, on the session state Streamlit gives a bare run ---------------------------------------


@pytest.fixture
def clean() -> Iterator[None]:
    before = {str(k) for k in st.session_state}
    yield
    session.forget_where(lambda name: name not in before)


@pytest.mark.usefixtures("clean")
def test_a_key_without_default() -> None:
    lesson = Key[str]("learn.test-lesson")
    assert lesson == "learn.test-lesson" and lesson.name == "learn.test-lesson" and type(lesson.name) is str
    assert lesson.get() is None and not lesson.is_set()
    with pytest.raises(KeyError, match=r"learn\.test-lesson"):
        lesson.value()
    assert lesson.setdefault("tricks") == "tricks" and lesson.setdefault("cards") == "tricks"
    lesson.set("cards")
    assert lesson.get() == lesson.value() == st.session_state["learn.test-lesson"] == "cards" and lesson.is_set()
    assert lesson.pop() == "cards" and lesson.pop() is None and not lesson.is_set()


@pytest.mark.usefixtures("clean")
def test_a_key_with_a_default_or_a_factory() -> None:
    asked = Key[int]("ranking.test-asked", 0)
    assert asked.value() == 0 and not asked.is_set()  # the default is not stored by reading it
    assert asked.setdefault() == 0 and asked.is_set()
    log = Key[list[int]]("play.test-log", factory=list)
    log.setdefault().append(1)
    log.setdefault().append(2)
    assert log.value() == [1, 2]
    assert Key[list[int]]("play.test-other", factory=list).value() is not log.value()


@pytest.mark.usefixtures("clean")
def test_a_family_and_forgetting() -> None:
    step = Family[int]("learn.{}.test-step", 0)
    assert step("tricks") == "learn.tricks.test-step" and step("tricks").value() == 0
    step("tricks").set(3)
    step("cards").set(1)
    assert step("tricks").value() == 3 and repr(step("cards")) == "Key('learn.cards.test-step')"
    session.forget_under("learn.tricks.")
    assert not step("tricks").is_set() and step("cards").value() == 1
    session.forget(step("cards"), Key[str]("learn.test-never-set"))
    assert not step("cards").is_set()


@pytest.mark.usefixtures("clean")
def test_a_new_learner_keeps_only_the_learner_keys() -> None:
    kept, dropped = Key[str]("learner.test-kept"), Key[int]("practice.test-dropped")
    kept.set("here")
    dropped.set(1)
    session.start_afresh()
    assert kept.value() == "here" and not dropped.is_set()
