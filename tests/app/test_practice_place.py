"""Practice's place carried to another instance (:mod:`tutor.app.practice_place`): a session notes where its
learner is in Practice, with its own id, in the database; the new session of a browser whose instance died, which
claims that id, opens at the same scenario; a reload, or a claim of another session, opens Practice as before.

AppTest sends no websocket headers and gives every session one id ("test session id"): the claim is put in by
replacing :func:`tutor.app.continued.continues`.
"""

from __future__ import annotations

import json

import pytest
from test_learners import add_learner, go, open_app

from tutor.app import continued, practice_place, state
from tutor.progress.settings import setting

SESSION = "test session id"  # AppTest's


def practising_a_third_scenario() -> dict[str, object]:
    """Ann, added in this browser, on Practice at the third scenario of spoiled-aces's lesson, by its link: the
    place noted in the database."""
    at = add_learner(open_app(), "Ann")
    go(at, "screens/practice.py", scenario="spoiled-aces")
    third = at.session_state["practice.queue"].items[2].id
    go(at, "screens/practice.py", scenario=third)
    queue = at.session_state["practice.queue"]
    assert queue.current.id == third and queue.position == 2
    value = setting(at.session_state[state.DB], "Ann", practice_place.SETTING)
    assert value is not None
    place = json.loads(value)
    return {"place": place, "position": queue.position, "choice": queue.choice, "id": third}


def test_a_browser_moved_from_a_dead_instance_is_back_at_its_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    noted = practising_a_third_scenario()
    place = noted["place"]
    assert isinstance(place, dict)
    assert place == {
        "session": SESSION,
        "mode": "Lesson",
        "choice": noted["choice"],
        "seed": place["seed"],
        "position": noted["position"],
        "round": 0,
        "everything": False,
    }
    monkeypatch.setattr(continued, "continues", lambda: SESSION)
    moved = open_app("screens/practice.py")  # the browser remembers Ann: the new session is hers
    queue = moved.session_state["practice.queue"]
    assert (queue.mode, queue.choice, queue.position) == ("Lesson", noted["choice"], noted["position"])
    assert queue.current.id == noted["id"]
    assert moved.session_state["practice.mode"] == "Lesson", "the page's control shows the choice"
    assert moved.session_state["practice.attempt"].scenario.id == noted["id"], "the scenario drawn"


def test_a_reload_or_a_claim_of_another_session_opens_practice_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    practising_a_third_scenario()
    reloaded = open_app("screens/practice.py")
    assert reloaded.session_state["practice.queue"].mode == "Mixed", "a reload starts Practice afresh"
    monkeypatch.setattr(continued, "continues", lambda: "some other session")
    other = open_app("screens/practice.py")
    assert other.session_state["practice.queue"].mode == "Mixed"


def test_a_guest_s_place_is_not_kept() -> None:
    at = open_app("screens/practice.py", scenario="spoiled-aces")
    assert at.session_state["practice.queue"].current.id == "spoiled-aces"
    db = at.session_state[state.DB]
    with db.using() as conn:
        rows = conn.execute("SELECT count(*) FROM settings WHERE key = ?", (practice_place.SETTING,)).fetchone()
    assert rows[0] == 0
