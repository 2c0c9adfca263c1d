"""What the two engines of the store spell differently (:mod:`tutor.progress.backend`), as SQL fragments."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    """What the two engines spell differently, as SQL fragments the store puts in its queries."""

    name: str  # "sqlite" or "postgresql"
    quarter_hour: str  # the quarter-hour (900 s) an epoch time ``answered_at`` falls in, as an integer
    greatest: str  # the function giving the largest of its arguments (SQLite's max of several)


# times are positive: truncating is flooring; PostgreSQL's CAST alone would round
SQLITE = Dialect("sqlite", "CAST(answered_at / 900 AS INTEGER)", "max")
POSTGRESQL = Dialect("postgresql", "CAST(floor(answered_at / 900) AS BIGINT)", "greatest")
