"""A class's assignments, as its teacher sets them (the class page's Assignments tab)."""

from __future__ import annotations

from tutor.progress.classes import SchoolClass
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher


def draw(db: ProgressDB, teacher: Teacher, school_class: SchoolClass, language: str) -> None:
    """The Assignments tab of ``school_class``."""
