"""Starting a live round: from a class (the class page's Live round tab) or with no class, just a code."""

from __future__ import annotations

from tutor.progress.classes import SchoolClass
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher


def draw(db: ProgressDB, teacher: Teacher, school_class: SchoolClass | None, language: str) -> None:
    """The panel that starts a round for ``school_class`` (None: a round with no class) and lists the
    teacher's rounds under way."""
