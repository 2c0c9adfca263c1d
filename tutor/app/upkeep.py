"""Upkeep of the served app: the progress file is pruned (:mod:`tutor.progress.pruning`) when the server
starts and then every :data:`EVERY` seconds, in a thread of its own with its own connection, opened for the
pruning and closed after it; live rounds idle for an hour are ended then too (:mod:`tutor.progress.rounds`),
and the failed tries (joining by a code, teachers' sign-ins, PINs) older than their minute are deleted: they
are pruned on the next try too, but a client that never tries again would leave its rows forever; and the
teachers' expired sign-in tickets and sessions, for the same reason.
What it removed, or why it could not, is one line on the server's output."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from tutor.progress.classes import prune_join_tries
from tutor.progress.db import ProgressUnavailable, default_target
from tutor.progress.pins import prune_pin_failures
from tutor.progress.pruning import PolicyError, policy_from, prune
from tutor.progress.rounds import end_idle_rounds
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import prune_sign_in_failures
from tutor.progress.tickets import prune_expired

EVERY = 3600.0


def prune_tries(db: ProgressDB, *, now: float | None = None) -> int:
    """Delete every failed or counted try older than its window (join_tries, sign_in_failures,
    pin_failures); how many."""
    return prune_join_tries(db, now=now) + prune_sign_in_failures(db, now=now) + prune_pin_failures(db, now=now)


def prune_once() -> str:
    """Prune the progress file once; the line saying what happened."""
    try:
        policy = policy_from(os.environ)
        with ProgressDB(default_target()) as db:  # the file, or the PostgreSQL database
            pruned = prune(db, policy=policy)
            tries = prune_tries(db)
            expired = prune_expired(db)
            ended, deleted = end_idle_rounds(db)
            return (
                f"aluette-tutor: {pruned}; tries: {tries} old deleted;"
                f" teachers' tickets and sessions: {expired} expired deleted;"
                f" live rounds: {ended} idle ended, {deleted} old deleted"
            )
    except (PolicyError, ProgressUnavailable) as error:
        return f"aluette-tutor: not pruned: {error}"


def _loop(stop: threading.Event) -> None:
    while True:
        print(prune_once(), file=sys.stderr, flush=True)
        if stop.wait(EVERY):
            return


@asynccontextmanager
async def lifespan(app: Any) -> AsyncIterator[None]:
    """st.App's lifespan: the pruning thread runs while the server does."""
    stop = threading.Event()
    worker = threading.Thread(target=_loop, args=(stop,), name="aluette-prune", daemon=True)
    worker.start()
    try:
        yield None
    finally:
        stop.set()
