"""A broken content file is named in the app and skipped; everything else keeps working."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import new_session
from test_practice_page import fill, submit

from tutor.app import saved_deals, state
from tutor.app.reveal import md

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example scenarios and one broken file, served through ALUETTE_CONTENT."""
    scenarios = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "examples", scenarios)
    (scenarios / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    monkeypatch.setenv("ALUETTE_CONTENT", str(scenarios))
    state._course.clear()
    yield scenarios
    state._course.clear()


def test_the_broken_file_is_named_and_skipped(content: Path) -> None:
    at = new_session()
    at.run()
    assert not at.exception
    (expander,) = [e for e in at.sidebar.expander if "content problem" in e.label]
    assert expander.label == "⚠ 1 content problem: file skipped"
    shown = " ".join(c.value for c in expander.caption)
    assert md(f"{content / 'broken.yaml'}:3: (file): YAML syntax error") in shown
    assert "broken" not in state.course().scenarios
    assert len(state.course().scenarios) == 8  # the eight examples still load


def test_practice_still_works_beside_a_broken_file(content: Path) -> None:
    at = new_session()
    at.query_params["scenario"] = "spoiled-aces"
    at.switch_page("screens/practice.py")
    at.run()
    assert not at.exception
    # Two aces share the best tier: spoiled (nobody wins), and North, the leader, leads again.
    fill(at, {"winner": None, "next_leader": "N"})
    submit(at)
    assert any("leads again" in m.value for m in at.markdown)
    assert at.session_state["practice.attempt"].grade.all_correct


# --- a kind given as a list or a mapping (once a crash on every page) -------------------------------------

PAGES = ("home", "learn", "practice", "review", "progress", "play", "ranking", "signals", "rules")
KINDS = "kinds: rank draw trick deal chant signal game dealing play"


@pytest.fixture
def broken_course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The whole course, with spoiled-aces (listed by the lesson on spoiled tricks) given ``kind: [trick]``
    and one more scenario given ``kind: {trick: 1}``."""
    shutil.copytree(ROOT / "lessons", tmp_path / "lessons")
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    aces = tmp_path / "scenarios" / "examples" / "spoiled-aces.yaml"
    text = aces.read_text(encoding="utf-8")
    aces.write_text(text.replace("kind: trick", "kind: [trick]"), encoding="utf-8")
    mapping = tmp_path / "scenarios" / "examples" / "kind-a-mapping.yaml"
    mapping.write_text(
        text.replace("kind: trick", "kind: {trick: 1}").replace("id: spoiled-aces", "id: kind-a-mapping")
    )
    monkeypatch.setenv("ALUETTE_CONTENT", os.pathsep.join([str(tmp_path / "lessons"), str(tmp_path / "scenarios")]))
    state._course.clear()
    yield tmp_path / "scenarios" / "examples"
    state._course.clear()


def test_a_broken_kind_is_named_in_the_sidebar(broken_course: Path) -> None:
    at = new_session()
    at.run()
    assert not at.exception
    (expander,) = [e for e in at.sidebar.expander if "content problem" in e.label]
    assert expander.label == "⚠ 2 content problems: files skipped"
    shown = [c.value for c in expander.caption]
    assert shown == [
        md(f"{broken_course / 'kind-a-mapping.yaml'}:3: kind: {{'trick': 1}} is not a kind ({KINDS})"),
        md(f"{broken_course / 'spoiled-aces.yaml'}:3: kind: ['trick'] is not a kind ({KINDS})"),
    ]
    course = state.course()
    assert "spoiled-aces" not in course.scenarios and "kind-a-mapping" not in course.scenarios
    # The lesson that lists the broken scenario is not at fault: it stays, without that scenario.
    lesson = course.lesson("spoiled-tricks")
    assert lesson is not None and "spoiled-aces" in lesson.scenarios
    assert "spoiled-aces" not in [s.id for s in course.practice(lesson)]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_works_beside_a_broken_kind(broken_course: Path, page: str) -> None:
    at = new_session()
    at.switch_page(f"screens/{page}.py")
    at.run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert any("content problem" in e.label for e in at.sidebar.expander)


def test_the_lesson_of_the_broken_scenario_opens_and_practises(broken_course: Path) -> None:
    at = new_session()
    at.query_params["lesson"] = "spoiled-tricks"
    at.switch_page("screens/learn.py")
    at.run()
    assert not at.exception, at.exception
    at = new_session()
    at.query_params["lesson"] = "spoiled-tricks"
    at.switch_page("screens/practice.py")
    at.run()
    assert not at.exception, at.exception
    queue = at.session_state["practice.queue"]
    assert queue.items and "spoiled-aces" not in [s.id for s in queue.items]


# --- Practice → My deals beside broken saved deals ------------------------------------------------------


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A saved-deals folder with one good deal and broken ones: a kind given as a list, a mapping, a
    control character in the title, a link and a pipe."""
    folder = tmp_path / "played"
    folder.mkdir()
    good = (ROOT / "scenarios" / "examples" / "played-deal.yaml").read_text(encoding="utf-8")
    (folder / "played-20250101-1.yaml").write_text(good, encoding="utf-8")
    (folder / "played-20250101-2.yaml").write_text(good.replace("kind: deal", "kind: [deal]"), encoding="utf-8")
    (folder / "played-20250101-3.yaml").write_text(good.replace("kind: deal", "kind: {deal: 1}"), encoding="utf-8")
    title = good.splitlines()[1]
    (folder / "played-20250101-4.yaml").write_text(good.replace(title, 'title: "A\\x1b[2J deal"'), encoding="utf-8")
    outside = tmp_path / "outside.yaml"
    outside.write_text(good.replace("id: ", "id: linked-"), encoding="utf-8")
    (folder / "played-20250101-5.yaml").symlink_to(outside)
    os.mkfifo(folder / "played-20250101-6.yaml")  # reading it would wait for ever
    monkeypatch.setenv(saved_deals.ENV, str(folder))
    return folder


def test_broken_saved_deals_are_named_and_skipped(played: Path) -> None:
    found = saved_deals.load()
    assert [s.file for s in found.scenarios] == ["played-20250101-1.yaml"]
    assert found.warnings == (
        f"played-20250101-2.yaml skipped: played-20250101-2.yaml:3: kind: ['deal'] is not a kind ({KINDS})",
        f"played-20250101-3.yaml skipped: played-20250101-3.yaml:3: kind: {{'deal': 1}} is not a kind ({KINDS})",
        "played-20250101-4.yaml skipped: played-20250101-4.yaml:2: title: the control character U+001B at "
        "character 2 is not allowed in text",
        "played-20250101-5.yaml skipped: it is a symbolic link, and saved deals are never read through links",
        "played-20250101-6.yaml skipped: played-20250101-6.yaml:1: (file): this is not a regular file",
    )


def test_my_deals_reports_broken_files_and_practises_the_good_one(played: Path) -> None:
    at = new_session()
    at.switch_page("screens/practice.py")
    at.run()
    assert not at.exception, at.exception
    at.segmented_control(key="practice.mode").set_value(saved_deals.MODE)
    at.run()
    assert not at.exception, at.exception
    warnings = [w.value for w in at.warning]
    assert [md(w) for w in saved_deals.load().warnings] == [w for w in warnings if "skipped" in w]
    assert len([w for w in warnings if "skipped" in w]) == 5
    queue = at.session_state["practice.queue"]
    assert queue.mode == saved_deals.MODE and [s.file for s in queue.items] == ["played-20250101-1.yaml"]
