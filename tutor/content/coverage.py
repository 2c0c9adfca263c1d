"""Which rules of ``rules.md`` a scenario exercises, decided from its setup and its solved result.

Coverage is computed, not declared: each rule is a predicate over (scenario, result), so a scenario
counts for a rule only if it really puts that rule to work. ``aluette-tutor coverage`` prints the
table, and the test suite requires three scenarios per rule and one per Decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.content.kinds.chant import ChantSetup
from tutor.content.kinds.draw import DrawSetup
from tutor.content.kinds.rank import RankSetup
from tutor.content.kinds.signal import SignalSetup
from tutor.content.scenario import Scenario
from tutor.engine import (
    TIERS,
    Chant,
    DealScore,
    Dealt,
    Draw,
    Explained,
    Game,
    HandSignals,
    PlayedDeal,
    Ranking,
    SignalLookup,
    Trick,
    card,
)

Predicate = Callable[[Scenario, Explained], bool]


@dataclass(frozen=True)
class Rule:
    id: str
    section: int
    text: str
    decision: bool
    applies: Predicate


def _score(result: Explained) -> DealScore | None:
    if isinstance(result, PlayedDeal):
        return result.score
    return result if isinstance(result, DealScore) else None


def _spoiled_before_run(score: DealScore) -> bool:
    """A trick before the point winner's first win was spoiled (the settled Decision of rules.md §8)."""
    winners = score.trick_winners
    first = next((n for n, w in enumerate(winners) if w is score.point_winner), len(winners))
    return any(w is None for w in winners[:first])


def _tricks(result: Explained) -> list[Trick]:
    return list(result.tricks) if isinstance(result, PlayedDeal) else ([result] if isinstance(result, Trick) else [])


def _tie_size(result: Explained) -> int:
    score = _score(result)
    if score is None or score.point_winner is None:
        return 0
    most = max(score.tricks_won.values())
    return sum(1 for n in score.tricks_won.values() if n == most)


def _draw_skips(s: Scenario, result: Explained) -> bool:
    """Some card went past a player because that player already held a top card."""
    if not isinstance(result, Draw) or not isinstance(s.setup, DrawSetup):
        return False
    return result.skips


def _spoiled_breaks_run(s: Scenario, result: Explained) -> bool:
    """With the rule on, the point winner's run after their first win is broken only by spoiled tricks."""
    score = _score(result)
    if score is None or score.point_winner is None:
        return False
    winners = score.trick_winners
    first = winners.index(score.point_winner)
    after = winners[first:]
    return s.mordienne and first > 0 and None in after and all(w in (score.point_winner, None) for w in after)


def _other_breaks_run(s: Scenario, result: Explained) -> bool:
    """With the rule on, another player wins a trick after the point winner's first win (not trick 1)."""
    score = _score(result)
    if score is None or score.point_winner is None or not s.mordienne:
        return False
    first = score.trick_winners.index(score.point_winner)
    after = score.trick_winners[first:]
    return first > 0 and any(w is not None and w is not score.point_winner for w in after)


def _spoil_when_last(s: Scenario, result: Explained) -> bool:
    """The last player ties the card an opponent was winning with alone, and so spoils the trick."""
    for t in _tricks(result):
        last_seat, last_card = t.plays[3]
        before = [(seat, c) for seat, c in t.plays[:3] if TIERS[c] == min(TIERS[x] for _, x in t.plays[:3])]
        if len(before) == 1 and before[0][0].team is not last_seat.team and TIERS[last_card] == TIERS[before[0][1]]:
            return True
    return False


def _suits_ignored(s: Scenario, result: Explained) -> bool:
    """A trick won by a card of another suit than the one led: there is no following suit."""
    return any(t.winner is not None and t.best[0].suit is not t.plays[0][1].suit for t in _tricks(result))


def _not_pooled(s: Scenario, result: Explained) -> bool:
    """The point goes to the best individual although the other partnership won more tricks together."""
    score = _score(result)
    if score is None or score.point_winner is None:
        return False
    team = score.point_winner.team
    ours = sum(n for seat, n in score.tricks_won.items() if seat.team is team)
    theirs = sum(n for seat, n in score.tricks_won.items() if seat.team is not team)
    return theirs > ours


def _keep(s: Scenario, result: Explained) -> bool:
    return isinstance(result, Chant) and bool(result.keeps)


def _has(cards: tuple[object, ...], codes: tuple[str, ...]) -> bool:
    return any(card(code) in cards for code in codes)


def _rank_cards(s: Scenario) -> tuple[object, ...]:
    return s.setup.cards if isinstance(s.setup, RankSetup) else ()


