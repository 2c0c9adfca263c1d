"""Property tests: random deals, tricks, rankings, draws and chants checked against rules.md.

Every expectation is computed here, independently of the engine, from the rules as written: the tier
table (section 3), dealing 3-3-3 from the eldest (section 5), the chant (section 6), tricks and spoiling
(section 7), scoring with the first-to-reach tie-break and the mordienne (section 8), the draw (section 4),
the game (section 9) and the signals (section 10).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import (
    PACK,
    Card,
    DealPoint,
    DealState,
    RuleViolation,
    Seat,
    Team,
    chant,
    cut,
    deal,
    hand_signals,
    partnership_draw,
    play_deal,
    play_game,
    rank_cards,
    resolve_trick,
    score_deal,
)
from tutor.i18n.sentences import render_all

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
some_cards = st.lists(st.sampled_from(PACK), min_size=2, max_size=48, unique=True)
four_cards = st.lists(st.sampled_from(PACK), min_size=4, max_size=4, unique=True)
results = st.sampled_from([*CLOCKWISE, None])


@st.composite
def trick_results(draw: st.DrawFn) -> list[str | None]:
    """Nine trick results; half the time shaped like a mordienne so that that case is exercised."""
    if draw(st.booleans()):
        return draw(st.lists(results, min_size=9, max_size=9))
    seat = draw(seats)
    start = draw(st.integers(0, 8))
    before = draw(st.lists(results, min_size=start, max_size=start))
    return [*before, *([seat] * (9 - start))]


# --- a random deal played to the end ---------------------------------------------------------------


@MODEST
@given(pack=packs, at=st.integers(1, 47), dealer=seats, chooser=st.randoms(use_true_random=False), rule=st.booleans())
def test_random_deal_played_to_the_end_follows_the_rules(
    pack: list[Card], at: int, dealer: str, chooser: random.Random, rule: bool
) -> None:
    # dealing: 3-3-3 from the eldest, 12 left in the talon
    cut_pack = cut(pack, at)
    assert list(cut_pack) == [*pack[at:], *pack[:at]]
    dealt = deal(cut_pack, Seat(dealer))
    eldest = left_of(dealer)
    order = clockwise_from(eldest)
    for k, seat in enumerate(order):
        rounds = (cut_pack[12 * r + 3 * k : 12 * r + 3 * k + 3] for r in range(3))
        expected_hand = [c for three in rounds for c in three]
        assert list(dealt.hands[Seat(seat)]) == expected_hand
    assert list(dealt.talon) == list(cut_pack[36:])
    every = [c for hand in dealt.hands.values() for c in hand] + list(dealt.talon)
    assert len(every) == 48
    assert set(every) == set(PACK)

    # play nine tricks with random choices, predicting every turn independently
    state = DealState.start(Seat(dealer), dealt.hands)
    remaining = {seat: set(dealt.hands[Seat(seat)]) for seat in CLOCKWISE}
    played: dict[str, list[Card]] = {seat: [] for seat in CLOCKWISE}
    plays: list[list[Card]] = []
    leaders: list[str] = []
    winners: list[str | None] = []
    leader = eldest
    for _ in range(9):
        leaders.append(leader)
        trick_cards: list[Card] = []
        for seat in clockwise_from(leader):
            assert state.to_play.value == seat
            assert set(state.legal_cards()) == remaining[seat]  # any card in hand may be played
            choice = chooser.choice(sorted(remaining[seat], key=str))
            state = state.play(choice)
            remaining[seat].remove(choice)
            played[seat].append(choice)
            trick_cards.append(choice)
        plays.append(trick_cards)
        winner, leader = expected_trick(leaders[-1], trick_cards)
        trick = state.tricks[-1]
        assert seat_letter(trick.winner) == winner
        assert trick.spoiled is (winner is None)
        assert trick.next_leader.value == leader
        winners.append(winner)

    assert state.finished
    assert len(state.tricks) == 9
    assert state.legal_cards() == ()
    for seat in CLOCKWISE:
        assert len(played[seat]) == 9
        assert sorted(played[seat], key=str) == sorted(dealt.hands[Seat(seat)], key=str)
        assert state.played_by(Seat(seat)) == played[seat]
        assert remaining[seat] == set()

    # replaying the same cards through play_deal gives the same deal, scored per section 8
    replay = play_deal(Seat(dealer), dealt.hands, plays, mordienne=rule)
    outcome = replay.outcome()
    assert outcome["leaders"] == leaders
    assert outcome["trick_winners"] == winners
    assert [seat_letter(t.winner) for t in replay.tricks] == [seat_letter(t.winner) for t in state.tricks]
    assert outcome["tricks_won"] == {seat: winners.count(seat) for seat in CLOCKWISE}
    point_winner, points, mordienne = expected_score(winners, rule)
    assert outcome["point_winner"] == point_winner
    assert outcome["points"] == points
    assert outcome["points"] in (0, 1, 2)
    assert outcome["mordienne"] is mordienne
    assert outcome["scoring_team"] == (None if point_winner is None else ("NS" if point_winner in "NS" else "EW"))

    # the explanation agrees with the outcome
    steps = render_all(replay.explanation)
    for number, winner in enumerate(winners, start=1):
        line = steps_with(steps, f"Trick {number}:")
        assert len(line) == 1
        assert ("spoiled" in line[0]) is (winner is None)
        if winner is not None:
            assert TITLES[winner] in line[0]
    if point_winner is None:
        assert steps_with(steps, "nobody scores")
    else:
        assert steps_with(steps, TITLES[point_winner], "point")
    if points == 2:
        assert steps_with(steps, "mordienne")


@MODEST
@given(winners=trick_results(), rule=st.booleans())
def test_scoring_follows_the_tie_break_and_the_mordienne(winners: list[str | None], rule: bool) -> None:
    score = score_deal([None if w is None else Seat(w) for w in winners], mordienne=rule)
    outcome = score.outcome()
    point_winner, points, mordienne = expected_score(winners, rule)
    assert outcome["point_winner"] == point_winner
    assert outcome["points"] == points
    assert outcome["mordienne"] is mordienne
    assert (outcome["points"] == 0) is all(w is None for w in winners)
    if point_winner is not None:
        counts = {seat: winners.count(seat) for seat in CLOCKWISE}
        tied = [seat for seat in CLOCKWISE if counts[seat] == counts[point_winner]]
        if len(tied) > 1:
            assert steps_with(render_all(score.explanation), f"{TITLES[point_winner]} was first")


# --- tricks and rankings ---------------------------------------------------------------------------


@MODEST
@given(leader=seats, played=four_cards)
def test_a_trick_is_spoiled_exactly_when_the_best_tier_is_shared(leader: str, played: list[Card]) -> None:
    trick = resolve_trick(Seat(leader), played)
    winner, next_leader = expected_trick(leader, played)
    best = min(rules_tier(c) for c in played)
    assert trick.spoiled is (sum(1 for c in played if rules_tier(c) == best) > 1)
    assert trick.outcome()["winner"] == winner
    assert trick.outcome()["next_leader"] == next_leader
    assert set(trick.outcome()["best"]) == {str(c) for c in played if rules_tier(c) == best}  # type: ignore[arg-type]
    if trick.spoiled:
        spoiled = steps_with(render_all(trick.explanation), "spoiled", TITLES[leader], "leads again")
        assert spoiled
        assert all(str(c) in spoiled[0] for c in played if rules_tier(c) == best)


@MODEST
@given(given_cards=some_cards)
def test_rank_cards_groups_exactly_the_equal_cards_best_first(given_cards: list[Card]) -> None:
    outcome = rank_cards(given_cards).outcome()
    order = outcome["order"]
    assert isinstance(order, list)
    flat = [code for group in order for code in group]
    assert sorted(flat) == sorted(str(c) for c in given_cards)
    by_code = {str(c): c for c in given_cards}
    group_tiers = []
    for group in order:
        tiers = {rules_tier(by_code[code]) for code in group}
        assert len(tiers) == 1  # a group holds only equal cards
        group_tiers.append(tiers.pop())
    assert group_tiers == sorted(set(group_tiers))  # best first, one group per tier present
    assert len(group_tiers) == len({rules_tier(c) for c in given_cards})  # all equal cards in one group
    best = min(rules_tier(c) for c in given_cards)
    assert set(outcome["highest"]) == {str(c) for c in given_cards if rules_tier(c) == best}  # type: ignore[arg-type]
    assert outcome["tie"] is (len(outcome["highest"]) > 1)  # type: ignore[arg-type]
    assert outcome["tiers"] == {str(c): rules_tier(c) for c in given_cards}


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


@MODEST
@given(pack=packs, players=st.permutations(["Ann", "Bob", "Cat", "Dan"]))
def test_the_draw_skips_top_card_holders_and_pairs_the_top_cards(pack: list[Card], players: list[str]) -> None:
    used, received, holders = simulate_draw(players, pack)
    outcome = partnership_draw(players, pack[:used]).outcome()
    assert outcome["holders"] == holders
    assert outcome["received"] == received
    assert outcome["partnerships"] == [[holders["monsieur"], holders["madame"]], [holders["borgne"], holders["vache"]]]
    assert outcome["first_dealer"] == holders["madame"]
    assert sorted(holders.values()) == sorted(players)  # one top card each
    if used < len(pack):  # the fourth top card may be the 48th card, with nothing after it
        try:
            partnership_draw(players, pack[: used + 1])
        except RuleViolation as error:
            assert error.path == ("cards", used)
        else:
            raise AssertionError("a card after the last top card must be an error")
    try:
        partnership_draw(players, pack[: used - 1])
    except RuleViolation as error:
        assert error.path == ("cards",)
    else:
        raise AssertionError("running out before the fourth top card must be an error")


@MODEST
@given(pack=packs, dealer=seats, refuse=st.lists(st.sampled_from(CLOCKWISE), max_size=2, unique=True))
def test_the_chant_alternates_the_talon_and_keeps_the_nine_best(
    pack: list[Card], dealer: str, refuse: list[str]
) -> None:
    eldest = left_of(dealer)
    talon = pack[:12]
    hands = {Seat(eldest): pack[12:21], Seat(dealer): pack[21:30]}
    agree = {Seat(seat): seat not in refuse for seat in CLOCKWISE}
    result = chant(Seat(dealer), talon, agree=agree, hands=hands)
    outcome = result.outcome()
    assert outcome["eldest"] == eldest
    if refuse:
        assert outcome["happens"] is False
        assert outcome["received"] == {eldest: [], dealer: []}
        assert "keep" not in outcome
        return
    assert outcome["happens"] is True
    given_eldest = [str(talon[k]) for k in (0, 2, 4, 6, 8, 10)]
    given_dealer = [str(talon[k]) for k in (1, 3, 5, 7, 9, 11)]
    assert outcome["received"] == {eldest: given_eldest, dealer: given_dealer}
    keeps = outcome["keep"]
    keep_tiers = outcome["keep_tiers"]
    assert isinstance(keeps, dict)
    assert isinstance(keep_tiers, dict)
    for seat, extra in ((eldest, talon[0::2]), (dealer, talon[1::2])):
        fifteen = [*hands[Seat(seat)], *extra]
        best_nine = sorted(rules_tier(c) for c in fifteen)[:9]
        assert keep_tiers[seat] == best_nine
        kept = keeps[seat]
        assert len(set(kept)) == 9
        assert set(kept) <= {str(c) for c in fifteen}
        assert sorted(rules_tier(c) for c in fifteen if str(c) in kept) == best_nine
        # within the tier that the cut splits, suit order coins, cups, swords, clubs decides
        edge = best_nine[-1]
        equal = sorted((c for c in fifteen if rules_tier(c) == edge), key=suit_position)
        room = best_nine.count(edge)
        assert {str(c) for c in equal if str(c) in kept} == {str(c) for c in equal[:room]}


@MODEST
@given(
    first=seats,
    deals=st.lists(
        st.sampled_from([(None, 0), ("NS", 1), ("NS", 2), ("EW", 1), ("EW", 2)]),
        min_size=5,
        max_size=5,
    ),
)
def test_a_game_totals_five_deals(first: str, deals: list[tuple[str | None, int]]) -> None:
    game = play_game(Seat(first), [DealPoint(None if team is None else Team(team), points) for team, points in deals])
    outcome = game.outcome()
    assert outcome["dealers"] == [clockwise_from(first)[k % 4] for k in range(5)]
    assert outcome["dealers"][4] == first  # type: ignore[index]
    ns = sum(points for team, points in deals if team == "NS")
    ew = sum(points for team, points in deals if team == "EW")
    assert outcome["scores"] == {"NS": ns, "EW": ew}
    assert outcome["winner"] == (None if ns == ew else ("NS" if ns > ew else "EW"))


@MODEST
@given(hand=st.lists(st.sampled_from(PACK), min_size=9, max_size=9, unique=True))
def test_a_hand_signals_its_named_cards_then_aces_or_else_uselessness(hand: list[Card]) -> None:
    codes = {str(c) for c in hand}
    aces = sum(1 for code in codes if code.startswith("A-"))
    expected = [SIGNAL_ID[code] for code in SIGNAL_ORDER if code in codes]
    if aces:
        expected.append("aces")
    if not expected:
        expected = ["useless-hand"]
    assert hand_signals(hand).outcome() == {"signals": expected, "aces": aces}
