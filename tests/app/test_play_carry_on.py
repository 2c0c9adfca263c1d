"""The Play page when a browser's instance died mid-game (:func:`tutor.app.play_view.carry_on`): the browser's
front end reconnects to another instance with the id of its earlier session (:mod:`tutor.app.continued`), and the
game that session was playing goes on at once; any other new session (a reload, a new tab, a browser claiming
some other session) is offered "Resume the game" as before.

AppTest sends no websocket headers and gives every session one id: the claim and the new session's id are put
in by replacing :func:`tutor.app.continued.continues` and :func:`~tutor.app.continued.this_session`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import open_page
from test_play_page import click, match_of, start, to_play

from tutor.app import continued, state
from tutor.app import play_view as pv
from tutor.progress.games import Owner, load_game


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path / "progress.db"))
    monkeypatch.setenv("ALUETTE_PLAYED", str(tmp_path / "played"))


def a_game_one_card_in(browser_cookie: str) -> tuple[str, object]:
    """Game 20 started and its first card played: the id of the session that saved it, and the match."""
    at = start(seed=20)
    match = to_play(at)
    click(at, pv.card_key(match, match.legal_cards()[0]))
    saved = load_game(at.session_state[state.DB], Owner(guest=browser_cookie))
    assert saved is not None
    session = saved[pv.SESSION_FIELD]
    assert isinstance(session, str) and session, "the saved game names the session that saved it"
    return session, match_of(at)


def test_a_browser_moved_from_a_dead_instance_carries_on_with_its_game(
    browser_cookie: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    earlier, before = a_game_one_card_in(browser_cookie)
    monkeypatch.setattr(continued, "continues", lambda: earlier)
    monkeypatch.setattr(continued, "this_session", lambda: "the live instance's session")
    moved = open_page("screens/play.py")  # the new session on the live instance
    assert match_of(moved) == before, "the game, at the trick it was at"
    assert not [b for b in moved.button if b.key == pv.RESUME], "nothing to click to get it back"
    assert [b for b in moved.button if b.key.startswith("play.card.1.4.")], "the learner's cards, to play on"
    # the game is saved from now on under the new session: a second move to a third instance carries on too
    saved = load_game(moved.session_state[state.DB], Owner(guest=browser_cookie))
    assert saved is not None and saved[pv.SESSION_FIELD] == "the live instance's session"


def test_a_reload_or_another_session_s_claim_is_offered_resume(
    browser_cookie: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_game_one_card_in(browser_cookie)
    reloaded = open_page("screens/play.py")  # a reload claims no earlier session
    assert "play.match" not in reloaded.session_state
    assert [b for b in reloaded.button if b.key == pv.RESUME]
    monkeypatch.setattr(continued, "continues", lambda: "some-other-session")
    other = open_page("screens/play.py")
    assert "play.match" not in other.session_state, "a game is taken up only by the session that was playing it"
    assert [b for b in other.button if b.key == pv.RESUME]
