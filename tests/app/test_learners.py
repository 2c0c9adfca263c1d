"""Learners in the sidebar (AppTest, real SQLite files via ALUETTE_DB): choose, add, switch, persist, and
progress that cannot be saved.

The helpers at the top are shared with ``test_review_page.py`` and ``test_progress_page.py``. Right answers
come from the engine (``solve(scenario).outcome()``), turned into widget values by each question's ``split``.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sqlite3
from collections.abc import Mapping
from pathlib import Path

import pytest
from helpers import fill_answers, open_page, type_new_learner
from streamlit.testing.v1 import AppTest

from tutor.app import drill_widgets, guest, learners, progress_view, state
from tutor.app.cookie import new_token
from tutor.content import drills
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.progress.db import ProgressUnavailable
from tutor.progress.store import ProgressDB, SqliteProgress

RIGHT_SPOILED_ACES = {"winner": None, "next_leader": "N"}  # checked against the engine in test_practice_page
WRONG_SPOILED_ACES = {"winner": "S", "next_leader": "S"}
SAVED = "your progress is saved on this computer"


# --- helpers ----------------------------------------------------------------------------------------------


def ok(at: AppTest) -> AppTest:
    assert not at.exception, at.exception
    return at


def open_app(page: str | None = None, **query: str) -> AppTest:
    """A new browser session, on ``page`` (default Home)."""
    return open_page(page or None, query=query)


def go(at: AppTest, page: str, **query: str) -> AppTest:
    at.query_params.clear()
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(page)
    return ok(at.run())


def add_learner(at: AppTest, name: str) -> AppTest:
    type_new_learner(at, name)
    return ok(at.button(key="learner.create").click().run())


def choose(at: AppTest, name: str) -> AppTest:
    return ok(at.selectbox(key="learner.choice").set_value(name).run())


def plain(markdown: str) -> str:
    """Markdown source as the reader sees it: backslash escapes (of file names, learner names) undone."""
    return re.sub(r"\\(.)", r"\1", markdown)


def sidebar_text(at: AppTest) -> str:
    parts = [*at.sidebar.caption, *at.sidebar.warning, *at.sidebar.error, *at.sidebar.success, *at.sidebar.markdown]
    return plain("\n".join(str(e.value) for e in parts))


def texts(at: AppTest) -> str:
    kinds = (at.markdown, at.caption, at.success, at.error, at.info, at.warning, at.header, at.subheader, at.title)
    return "\n".join(str(e.value) for kind in kinds for e in kind)


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def fill(at: AppTest, answers: Mapping[str, object], prefix: str) -> None:
    """Set the widgets of the scenario on screen to give ``answers`` (in the engine's outcome form)."""
    fill_answers(at, answers, prefix)


def right_answers(scenario: Scenario) -> dict[str, object]:
    outcome = solve(scenario).outcome()
    return {key: outcome[key] for key in scenario.ask}


def answer_scenario(at: AppTest, prefix: str, answers: Mapping[str, object] | None = None) -> None:
    """Answer the scenario on screen (right unless ``answers`` says otherwise) and submit."""
    scenario = at.session_state[f"{prefix}.attempt"].scenario
    fill(at, right_answers(scenario) if answers is None else answers, prefix)
    ok(at.button(key=f"{prefix}.submit").click().run())
    assert at.session_state[f"{prefix}.attempt"].submitted


def answer_drill(at: AppTest, prefix: str, right: bool = True) -> None:
    """Answer the drill on screen with the widgets a learner uses, right or wrong."""
    current: drill_widgets.DrillAttempt = at.session_state[f"{prefix}.drill"]
    drill, token = current.drill, current.token
    key = f"{prefix}.drill.{token}"
    match drill:
        case drills.TierDrill():
            at.pills(key=f"{key}.tier").set_value(drill.answer if right else (drill.answer % 19) + 1)
        case drills.OrderDrill():
            places = dict(drill.places) if right else {str(c): n + 1 for n, c in enumerate(reversed(drill.cards))}
            for c in drill.cards:
                at.selectbox(key=f"{key}.place.{c}").set_value(places[str(c)])
            at.button(key=f"{key}.check").click()
        case drills.SignalDrill():
            wrong = next(c for c in drill.choices if c != drill.answer)
            at.radio(key=f"{key}.signal").set_value(drill.answer if right else wrong)
        case _:
            choice = drill.answer if right else next(c for c in drill.choices if c != drill.answer)
            at.button(key=f"{key}.pick.{drill.choices.index(choice)}").click()
    ok(at.run())
    assert at.session_state[f"{prefix}.drill"].answered


def practise(at: AppTest, scenario_id: str, answers: Mapping[str, object] | None = None) -> None:
    """Answer one scenario on the Practice page (reached by its deep link)."""
    go(at, "screens/practice.py", scenario=scenario_id)
    assert at.session_state["practice.attempt"].scenario.id == scenario_id
    answer_scenario(at, "practice", answers)


def practice_ids(count: int) -> list[str]:
    """The first ``count`` scenarios of the first lesson (there are always a few)."""
    course = state.course()
    return [s.id for s in course.practice(course.lessons[0])][:count]


# --- choosing and adding learners -------------------------------------------------------------------------


def test_a_new_session_is_a_guest_whose_answers_are_kept_for_the_browser(db_path: Path) -> None:
    at = open_app()
    assert "Practising as a guest: your answers are kept in this browser" in sidebar_text(at)
    assert at.selectbox(key="learner.choice").value is None
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    token = at.session_state[guest.TOKEN]
    with ProgressDB(db_path) as db:
        assert db.learners() == [], "a guest is not a learner one can choose"
        kept = db.guest(token, create=False)
        assert kept is not None and kept.totals == (1, 1) and kept.solved("spoiled-aces")


def test_adding_a_learner_chooses_them_and_keeps_the_guest_answers(db_path: Path) -> None:
    at = open_app()
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    add_learner(at, "Ann")
    assert at.session_state["progress"].learner == "Ann" and at.session_state["progress"].saved
    assert at.selectbox(key="learner.choice").value == "Ann"
    assert "**Ann**" in sidebar_text(at) and SAVED in sidebar_text(at)
    assert "1 answer as a guest now counts as Ann's" in sidebar_text(at)
    with SqliteProgress(db_path, "Ann", create=False) as ann:
        assert ann.solved("spoiled-aces") and ann.totals == (1, 1)


@pytest.mark.parametrize(
    ("name", "error"),
    [("", "Give the learner a name."), ("   ", "Give the learner a name."), ("ann", "already a learner called 'Ann'")],
)
def test_an_empty_or_taken_name_gives_a_one_line_error(db_path: Path, name: str, error: str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    add_learner(at, name)
    shown = [e.value for e in at.sidebar.error]
    assert len(shown) == 1 and error in shown[0] and "\n" not in shown[0]
    assert at.session_state["progress"].learner == "Ann", "the current learner stays"
    with ProgressDB(db_path) as db:
        assert db.learners() == ["Ann"]


def test_two_learners_each_see_only_their_own_progress(db_path: Path) -> None:
    first, second = practice_ids(2)
    course = state.course()
    at = open_app()
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    practise(at, first)
    add_learner(at, "Bob")
    assert "guest" not in sidebar_text(at), "Ann's answers did not move to Bob"
    practise(at, second, WRONG_SPOILED_ACES if second == "spoiled-aces" else None)
    practise(at, "spoiled-aces", WRONG_SPOILED_ACES)

    def shows(name: str, answered: int, solved: int) -> None:
        go(at, "screens/home.py")
        assert at.header[-1].value.startswith(f"{name}'s progress") or any(
            s.value == f"{name}'s progress" for s in at.header
        )
        assert metrics(at)["Scenarios solved"] == f"{solved} / {len(course.scenarios)}"
        go(at, "screens/progress.py")
        assert at.title[0].value == f"{name}'s progress"
        assert metrics(at)["Answers"] == str(answered)
        assert f"**{name}**" in sidebar_text(at)

    shows("Bob", 2, 1 if second != "spoiled-aces" else 0)
    assert not at.session_state["progress"].solved("spoiled-aces"), "Bob got it wrong; Ann's right answer is hers"
    choose(at, "Ann")
    shows("Ann", 2, 2)
    assert at.session_state["progress"].solved("spoiled-aces")
    choose(at, "Bob")
    shows("Bob", 2, 1 if second != "spoiled-aces" else 0)


def test_switching_learner_starts_a_fresh_session(db_path: Path) -> None:
    at = open_app()
    add_learner(at, "Ann")
    add_learner(at, "Bob")
    go(at, "screens/practice.py", scenario="spoiled-aces")
    fill(at, RIGHT_SPOILED_ACES, "practice")
    ok(at.button(key="practice.submit").click().run())
    assert "1 / 1 right this session" in texts(at)
    choose(at, "Ann")
    assert "right this session" not in texts(at), "Bob's score is not shown as Ann's"
    assert not at.session_state["practice.attempt"].submitted


def another_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The next sessions come from another browser: another cookie, as the server would set it."""
    token = new_token()
    monkeypatch.setattr(guest, "cookies", lambda: {guest.COOKIE: token})


def test_progress_is_still_there_in_a_new_session(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    course = state.course()
    at = open_app()
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)

    reloaded = open_app()  # the same browser: it remembers Ann
    assert reloaded.session_state["progress"].learner == "Ann" and reloaded.session_state["progress"].totals == (1, 1)
    another_browser(monkeypatch)
    later = open_app()
    assert later.session_state["progress"].totals == (0, 0), "a new session in another browser starts as a guest"
    assert later.selectbox(key="learner.choice").options == ["Ann"]
    choose(later, "Ann")
    assert metrics(later)["Scenarios solved"] == f"1 / {len(course.scenarios)}"
    assert metrics(later)["Answers right"] == "100%"
    assert metrics(later)["Day streak"] == "1 day"
    go(later, "screens/progress.py")
    assert metrics(later)["Answers"] == "1"


# --- progress that cannot be saved ------------------------------------------------------------------------


def _practice_still_works(at: AppTest) -> None:
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    shown = texts(at)
    assert "leads again" in shown, "the engine's explanation is shown"
    assert at.session_state["progress"].solved("spoiled-aces")


def _unavailable(path: Path, words: str) -> AppTest:
    at = open_app()
    warnings = [plain(w.value) for w in at.sidebar.warning]
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith("Progress is not saved:") and str(path) in warnings[0] and words in warnings[0]
    assert "You can keep practising." in warnings[0] and "\n" not in warnings[0]
    assert [s.key for s in at.sidebar.selectbox] == ["learner.lang.menu"], "no chooser without a file"
    _practice_still_works(at)
    go(at, "screens/progress.py")
    go(at, "screens/review.py")
    return at


def test_a_corrupt_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.db"
    path.write_bytes(os.urandom(8192))
    monkeypatch.setenv("ALUETTE_DB", str(path))
    _unavailable(path, "not a progress database")


def test_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path))
    _unavailable(tmp_path, "is a folder")


def test_a_path_under_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    path = blocker / "progress.db"
    monkeypatch.setenv("ALUETTE_DB", str(path))
    _unavailable(blocker, "cannot be created")


def test_a_read_only_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    ProgressDB(folder / "progress.db").close()
    if os.geteuid() == 0:
        # Root ignores file permissions: the app opens the file read-only (SQLite's mode=ro) instead, which
        # SQLite refuses to write exactly as it refuses a read-only file.
        monkeypatch.setattr(state, "ProgressDB", functools.partial(ProgressDB, read_only=True))
        monkeypatch.setenv("ALUETTE_DB", str(folder / "progress.db"))
        _unavailable(folder / "progress.db", "read-only")
        return
    (folder / "progress.db").chmod(0o444)
    folder.chmod(0o555)
    try:
        monkeypatch.setenv("ALUETTE_DB", str(folder / "progress.db"))
        _unavailable(folder / "progress.db", "read-only")
    finally:
        folder.chmod(0o755)


def test_a_write_that_fails_later_switches_to_memory(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = practice_ids(1)[0]
    at = open_app()
    add_learner(at, "Ann")
    practise(at, first)

    def failing(self: SqliteProgress, answer: object) -> str:
        raise ProgressUnavailable(f"Progress is not saved: {db_path} cannot grow: the disk is full.", db_path)

    monkeypatch.setattr(SqliteProgress, "record", failing)
    _practice_still_works(at)
    warnings = [w.value for w in at.sidebar.warning]
    assert (
        len(warnings) == 1 and warnings[0].startswith("Progress is no longer saved:") and "disk is full" in warnings[0]
    )
    progress = at.session_state["progress"]
    assert progress.learner == "Ann" and not progress.saved
    assert progress.solved(first), "what was saved before is still shown"
    assert "(not saved)" in sidebar_text(at)
    go(at, "screens/progress.py")
    assert metrics(at)["Answers"] == "2"


def test_a_new_session_offers_the_learners_on_home(db_path: Path) -> None:
    with ProgressDB(db_path) as db:
        db.create_learner("Ann")
        db.create_learner("Bob")
    at = open_app()
    assert [at.button(key=f"home.learner.{n}").label for n in range(2)] == ["Ann", "Bob"]
    ok(at.button(key="home.learner.1").click().run())
    assert at.session_state["progress"].learner == "Bob"
    assert at.selectbox(key="learner.choice").value == "Bob"
    assert not [b for b in at.button if b.key and b.key.startswith("home.learner.")], "no picker once chosen"


def test_clearing_the_chooser_makes_a_guest_again(db_path: Path) -> None:
    at = open_app()
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    ok(at.selectbox(key="learner.choice").set_value(None).run())
    progress = at.session_state["progress"]
    assert learners.is_guest(progress) and progress.totals == (0, 0), "Ann's answers are not shown to the guest"
    assert "Practising as a guest" in sidebar_text(at)


def _remove(path: Path) -> None:
    """The progress file and its side files deleted, as someone tidying the folder would."""
    for name in (path.name, path.name + "-wal", path.name + "-shm"):
        (path.parent / name).unlink(missing_ok=True)


def test_the_file_deleted_while_practising_is_noticed_and_nothing_is_lost(db_path: Path) -> None:
    first = practice_ids(1)[0]
    at = open_app()
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    assert SAVED in sidebar_text(at)
    _remove(db_path)

    go(at, "screens/progress.py")  # the next page: the sidebar says so, once
    warnings = [plain(w.value) for w in at.sidebar.warning]
    assert warnings == [
        f"Progress is no longer saved: {db_path} was deleted or replaced while the tutor was running. "
        "You can keep practising."
    ]
    assert SAVED not in sidebar_text(at) and "**Ann** (not saved)" in sidebar_text(at)
    assert metrics(at)["Answers"] == "1", "what was answered before is still there"
    practise(at, first)
    go(at, "screens/progress.py")
    assert metrics(at)["Answers"] == "2"
    progress = at.session_state["progress"]
    assert progress.learner == "Ann" and not progress.saved and progress.solved("spoiled-aces")
    # The session's answers can be taken away, to import once progress is saved again.
    (button,) = at.get("download_button")
    assert button.proto.label == "Download this session's progress"
    exported = json.loads(progress_view.exported_json(progress))
    assert [a["item"] for a in exported["answers"]] == ["spoiled-aces", first]
    assert not db_path.exists(), "nothing was written to a file by that name since"


def test_a_file_replaced_while_practising_gets_nothing_of_the_session(db_path: Path, tmp_path: Path) -> None:
    at = open_app()
    add_learner(at, "Ann")
    backup = tmp_path / "backup.db"
    with SqliteProgress(backup, "Bob"):
        pass
    os.replace(backup, db_path)  # a backup restored over the file the session has open
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    assert "was deleted or replaced" in sidebar_text(at)
    assert at.session_state["progress"].totals == (1, 1)
    with ProgressDB(db_path) as db:
        assert db.learners() == ["Bob"]
        assert db.progress("Bob").totals == (0, 0)


def test_a_busy_file_is_said_so_and_tried_again_on_the_next_run(db_path: Path) -> None:
    ProgressDB(db_path).close()
    lock = sqlite3.connect(db_path, isolation_level=None)
    lock.execute("PRAGMA locking_mode = EXCLUSIVE")
    lock.execute("BEGIN EXCLUSIVE")
    lock.execute("INSERT INTO learners (name, folded, created) VALUES ('Ann', 'ann', 0)")
    try:
        at = open_app()
        warnings = [plain(w.value) for w in at.sidebar.warning]
        assert warnings == [
            f"Progress is not saved: {db_path} is busy: another program is using it and holds it locked. "
            "You can keep practising."
        ]
        practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)  # practice goes on meanwhile, as a guest
    finally:
        lock.execute("COMMIT")
        lock.close()
    go(at, "screens/home.py")
    assert not at.sidebar.warning, "free again: the file is opened on the next run"
    choose(at, "Ann")
    assert at.session_state["progress"].saved
    assert at.session_state["progress"].solved("spoiled-aces"), "the guest's answer went to Ann"


def test_names_and_file_names_are_shown_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = "*Zed* [me](x)"
    at = open_app()
    add_learner(at, name)
    caption = next(c.value for c in at.sidebar.caption if "your progress is saved" in c.value)
    assert caption.startswith(r"**\*Zed\* \[me\](x)**")
    add_learner(at, name.upper())
    (error,) = [e.value for e in at.sidebar.error]
    assert error == r"There is already a learner called '\*Zed\* \[me\](x)'."
    another_browser(monkeypatch)
    home = open_app()  # a new session in another browser: the picker's button shows the name as typed
    assert home.button(key="home.learner.0").label == r"\*Zed\* \[me\](x)"

    odd = tmp_path / "my_*odd*_[folder]" / "progress.db"
    odd.parent.mkdir()
    odd.write_bytes(os.urandom(4096))
    monkeypatch.setenv("ALUETTE_DB", str(odd))
    (warning,) = [w.value for w in open_app().sidebar.warning]
    assert r"my\_\*odd\*\_\[folder\]" in warning and plain(warning).startswith(f"Progress is not saved: {odd} ")
