"""The Progress page and Home's figures (AppTest, real SQLite files): mastery, the chart, the streak, what is
due, the hardest items with a way to practise them, export and import."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_learners import (
    RIGHT_SPOILED_ACES,
    WRONG_SPOILED_ACES,
    add_learner,
    answer_scenario,
    choose,
    go,
    metrics,
    ok,
    open_app,
    plain,
    practice_ids,
    practise,
    texts,
)

from tutor.app import progress_view, state
from tutor.progress import transfer as transfermod
from tutor.progress.memory import Answer
from tutor.progress.review import item_label
from tutor.progress.store import ProgressDB, SqliteProgress

PAGE = "screens/progress.py"
DAY = 86400.0


def chart(at: AppTest) -> list[object]:
    return at.get("vega_lite_chart")


def tables(at: AppTest) -> dict[str, list[object]]:
    """The mastery tables by their first column's name ("Lesson", "Topic")."""
    frames = [d.value for d in at.dataframe]
    return {frame.columns[0]: frame for frame in frames}


def history(path: Path | str, name: str) -> None:
    """A learner who answered over three days, some wrong, a ranking fact among them."""
    now = time.time()
    with SqliteProgress(path, name) as p:
        for days_ago, item, kind, right in [
            (2, "spoiled-aces", "trick", False),
            (2, "tier:9-swords", "drill-tier", False),
            (1, "spoiled-aces", "trick", False),
            (1, "tier:9-swords", "drill-tier", True),
            (0, "spoiled-aces", "trick", True),
            (0, practice_ids(1)[0], "rank", True),
        ]:
            key = "tier" if kind == "drill-tier" else "winner"
            p.record(Answer(item, kind, {key: "x"}, {key: right}, 5.0, at=now - days_ago * DAY - 60))


def test_the_page_renders_with_no_answers(app_store: Path | str) -> None:
    at = open_app(PAGE)
    assert at.title[0].value == "Your progress"
    assert metrics(at)["Answers"] == "0" and metrics(at)["Day streak"] == "0 days"
    assert "Nothing answered yet" in at.info[0].value
    assert not chart(at), "no chart without answers"
    lessons = tables(at)["Lesson"]
    assert len(lessons) == len(state.course().lessons) and set(lessons["Mastered"]) == {0.0}
    assert "choose or add your name" in texts(at), "a guest cannot export"
    add_learner(at, "Ann")
    assert ok(at).title[0].value == "Ann's progress"
    assert at.get("download_button") and at.get("file_uploader")


def test_the_page_shows_mastery_chart_streak_due_and_hardest(app_store: Path | str) -> None:
    history(app_store, "Ann")
    at = open_app()
    choose(at, "Ann")
    go(at, PAGE)
    shown = metrics(at)
    assert shown["Answers"] == "6" and shown["Answered right"] == "50%"
    assert shown["Day streak"] == "3 days"
    assert int(shown["Due this week"]) >= int(shown["Due today"]) >= 0
    assert len(chart(at)) == 1, "accuracy over time"
    lessons, topics = tables(at)["Lesson"], tables(at)["Topic"]
    first = state.course().lessons[0]
    row = lessons[lessons["Lesson"] == f"{first.order}. {first.title}"].iloc[0]
    assert row["Answered"] == 1 and row["Right last time"] == 1
    facts = topics[topics["Topic"] == "Ranking facts"].iloc[0]
    assert facts["Answered"] == 1
    hardest = [m.value for m in at.markdown if m.value.startswith("**")]
    course = state.course()
    assert hardest[:2] == [f"**{item_label('spoiled-aces', course)}**", f"**{item_label('tier:9-swords', course)}**"]
    assert "Scenario · wrong 2 of 3 · 33% right" in texts(at)
    assert "Ranking fact · wrong 1 of 2 · 50% right" in texts(at)


def test_a_hardest_scenario_links_to_practice_and_a_fact_to_review(app_store: Path | str) -> None:
    history(app_store, "Ann")
    at = open_app()
    choose(at, "Ann")
    go(at, PAGE)
    at.button(key="progress.hard.0").click().run()
    assert ok(at).title[0].value == "Practice"
    assert at.session_state["practice.attempt"].scenario.id == "spoiled-aces"
    go(at, PAGE)
    at.button(key="progress.hard.1").click().run()
    assert ok(at).title[0].value == "Review"
    assert at.session_state["review.drill"].drill.id == "tier:9-swords"


def test_export_then_import_into_another_learner_adds_everything_once(app_store: Path | str) -> None:
    history(app_store, "Ann")
    at = open_app()
    choose(at, "Ann")
    exported = progress_view.exported_json(at.session_state["progress"])  # what the download button serves
    assert json.loads(exported)["learner"] == "Ann"
    go(at, PAGE)
    ann = metrics(at)

    add_learner(at, "Bob")
    go(at, PAGE)
    assert metrics(at)["Answers"] == "0"
    at.get("file_uploader")[0].upload("ann.json", exported.encode(), "application/json")
    ok(at.run())
    assert at.success[0].value == "Added 6 answers to Bob's progress."
    assert metrics(at) == ann, "Bob now has Ann's figures"
    assert at.title[0].value == "Bob's progress"

    at.get("file_uploader")[0].clear().upload("ann-again.json", exported.encode(), "application/json")
    ok(at.run())
    assert at.success[0].value.startswith("Nothing new: all 6 answers")
    assert metrics(at)["Answers"] == "6"
    with ProgressDB(app_store) as db:
        assert db.progress("Bob").totals == db.progress("Ann").totals == (6, 3)


