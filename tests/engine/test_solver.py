"""The double-dummy solver: hand-worked positions, its best line, and malformed positions.

Each hand-worked position's expected result is derived in the comment beside it from rules.md
sections 7-8, never from running the solver.
"""

from __future__ import annotations

import pytest

from tutor.engine.cards import PACK, card, cards
from tutor.engine.errors import RuleViolation
from tutor.engine.game import DealPoint
from tutor.engine.position import Position
from tutor.engine.scoring import score_deal
from tutor.engine.seats import Seat, Team
from tutor.engine.solver import MAX_TRICKS_LEFT, PlaySolution, card_values, point_of, solve_position
from tutor.engine.trick import resolve_trick
from tutor.i18n.sentences import render

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS1, NS2, EW1, EW2, NOBODY = (
    DealPoint(Team.NS, 1),
    DealPoint(Team.NS, 2),
    DealPoint(Team.EW, 1),
    DealPoint(Team.EW, 2),
    DealPoint(None, 0),
)


def position(
    tricks: list[Seat | None], leader: Seat, plays: str, hands: dict[Seat, str], mordienne: bool = False
) -> Position:
    return Position.build(tricks, leader, cards(plays), {s: cards(h) for s, h in hands.items()}, mordienne)


def results(solution: PlaySolution) -> dict[str, DealPoint]:
    return {str(c): p for c, p in solution.results.items()}


# --- hand-worked positions -----------------------------------------------------------------------------------


def test_last_to_play_spoils_to_stop_the_opponent_reaching_the_count() -> None:
    # North 2 (reached at trick 3), East 2 (trick 4), South 1, West 1; trick 7 spoiled. North led K-coins
    # to trick 8, East 4-cups, South 5-swords; West is last with K-swords or 6-clubs.
    # 6-clubs: North's king wins (North 3). Trick 9: North 7-coins, East A-cups wins (East 3, at trick 9):
    #   North and East tie on 3, North reached 3 first -> NS 1.
    # K-swords ties North's king: spoiled, North leads again. Trick 9: East's ace wins: East 3, alone on
    #   top -> EW 1. West spoils.
    p = position(
        [N, E, N, E, S, W, None],
        N,
        "K-coins 4-cups 5-swords",
        {N: "7-coins", E: "A-cups", S: "8-coins", W: "K-swords 6-clubs"},
    )
    solution = solve_position(p)
    assert solution.to_play is W
    assert results(solution) == {"K-swords": EW1, "6-clubs": NS1}
    assert solution.value == EW1
    assert solution.best == (card("K-swords"),)


def test_win_early_to_be_first_to_reach() -> None:
    # East and North have 2 each; East leads trick 8 holding Monsieur and K-coins, North holds Madame and
    # 4-cups, the others only low cards. Each of East and North wins one of the last two tricks, so both
    # end on 3 and the tie goes to whoever wins trick 8.
    # Monsieur now: East wins trick 8 (3 first); North's Madame takes trick 9 too late -> EW 1.
    # K-coins: North takes it with Madame (3 first), East's Monsieur takes trick 9 -> NS 1.
    # (If North kept Madame back, the king would win trick 8 and Monsieur trick 9: East 4.)
    p = position(
        [N, E, W, S, N, E, None],
        E,
        "",
        {E: "3-coins K-coins", N: "3-cups 4-cups", W: "5-swords 6-swords", S: "7-clubs 8-clubs"},
    )
    solution = solve_position(p)
    assert solution.to_play is E
    assert results(solution) == {"3-coins": EW1, "K-coins": NS1}
    assert solution.value == EW1 and solution.best == (card("3-coins"),)


