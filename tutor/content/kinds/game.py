"""The kind ``game``: who deals each of the five deals, the score and who wins the game (rules.md section 9)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.content.drafting import Data, Draft, Drafting, pick_ask, results_yaml, tie_size, weighted
from tutor.content.kind import ContentKind, Setup
from tutor.content.kinds.deal import random_results
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import _
from tutor.engine import SEATS, DealPoint, DealScore, Explained, RuleViolation, Seat, Team, play_game, score_deal
from tutor.engine.game import DEALS_PER_GAME


@dataclass(frozen=True)
class GameSetup(Setup):
    first_dealer: Seat
    deals: tuple[DealPoint | tuple[Seat | None, ...], ...]


def _read(r: Reader, s: dict[object, object]) -> GameSetup | Missing:
    r.keys(("setup",), s, ("first_dealer", "deals"))
    first = r.seat(("setup", "first_dealer"), s["first_dealer"]) if "first_dealer" in s else MISSING
    items = r.sequence(("setup", "deals"), s["deals"], DEALS_PER_GAME, "deals") if "deals" in s else MISSING
    deals: list[DealPoint | tuple[Seat | None, ...]] = []
    if not isinstance(items, Missing):
        for number, item in enumerate(items):
            path = ("setup", "deals", number)
            entry = r.mapping(path, item, "a mapping: {tricks: [...]} or {team: ..., points: ...}")
            if isinstance(entry, Missing):
                continue
            if "tricks" in entry:
                r.keys(path, entry, ("tricks",))
                tricks = r.trick_results((*path, "tricks"), entry["tricks"])
                if not isinstance(tricks, Missing):
                    deals.append(tricks)
                continue
            r.keys(path, entry, ("team", "points"))
            team = r.team((*path, "team"), entry["team"]) if "team" in entry else MISSING
            points = r.integer((*path, "points"), entry["points"], 0, 2) if "points" in entry else MISSING
            if isinstance(team, Missing) or isinstance(points, Missing):
                continue
            try:
                deals.append(DealPoint(team, points))
            except RuleViolation as error:
                r.add((*path, *error.path), error.message)
    if isinstance(first, Missing) or len(deals) != DEALS_PER_GAME:
        return MISSING
    return GameSetup(first, tuple(deals))


def _solve(setup: GameSetup, mordienne: bool) -> Explained:
    scored: list[DealPoint | DealScore] = []
    for number, entry in enumerate(setup.deals):
        if isinstance(entry, DealPoint):
            scored.append(entry)
            continue
        try:
            scored.append(score_deal(entry, mordienne))
        except RuleViolation as error:
            raise error.under("deals", number, "tricks") from None
    return play_game(setup.first_dealer, scored)


def _ruled(setup: GameSetup) -> tuple[str, ...]:
    """A deal given trick by trick may be a mordienne, so the scores and the winner depend on the rule; deals
    given as points carry their own worth."""
    return ("scores", "winner") if any(not isinstance(deal, DealPoint) for deal in setup.deals) else ()


def _generate(rng: random.Random, _drafting: Drafting) -> Draft:
    """Five deals mixing known points and trick results; about a fifth of the games end level."""
    first = rng.choice(SEATS)
    rule = True if rng.random() < 0.4 else None
    # Without the mordienne every deal is worth 1, so five deals can only end level if one has no winner,
    # which real play almost never gives: drawn games come mostly with the rule on (a 2 against two 1s).
    want_draw = rng.random() < (0.5 if rule else 0.05)
    with_tricks = rng.choice([0.0, 0.3, 0.4, 0.5])  # the share of deals given trick by trick
    for _n in range(200):
        entries: list[Data] = []
        points: list[DealPoint] = []
        hard = False  # a deal given trick by trick that needs a tie-break or is a mordienne
        for _n in range(5):
            if rng.random() < with_tricks:
                # A deal nobody wins is rare in play (never in 4,000 random deals): keep it a rare reminder.
                shape = weighted(
                    rng, [(3, "ordinary"), (3, "tie"), (2 if rule else 0, "mordienne"), (0.02, "all-spoiled")]
                )
                results = random_results(rng, shape)
                score = score_deal(results, bool(rule))
                hard = hard or tie_size(score) >= 2 or score.mordienne
                entries.append({"tricks": results_yaml(results)})
                points.append(DealPoint.of(score))
            else:
                team = None if rng.random() < 0.003 else rng.choice(list(Team))
                worth = 0 if team is None else (2 if rule and rng.random() < 0.25 else 1)
                entries.append({"team": team.value if team else None, "points": worth})
                points.append(DealPoint(team, worth))
        game = play_game(first, points)
        if (game.winner is None) == want_draw:
            break
    options = [
        (["winner"], _("Who wins the game?")),
        (["scores", "winner"], _("What is the final score, and who wins?")),
        (["dealers"], _("Who deals each of the five deals?")),
        (["dealers", "winner"], _("Who deals each deal, and who wins the game?")),
        (["scores"], _("What is the final score?")),
    ]
    ask, title = pick_ask(rng, options)
    # Who deals depends on the first dealer alone; the scores depend on how the deals are given.
    difficulty = 1 if ask == ["dealers"] else 1 + any("tricks" in e for e in entries) + hard
    return Draft(
        title,
        "game",
        difficulty,
        {"first_dealer": first.value, "deals": entries},
        ask,
        mordienne=rule,
        hint=_("The deal passes to the left; the first dealer deals again in the fifth deal."),
    )


KIND = ContentKind(
    name="game",
    order=7,
    setup_type=GameSetup,
    read=_read,
    solve=_solve,
    outcomes={"dealers": Shape.SEAT_LIST, "scores": Shape.TEAM_COUNT_MAP, "winner": Shape.TEAM},
    generate=_generate,
    topics=("game",),
    ruled=_ruled,
)
