"""A guest never loses work (AppTest, real SQLite files via ALUETTE_DB).

- Choosing or adding a learner after playing and practising as a guest keeps the session as it was: the game
  in progress, the Practice mode, position and score, and every answer moves to the learner.
- A reload or a deep link is a new session: with the browser's guest cookie (``guest.cookies`` stands in
  for ``st.context.cookies``, which AppTest cannot set) it continues the same guest.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from helpers import open_page
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
    practice_ids,
    practise,
    sidebar_text,
)

from tutor.app import guest, learners
from tutor.app.cookie import new_token
from tutor.progress.store import ProgressDB, SqliteProgress


def click(at: AppTest, key: str) -> AppTest:
    return ok(at.button(key=key).click().run())


def play_and_practise(at: AppTest) -> tuple[object, str, list[str]]:
    """As a guest: a Topic set in Practice, one scenario answered and the next one on screen; then a game
    started and dealt. Returns the game, the topic and the ids of the practice set."""
    go(at, "screens/practice.py", topic="tricks")
    queue = at.session_state["practice.queue"]
    assert (at.session_state["practice.mode"], queue.choice) == ("Topic", "tricks")
    answer_scenario(at, "practice")
    click(at, "practice.next")
    assert at.session_state["practice.queue"].position == 1
    go(at, "screens/play.py")
    at.text_input(key="play.name").set_value("Zoé")
    click(at, "play.start")
    click(at, "play.draw.all")
    click(at, "play.deal")
    match = at.session_state["play.match"]
    assert match.deal_number == 1
    return match, "tricks", [s.id for s in queue.items]


def still_there(at: AppTest, match: object, topic: str, items: list[str]) -> None:
    """The game is the same, and Practice shows the same set, at the same place, with the same score."""
    assert at.session_state["play.match"] is match, "the game in progress is kept"
    assert at.button(key="play.chant.no"), "the Play page still shows the deal being played"
    go(at, "screens/practice.py")
    queue = at.session_state["practice.queue"]
    assert at.segmented_control(key="practice.mode").value == "Topic"
    assert at.selectbox(key="practice.topic").value == topic
    assert [s.id for s in queue.items] == items and queue.position == 1, "the same set, on its second scenario"
    assert at.session_state["practice.score"].answered == 1


@pytest.mark.parametrize("how", ["choose", "add"])
def test_naming_yourself_keeps_the_game_the_practice_and_the_answers(app_store: Path | str, how: str) -> None:
    with ProgressDB(app_store) as db:
        db.create_learner("Ann")
        db.progress("Ann").mark_read("pack", 0)  # Ann has a past of her own
    at = open_page()
    match, topic, items = play_and_practise(at)
    answered = items[0]

    if how == "choose":
        choose(at, "Ann")  # from the Play page's sidebar, where a guest who has just played would
    else:
        add_learner(at, "Bea")
    name = "Ann" if how == "choose" else "Bea"
    assert at.session_state["progress"].learner == name and not learners.is_guest(at.session_state["progress"])
    assert f"1 answer as a guest now counts as {name}'s" in sidebar_text(at)
    still_there(at, match, topic, items)
    with SqliteProgress(app_store, name, create=False) as named:
        assert [a.item for a in named.history] == [answered] and named.totals == (1, 1)
        assert named.item_state(answered) is not None, "the review card came along"
        assert named.read("pack", 0) == (how == "choose")
    with ProgressDB(app_store) as db:
        assert db.learners() == (["Ann"] if how == "choose" else ["Ann", "Bea"])
        assert db.guest(at.session_state[guest.TOKEN], create=False) is None, "the guest profile is gone"


def test_switching_from_one_learner_to_another_still_starts_afresh(app_store: Path | str) -> None:
    at = open_page()
    add_learner(at, "Ann")
    match, _, _ = play_and_practise(at)
    choose(at, "Ann")  # the same learner again: nothing happens
    assert at.session_state["play.match"] is match
    add_learner(at, "Bob")
    assert "play.match" not in at.session_state, "Ann's game is not Bob's"
    assert "practice.queue" not in at.session_state


class Browser:
    """One browser's cookie jar: a session opened with it sends the guest cookie once a page has set it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.jar: dict[str, str] = {guest.COOKIE: new_token()}  # as the server sets it with the first page
        self.monkeypatch = monkeypatch

    def cookies(self) -> Mapping[str, str]:
        return dict(self.jar)

    def open(self, page: str | None = None, **query: str) -> AppTest:
        """A new session (a reload, a deep link, a new tab) on ``page``, its request carrying the cookie the
        server set (the served-app tests check the server sets it). The cookies are read on the session's first
        run only."""
        self.monkeypatch.setattr(guest, "cookies", self.cookies)
        return open_page(page, query=query)


