"""The class page's Dashboard tab (tutor/app/teaching/dashboard_view.py) and a member's read-only Progress
(member_view.py), through small AppTest scripts on a real SQLite file; and the CSV's exact text.

The class: Ann answered spoiled-aces "North" (wrong) 20 days ago and "nobody" (right) today; Ben "North"
(wrong) today; Cy "nobody" (right) today. One assignment: spoiled-aces alone.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.app.teaching.dashboard_csv import csv_text, neutral
from tutor.content.course import Course
from tutor.progress.assignments import NOT_STARTED, PICKED, STARTED, Assignment, OnAssignment, assign
from tutor.progress.classes import create_class, join
from tutor.progress.dashboard import Dashboard, MemberActivity, MemberRow
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher

DAY = 86400.0


def _dashboard() -> None:
    import os

    from tutor.app import state
    from tutor.app.teaching import dashboard_view
    from tutor.progress.classes import classes
    from tutor.progress.teachers import Teacher

    db = state.database()
    assert db is not None
    teacher = Teacher(int(os.environ["ALUETTE_TEST_TEACHER"]), "Mme Roux")
    dashboard_view.draw(db, teacher, classes(db, teacher)[0], "en")


def _member() -> None:
    import os

    import streamlit as st

    from tutor.app import state
    from tutor.app.teaching import member_view
    from tutor.progress.teachers import Teacher

    db = state.database()
    assert db is not None
    teacher = Teacher(int(os.environ["ALUETTE_TEST_TEACHER"]), "Mme Roux")
    member_view.draw(db, teacher, st.query_params.get("class"), st.query_params.get("member"), "en")


@pytest.fixture
def ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    where = tmp_path / "progress.db"
    monkeypatch.setenv("ALUETTE_DB", str(where))
    now = time.time()
    found: dict[str, int] = {}
    with ProgressDB(where) as db:
        roux = create_teacher(db, "Mme Roux", "correct horse")
        blanc = create_teacher(db, "M. Blanc", "battery staple")
        club = create_class(db, roux, "Club", "en")
        other = create_class(db, blanc, "Other", "en")
        for name in ("Ann", "Ben", "Cy", "Dee"):
            learner = db.learner_id(db.create_learner(name))
            assert learner is not None
            join(db, (other if name == "Dee" else club).code, learner)
            found[name] = learner
        assign(db, roux, club.id, PICKED, "", ["spoiled-aces"])
        for name, said, right, at in [
            ("Ann", "North", False, now - 20 * DAY),
            ("Ann", "nobody (spoiled)", True, now - 60),
            ("Ben", "North", False, now - 60),
            ("Cy", "nobody (spoiled)", True, now - 60),
        ]:
            db.progress(name).record(Answer("spoiled-aces", "trick", {"winner": said}, {"winner": right}, 5.0, at=at))
        found.update(club=club.id, other=other.id)
    monkeypatch.setenv("ALUETTE_TEST_TEACHER", str(roux.id))
    return found


def run(script: object, **query: str) -> AppTest:
    at = AppTest.from_function(script, default_timeout=60)  # type: ignore[arg-type]
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_table_the_scenarios_and_the_most_common_wrong_answer_in_words(ids: dict[str, int]) -> None:
    at = run(_dashboard)
    members, scenarios = (frame.value for frame in at.dataframe)
    assert list(members.columns) == ["Member", "Last active", "1 chosen scenario"]
    assert list(members["Member"]) == ["Ann", "Ben", "Cy"], "Dee is another teacher's"
    assert list(members["1 chosen scenario"]) == ["Done · 50%", "In progress · 0%", "Done · 100%"]
    row = scenarios.iloc[0].to_dict()
    assert row == {
        "Scenario": "Two aces at the top",
        "Members who answered": 3,
        "Right first time": "1 of 3",
        "Most common wrong answer": "2 of 3 chose “North”",
    }
    hardest = [c.value for c in at.caption if "chose" in c.value]
    assert hardest == [
        "2 of 3 chose “North”. The tutor told them: You said North wins, but A-swords and A-coins tie for the best "
        "tier (9), so the trick is spoiled."
    ]


def test_the_last_7_days_leave_out_anns_first_answer(ids: dict[str, int]) -> None:
    at = run(_dashboard)
    at.segmented_control(key=f"teach.dashboard.{ids['club']}.period").set_value(7).run()
    scenarios = at.dataframe[1].value
    assert scenarios.iloc[0]["Right first time"] == "2 of 3"
    assert scenarios.iloc[0]["Most common wrong answer"] == "1 of 3 chose “North”"


def test_opening_a_member_sets_the_query_parameters(ids: dict[str, int]) -> None:
    at = run(_dashboard)
    at.selectbox(key=f"teach.dashboard.{ids['club']}.who").set_value(ids["Ben"])
    at.button(key=f"teach.dashboard.{ids['club']}.open").click().run()
    assert (at.query_params["class"], at.query_params["member"]) == (str(ids["club"]), str(ids["Ben"]))


def test_a_members_progress_is_read_only(ids: dict[str, int]) -> None:
    at = run(_member, **{"class": str(ids["club"]), "member": str(ids["Ann"])})
    assert at.header[0].value == "Ann's progress (read-only)"
    assert {m.label: m.value for m in at.metric}["Answers"] == "2"
    assert [b.label for b in at.button] == ["Back to the class"], "no button that changes or practises anything"
    assert not at.get("download_button") and not at.get("file_uploader")


@pytest.mark.parametrize(
    "forged",
    [
        {"class": "other", "member": "Dee"},  # another teacher's class and its member
        {"class": "club", "member": "Dee"},  # the teacher's class, a learner not in it
        {"class": "club", "member": "99999"},
        {"class": "club", "member": "1 OR 1=1"},
    ],
)
def test_a_forged_query_shows_nothing(ids: dict[str, int], forged: dict[str, str]) -> None:
    query = {k: str(ids.get(v, v)) for k, v in forged.items()}
    at = run(_member, **query)
    assert [e.value for e in at.error] == ["There is no such member in your classes."]
    assert not at.header and not at.metric and not at.dataframe


def test_the_csv_text_neutralises_formulas_and_keeps_names_as_typed() -> None:
    noon = datetime(2027, 1, 15, 12, 0).timestamp()
    picked = Assignment(1, 1, PICKED, "", ("spoiled-aces",), None, noon)
    board = Dashboard(
        (picked,),
        (
            MemberRow(MemberActivity(1, '=HYPERLINK("x")', noon), (OnAssignment(STARTED, 1, 0, 1, 2, 1),)),
            MemberRow(MemberActivity(2, 'Ann, "the" ace', None), (OnAssignment(NOT_STARTED, 0, 0, 1, 0, 0),)),
        ),
        (),
        (),
    )
    assert csv_text(board, Course((), {}, (), 0), "en") == (
        "Member,Last active,1 chosen scenario: status,1 chosen scenario: right\r\n"
        '"\'=HYPERLINK(""x"")",2027-01-15,In progress,50%\r\n'
        '"Ann, ""the"" ace",,Not started,\r\n'
    )
    assert [neutral(c) for c in ("+1", "-1", "@SUM(A1)", "\tx", "Zoé")] == ["'+1", "'-1", "'@SUM(A1)", "'\tx", "Zoé"]
