"""rules.md restated for the property tests of tests/engine/: random deals, tricks, rankings, draws, chants,
games and hands are checked against what these functions compute.

Every expectation is computed here, independently of the engine, from the rules as written: the tier
table (section 3), dealing 3-3-3 from the eldest (section 5), the chant (section 6), tricks and spoiling
(section 7), scoring with the first-to-reach tie-break and the mordienne (section 8), the draw (section 4),
the game (section 9) and the signals (section 10).
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import settings
from hypothesis import strategies as st

from tutor.engine import (
    PACK,
    Card,
    Seat,
)

# --- the rules, restated for the tests ------------------------------------------------------------

CLOCKWISE = ("N", "E", "S", "W")
TITLES = {"N": "North", "E": "East", "S": "South", "W": "West"}
NAMED_TIER = {
    "3-coins": 1,
    "3-cups": 2,
    "2-coins": 3,
    "2-cups": 4,
    "9-cups": 5,
    "9-coins": 6,
    "2-clubs": 7,
    "2-swords": 8,
}
RANK_TIER = {"A": 9, "K": 10, "C": 11, "J": 12, "9": 13, "8": 14, "7": 15, "6": 16, "5": 17, "4": 18, "3": 19}
SUIT_ORDER = ("coins", "cups", "swords", "clubs")
TOP = {"3-coins": "monsieur", "3-cups": "madame", "2-coins": "borgne", "2-cups": "vache"}
SIGNAL_ORDER = ("3-coins", "3-cups", "2-coins", "2-cups", "9-cups", "9-coins", "2-clubs", "2-swords")
SIGNAL_ID = {
    "3-coins": "monsieur",
    "3-cups": "madame",
    "2-coins": "borgne",
    "2-cups": "vache",
    "9-cups": "grand-neuf",
    "9-coins": "petit-neuf",
    "2-clubs": "deux-de-chene",
    "2-swords": "deux-d-ecrit",
}

MODEST = settings(max_examples=60, deadline=None)


def rules_tier(c: Card) -> int:
    code = str(c)
    return NAMED_TIER.get(code) or RANK_TIER[code.split("-")[0]]


def suit_position(c: Card) -> int:
    return SUIT_ORDER.index(str(c).split("-")[1])


def clockwise_from(seat: str) -> list[str]:
    start = CLOCKWISE.index(seat)
    return [CLOCKWISE[(start + k) % 4] for k in range(4)]


def left_of(seat: str) -> str:
    return clockwise_from(seat)[1]


def seat_letter(seat: Seat | None) -> str | None:
    return None if seat is None else seat.value


def expected_trick(leader: str, played: Sequence[Card]) -> tuple[str | None, str]:
    """(winner or None if spoiled, next leader) per section 7."""
    order = clockwise_from(leader)
    best = min(rules_tier(c) for c in played)
    holders = [order[k] for k, c in enumerate(played) if rules_tier(c) == best]
    if len(holders) > 1:
        return None, leader
    return holders[0], holders[0]


def expected_score(winners: Sequence[str | None], mordienne_rule: bool) -> tuple[str | None, int, bool]:
    """(point winner, points, mordienne) per section 8."""
    counts = {seat: sum(1 for w in winners if w == seat) for seat in CLOCKWISE}
    most = max(counts.values())
    if most == 0:
        return None, 0, False

    def reached(seat: str) -> int:
        total = 0
        for number, w in enumerate(winners):
            total += w == seat
            if total == most:
                return number
        raise AssertionError("unreachable")

    winner = min((seat for seat in CLOCKWISE if counts[seat] == most), key=reached)
    first_win = winners.index(winner)
    run = first_win > 0 and all(w == winner for w in winners[first_win:])
    mordienne = run and mordienne_rule
    return winner, 2 if mordienne else 1, mordienne


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    return [s for s in steps if all(p in s for p in parts)]


# --- strategies ------------------------------------------------------------------------------------

seats = st.sampled_from(CLOCKWISE)
packs = st.permutations(PACK)


# --- the draw, the chant, the game, the signals -----------------------------------------------------


def simulate_draw(players: Sequence[str], pack: Sequence[Card]) -> tuple[int, dict[str, list[str]], dict[str, str]]:
    """Deal face up round the table, skipping top-card holders, until the four top cards are out."""
    received: dict[str, list[str]] = {name: [] for name in players}
    holders: dict[str, str] = {}
    turn = 0
    for position, c in enumerate(pack):
        while any(code in TOP for code in received[players[turn % 4]]):
            turn += 1
        name = players[turn % 4]
        received[name].append(str(c))
        turn += 1
        if str(c) in TOP:
            holders[TOP[str(c)]] = name
            if len(holders) == 4:
                return position + 1, received, holders
    raise AssertionError("a whole pack always holds the four top cards")
