"""Explanation steps from every producer, for the tests of the message catalog and the renderer.

The corpus solves every scenario of the course, plays whole games against the computer (chanting,
discarding well and badly, signalling), asks for hints in many positions, and builds every drill kind:
everything a learner can be shown. The few messages no such run reaches are built directly, each with
the case that produces it (see :func:`direct_cases`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tutor.content import drills
from tutor.content.course import load_course
from tutor.content.solve import solve
from tutor.engine import PACK, SIGNALS, DealState, Seat, cards, partnership_draw, play_game, score_deal
from tutor.engine.cards import parse_card
from tutor.engine.cut_and_deal import shuffle_and_deal
from tutor.engine.natural_card import base_choice
from tutor.engine.position import Position
from tutor.engine.ranking import TIERS
from tutor.engine.signalling import false_signal
from tutor.engine.signals import signal
from tutor.engine.solver import solve_position
from tutor.engine.steps import Step
from tutor.play import bots, coach, guided
from tutor.play.hint import HintRequest, hint
from tutor.play.match import LEARNER, DealRecord, Match

ROOT = Path(__file__).resolve().parent.parent


def walk(steps: tuple[Step, ...] | list[Step]) -> Iterator[Step]:
    """Every step, and every step nested in a parameter (in lists too)."""
    for s in steps:
        yield s
        for _, value in s.params:
            yield from walk(_nested(value))


def _nested(value: object) -> list[Step]:
    if isinstance(value, Step):
        return [value]
    if isinstance(value, tuple):
        return [inner for item in value for inner in _nested(item)]
    return []


def _match_steps(seed: int, agree: bool, discard_well: bool) -> list[Step]:
    """A whole game, the learner answering the chant with ``agree`` and signalling what the hand calls for."""
    match = Match.start(seed=seed, mordienne=seed % 2 == 0)
    found: list[Step] = []

    def collect() -> None:
        for event in match.events(see_everything=True):
            found.append(event.title)
            found.extend(event.steps)

    collect()
    while match.phase != "game-over":
        if match.phase in ("draw", "deal-over"):
            match.next_deal()
        elif match.phase == "chant":
            match.learner_agrees(agree)
        elif match.phase == "discard":
            advice = match.discard_advice()
            found.extend(advice.explanation)
            match.learner_discards(advice.discarded if discard_well else advice.kept[:6])
        elif match.phase == "signals":
            advice_signals = match.signal_advice()
            found.extend(advice_signals.explanation)
            match.learner_signals([s.id for s in advice_signals.signals])
        elif match.phase == "play":
            state = match.state
            assert state is not None
            if len(state.tricks) in (2, 6) and not state.current:
                request = HintRequest(state, LEARNER, partner_signalled=True, mordienne=match.mordienne)
                found.extend(hint(request, playouts=200, seed=seed).explanation)
            match.learner_plays(match.legal_cards()[-1])
        collect()
    return found


def _hint_steps() -> list[Step]:
    """Hints in positions that reach the notes on signals and their fallbacks."""
    rng = random.Random(11)
    found: list[Step] = []
    for n in range(40):
        dealer = rng.choice(list(Seat))
        start = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        state = start
        for _ in range(rng.randrange(0, 30)):
            seat = state.to_play
            played = {c for t in state.tricks for _, c in t.plays}
            state = state.play(base_choice(state.hands[seat], state.current_plays, seat, state.leader, played))
        seat = state.to_play
        partner = seat.partner
        named = frozenset(s.card for s in bots.signals_for(start.hands[partner]).signals if s.card is not None)
        aces = sum(1 for c in start.hands[partner] if c.rank == "A")
        requests = [
            HintRequest(state, seat, named, aces or None, partner_signalled=n % 2 == 0, mordienne=n % 3 == 0),
            HintRequest(state, seat, named, aces or None, partner_signalled=True, chant=True),
            HintRequest(state, seat, frozenset(PACK[:1]) | named, 4 if n % 4 else None, partner_signalled=True),
            HintRequest(state, seat, frozenset(c for c in PACK if c.name), 7, partner_signalled=True),
        ]
        for request in requests:
            found.extend(hint(request, playouts=100, seed=n).explanation)
    return found


def _drill_steps() -> list[Step]:
    rng = random.Random(5)
    found: list[Step] = []
    for kind in drills.DRILL_KINDS:
        for _ in range(30):
            found.extend(drills.make_drill(kind, rng).explanation)
    for c in PACK:  # a tier drill can ask about any card: every tier's name and members
        found.extend(drills.tier_drill(c).explanation)
    for row in drills.tier_chart():
        found.extend(row.traps)
    for s in SIGNALS:
        found.extend(drills.signal_drill(s, True, rng).explanation)
    return found


def direct_cases() -> dict[str, Step]:
    """Messages no scenario, game, hint or drill of the corpus happens to reach, each built by its case."""
    skip_two = partnership_draw(
        ["Ann", "Bob", "Cat", "Dan"],
        list(cards("3-coins 4-cups 3-cups 5-cups 2-coins 6-cups 7-cups 2-cups")),
    )
    everything_else = score_deal([Seat.N, None, None, None, None, None, None, None, None], mordienne=True)
    return {
        "draw.top.skip": skip_two.explanation[7],  # Ann, Cat and Bob hold top cards: Dan gets La Vache
        "signal.false.card": _false("monsieur", "A-coins 4-cups"),
        "signal.false.aces": _false("aces", "3-coins 4-cups"),
        "signal.false.useless": _false("useless-hand", "A-coins 4-cups"),
        "mordienne.first_trick": everything_else.explanation[-2],
        "game.drawn": play_game(
            Seat.N, [score_deal([Seat.N] * 9)] * 2 + [score_deal([Seat.E] * 9)] * 2 + [score_deal([None] * 9)]
        ).explanation[-1],
        **_hint_fallbacks(),
        **_solver_cases(),
    }


def _solver_cases() -> dict[str, Step]:
    """A whole deal North wins whatever is played (solved from trick 1), and a last trick bound to be spoiled."""
    whole = Position.build(
        [],
        Seat.N,
        [],
        {
            Seat.N: cards("3-coins 3-cups 2-coins 2-cups 9-cups 9-coins 2-clubs 2-swords A-coins"),
            Seat.E: cards("4-coins 4-cups 4-swords 4-clubs 5-coins 5-cups 5-swords 5-clubs 6-coins"),
            Seat.S: cards("6-cups 6-swords 6-clubs 7-coins 7-cups 7-swords 7-clubs 8-coins 8-cups"),
            Seat.W: cards("8-swords 8-clubs 9-swords 9-clubs C-coins C-cups C-swords C-clubs J-coins"),
        },
    )
    first = solve_position(whole, max_left=9).explanation
    last = Position.build(
        [None] * 8,
        Seat.N,
        [],
        {Seat.N: cards("K-coins"), Seat.E: cards("K-cups"), Seat.S: cards("5-swords"), Seat.W: cards("6-clubs")},
    )
    one = solve_position(last).explanation
    return {
        "solve.standing.first": first[0],
        "solve.all_equal": first[2],
        "solve.one_card": one[2],
        "solve.result.nobody": one[2].param("result"),  # type: ignore[dict-item]
    }


def _keeping_the_best(hands: dict[Seat, str], plays: int) -> DealState:
    """A deal from ``hands`` (South deals), every player throwing their lowest plain card for ``plays`` cards."""
    state = DealState.start(Seat.S, {seat: cards(text) for seat, text in hands.items()})
    for _ in range(plays):
        hand = state.hands[state.to_play]
        state = state.play(max(hand, key=lambda c: (c.rank != "A" and c.name is None, TIERS[c])))
    return state


def _hint_fallbacks() -> dict[str, Step]:
    """Hints whose partner signals cannot all hold, and one with a single card left."""
    named_and_aces = _keeping_the_best(
        {
            Seat.N: "3-coins 3-cups 2-coins 2-cups 4-coins 4-cups 4-swords 4-clubs 5-coins",
            Seat.E: "9-cups 9-coins 2-clubs 2-swords 5-cups 5-swords 5-clubs 6-coins 6-cups",
            Seat.W: "A-coins A-cups A-swords A-clubs 6-swords 6-clubs 7-coins 7-cups 7-swords",
            Seat.S: "K-coins K-cups K-swords K-clubs C-coins C-cups C-swords C-clubs J-coins",
        },
        20,
    )
    assert named_and_aces.to_play is Seat.S and len(named_and_aces.hands[Seat.S]) == 4
    talon = frozenset(c for c in PACK if all(c not in h for h in named_and_aces.hands.values())) - {
        c for t in named_and_aces.tricks for _, c in t.plays
    }
    # The partner "signalled nothing", yet the twelve unseen cards are all named cards and aces.
    relax = hint(HintRequest(named_and_aces, Seat.S, partner_signalled=True, out_of_play=talon), playouts=50)
    three_aces = _keeping_the_best(
        {
            Seat.N: "A-coins 4-coins 4-cups 4-swords 4-clubs 5-coins 5-cups 5-swords 5-clubs",
            Seat.E: "A-cups 6-coins 6-cups 6-swords 6-clubs 7-coins 7-cups 7-swords 7-clubs",
            Seat.W: "A-swords 8-coins 8-cups 8-swords 8-clubs 9-swords 9-clubs J-cups J-swords",
            Seat.S: "K-coins K-cups K-swords K-clubs C-coins C-cups C-swords C-clubs J-coins",
        },
        32,
    )
    assert three_aces.to_play is Seat.S and len(three_aces.hands[Seat.S]) == 1
    gone = frozenset(c for c in PACK if all(c not in h for h in three_aces.hands.values())) - {
        c for t in three_aces.tricks for _, c in t.plays
    }
    # "No aces", says the partner's signal, yet the three unseen cards are aces.
    no_aces = hint(HintRequest(three_aces, Seat.S, partner_aces=0, out_of_play=gone), playouts=50)
    by_id = {s.msg: s for s in (*relax.explanation, *no_aces.explanation)}
    return {key: by_id[key] for key in ("hint.relax_named", "hint.relax_aces", "hint.one_tier")}


def _false(signal_id: str, hand: str) -> Step:
    found = false_signal(signal(signal_id), cards(hand))
    assert found is not None
    return found


@cache
def corpus() -> tuple[Step, ...]:
    """Every step of the corpus (top-level steps; nested ones through :func:`walk`)."""
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")], verify=True)
    found: list[Step] = []
    for scenario in course.scenarios.values():
        found.extend(solve(scenario).explanation)
    for seed, agree, well in ((1, True, True), (2, True, False), (3, False, True), (4, True, True)):
        found.extend(_match_steps(seed, agree, well))
    found.extend(_hint_steps())
    found.extend(_drill_steps())
    found.extend(direct_cases().values())
    found.extend(_coach_steps())
    found.extend(_guide_steps())
    return tuple(found)


def _guide_steps() -> list[Step]:
    """Every instruction and why of the guided deal's way of playing, over every deal of a few games."""
    found: list[Step] = []
    for seed in (0, 1, 2, 16):  # seed 16, deal 4: South spoils a trick as last to play (rule 3)
        match = Match.start(("Anne", "Bastien", "Colette"), "You", seed)
        while match.phase != "game-over":
            wanted = guided.expected(match)
            found.extend((wanted.instruction, *wanted.why))
            if wanted.action == "over":
                match.next_deal()
            else:
                guided.act(match, wanted)
    return found