def test_let_the_partner_win_rather_than_spoil_their_trick() -> None:
    # East 3 (reached at trick 5), North 2, West 1, South 0: only North can score for NS. In trick 7
    # (West 6-cups, North A-coins, East 5-swords) South holds A-swords, 4-clubs, 5-clubs.
    # A low club: North wins (3), leads Monsieur (4, at trick 8); East's Madame wins trick 9 (4, later) -> NS 1.
    # A-swords ties North's ace: spoiled. North then wins one trick at most (Monsieur; Madame and 8-coins
    #   beat 4-cups): North 3, East 3 reached first -> EW 1.
    p = position(
        [E, E, N, N, E, W],
        W,
        "6-cups A-coins 5-swords",
        {N: "3-coins 4-cups", E: "3-cups 8-coins", S: "A-swords 4-clubs 5-clubs", W: "9-coins 7-clubs"},
    )
    solution = solve_position(p)
    assert results(solution) == {"A-swords": EW1, "5-clubs": NS1, "4-clubs": NS1}
    assert solution.value == NS1
    # Both low clubs reach the value; they are different tiers, listed best first.
    assert solution.best == cards("5-clubs 4-clubs")


def test_second_hand_spoils_to_break_a_mordienne_run_only_when_the_rule_is_on() -> None:
    # North has won tricks 5, 6 and 7 (none before): a live run. North leads A-coins to trick 8 and keeps
    # Monsieur for trick 9. East holds A-cups and 4-swords; South and West hold only 5s to 8s.
    # 4-swords: North wins 8 and 9 -> every trick from the fifth: a mordienne, NS 2 with the rule on.
    # A-cups ties North's ace: trick 8 is spoiled, which breaks the run; North still wins trick 9 and the
    #   point with 4 tricks -> NS 1. With the rule off both cards give NS 1.
    hands = {N: "3-coins", E: "A-cups 4-swords", S: "5-cups 6-cups", W: "7-cups 8-cups"}
    on = solve_position(position([E, W, S, E, N, N, N], N, "A-coins", hands, mordienne=True))
    assert results(on) == {"A-cups": NS1, "4-swords": NS2}
    assert on.value == NS1 and on.best == (card("A-cups"),)
    off = solve_position(position([E, W, S, E, N, N, N], N, "A-coins", hands, mordienne=False))
    assert results(off) == {"A-cups": NS1, "4-swords": NS1}
    assert off.best == cards("A-cups 4-swords")


def test_keep_the_partners_run_alive() -> None:
    # South has won tricks 3-7 and leads K-cups to trick 8 (West 7-cups); North holds K-swords and 4-coins,
    # East only a 5 and a 6, South keeps Monsieur. 4-coins lets South's king win, then Monsieur wins trick 9:
    # a mordienne, NS 2. K-swords spoils trick 8 and breaks the run: NS 1.
    p = position(
        [W, E, S, S, S, S, S],
        S,
        "K-cups 7-cups",
        {N: "K-swords 4-coins", E: "5-coins 6-coins", S: "3-coins", W: "8-swords"},
        mordienne=True,
    )
    solution = solve_position(p)
    assert results(solution) == {"K-swords": NS1, "4-coins": NS2}
    assert solution.value == NS2


def test_a_late_run_after_spoiled_tricks_is_a_mordienne() -> None:
    # rules.md 8 (settled): eight spoiled tricks and then a win in the ninth is a mordienne when that player
    # has the point. The last trick: West leads A-swords and nobody else can beat or tie it -> EW 2.
    p = position([None] * 8, W, "", {W: "A-swords", N: "K-coins", E: "5-cups", S: "7-clubs"}, mordienne=True)
    solution = solve_position(p)
    assert solution.value == EW2 and results(solution) == {"A-swords": EW2}


def test_every_trick_spoiled_nobody_scores() -> None:
    # Eight spoiled tricks; in the ninth North and East have played aces, South is to play its last card,
    # a king, and West holds a 5: the two aces tie for best, the deal ends with nobody having won a trick.
    p = position([None] * 8, N, "A-coins A-cups", {N: "", E: "", S: "K-swords", W: "5-clubs"})
    solution = solve_position(p)
    assert solution.to_play is S
    assert solution.value == NOBODY and results(solution) == {"K-swords": NOBODY}
    assert solution.outcome()["value"] == {"team": None, "points": 0}


