"""The projector's button pressed after the round moved on elsewhere (another tab, another instance): nothing is
applied, one line says so, and the page shows the round as it is now. AppTest on the app's store, on each backend."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import open_page

from tutor.app import guest
from tutor.app.teaching import gate
from tutor.progress import rounds
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher, sign_in

PASSWORD = "correct horse"
ACES, COUNT = "spoiled-aces", "rank-four-beats-three"
MOVED = "The round moved on in another window; this is where it is now."


@pytest.fixture
def db(app_store: Path | str) -> Iterator[ProgressDB]:
    with ProgressDB(app_store) as opened:  # the app's own store (ALUETTE_DB): a file, then PostgreSQL
        yield opened


def test_a_press_drawn_before_another_windows_press_applies_nothing(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = create_teacher(db, "Mme Roux", PASSWORD)
    token = sign_in(db, "Mme Roux", PASSWORD, client="test")
    monkeypatch.setattr(guest, "cookies", lambda: {gate.COOKIE: token})
    live = rounds.start_round(db, teacher, None, [ACES, COUNT])
    rounds.act(db, teacher, live.id, "open")
    at = open_page("screens/projector.py", query={"round": str(live.id)})
    assert at.button(key=f"projector.{live.id}.reveal").label == "Reveal"
    # another window reveals, then goes on to the next scenario, while this one still shows the first question
    rounds.act(db, teacher, live.id, "reveal")
    rounds.act(db, teacher, live.id, "next")
    at.button(key=f"projector.{live.id}.reveal").click().run()
    assert not at.exception
    assert [e.value for e in at.main.error] == [MOVED]
    now = rounds.round_of(db, live.id)
    # not revealed: the press applied nothing, the round is at the second scenario's question
    assert now is not None and (now.phase, now.position, now.revision) == ("question", 1, 3)
    assert any("Scenario 2 of 2" in str(m.value) for m in at.main.markdown), "redrawn where the round is"
    at.run()  # the line is shown once
    assert not at.main.error