def _coach_steps() -> list[Step]:
    """The coach's review of a whole deal (seed 20, the learner always playing the first card) and a
    position for each of its one-line whys."""
    match = Match.start(seed=20)
    match.next_deal()
    match.learner_agrees(False)
    match.learner_signals([])
    while match.phase == "play":
        match.learner_plays(match.legal_cards()[0])
    found = [d.step for d in coach.review(match, playouts=500)]
    fillers = list(cards("A-swords A-clubs K-swords K-clubs C-swords C-clubs J-swords J-clubs 8-swords 8-coins"))
    for leader, current, south, played, best in (
        (Seat.N, "A-coins 5-cups", "3-cups 4-clubs", "3-cups", "4-clubs"),  # overtake
        (Seat.E, "K-coins", "3-cups 5-clubs", "5-clubs", "3-cups"),  # beat
        (Seat.E, "K-coins", "3-cups K-cups", "K-cups", "3-cups"),  # spoil
        (Seat.E, "6-cups", "9-coins 8-clubs", "9-coins", "8-clubs"),  # cheaper
        (Seat.E, "6-cups", "9-coins 4-clubs", "9-coins", "4-clubs"),  # hold
        (Seat.E, "3-coins", "3-cups 4-clubs", "3-cups", "4-clubs"),  # keep
        (Seat.S, "", "3-coins 9-coins", "9-coins", "3-coins"),  # sure
        (Seat.S, "", "K-coins 4-clubs", "K-coins", "4-clubs"),  # lead_low
        (Seat.N, "K-coins K-cups", "5-clubs 4-clubs", "4-clubs", "5-clubs"),  # playouts (a tie so far)
    ):
        spare = iter(fillers)
        played_now = list(cards(current))
        hands = {seat: [next(spare)] for seat in Seat}
        hands[Seat.S] = list(cards(south))
        before = dict(zip(leader.clockwise_from(), played_now, strict=False))
        dealt = {seat: (*hands[seat], *([before[seat]] if seat in before else [])) for seat in Seat}
        state = DealState(Seat.W, {seat: tuple(h) for seat, h in hands.items()}, (), tuple(played_now), leader)
        deal = DealRecord(1, Seat.W, dealt, ())
        found.append(coach.why(state, parse_card(played), parse_card(best), deal))
    return found