def test_equal_cards_of_one_tier_share_a_result_and_are_all_best() -> None:
    # North leads to the last two tricks holding two aces; every other card is lower, so either ace wins
    # trick 8 and the other trick 9: North ends with 2 + 2 = 4 against East's 3... and the two aces are
    # exactly equal, so both are best and both are listed.
    p = position(
        [E, E, E, N, N, S, W],
        N,
        "",
        {N: "A-coins A-swords", E: "K-cups 4-cups", S: "5-swords 6-swords", W: "7-clubs 8-clubs"},
    )
    solution = solve_position(p)
    assert solution.best == cards("A-coins A-swords")
    assert results(solution) == {"A-coins": NS1, "A-swords": NS1}


def test_outcome_is_the_contract_shape() -> None:
    p = position([N] * 8, N, "", {N: "3-coins", E: "4-cups", S: "5-cups", W: "6-cups"})
    outcome = solve_position(p).outcome()
    assert outcome == {
        "to_play": "N",
        "value": {"team": "NS", "points": 1},
        "best": ["3-coins"],
        "results": {"3-coins": {"team": "NS", "points": 1}},
    }


# --- the line of best play and its explanation -----------------------------------------------------------------


def test_the_line_is_legal_and_scores_the_value_by_the_engines_own_rules() -> None:
    p = position(
        [E, E, N, N, E, W],
        W,
        "6-cups A-coins 5-swords",
        {N: "3-coins 4-cups", E: "3-cups 8-coins", S: "A-swords 4-clubs 5-clubs", W: "9-coins 7-clubs"},
    )
    solution = solve_position(p)
    assert solution.line[0] in solution.best
    held = {seat: list(p.hands[seat]) for seat in Seat}
    played = [*p.plays, *solution.line]
    leader, winners = p.leader, list(p.tricks)
    for start in range(0, len(played), 4):
        trick = resolve_trick(leader, played[start : start + 4])
        for seat, c in trick.plays:
            if start or c not in p.plays:
                held[seat].remove(c)  # raises if the seat does not hold the card
        winners.append(trick.winner)
        leader = trick.next_leader
    assert all(not hand for hand in held.values())
    assert DealPoint.of(score_deal(winners, p.mordienne)) == solution.value


def test_explanation_names_each_card_the_line_and_the_score() -> None:
    p = position(
        [N, W, E, E, E, E, E],
        E,
        "K-cups 4-coins 5-swords",
        {N: "K-swords 6-clubs", E: "A-coins", S: "7-cups", W: "8-swords"},
        mordienne=True,
    )
    steps = [render(s) for s in solve_position(p).explanation]
    text = "\n".join(steps)
    assert "If North plays K-swords: EW scores 1 point" in text
    assert "If North plays 6-clubs: EW scores 2 points" in text
    assert "North's best: K-swords" in text
    assert any(step.startswith("Trick 8: East K-cups, South 4-coins, West 5-swords, North K-swords") for step in steps)
    assert any(step.startswith("Trick 9: East A-coins") for step in steps)
    # The scoring rules' own words close it: the spoiled trick 8 broke East's run.
    assert "trick 8 was spoiled, which breaks the run" in text
    assert steps[-1] == "EW scores 1 point."


def test_point_of_maps_the_signed_value() -> None:
    assert [point_of(v) for v in (-2, -1, 0, 1, 2)] == [EW2, EW1, NOBODY, NS1, NS2]


def test_the_switches_only_change_the_work() -> None:
    p = position(
        [E, E, N, N, E, W],
        W,
        "6-cups A-coins 5-swords",
        {N: "3-coins 4-cups", E: "3-cups 8-coins", S: "A-swords 4-clubs 5-clubs", W: "9-coins 7-clubs"},
    )
    fast, fast_nodes = card_values(p)
    slow, slow_nodes = card_values(p, transpositions=False, group=False, bounds=False)
    assert fast == slow == {card("A-swords"): -1, card("5-clubs"): 1, card("4-clubs"): 1}
    assert fast_nodes < slow_nodes


# --- malformed positions -----------------------------------------------------------------------------------


