"""What a learner typed (a name, a saved deal's title, a search) reaches Markdown only through ``markup.md``
(AppTest, on the Markdown bodies the app sends). ``test_markup.py`` shows that md's output reads as the
text typed; ``test_browser_learners.py`` shows it in Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ROOT, open_page
from streamlit.testing.v1 import AppTest
from test_learners import go, ok

from tutor.app.markup import md
from tutor.progress.store import ProgressDB

# Names that Markdown would read as markup: a picture, a colour, maths, strikethrough, an icon, HTML.
NAMES = ("![t](http://host/x.png)", ":red[x]", "$x^2$", "~~x~~", ":material/home:", "<b>x</b>")


def markdown_bodies(at: AppTest, sidebar: bool = False) -> list[str]:
    """Every text the run sent as Markdown (HTML blocks aside: markup.escape's business), main or sidebar."""
    root = at.sidebar if sidebar else at.main
    kinds = (
        root.markdown,
        root.caption,
        root.success,
        root.info,
        root.warning,
        root.error,
        root.subheader,
        root.header,
    )
    bodies = [str(e.value) for kind in kinds for e in kind]
    bodies += [str(t.value) for t in at.title]
    return [body for body in bodies if not body.lstrip().startswith("<")]


def never_raw(at: AppTest, name: str) -> None:
    for body in markdown_bodies(at) + markdown_bodies(at, sidebar=True):
        assert name not in body, f"{name!r} reached Markdown unescaped in {body!r}"


@pytest.fixture
def learners(db_path: Path) -> Path:
    with ProgressDB(db_path) as db:
        for name in NAMES:
            db.create_learner(name)
    return db_path


@pytest.mark.parametrize("name", NAMES)
def test_a_learners_name_is_escaped_on_home_progress_and_the_sidebar(learners: Path, name: str) -> None:
    at = open_page()
    labels = {b.key: b.label for b in at.button if b.key and b.key.startswith("home.learner.")}
    assert sorted(labels.values()) == sorted(md(n) for n in NAMES), "the Home picker"
    go(at, "screens/progress.py")
    picker = {b.label: b.key for b in at.button if b.key and b.key.startswith("progress.learner.")}
    assert sorted(picker) == sorted(md(n) for n in NAMES), "the Progress picker"
    ok(at.button(key=picker[md(name)]).click().run())
    assert at.title[0].value == f"{md(name)}'s progress"
    assert f"**{md(name)}**: your progress is saved on this computer." in [c.value for c in at.sidebar.caption]
    assert any(f"Import** a progress file into {md(name)}'s." in b for b in markdown_bodies(at))
    never_raw(at, name)
    go(at, "screens/home.py")
    assert f"{md(name)}'s progress" in [s.value for s in at.header]
    never_raw(at, name)


@pytest.mark.parametrize("name", ["$x^2$ :red[y]", "<b>x</b> ~~z~~"])
def test_a_players_name_is_escaped_on_the_play_page(name: str) -> None:
    at = open_page("screens/play.py")
    at.text_input(key="play.name").set_value(name)
    ok(at.button(key="play.start").click().run())
    ok(at.button(key="play.draw.all").click().run())
    ok(at.button(key="play.deal").click().run())
    match = at.session_state["play.match"]
    assert name in match.names.values()
    never_raw(at, name)
    shown = "\n".join(markdown_bodies(at))
    assert md(name) in shown or any(md(n) in shown for n in match.names.values()), "names are on the page"


def _start_with_a_long_name() -> None:
    import streamlit as st

    from tutor.app import play_view

    st.session_state["play.name"] = "A" * 41  # past the box's limit, as no typing can get it
    play_view.start_game()
    play_view.show_error()


def test_a_player_name_is_at_most_40_characters() -> None:
    at = open_page("screens/play.py")
    assert at.text_input(key="play.name").max_chars == 40, "the box takes no more"
    guarded = ok(AppTest.from_function(_start_with_a_long_name).run())
    assert [e.value for e in guarded.error] == ["A player's name has at most 40 characters."]
    assert "play.match" not in guarded.session_state


def test_a_saved_deals_title_and_its_folder_are_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played = tmp_path / "my_*deals*"
    played.mkdir()
    monkeypatch.setenv("ALUETTE_PLAYED", str(played))
    title = ":red[x] ![t](http://host/x.png) $x^2$"
    source = (ROOT / "scenarios" / "tricks" / "tricks-deal-who-leads.yaml").read_text(encoding="utf-8")
    lines = source.splitlines()
    assert lines[0].startswith("id: ") and lines[1].startswith("title: ")
    lines[0], lines[1] = "id: played-1", f"title: {json.dumps(title)}"
    (played / "played-1.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (played / "~~broken~~.yaml").write_text("id: :red[x]\n", encoding="utf-8")
    at = open_page("screens/practice.py")
    at.segmented_control(key="practice.mode").set_value("My deals")
    ok(at.run())
    assert at.session_state["practice.queue"].current.title == title
    assert md(title) in [s.value for s in at.header]
    assert any(md(str(played)) in c.value for c in at.caption)
    assert any(w.value.startswith(md("~~broken~~.yaml skipped:")) for w in at.warning)
    never_raw(at, title)
    never_raw(at, str(played))


def test_the_signal_search_echo_is_escaped() -> None:
    typed = ":red[x] ![t](http://host/x.png)"
    at = open_page("screens/signals.py")
    at.text_input(key="signals.search").set_value(typed)
    ok(at.run())
    assert [w.value for w in at.warning] == [
        f"No signal matches “{md(typed)}”. Try a card (3-coins), a name (madame) or a gesture (wink)."
    ]
    never_raw(at, typed)
