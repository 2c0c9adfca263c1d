"""Teach: a teacher signs in, makes classes, and runs them (tutor.app.teaching)."""

from __future__ import annotations

from tutor.app import lang
from tutor.app.teaching import page

page.draw(lang.current())
