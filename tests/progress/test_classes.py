"""A teacher's classes (schema 8), on both backends: join codes, joining, members, and a teacher who sees only
their own classes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from store_target import count, rows

from tutor.progress import classes
from tutor.progress.classes import (
    ALPHABET,
    ClassError,
    change_code,
    classes_of,
    create_class,
    delete_class,
    join,
    members,
    remove_member,
    rename_class,
    school_class,
    set_joinable,
)
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

T0 = 1_800_000_000.0
WRONG_CODE = "No class is open to joiners with this code: check it with your teacher."
NOT_YOURS = "There is no such class among yours."


@pytest.fixture
def db(store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(store) as opened:
        yield opened


@pytest.fixture
def roux(db: ProgressDB) -> Teacher:
    return create_teacher(db, "Mme Roux", "correct horse")


def codes(monkeypatch: pytest.MonkeyPatch, *drawn: str) -> None:
    """Make the next codes drawn these, in order."""
    queue = list(drawn)
    monkeypatch.setattr(classes, "new_code", lambda: queue.pop(0))


def learner(db: ProgressDB, name: str) -> int:
    found = db.learner_id(db.create_learner(name))
    assert found is not None
    return found


def test_a_new_class_has_a_code_of_6_unambiguous_characters_and_is_open(db: ProgressDB, roux: Teacher) -> None:
    made = create_class(db, roux, "  Thursday   club ", "fr", now=T0)
    assert (made.name, made.language, made.joinable, made.created) == ("Thursday club", "fr", True, T0)
    assert len(made.code) == 6 and set(made.code) <= set(ALPHABET)
    assert not set("0O1I") & set(ALPHABET) and len(ALPHABET) == 32
    assert rows(db, "SELECT teacher_id, code FROM classes") == [(roux.id, made.code)]


def test_codes_are_drawn_with_secrets(db: ProgressDB, roux: Teacher, monkeypatch: pytest.MonkeyPatch) -> None:
    last = lambda alphabet: alphabet[-1]  # noqa: E731  # the alphabet's last, "9"
    monkeypatch.setattr("tutor.progress.classes.secrets.choice", last)
    assert create_class(db, roux, "Club", "en").code == "999999"


@pytest.mark.parametrize(
    ("name", "language", "line"),
    [
        ("", "fr", "Give the class a name."),
        ("x" * 10_000, "fr", "A class's name has at most 60 characters."),
        ("Club\x1b[31m", "fr", "A class's name cannot hold control or invisible characters."),
        ("Club", "de", "A class's language is one of en, fr, cs, sq, mk, ms, gu."),
    ],
)
def test_a_bad_name_or_language_is_one_line_and_nothing_is_stored(
    db: ProgressDB, roux: Teacher, name: str, language: str, line: str
) -> None:
    with pytest.raises(ClassError) as caught:
        create_class(db, roux, name, language)
    assert str(caught.value) == line
    assert count(db, "classes") == 0


def test_a_code_is_unique_among_open_classes_only(
    db: ProgressDB, roux: Teacher, monkeypatch: pytest.MonkeyPatch
) -> None:
    codes(monkeypatch, "AAAAAA", "AAAAAA", "BBBBBB", "AAAAAA", "CCCCCC")
    first = create_class(db, roux, "First", "en")
    second = create_class(db, roux, "Second", "en")  # AAAAAA is taken: drawn again
    assert (first.code, second.code) == ("AAAAAA", "BBBBBB")
    set_joinable(db, roux, first.id, False)  # a closed class's code is free again
    third = create_class(db, roux, "Third", "en")
    assert third.code == "AAAAAA"
    reopened = set_joinable(db, roux, first.id, True)  # its code is now the third's: it gets a fresh one
    assert (reopened.joinable, reopened.code) == (True, "CCCCCC")


def test_a_learner_joins_by_code_once_whatever_the_case(db: ProgressDB, roux: Teacher) -> None:
    made = create_class(db, roux, "Thursday club", "fr")
    ann = learner(db, "Ann")
    typed = made.code[:3].lower() + "-" + made.code[3:].lower()
    joined = join(db, typed, ann, now=T0)
    assert (joined.id, joined.name, joined.language) == (made.id, "Thursday club", "fr")
    join(db, made.code, ann, now=T0 + 5)  # again: still one membership, joined when first
    assert [(m.learner_id, m.name, m.joined) for m in members(db, roux, made.id)] == [(ann, "Ann", T0)]
    assert [c.name for c in classes_of(db, ann)] == ["Thursday club"]


def test_a_wrong_or_closed_code_is_one_line_and_joins_nobody(
    db: ProgressDB, roux: Teacher, monkeypatch: pytest.MonkeyPatch
) -> None:
    codes(monkeypatch, "ABCDEF")
    made = create_class(db, roux, "Club", "en")
    ann = learner(db, "Ann")
    set_joinable(db, roux, made.id, False)
    lines = set()
    for code in ("ABCDEF", "ZZZZZZ", "ABCDE0", "", "A" * 10_000, None):
        with pytest.raises(ClassError) as caught:
            join(db, code, ann)
        lines.add(str(caught.value))
    assert lines == {WRONG_CODE}
    assert count(db, "class_members") == 0


def test_a_new_code_replaces_the_old_one(db: ProgressDB, roux: Teacher, monkeypatch: pytest.MonkeyPatch) -> None:
    codes(monkeypatch, "ABCDEF", "GHJKLM")
    made = create_class(db, roux, "Club", "en")
    assert change_code(db, roux, made.id).code == "GHJKLM"
    ann = learner(db, "Ann")
    with pytest.raises(ClassError):
        join(db, "ABCDEF", ann)
    assert join(db, "GHJKLM", ann).id == made.id


def test_rename_remove_a_member_and_delete(db: ProgressDB, roux: Teacher) -> None:
    made = create_class(db, roux, "Club", "en")
    ann, ben = learner(db, "Ann"), learner(db, "Ben")
    join(db, made.code, ann, now=T0)
    join(db, made.code, ben, now=T0 + 1)
    assert rename_class(db, roux, made.id, "Friday club").name == "Friday club"
    assert remove_member(db, roux, made.id, ann) is True
    assert remove_member(db, roux, made.id, ann) is False  # no longer in it
    assert [m.name for m in members(db, roux, made.id)] == ["Ben"]
    delete_class(db, roux, made.id)
    assert (count(db, "classes"), count(db, "class_members")) == (0, 0)
    assert db.learners() == ["Ann", "Ben"]  # the learners stay


def test_a_teacher_sees_and_changes_only_their_own_classes(db: ProgressDB, roux: Teacher) -> None:
    other = create_teacher(db, "M. Blanc", "another password")
    made = create_class(db, roux, "Club", "en")
    ann = learner(db, "Ann")
    join(db, made.code, ann)
    assert classes.classes(db, other) == []
    attempts: list[Callable[[], object]] = [
        lambda: school_class(db, other, made.id),
        lambda: members(db, other, made.id),
        lambda: rename_class(db, other, made.id, "Mine now"),
        lambda: change_code(db, other, made.id),
        lambda: set_joinable(db, other, made.id, False),
        lambda: remove_member(db, other, made.id, ann),
        lambda: delete_class(db, other, made.id),
    ]
    for attempt in attempts:
        with pytest.raises(ClassError) as caught:
            attempt()
        assert str(caught.value) == NOT_YOURS
    assert school_class(db, roux, made.id) == made  # unchanged
    assert [m.name for m in members(db, roux, made.id)] == ["Ann"]
