"""A stand-in for the class page (/teach is another module's): the Dashboard tab of the first class of the
teacher ``$ALUETTE_TEST_TEACHER``; with ``?member=<id>`` that member's Progress, read-only; with ``?tab=assign``
its Assignments tab: as the class page shows them. Served by tests/browser/test_browser_dashboard.py; it signs
nobody in, so it is never the app's."""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from tutor.app import state, views
from tutor.app.markup import md
from tutor.app.teaching import assign_view, dashboard_view, member_view
from tutor.progress.classes import classes
from tutor.progress.teachers import Teacher

st.set_page_config(page_title="Aluette tutor", layout="wide")
st.html(Path(__file__).resolve().parents[2] / "tutor" / "app" / "theme.css")
views.style()
db = state.database()
assert db is not None
teacher = Teacher(int(os.environ["ALUETTE_TEST_TEACHER"]), "Mme Roux")
club = classes(db, teacher)[0]
st.title("Teach")
st.header(md(club.name))
member = st.query_params.get("member")
if st.query_params.get("tab") == "assign":
    assign_view.draw(db, teacher, club, "en")
elif member is not None:
    member_view.draw(db, teacher, st.query_params.get("class"), member, "en")
else:
    dashboard_view.draw(db, teacher, club, "en")