def test_a_guests_answers_survive_reloads_and_deep_links_then_all_go_to_the_name(
    app_store: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    at = browser.open()
    first = practice_ids(1)[0]
    practise(at, "spoiled-aces", WRONG_SPOILED_ACES)
    practise(at, first)
    token = at.session_state[guest.TOKEN]

    reloaded = browser.open("screens/progress.py")
    assert reloaded.session_state[guest.TOKEN] == token
    assert metrics(reloaded)["Answers"] == "2", "a reload continues the same guest"
    assert reloaded.session_state["progress"].solved(first)
    assert not reloaded.session_state["progress"].solved("spoiled-aces")

    linked = browser.open("screens/practice.py", scenario="spoiled-aces")
    assert linked.session_state["practice.attempt"].scenario.id == "spoiled-aces"
    answer_scenario(linked, "practice", RIGHT_SPOILED_ACES)
    go(linked, "screens/progress.py")
    assert metrics(linked)["Answers"] == "3", "a deep link continues the same guest"

    elsewhere = Browser(monkeypatch).open("screens/progress.py")  # another browser: another guest
    assert metrics(elsewhere)["Answers"] == "0"

    add_learner(linked, "Cleo")
    go(linked, "screens/progress.py")
    assert metrics(linked)["Answers"] == "3", "naming yourself keeps every answer"
    with SqliteProgress(app_store, "Cleo", create=False) as cleo:
        assert cleo.totals == (3, 2)
    again = browser.open("screens/progress.py")  # the same browser later: Cleo, remembered, and says so
    assert again.session_state["progress"].learner == "Cleo" and metrics(again)["Answers"] == "3"
    assert "This browser remembers you: a reload or a link goes on as **Cleo**." in sidebar_text(again)


def test_a_guest_who_only_looks_leaves_nothing_in_the_file(app_store: Path | str) -> None:
    at = open_page()
    go(at, "screens/progress.py")
    go(at, "screens/practice.py")
    with ProgressDB(app_store) as db, db.using() as conn:
        assert conn.execute("SELECT count(*) FROM learners").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM guests").fetchone()[0] == 0


def test_a_malformed_cookie_is_ignored(app_store: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guest, "cookies", lambda: {guest.COOKIE: "'; DROP TABLE learners; --"})
    at = open_page()
    assert at.session_state[guest.TOKEN] is None, "no cookie of ours: a guest kept in memory only"
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    assert at.session_state["progress"].totals == (1, 1)
    with ProgressDB(app_store) as db, db.using() as conn:
        assert conn.execute("SELECT count(*) FROM guests").fetchone()[0] == 0


def test_a_second_tab_of_a_guest_named_in_the_first_carries_on_as_a_guest(
    app_store: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    first = browser.open()
    practise(first, "spoiled-aces", RIGHT_SPOILED_ACES)
    second = browser.open()  # another tab of the same browser: the same guest
    assert second.session_state["progress"].totals == (1, 1)
    add_learner(first, "Eve")  # the guest's profile becomes Eve's
    practise(second, "spoiled-aces", WRONG_SPOILED_ACES)
    assert not second.sidebar.warning, "nothing failed: the second tab is a guest with a new profile"
    assert learners.is_guest(second.session_state["progress"])
    assert second.session_state["progress"].totals == (1, 0)
    with SqliteProgress(app_store, "Eve", create=False) as eve:
        assert eve.totals == (1, 1), "the second tab's answer is not Eve's"
    with ProgressDB(app_store) as db:
        fresh = db.guest(browser.jar[guest.COOKIE], create=False)
        assert fresh is not None and fresh.totals == (1, 0)
    reloaded = browser.open()  # the browser remembers Eve: the second tab's guest answer goes to her now
    assert reloaded.session_state["progress"].learner == "Eve" and reloaded.session_state["progress"].totals == (2, 1)
    with ProgressDB(app_store) as db:
        assert db.guest(browser.jar[guest.COOKIE], create=False) is None


# --- the browser remembers the learner it chose; the token never reaches the page --------------------------


def test_a_named_learner_goes_on_through_a_reload_a_new_tab_and_a_deep_link_until_not_you(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    at = browser.open()
    add_learner(at, "Maëlle")  # "Add and start"
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    for again in (
        browser.open(),  # a reload
        browser.open("screens/review.py"),  # a new tab
        browser.open("screens/practice.py", scenario="spoiled-aces"),  # a deep link
    ):
        progress = again.session_state["progress"]
        assert not learners.is_guest(progress) and progress.learner == "Maëlle" and progress.totals == (1, 1)
        assert again.selectbox(key="learner.choice").value == "Maëlle"
        assert "This browser remembers you: a reload or a link goes on as **Maëlle**." in sidebar_text(again)
    linked = again
    assert linked.session_state["practice.attempt"].scenario.id == "spoiled-aces"
    assert "play.match" not in Browser(monkeypatch).open().session_state  # another browser: a guest
    assert learners.is_guest(Browser(monkeypatch).open().session_state["progress"])

    click(linked, "learner.not_you")  # "Not you?"
    assert learners.is_guest(linked.session_state["progress"]) and linked.session_state["progress"].totals == (0, 0)
    later = browser.open()
    assert learners.is_guest(later.session_state["progress"]), "the browser forgot Maëlle"
    choose(later, "Maëlle")  # choosing, not only adding, is remembered
    assert browser.open().session_state["progress"].learner == "Maëlle"


def test_the_browser_s_token_never_appears_in_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    for jar in ({}, {guest.COOKIE: new_token()}):  # a first visit whose request had no cookie, then a browser's
        monkeypatch.setattr(guest, "cookies", lambda jar=jar: jar)
        at = open_page()
        practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
        shown = [str(element.proto) for element in at.get("html")] + [str(m.value) for m in at.markdown]
        assert not [text for text in shown if guest.COOKIE in text], "no page script reads or sets the cookie"
        assert not [text for text in shown for value in jar.values() if value in text]


def test_a_guest_in_another_browser_cannot_take_over_this_one_s_answers(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = Browser(monkeypatch)
    at = mine.open()
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    other = Browser(monkeypatch).open()  # another cookie: another guest, with nothing to hand over
    add_learner(other, "Bob")
    with SqliteProgress(db_path, "Bob", create=False) as bob:
        assert bob.totals == (0, 0)
    with ProgressDB(db_path) as db:
        kept = db.guest(mine.jar[guest.COOKIE], create=False)
        assert kept is not None and kept.totals == (1, 1)


def test_a_very_long_name_is_cut_at_a_word_boundary_and_the_learner_is_told(db_path: Path) -> None:
    at = open_page()
    add_learner(at, " ".join(["Maëlle"] * 1500)[:10_000])
    assert at.session_state["progress"].learner == "Maëlle Maëlle Maëlle Maëlle Maëlle"
    (info,) = [str(i.value) for i in at.sidebar.info]
    assert info == "A name has at most 40 characters, so yours is “Maëlle Maëlle Maëlle Maëlle Maëlle”."
    assert not at.sidebar.error
