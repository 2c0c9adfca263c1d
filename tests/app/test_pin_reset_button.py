"""The teacher's "Reset PIN" button (tutor.app.teaching.pin_reset, drawn by the class page's members list):
a confirmation first, Cancel changes nothing, Yes clears the member's PIN and says so with their name; a
learner outside the teacher's class is refused and keeps their PIN."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.progress import pins
from tutor.progress.classes import create_class, join, remove_member
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher

KEY = "progress.test-pin-reset"  # the caller's key; the class page uses one of its own per member


def _members_list(path: str, teacher_name: str, class_id: int, learner_id: int) -> None:
    """A page drawing one member's button, as the class page does (the teacher signed in)."""
    from tutor.app.teaching import pin_reset
    from tutor.progress.store import ProgressDB
    from tutor.progress.teachers import Teacher

    db = ProgressDB(path)
    with db.using() as conn:
        teacher_id = conn.execute("SELECT id FROM teachers WHERE name = ?", (teacher_name,)).fetchone()[0]
    pin_reset.button(db, Teacher(int(teacher_id), teacher_name), class_id, learner_id, "progress.test-pin-reset")


def page(path: Path, teacher: str, class_id: int, learner_id: int) -> AppTest:
    at = AppTest.from_function(_members_list, args=(str(path), teacher, class_id, learner_id), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def test_the_teacher_confirms_then_the_member_s_pin_is_cleared(db_path: Path) -> None:
    with ProgressDB(db_path) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        thursday = create_class(db, roux, "Thursday club", "fr")
        maelle = db.learner_id(db.create_learner("Maëlle"))
        assert maelle is not None
        join(db, thursday.code, maelle)
        pins.set_pin(db, maelle, "2468")
    at = page(db_path, "Mme Roux", thursday.id, maelle)
    click(at, KEY)  # "Reset PIN": nothing cleared yet, a question asked
    assert at.warning[0].value.startswith("Clear Maëlle's PIN?")
    click(at, f"{KEY}.no")  # Cancel
    assert not at.warning and not at.success
    with ProgressDB(db_path) as db:
        assert pins.has_pin(db, maelle), "Cancel changes nothing"
    click(at, KEY)
    click(at, f"{KEY}.yes")
    assert [s.value for s in at.success] == ["PIN cleared: Maëlle can set a new one."]
    with ProgressDB(db_path) as db:
        assert not pins.has_pin(db, maelle)


def test_a_learner_outside_the_teacher_s_class_is_refused_and_keeps_the_pin(db_path: Path) -> None:
    with ProgressDB(db_path) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        blanc = create_teacher(db, "M. Blanc", "another horse")
        thursday = create_class(db, roux, "Thursday club", "fr")
        friday = create_class(db, blanc, "Friday club", "fr")
        bob = db.learner_id(db.create_learner("Bob"))
        assert bob is not None
        join(db, friday.code, bob)
        pins.set_pin(db, bob, "1357")
    for teacher, class_id in (("Mme Roux", thursday.id), ("Mme Roux", friday.id)):  # not hers, or not his class
        at = page(db_path, teacher, class_id, bob)
        click(at, KEY)
        assert [e.value for e in at.error] == ["This learner is not a member of this class."]
        assert "Bob" not in " ".join(str(w.value) for w in [*at.warning, *at.error, *at.success])
    with ProgressDB(db_path) as db:
        assert pins.has_pin(db, bob)


def test_a_member_removed_while_the_teacher_confirms_keeps_the_pin(db_path: Path) -> None:
    with ProgressDB(db_path) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        thursday = create_class(db, roux, "Thursday club", "fr")
        ann = db.learner_id(db.create_learner("Ann"))
        assert ann is not None
        join(db, thursday.code, ann)
        pins.set_pin(db, ann, "2468")
    at = click(page(db_path, "Mme Roux", thursday.id, ann), KEY)
    with ProgressDB(db_path) as db:
        remove_member(db, roux, thursday.id, ann)  # another tab of the teacher's, meanwhile
    click(at, f"{KEY}.yes")
    assert [e.value for e in at.error] == ["This learner is not a member of this class."] and not at.success
    with ProgressDB(db_path) as db:
        assert pins.has_pin(db, ann)
