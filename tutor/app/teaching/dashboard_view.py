"""A class's dashboard: who has learnt what (the class page's Dashboard tab)."""

from __future__ import annotations

from tutor.progress.classes import SchoolClass
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher


def draw(db: ProgressDB, teacher: Teacher, school_class: SchoolClass, language: str) -> None:
    """The Dashboard tab of ``school_class``."""