FOUR_LEFT = {N: "3-coins 4-cups 5-cups 6-cups", E: "A-coins 7-cups", S: "K-coins", W: "8-cups"}


@pytest.mark.parametrize(
    ("tricks", "plays", "hands", "path", "message"),
    [
        ([N] * 9, "", {}, ("tricks",), "9 tricks are listed, but at most 8 can be done"),
        ([N] * 5, "J-coins J-cups J-swords J-clubs", {}, ("plays",), "at most 3 can be"),
        ([N] * 7, "J-coins J-coins", {}, ("plays", 1), "J-coins is played twice"),
        (
            [N] * 7,
            "",
            {N: "A-coins A-coins", E: "K-coins C-coins", S: "J-coins 9-swords", W: "8-coins 7-coins"},
            ("hands", "N", 1),
            "A-coins is held twice by North",
        ),
        (
            [N] * 7,
            "",
            {N: "A-coins K-cups", E: "K-coins A-coins", S: "J-coins 9-swords", W: "8-coins 7-coins"},
            ("hands", "E", 1),
            "A-coins is held by North and by East",
        ),
        (
            [N] * 7,
            "A-coins",
            {N: "K-cups", E: "A-coins K-coins", S: "J-coins 9-swords", W: "8-coins 7-coins"},
            ("hands", "E", 0),
            "A-coins is held by East but is also played to the trick under way",
        ),
        (
            [N] * 7,
            "",
            {N: "A-coins", E: "K-coins C-coins", S: "J-coins 9-swords", W: "8-coins 7-coins"},
            ("hands", "N"),
            "North holds 1 card, but with 2 tricks left, North must hold 2",
        ),
        (
            [N] * 7,
            "A-cups",
            {N: "A-coins K-cups", E: "K-coins C-coins", S: "J-coins 9-swords", W: "8-coins 7-coins"},
            ("hands", "N"),
            "having played to it, North must hold 1",
        ),
        ([N] * 7, "", {N: "A-coins K-cups", E: "K-coins C-coins", S: "J-coins 9-swords"}, ("hands",), "West's hand"),
    ],
)
def test_malformed_positions_are_one_located_error(
    tricks: list[Seat | None], plays: str, hands: dict[Seat, str], path: tuple[object, ...], message: str
) -> None:
    with pytest.raises(RuleViolation) as raised:
        position(tricks, N, plays, hands or FOUR_LEFT)
    assert raised.value.path == path
    assert message in raised.value.message
    assert "\n" not in raised.value.message


def test_a_position_beyond_the_limit_is_refused_in_one_line() -> None:
    if MAX_TRICKS_LEFT >= 9:
        pytest.skip("every position is solved")
    left = MAX_TRICKS_LEFT + 1
    hands = {seat: PACK[9 * n : 9 * n + left] for n, seat in enumerate(Seat)}
    p = Position.build([N] * (9 - left), N, [], hands)
    with pytest.raises(RuleViolation) as raised:
        solve_position(p)
    assert raised.value.path == ("tricks",)
    assert f"{left} tricks left" in raised.value.message


def test_the_leader_need_not_follow_from_the_last_trick() -> None:
    # The contract does not tie the leader to the last result: East leads although North won trick 8.
    p = position([N] * 8, E, "", {N: "3-coins", E: "4-cups", S: "5-cups", W: "6-cups"})
    assert solve_position(p).to_play is E


def test_an_empty_hand_is_right_when_the_seat_has_played_to_the_last_trick() -> None:
    p = position([None] * 8, N, "A-coins", {N: "", E: "4-cups", S: "5-cups", W: "6-cups"})
    assert solve_position(p).value == NS1


def test_the_standing_says_one_trick_is_left() -> None:
    p = position([N] * 8, N, "A-coins", {N: "", E: "4-cups", S: "5-cups", W: "6-cups"})
    assert (
        render(solve_position(p).explanation[0])
        == "After 8 tricks (North 8, East 0, South 0, West 0), 1 trick is still to play."
    )
