"""What a wrong answer got wrong, in one line built from the engine's facts (tiers, the trick's cards, the
solver's results), never a generic "not quite".

:func:`mistake` takes the learner's answer to one key, as the widgets give it to the grader, and the engine's
result; it returns a sentence in the learner's language for the shapes it knows (trick winner and next
leader, spoiled or not, the best cards, an order, the cards kept in a chant, the card to play) and ``None`` for
the others (the reveal's table already shows the right answer). Each sentence is one ``ui`` message with named
parameters: seats and cards go in as the engine's values, worded by :func:`tutor.i18n.sentences.format_value`
(a seat by its title, a card by ``{card:label}``, lists by ``{cards:and|label}``). Tiers come from
:data:`tutor.engine.ranking.TIERS` (1 is best).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from tutor.app.kinds.draw import rounds
from tutor.app.questions import members
from tutor.content.kinds import normalize
from tutor.content.kinds.draw import DrawSetup
from tutor.content.scenario import Scenario
from tutor.engine import Explained, RuleViolation, Tier, parse_card
from tutor.engine.cards import Card
from tutor.engine.chant import Chant
from tutor.engine.draw import TOP_KEYS, Draw
from tutor.engine.game import DealPoint
from tutor.engine.ranking import TIERS, TOP_CARDS, Ranking
from tutor.engine.seats import Seat
from tutor.engine.solver import PlaySolution, point_of
from tutor.engine.trick import Trick
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.i18n.sentences import format_value
from tutor.i18n.ui import Translator


def card_words(card: Card, lang: str = SOURCE_LANGUAGE) -> str:
    """``3-coins (Monsieur)`` for a named card, the code otherwise."""
    return format_value(card, "label", lang)


def _read(scenario: Scenario, key: str, given: object) -> object:
    return normalize(scenario.kind, key, given)


def mistake(scenario: Scenario, result: Explained, key: str, given: object, lang: str = SOURCE_LANGUAGE) -> str | None:
    """One sentence in ``lang`` saying what is wrong with ``given`` (the learner's answer to ``key``), or ``None``
    when there is nothing particular to say (the answer is right, unreadable, or of a shape not covered)."""
    try:
        return _mistake(scenario, result, key, given, ui.translator(lang))
    except (RuleViolation, KeyError, ValueError, TypeError):  # an answer that cannot be read: the table says so
        return None


def _mistake(scenario: Scenario, result: Explained, key: str, given: object, _: Translator) -> str | None:
    if isinstance(result, Trick):
        return _trick(scenario, result, key, given, _)
    if isinstance(result, PlaySolution) and key == "best":
        return _play(scenario, result, given, _)
    if isinstance(result, PlaySolution) and key == "value":
        return _value(scenario, result, given, _)
    if isinstance(result, Chant) and key == "keep":
        return _keep(scenario, result, given, _)
    if isinstance(result, Draw) and key == "holders":
        return _holders(scenario, result, given, _)
    if isinstance(result, Ranking):
        order = [list(group) for group in result.order]
        if key == "highest":
            return _best_cards(set(members(_read(scenario, key, given))), order[0], _)
        if key == "order":
            learner = [[parse_card(c) for c in group] for group in members(given)]
            return _order(learner, _)
        if key == "tie":
            return _tie(bool(_read(scenario, key, given)), order[0], _)
    return None


def _holders(scenario: Scenario, draw: Draw, given: object, _: Translator) -> str | None:
    """For each top card given to the wrong player, who received it and why the player named did not: they
    already held a top card (the dealing passes them over), or the card came on another player's turn."""
    said = _read(scenario, "holders", given)
    if not isinstance(said, Mapping) or not isinstance(scenario.setup, DrawSetup):
        return None
    lang = _.lang
    number = {c: n for n, c in enumerate(scenario.setup.cards, start=1)}
    of_round = rounds(draw)
    lines = []
    for tier, (key, top) in enumerate(zip(TOP_KEYS, TOP_CARDS, strict=True), start=1):
        holder, named = draw.holders[key], str(said.get(key))
        if named == holder or named not in draw.received:
            continue
        n = number[top]
        name = format_value(Tier(tier), "name", lang)
        held = [c for c in draw.received[named] if c in TOP_CARDS and number[c] < n]
        earlier = [c for c in draw.received[named] if number[c] < n and of_round[number[c] - 1] == of_round[n - 1]]
        if held:
            held_name = format_value(Tier(TOP_CARDS.index(held[0]) + 1), "name", lang)
            # Translators: {top} and {held} are top cards' names (Le Borgne, Monsieur); {holder}, {named} players.
            lines.append(_("{top} went to {holder}: {named} already held {held} and was dealt no more cards.",
                           top=name, holder=holder, named=named, held=held_name))  # fmt: skip
        elif earlier:
            # Translators: {n} and {m} are the cards' numbers in the order dealt; {card} is a card (code and name).
            lines.append(_("{top} went to {holder}: it was card {n}; {named} had already been dealt card {m}, "
                           "{card:label}, in that round.", top=name, holder=holder, n=n, named=named,
                           m=number[earlier[-1]], card=earlier[-1]))  # fmt: skip
        else:
            # Translators: {n} is the card's number in the order dealt; {holder} and {named} are players.
            lines.append(_("{top} went to {holder}: it was card {n}, dealt to {holder} before {named}'s turn came.",
                           top=name, holder=holder, n=n, named=named))  # fmt: skip
    return " ".join(lines) or None


def _tie(said: bool, best: Sequence[Card], _: Translator) -> str | None:
    tier = TIERS[best[0]]
    if said and len(best) == 1:
        # Translators: a ranking question asked whether cards tie for best. {card} is a card's code (and name).
        return _("You said cards tie for best, but {card:label} is alone in the best tier ({tier}).",
                 card=best[0], tier=tier)  # fmt: skip
    if not said and len(best) > 1:
        # Translators: {cards} lists two or more cards ("K-coins and K-cups"); {tier} is a number, 1 the best.
        return _("You said no cards tie for best, but {cards:and|label} are all tier {tier}, the best here.",
                 cards=tuple(best), tier=tier)  # fmt: skip
    return None


def _trick(scenario: Scenario, trick: Trick, key: str, given: object, _: Translator) -> str | None:
    best = list(trick.best)
    tier = TIERS[best[0]]
    card_of = {seat: c for seat, c in trick.plays}
    if key == "winner":
        said = _read(scenario, key, given)
        if said == (trick.winner.value if trick.winner else None):
            return None
        if said is None:
            assert trick.winner is not None
            # Translators: {card} is a card, {tier} its tier's number (1 is best), {winner} a seat (North...).
            return _("You said the trick is spoiled, but {card:label} is alone in the best tier ({tier}), so "
                     "{winner} wins; equal cards below the best spoil nothing.",
                     card=best[0], tier=tier, winner=trick.winner)  # fmt: skip
        seat = Seat.parse(said)
        if trick.winner is None:
            # Translators: {said} is the seat the learner named (North...); {cards} two or more cards.
            return _("You said {said} wins, but {cards:and|label} tie for the best tier ({tier}), so the trick "
                     "is spoiled.", said=seat, cards=tuple(best), tier=tier)  # fmt: skip
        # Translators: {said} and {winner} are seats (North...), {card} and {said_card} the cards they played,
        # {tier} and {said_tier} those cards' tier numbers (1 is best).
        return _("You said {said} wins, but {winner}'s {card:label} is tier {tier}, better than {said}'s "
                 "{said_card:label} (tier {said_tier}), so {winner} wins.",
                 said=seat, winner=trick.winner, card=card_of[trick.winner], tier=tier, said_card=card_of[seat],
                 said_tier=TIERS[card_of[seat]])  # fmt: skip
    if key == "spoiled":
        said_spoiled = bool(_read(scenario, key, given))
        if said_spoiled == trick.spoiled:
            return None
        if trick.spoiled:
            return _("You said the trick is not spoiled, but {cards:and|label} tie for the best tier ({tier}), so "
                     "it is.", cards=tuple(best), tier=tier)  # fmt: skip
        return _("You said the trick is spoiled, but {card:label} is alone in the best tier ({tier}), so it is not.",
                 card=best[0], tier=tier)  # fmt: skip
    if key == "next_leader":
        said = _read(scenario, key, given)
        if said is None or said == trick.next_leader.value:
            return None
        seat = Seat.parse(said)
        if trick.winner is None:
            # Translators: {said} and {leader} are seats (North...); the leader led the spoiled trick.
            return _("You said {said} leads next, but the trick is spoiled, so its leader, {leader}, leads again.",
                     said=seat, leader=trick.leader)  # fmt: skip
        return _("You said {said} leads next, but {winner} won the trick, and the winner leads the next one.",
                 said=seat, winner=trick.winner)  # fmt: skip
    if key == "best":
        return _best_cards(set(members(_read(scenario, key, given))), best, _)
    return None


def _best_cards(chosen: Collection[object], best: Sequence[Card], _: Translator) -> str | None:
    """The learner's set of best cards against the engine's: a worse card chosen, or an equal one left out."""
    picked = {parse_card(c) for c in chosen}
    worse = sorted((c for c in picked if c not in best), key=lambda c: TIERS[c])
    if worse:
        card = worse[-1]
        return _("You chose {card:label}, tier {tier}; {better:label} is tier {better_tier}, so it is better.",
                 card=card, tier=TIERS[card], better=best[0], better_tier=TIERS[best[0]])  # fmt: skip
    missed = [c for c in best if c not in picked]
    if missed and picked:
        other = next(c for c in best if c in picked)
        return _("You left out {card:label}: it is tier {tier}, the same as {other:label}, so it ties for best.",
                 card=missed[0], tier=TIERS[missed[0]], other=other)  # fmt: skip
    return None


def _order(places: Sequence[Sequence[Card]], _: Translator) -> str | None:
    """The first slip in a learner's order, best first: a worse card above a better one, equal cards apart, or
    unequal cards together."""
    flat = [(n, c) for n, place in enumerate(places) for c in place]
    for i, (n, upper) in enumerate(flat):
        for m, lower in flat[i + 1 :]:
            if m > n and TIERS[upper] > TIERS[lower]:
                return _("You put {worse:label} (tier {worse_tier}) above {better:label} (tier {better_tier}): the "
                         "lower the tier, the better the card.",
                         worse=upper, worse_tier=TIERS[upper], better=lower, better_tier=TIERS[lower])  # fmt: skip
    for i, (n, first) in enumerate(flat):
        for m, second in flat[i + 1 :]:
            if m != n and TIERS[first] == TIERS[second]:
                return _("You gave {first:label} and {second:label} different places, but both are tier {tier}: "
                         "equal cards share one.", first=first, second=second, tier=TIERS[first])  # fmt: skip
    for place in places:
        tiers = {TIERS[c] for c in place}
        if len(tiers) > 1:
            first, second = sorted(place, key=lambda c: TIERS[c])[:1] + sorted(place, key=lambda c: -TIERS[c])[:1]
            return _("You put {first:label} (tier {first_tier}) and {second:label} (tier {second_tier}) at one "
                     "place, but only cards of one tier are equal.",
                     first=first, first_tier=TIERS[first], second=second, second_tier=TIERS[second])  # fmt: skip
    return None


def _keep(scenario: Scenario, chant: Chant, given: object, _: Translator) -> str | None:
    chosen = _read(scenario, "keep", given)
    assert isinstance(chosen, dict)
    for seat, keep in chant.keeps.items():
        cards = {parse_card(c) for c in chosen.get(seat.value, ())}
        if keep.accepts(cards):
            continue
        if len(cards) != 9:
            # Translators: {seat} is a seat (North...) keeping cards after the chant; {count} the learner's count.
            return _("{seat} keeps exactly nine cards, not {count}.", seat=seat, count=len(cards))
        dropped = sorted((c for c in (*keep.kept, *keep.discarded) if c not in cards), key=lambda c: TIERS[c])
        kept = sorted(cards, key=lambda c: TIERS[c])
        return _("{seat} should keep {dropped:label} (tier {dropped_tier}) rather than {kept:label} "
                 "(tier {kept_tier}).", seat=seat, dropped=dropped[0], dropped_tier=TIERS[dropped[0]], kept=kept[-1],
                 kept_tier=TIERS[kept[-1]])  # fmt: skip
    return None


def result_words(team: str | None, points: int, lang: str = SOURCE_LANGUAGE) -> str:
    """``NS scores 1``, ``nobody scores`` (in ``lang``)."""
    if team is None:
        # Translators: the result of a deal in which no team scores a point.
        return ui.gettext(lang, "nobody scores")
    # Translators: {team} is a team's code, NS or EW (not translated); {points} a number of points.
    return ui.ngettext(lang, "{team} scores {n}", "{team} scores {n}", points, team=team)


def _play(scenario: Scenario, solution: PlaySolution, given: object, _: Translator) -> str | None:
    chosen = [parse_card(c) for c in members(_read(scenario, "best", given))]
    if len(chosen) != 1 or chosen[0] in solution.best or chosen[0] not in solution.results:
        return None
    card = chosen[0]
    got, value = solution.results[card], solution.value
    point = point_of(0) if got.team is None else got
    # Translators: {result} and {value} are results of the deal, "NS scores 1" or "nobody scores"; {best} one
    # or more cards ("4-coins or 5-cups").
    return _(
        "You chose {card:label}: with best play by all after it, {result}. With {best:or|label}, {value}.",
        card=card,
        result=result_words(point.team.value if point.team else None, point.points, _.lang),
        best=tuple(solution.best),
        value=result_words(value.team.value if value.team else None, value.points, _.lang),
    )


def _value(scenario: Scenario, solution: PlaySolution, given: object, _: Translator) -> str | None:
    said = _read(scenario, "value", given)
    value = solution.value
    if said == value:
        return None
    assert isinstance(said, DealPoint)
    # Translators: {said} and {value} are results of the deal ("NS scores 1", "nobody scores"), {best} one or
    # more cards, {mover} the seat to play (North...).
    return _(
        "You said {said}, but with best play by all {value}: {best:or|label} is {mover}'s best.",
        said=result_words(said.team.value if said.team else None, said.points, _.lang),
        value=result_words(value.team.value if value.team else None, value.points, _.lang),
        best=tuple(solution.best),
        mover=solution.to_play,
    )


__all__ = ["card_words", "mistake", "result_words"]
