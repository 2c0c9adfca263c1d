"""What a wrong answer got wrong, in one line built from the engine's facts (tiers, the trick's cards, the
solver's results), never a generic "not quite".

:func:`mistake` takes the learner's answer to one key, as the widgets give it to the grader, and the engine's
result; it returns a sentence for the shapes it knows (trick winner and next leader, spoiled or not, the
best cards, an order, the cards kept in a chant, the card to play) and ``None`` for the others (the reveal's
table already shows the right answer). The sentences' templates are in :data:`LINES`, plain English in one
place, so they can be translated later. Tiers come from :data:`tutor.engine.ranking.TIERS` (1 is best).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tutor.content.outcomes import normalize
from tutor.content.scenario import Scenario
from tutor.engine import NAMED_CARDS, Explained, RuleViolation, parse_card
from tutor.engine.cards import Card
from tutor.engine.chant import Chant
from tutor.engine.game import DealPoint
from tutor.engine.ranking import TIERS
from tutor.engine.seats import Seat
from tutor.engine.solver import PlaySolution, point_of
from tutor.engine.trick import Trick

LINES: dict[str, str] = {
    "winner.other": (
        "You said {said} wins, but {winner}'s {card} is tier {tier}, better than {said}'s {said_card} "
        "(tier {said_tier}), so {winner} wins."
    ),
    "winner.spoiled": "You said {said} wins, but {cards} tie for the best tier ({tier}), so the trick is spoiled.",
    "spoiled.won": (
        "You said the trick is spoiled, but {card} is alone in the best tier ({tier}), so {winner} wins; "
        "equal cards below the best spoil nothing."
    ),
    "spoiled.yes": "You said the trick is not spoiled, but {cards} tie for the best tier ({tier}), so it is.",
    "spoiled.no": "You said the trick is spoiled, but {card} is alone in the best tier ({tier}), so it is not.",
    "tie.yes": "You said no cards tie for best, but {cards} are all tier {tier}, the best here.",
    "tie.no": "You said cards tie for best, but {card} is alone in the best tier ({tier}).",
    "leader.spoiled": "You said {said} leads next, but the trick is spoiled, so its leader, {leader}, leads again.",
    "leader.won": "You said {said} leads next, but {winner} won the trick, and the winner leads the next one.",
    "chose.worse": "You chose {card}, tier {tier}; {better} is tier {better_tier}, so it is better.",
    "missed.equal": "You left out {card}: it is tier {tier}, the same as {other}, so it ties for best.",
    "order.above": (
        "You put {worse} (tier {worse_tier}) above {better} (tier {better_tier}): the lower the tier, "
        "the better the card."
    ),
    "order.split": "You gave {first} and {second} different places, but both are tier {tier}: equal cards share one.",
    "order.merged": "You put {first} (tier {first_tier}) and {second} (tier {second_tier}) at one place, "
    "but only cards of one tier are equal.",
    "keep.worse": "{seat} should keep {dropped} (tier {dropped_tier}) rather than {kept} (tier {kept_tier}).",
    "keep.count": "{seat} keeps exactly nine cards, not {count}.",
    "play.worse": "You chose {card}: with best play by all after it, {result}. With {best}, {value}.",
    "play.value": "You said {said}, but with best play by all {value}: {best} is {mover}'s best.",
    "result.nobody": "nobody scores",
    "result.team": "{team} scores {points}",
}


def card_words(card: Card) -> str:
    """``3-coins (Monsieur)`` for a named card, the code otherwise."""
    name = NAMED_CARDS.get(card.code)
    return f"{card.code} ({name})" if name else card.code


def _cards_words(cards: Sequence[Card]) -> str:
    names = [card_words(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _or_words(cards: Sequence[Card]) -> str:
    names = [card_words(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _say(line: str, **values: object) -> str:
    return LINES[line].format(**values)


def _read(scenario: Scenario, key: str, given: object) -> object:
    return normalize(scenario.kind, key, given)


def mistake(scenario: Scenario, result: Explained, key: str, given: object) -> str | None:
    """One sentence saying what is wrong with ``given`` (the learner's answer to ``key``), or ``None`` when
    there is nothing particular to say (the answer is right, unreadable, or of a shape not covered)."""
    try:
        return _mistake(scenario, result, key, given)
    except (RuleViolation, KeyError, ValueError, TypeError):  # an answer that cannot be read: the table says so
        return None


def _mistake(scenario: Scenario, result: Explained, key: str, given: object) -> str | None:
    if isinstance(result, Trick):
        return _trick(scenario, result, key, given)
    if isinstance(result, PlaySolution) and key == "best":
        return _play(scenario, result, given)
    if isinstance(result, PlaySolution) and key == "value":
        return _value(scenario, result, given)
    if isinstance(result, Chant) and key == "keep":
        return _keep(scenario, result, given)
    if scenario.kind == "rank":
        order = [[parse_card(c) for c in group] for group in result.outcome()["order"]]  # type: ignore[attr-defined]
        if key == "highest":
            return _best_cards(set(_read(scenario, key, given)), order[0])  # type: ignore[call-overload]
        if key == "order":
            learner = [[parse_card(c) for c in group] for group in given]  # type: ignore[attr-defined]
            return _order(learner)
        if key == "tie":
            return _tie(bool(_read(scenario, key, given)), order[0])
    return None


def _tie(said: bool, best: Sequence[Card]) -> str | None:
    tier = TIERS[best[0]]
    if said and len(best) == 1:
        return _say("tie.no", card=card_words(best[0]), tier=tier)
    if not said and len(best) > 1:
        return _say("tie.yes", cards=_cards_words(best), tier=tier)
    return None


def _trick(scenario: Scenario, trick: Trick, key: str, given: object) -> str | None:
    best = list(trick.best)
    tier = TIERS[best[0]]
    card_of = {seat: c for seat, c in trick.plays}
    if key == "winner":
        said = _read(scenario, key, given)
        if said == (trick.winner.value if trick.winner else None):
            return None
        if said is None:
            assert trick.winner is not None
            return _say("spoiled.won", card=card_words(best[0]), tier=tier, winner=trick.winner.title)
        seat = Seat.parse(said)
        if trick.winner is None:
            return _say("winner.spoiled", said=seat.title, cards=_cards_words(best), tier=tier)
        return _say(
            "winner.other",
            said=seat.title,
            winner=trick.winner.title,
            card=card_words(card_of[trick.winner]),
            tier=tier,
            said_card=card_words(card_of[seat]),
            said_tier=TIERS[card_of[seat]],
        )
    if key == "spoiled":
        said_spoiled = bool(_read(scenario, key, given))
        if said_spoiled == trick.spoiled:
            return None
        if trick.spoiled:
            return _say("spoiled.yes", cards=_cards_words(best), tier=tier)
        return _say("spoiled.no", card=card_words(best[0]), tier=tier)
    if key == "next_leader":
        said = _read(scenario, key, given)
        if said is None or said == trick.next_leader.value:
            return None
        seat = Seat.parse(said)
        if trick.winner is None:
            return _say("leader.spoiled", said=seat.title, leader=trick.leader.title)
        return _say("leader.won", said=seat.title, winner=trick.winner.title)
    if key == "best":
        return _best_cards(set(_read(scenario, key, given)), best)  # type: ignore[call-overload]
    return None


def _best_cards(chosen: Collection[object], best: Sequence[Card]) -> str | None:
    """The learner's set of best cards against the engine's: a worse card chosen, or an equal one left out."""
    picked = {parse_card(c) for c in chosen}
    worse = sorted((c for c in picked if c not in best), key=lambda c: TIERS[c])
    if worse:
        card = worse[-1]
        return _say("chose.worse", card=card_words(card), tier=TIERS[card], better=card_words(best[0]),
                    better_tier=TIERS[best[0]])  # fmt: skip
    missed = [c for c in best if c not in picked]
    if missed and picked:
        other = next(c for c in best if c in picked)
        return _say("missed.equal", card=card_words(missed[0]), tier=TIERS[missed[0]], other=card_words(other))
    return None


def _order(places: Sequence[Sequence[Card]]) -> str | None:
    """The first slip in a learner's order, best first: a worse card above a better one, equal cards apart, or
    unequal cards together."""
    flat = [(n, c) for n, place in enumerate(places) for c in place]
    for i, (n, upper) in enumerate(flat):
        for m, lower in flat[i + 1 :]:
            if m > n and TIERS[upper] > TIERS[lower]:
                return _say("order.above", worse=card_words(upper), worse_tier=TIERS[upper],
                            better=card_words(lower), better_tier=TIERS[lower])  # fmt: skip
    for i, (n, first) in enumerate(flat):
        for m, second in flat[i + 1 :]:
            if m != n and TIERS[first] == TIERS[second]:
                return _say("order.split", first=card_words(first), second=card_words(second), tier=TIERS[first])
    for place in places:
        tiers = {TIERS[c] for c in place}
        if len(tiers) > 1:
            first, second = sorted(place, key=lambda c: TIERS[c])[:1] + sorted(place, key=lambda c: -TIERS[c])[:1]
            return _say("order.merged", first=card_words(first), first_tier=TIERS[first],
                        second=card_words(second), second_tier=TIERS[second])  # fmt: skip
    return None


def _keep(scenario: Scenario, chant: Chant, given: object) -> str | None:
    chosen = _read(scenario, "keep", given)
    assert isinstance(chosen, dict)
    for seat, keep in chant.keeps.items():
        cards = {parse_card(c) for c in chosen.get(seat.value, ())}
        if keep.accepts(cards):
            continue
        if len(cards) != 9:
            return _say("keep.count", seat=seat.title, count=len(cards))
        dropped = sorted((c for c in (*keep.kept, *keep.discarded) if c not in cards), key=lambda c: TIERS[c])
        kept = sorted(cards, key=lambda c: TIERS[c])
        return _say("keep.worse", seat=seat.title, dropped=card_words(dropped[0]), dropped_tier=TIERS[dropped[0]],
                    kept=card_words(kept[-1]), kept_tier=TIERS[kept[-1]])  # fmt: skip
    return None


def result_words(team: str | None, points: int) -> str:
    """``NS scores 1``, ``nobody scores``."""
    return _say("result.nobody") if team is None else _say("result.team", team=team, points=points)


def _play(scenario: Scenario, solution: PlaySolution, given: object) -> str | None:
    chosen = [parse_card(c) for c in _read(scenario, "best", given)]  # type: ignore[attr-defined]
    if len(chosen) != 1 or chosen[0] in solution.best or chosen[0] not in solution.results:
        return None
    card = chosen[0]
    got, value = solution.results[card], solution.value
    point = point_of(0) if got.team is None else got
    return _say(
        "play.worse",
        card=card_words(card),
        result=result_words(point.team.value if point.team else None, point.points),
        best=_or_words(solution.best),
        value=result_words(value.team.value if value.team else None, value.points),
    )


def _value(scenario: Scenario, solution: PlaySolution, given: object) -> str | None:
    said = _read(scenario, "value", given)
    value = solution.value
    if said == value:
        return None
    assert isinstance(said, DealPoint)
    return _say(
        "play.value",
        said=result_words(said.team.value if said.team else None, said.points),
        value=result_words(value.team.value if value.team else None, value.points),
        best=_or_words(solution.best),
        mover=solution.to_play.title,
    )


__all__ = ["LINES", "card_words", "mistake", "result_words"]