def test_a_bad_file_imports_nothing_and_says_why(app_store: Path | str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    go(at, PAGE)
    bad = {"format": "aluette-tutor-progress", "version": 1, "learner": "X", "answers": [{"uid": "a"}]}
    at.get("file_uploader")[0].upload("bad.json", json.dumps(bad).encode(), "application/json")
    ok(at.run())
    assert at.error[0].value.startswith("Nothing was imported: answers\\[0\\] (uid a): missing")
    assert metrics(at)["Answers"] == "0"
    at.get("file_uploader")[0].clear().upload("bad.json", b"{not json", "application/json")
    ok(at.run())
    assert at.error[0].value.startswith("Nothing was imported: the file is not JSON")


def test_home_shows_the_saved_progress(app_store: Path | str) -> None:
    course = state.course()
    history(app_store, "Ann")
    at = open_app()
    assert metrics(at)["Right this session"] == "–", "a guest sees the session's figures"
    choose(at, "Ann")
    shown = metrics(at)
    assert shown["Scenarios solved"] == f"2 / {len(course.scenarios)}"
    assert shown["Answers right"] == "50%" and shown["Day streak"] == "3 days"
    assert "Due today" in shown
    assert any(s.value == "Ann's progress" for s in at.header)
    at.button(key="home.progress").click().run()
    assert ok(at).title[0].value == "Ann's progress"


def test_practice_and_review_answers_show_on_the_progress_page(app_store: Path | str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", WRONG_SPOILED_ACES)
    go(at, "screens/review.py", item="spoiled-aces")
    answer_scenario(at, "review", RIGHT_SPOILED_ACES)
    go(at, PAGE)
    assert metrics(at)["Answers"] == "2" and metrics(at)["Day streak"] == "1 day"
    assert "Scenario · wrong 1 of 2 · 50% right" in texts(at)


def test_a_deeply_nested_file_imports_nothing_and_says_why_in_one_line(app_store: Path | str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    go(at, PAGE)
    head = json.dumps({"format": "aluette-tutor-progress", "version": 1, "learner": "X", "answers": []})[:-1]
    bomb = head + ', "cards": ' + "[" * 5000 + "]" * 5000 + "}"
    at.get("file_uploader")[0].upload("bomb.json", bomb.encode(), "application/json")
    ok(at.run())
    (error,) = [e.value for e in at.error]
    assert plain(error) == (
        "Nothing was imported: the file is not a progress export: it nests lists and objects more than 6 deep."
    )
    assert metrics(at)["Answers"] == "0"


def test_many_bad_entries_list_the_first_and_count_the_rest(app_store: Path | str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    go(at, PAGE)
    bad = [{"uid": f"u{n}", "item": "x"} for n in range(5000)]
    data = {"format": "aluette-tutor-progress", "version": 1, "learner": "X", "answers": bad}
    at.get("file_uploader")[0].upload("bad.json", json.dumps(data).encode(), "application/json")
    ok(at.run())
    lines = plain(at.error[0].value).splitlines()
    assert lines[0] == (
        "Nothing was imported: answers[0] (uid u0): missing 'kind', 'given', 'correct', 'at', 'seconds' "
        "(and 4999 more problems)."
    )
    assert lines[2] == "The first 20 problems:"
    assert lines[3].startswith("- answers[0] (uid u0): missing") and lines[22].startswith("- answers[19] (uid u19)")
    assert lines[23:] == ["- and 4980 more problems"]


def test_an_import_says_how_far_it_has_come_in_the_learners_language(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transfermod, "CHUNK", 2)  # one item of 2 answers a transaction
    answers = [
        {"uid": f"u{n}", "item": f"item-{n // 2}", "kind": "trick", "given": {"w": "N"}, "correct": {"w": True},
         "at": 1_700_000_000.0 + n, "seconds": 9.0}
        for n in range(4)
    ]  # fmt: skip
    data = json.dumps({"format": transfermod.FORMAT, "version": 1, "learner": "Ann", "answers": answers})
    seen: list[str] = []
    with SqliteProgress(db_path, "Bob") as bob:
        done, text = progress_view.import_file(
            bob, data.encode(), "fr", lambda n, total: seen.append(progress_view.importing_text(n, total, "fr"))
        )
    assert done and "Bob" in text
    assert seen == [
        "Importation : 0 sur 4 réponses",
        "Importation : 2 sur 4 réponses",
        "Importation : 4 sur 4 réponses",
    ]
