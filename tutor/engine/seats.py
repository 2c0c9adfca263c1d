"""Seats, partnerships and the clockwise order of play.

>>> Seat.N.next
<Seat.E: 'E'>
>>> Seat.N.team
<Team.NS: 'NS'>
"""

from __future__ import annotations

from enum import Enum

from tutor.engine.errors import NotationError, short


class Seat(Enum):
    """A seat at the table; everything passes to the left, which is clockwise N -> E -> S -> W."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def index(self) -> int:
        return _ORDER.index(self)

    @property
    def next(self) -> Seat:
        """The seat to this one's left (clockwise)."""
        return _ORDER[(self.index + 1) % 4]

    @property
    def previous(self) -> Seat:
        """The seat to this one's right."""
        return _ORDER[(self.index - 1) % 4]

    @property
    def partner(self) -> Seat:
        return _ORDER[(self.index + 2) % 4]

    @property
    def team(self) -> Team:
        return Team.NS if self in (Seat.N, Seat.S) else Team.EW

    @property
    def title(self) -> str:
        return _TITLES[self]

    def clockwise_from(self) -> tuple[Seat, ...]:
        """The four seats in play order starting with this one."""
        return tuple(_ORDER[(self.index + k) % 4] for k in range(4))

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, value: object) -> Seat:
        if isinstance(value, Seat):
            return value
        if isinstance(value, str):
            text = value.strip().upper()
            if text in cls.__members__:
                return cls[text]
            for seat, title in _TITLES.items():
                if text == title.upper():
                    return seat
        raise NotationError(f"{short(value)} is not a seat (seats: N E S W)")


class Team(Enum):
    """A partnership: partners sit opposite each other."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, value: object) -> Team:
        if isinstance(value, Team):
            return value
        if isinstance(value, str) and value.strip().upper() in cls.__members__:
            return cls[value.strip().upper()]
        raise NotationError(f"{short(value)} is not a team (teams: NS EW)")


_ORDER: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
SEATS = _ORDER
_TITLES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def eldest_of(dealer: Seat) -> Seat:
    """The eldest is the player to the dealer's left: the next seat clockwise."""
    return dealer.next
