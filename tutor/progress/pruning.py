"""What the progress file forgets on its own, so that a thousand passing visitors do not grow it for ever.

A guest (a browser that never chose a name) is forgotten with everything it did when it is idle: its last
answer, reading or saved game, or else its creation, is older than

* :attr:`Policy.empty_days` (1) for a guest that never answered (a visitor who looked, or started a game);
* :attr:`Policy.idle_days` (90) for a guest with answers.

A guest's saved game of the Play page not touched for :attr:`Policy.game_days` (30) is forgotten (the guest's
answers stay), and so is what a browser remembered of its chosen learner (:mod:`tutor.progress.browsers`)
when the browser has not opened the tutor for :attr:`Policy.browser_days` (400, as long as a browser keeps the
cookie). Named learners, their answers and their games are never pruned.

Each can be set in days by an environment variable (:data:`VARIABLES`); the app prunes at start-up and then
every hour (:mod:`tutor.app.upkeep`). Guests go in batches of :data:`BATCH`, each its own short transaction
with a pause after it, so a learner's answer never waits behind a big clean-up (``benchmarks/prune_bench.py``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, fields

from tutor.progress.store import ProgressDB

DAY = 86_400.0
BATCH = 100  # guests removed per transaction
PAUSE = 0.02  # seconds between two: SQLite's busy handler sleeps in steps, and a writer waiting must find a gap


@dataclass(frozen=True)
class Policy:
    """How many days of idleness each kind of row outlives."""

    empty_days: float = 1.0
    idle_days: float = 90.0
    game_days: float = 30.0
    browser_days: float = 400.0


VARIABLES = {
    "ALUETTE_PRUNE_EMPTY_GUEST_DAYS": "empty_days",
    "ALUETTE_PRUNE_IDLE_GUEST_DAYS": "idle_days",
    "ALUETTE_PRUNE_GUEST_GAME_DAYS": "game_days",
    "ALUETTE_PRUNE_BROWSER_DAYS": "browser_days",
}


class PolicyError(ValueError):
    """A pruning variable that is not a number of days; one line naming it."""


def policy_from(environ: Mapping[str, str]) -> Policy:
    """The policy the environment sets (the defaults where it sets nothing)."""
    values: dict[str, float] = {}
    for variable, field in VARIABLES.items():
        text = environ.get(variable, "").strip()
        if not text:
            continue
        try:
            days = float(text)
        except ValueError:
            raise PolicyError(f"{variable}: {text[:40]!r} is not a number of days") from None
        if not days > 0 or days == float("inf"):
            raise PolicyError(f"{variable}: {text[:40]!r} is not a number of days above 0")
        values[field] = days
    assert set(values) <= {f.name for f in fields(Policy)}
    return Policy(**values)


@dataclass(frozen=True)
class Pruned:
    """What one pruning removed."""

    empty_guests: int = 0
    idle_guests: int = 0
    games: int = 0
    browsers: int = 0

    def __str__(self) -> str:
        return (
            f"pruned {self.empty_guests} guests who never answered, {self.idle_guests} idle guests, "
            f"{self.games} guests' games, {self.browsers} browsers' remembered learners"
        )


# A guest's last sign of life: its newest answer, reading or saved game, else when it was made.
_GUESTS = """
    SELECT g.learner_id,
        {greatest}(g.created,
            coalesce((SELECT max(answered_at) FROM answers WHERE learner_id = g.learner_id), 0),
            coalesce((SELECT max(read_at) FROM reads WHERE learner_id = g.learner_id), 0),
            coalesce((SELECT max(saved_at) FROM games WHERE learner_id = g.learner_id), 0)),
        EXISTS (SELECT 1 FROM answers WHERE learner_id = g.learner_id)
    FROM guests AS g
"""


def prune(db: ProgressDB, now: float | None = None, policy: Policy = Policy()) -> Pruned:
    """Forget what ``policy`` says is idle at ``now`` (epoch seconds); what was removed."""
    moment = time.time() if now is None else now
    guests = _GUESTS.replace("{greatest}", db.dialect.greatest)
    with db.using() as conn:
        rows = conn.execute(guests).fetchall()
    empty = [int(i) for i, last, answered in rows if not answered and last < moment - policy.empty_days * DAY]
    idle = [int(i) for i, last, answered in rows if answered and last < moment - policy.idle_days * DAY]
    doomed = empty + idle
    for start in range(0, len(doomed), BATCH):
        if start:
            time.sleep(PAUSE)
        batch = doomed[start : start + BATCH]
        marks = ",".join("?" * len(batch))
        with db.using(write=True) as conn:
            # Only rows still guests' and still idle: one may have answered, or been named, meanwhile.
            still = {int(i) for i, last, answered in conn.execute(guests + f" WHERE g.learner_id IN ({marks})", batch)
                     if last < moment - (policy.idle_days if answered else policy.empty_days) * DAY}  # fmt: skip
            if still:
                conn.execute(f"DELETE FROM learners WHERE id IN ({','.join('?' * len(still))})", sorted(still))
    with db.using(write=True) as conn:
        games = conn.execute(
            # A guest's (its profile's) or, from before games were bound to the browser, one named by a link.
            "DELETE FROM games WHERE (learner_id IN (SELECT learner_id FROM guests) OR owner LIKE 'guest:%')"
            " AND saved_at < ?",
            (moment - policy.game_days * DAY,),
        ).rowcount
        browsers = conn.execute("DELETE FROM browsers WHERE seen < ?", (moment - policy.browser_days * DAY,)).rowcount
    return Pruned(len(empty), len(idle), int(games), int(browsers))
