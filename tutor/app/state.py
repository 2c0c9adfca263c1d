"""What every page shares: the course (loaded once per server) and the learner's progress (per session)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor.content.course import Course, load_course
from tutor.progress.memory import MemoryProgress

ROOT = Path(__file__).resolve().parents[2]
CONTENT = (str(ROOT / "lessons"), str(ROOT / "scenarios"))


@st.cache_resource(show_spinner="Loading the lessons...")
def course() -> Course:
    """Lessons and scenarios, validated and solved once per server process; a rerun does no file I/O."""
    return load_course(list(CONTENT), verify=True)


def progress() -> MemoryProgress:
    """This browser session's progress."""
    if "progress" not in st.session_state:
        st.session_state["progress"] = MemoryProgress()
    return st.session_state["progress"]


def warn_about_broken_content() -> None:
    """Name every file that failed to load; the app carries on without them."""
    problems = course().problems
    if problems:
        with st.sidebar.expander(f"⚠ {len(problems)} content problem(s): files skipped"):
            for problem in problems[:50]:
                st.caption(str(problem))
