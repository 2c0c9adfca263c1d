"""The app's hourly upkeep (tutor/app/upkeep.py) also ends the live rounds left alone for an hour."""

from __future__ import annotations

import os
import time

from tutor.app.upkeep import prune_once
from tutor.progress import rounds
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher


def test_the_upkeep_ends_a_round_left_alone_for_an_hour() -> None:
    with ProgressDB(os.environ["ALUETTE_DB"]) as db:  # the app's store (tests/conftest.py: a temporary file)
        roux = create_teacher(db, "Mme Roux", "correct horse")
        two_hours_ago = time.time() - 7200
        going = rounds.start_round(db, roux, None, ["spoiled-aces"])
        left = rounds.start_round(db, roux, None, ["spoiled-aces"], now=two_hours_ago)  # (starting ends idle ones)
        line = prune_once()
        assert line.endswith("; live rounds: 1 idle ended, 0 old deleted")
        assert rounds.round_of(db, left.id).phase == "ended"  # type: ignore[union-attr]
        assert rounds.round_of(db, going.id).phase == "lobby"  # type: ignore[union-attr]