RULES: tuple[Rule, ...] = (
    # 3. The ranking
    Rule(
        "ranking-tiers",
        3,
        "Cards rank by the 19 tiers; the best tier is highest",
        False,
        lambda s, r: isinstance(r, Ranking) and len(r.order) > 1,
    ),
    Rule(
        "named-cards",
        3,
        "The eight named cards rank above the aces",
        False,
        lambda s, r: isinstance(r, Ranking) and any(TIERS[c] <= 8 for c in r.cards),
    ),
    Rule(
        "equal-cards",
        3,
        "Cards of one tier are exactly equal, whatever their suits",
        False,
        lambda s, r: isinstance(r, Ranking) and any(len(group) > 1 for group in r.order),
    ),
    Rule(
        "plain-threes",
        3,
        "The threes of swords and clubs are the lowest cards",
        False,
        lambda s, r: _has(_rank_cards(s), ("3-swords", "3-clubs")),
    ),
    Rule(
        "plain-nines",
        3,
        "The nines of swords and clubs rank just below the jacks",
        False,
        lambda s, r: _has(_rank_cards(s), ("9-swords", "9-clubs")),
    ),
    # 4. The partnership draw
    Rule(
        "draw-order",
        4,
        "Decision: the scenario gives the order in which players receive cards",
        True,
        lambda s, r: isinstance(r, Draw),
    ),
    Rule("draw-skips", 4, "A player who has received a top card is skipped", False, _draw_skips),
    Rule(
        "draw-partnerships",
        4,
        "Monsieur partners Madame; Le Borgne partners La Vache",
        False,
        lambda s, r: isinstance(r, Draw) and ("partnerships" in s.ask or "holders" in s.ask),
    ),
    Rule(
        "draw-first-dealer",
        4,
        "The holder of Madame deals first",
        False,
        lambda s, r: isinstance(r, Draw) and "first_dealer" in s.ask,
    ),
    # 5. The deal
    Rule(
        "deal-eldest",
        5,
        "The eldest is the player to the dealer's left",
        False,
        lambda s, r: (
            (isinstance(r, Chant | Dealt) and "eldest" in s.ask) or (isinstance(r, PlayedDeal) and "leaders" in s.ask)
        ),
    ),
    Rule(
        "deal-three-at-a-time",
        5,
        "Nine cards each, three at a time, eldest first; twelve make the talon",
        False,
        lambda s, r: isinstance(r, Dealt),
    ),
    Rule(
        "deal-cut",
        5,
        "The player to the dealer's right cuts",
        False,
        lambda s, r: isinstance(r, Dealt) and "cutter" in s.ask,
    ),
    Rule(
        "deal-passes-left",
        5,
        "Dealing passes to the left after every deal",
        False,
        lambda s, r: isinstance(r, Game) and "dealers" in s.ask,
    ),
    # 6. The chant
    Rule(
        "chant-all-agree",
        6,
        "The chant happens only if all four agree",
        False,
        lambda s, r: isinstance(r, Chant) and "happens" in s.ask,
    ),
    Rule(
        "chant-one-refusal",
        6,
        "One refusal and there is no chant",
        False,
        lambda s, r: (
            isinstance(r, Chant)
            and isinstance(s.setup, ChantSetup)
            and sum(1 for ok in s.setup.agree.values() if not ok) == 1
        ),
    ),
    Rule(
        "chant-alternate",
        6,
        "The eldest gets talon cards 1, 3, 5...; the dealer 2, 4, 6...",
        False,
        lambda s, r: isinstance(r, Chant) and r.happens and "received" in s.ask,
    ),
    Rule(
        "chant-eldest-first",
        6,
        "Decision: the eldest receives the first talon card",
        True,
        lambda s, r: isinstance(r, Chant) and r.happens and "received" in s.ask,
    ),
    Rule("chant-keep-highest", 6, "Decision: chanters keep the nine best and discard six", True, _keep),
    Rule(
        "chant-straddle",
        6,
        "Decision: equal cards straddling the cut, any of them will do",
        True,
        lambda s, r: isinstance(r, Chant) and any(k.straddle_tier is not None for k in r.keeps.values()),
    ),
    # 7. Play
    Rule("play-eldest-leads", 7, "The eldest leads to the first trick", False, lambda s, r: isinstance(r, PlayedDeal)),
    Rule("play-any-card", 7, "Any card may be played: no duty to follow suit", False, _suits_ignored),
    Rule(
        "trick-best-wins",
        7,
        "The card of the best tier wins the trick",
        False,
        lambda s, r: any(not t.spoiled for t in _tricks(r)),
    ),
    Rule(
        "trick-winner-leads",
        7,
        "The winner of a trick leads the next",
        False,
        lambda s, r: (
            (isinstance(r, Trick) and not r.spoiled and "next_leader" in s.ask)
            or (isinstance(r, PlayedDeal) and "leaders" in s.ask)
        ),
    ),
    Rule(
        "trick-spoiled",
        7,
        "Equal best cards spoil the trick: nobody wins it",
        False,
        lambda s, r: any(t.spoiled for t in _tricks(r)),
    ),
    Rule(
        "trick-spoiled-leads-again",
        7,
        "After a spoiled trick the same leader leads again",
        False,
        lambda s, r: (
            (isinstance(r, Trick) and r.spoiled and "next_leader" in s.ask)
            or (isinstance(r, PlayedDeal) and any(t.spoiled for t in r.tricks[:-1]) and "leaders" in s.ask)
        ),
    ),
    Rule("tactic-spoil-last", 7, "Playing last and unable to win, spoil the trick", False, _spoil_when_last),
    # 8. Scoring a deal
    Rule(
        "score-most-tricks", 8, "The player with the most tricks wins the point", False, lambda s, r: _tie_size(r) == 1
    ),
    Rule("score-not-pooled", 8, "Partners do not pool tricks; each counts their own", False, _not_pooled),
    Rule(
        "score-first-to-reach",
        8,
        "A tie for most tricks goes to whoever reached it first",
        False,
        lambda s, r: _tie_size(r) >= 2,
    ),
    Rule(
        "score-three-way-tie",
        8,
        "A three-way tie for most tricks, settled by who reached it first",
        False,
        lambda s, r: _tie_size(r) >= 3,
    ),
    Rule(
        "score-all-spoiled",
        8,
        "Decision: if every trick is spoiled, nobody scores",
        True,
        lambda s, r: (score := _score(r)) is not None and all(w is None for w in score.trick_winners),
    ),
    Rule(
        "mordienne",
        8,
        "Mordienne: lose the first, then win every trick to the end, for 2 points",
        False,
        lambda s, r: (score := _score(r)) is not None and score.mordienne,
    ),
    Rule(
        "mordienne-off",
        8,
        "Mordienne is off unless turned on (a run then scores 1)",
        False,
        lambda s, r: (score := _score(r)) is not None and score.mordienne_run and not s.mordienne,
    ),
    Rule(
        "mordienne-spoiled-breaks",
        8,
        "A spoiled trick after the first win breaks a mordienne",
        False,
        _spoiled_breaks_run,
    ),
    Rule(
        "mordienne-late-run",
        8,
        "Decision: tricks before the run may be spoiled or won by others; a run after a spoiled trick counts",
        True,
        lambda s, r: (score := _score(r)) is not None and score.mordienne_run and _spoiled_before_run(score),
    ),
    Rule(
        "mordienne-not-from-first",
        8,
        "Winning all nine from the first trick is no mordienne",
        False,
        lambda s, r: (
            (score := _score(r)) is not None
            and score.point_winner is not None
            and score.tricks_won[score.point_winner] == 9
        ),
    ),
    Rule(
        "mordienne-other-breaks",
        8,
        "Another player's trick after the first win breaks a mordienne",
        False,
        lambda s, r: _other_breaks_run(s, r),
    ),
    # 9. The game
    Rule(
        "game-dealers",
        9,
        "Five deals; the first dealer deals again in the fifth",
        False,
        lambda s, r: isinstance(r, Game) and "dealers" in s.ask,
    ),
    Rule(
        "game-more-points",
        9,
        "The partnership with more points wins the game",
        False,
        lambda s, r: isinstance(r, Game) and r.winner is not None,
    ),
    Rule(
        "game-drawn",
        9,
        "Decision: equal points is a drawn game",
        True,
        lambda s, r: isinstance(r, Game) and r.winner is None,
    ),
    # 10. Signals
    Rule("signal-lookup", 10, "Each signal has a fixed gesture", False, lambda s, r: isinstance(r, SignalLookup)),
    Rule(
        "signal-hand",
        10,
        "A hand signals each named card it holds, and its aces with the count",
        False,
        lambda s, r: isinstance(r, HandSignals) and any(x.id not in ("aces", "useless-hand") for x in r.signals),
    ),
    Rule(
        "signal-aces",
        10,
        "Aces: open the mouth once for each ace",
        False,
        lambda s, r: (
            (isinstance(r, HandSignals) and r.aces > 0) or (isinstance(r, SignalLookup) and r.signal.id == "aces")
        ),
    ),
    Rule(
        "signal-petit-neuf",
        10,
        "Decision: Petit-neuf is the little finger",
        True,
        lambda s, r: (
            (isinstance(r, SignalLookup) and r.signal.id == "petit-neuf")
            or (isinstance(s.setup, SignalSetup) and card("9-coins") in (s.setup.hand or ()))
        ),
    ),
    Rule(
        "signal-useless",
        10,
        "Decision: no named card and no ace is a useless hand, signalled alone",
        True,
        lambda s, r: isinstance(r, HandSignals) and [x.id for x in r.signals] == ["useless-hand"],
    ),
    Rule(
        "signal-nothing-unimportant",
        10,
        "Signal nothing unimportant",
        False,
        lambda s, r: (
            isinstance(r, HandSignals)
            and isinstance(s.setup, SignalSetup)
            and any(TIERS[c] > 9 for c in s.setup.hand or ())
            and r.signals[-1].id != "useless-hand"
        ),
    ),
)


def rules_exercised(scenario: Scenario, result: Explained) -> list[Rule]:
    return [rule for rule in RULES if rule.applies(scenario, result)]
