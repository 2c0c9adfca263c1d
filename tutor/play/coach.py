"""The coach after a deal: the learner's card decisions one by one, each judged by the hint.

For every card the learner played, the position is rebuilt as the learner saw it and asked exactly as the
Hint button asks it (:func:`tutor.play.asking.hint_request`: own hand, cards played, the partner's signals,
own discards, the chant), and :func:`tutor.play.hint.hint` estimates each card's chance of winning the
deal's point. Where the card played is well behind the best one (:data:`LARGE` or more), the coach says
why in one line, from facts of the trick (who was winning it, which card beats it, which card is sure to
win) read off the position, never from the hint's words.

A position with at most :data:`PUZZLE_TRICKS` tricks left can be saved as a ``play`` puzzle with the real
hands (:func:`puzzle`), which the exact solver checks.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.content.generate import scenario_yaml
from tutor.content.scenario import scenario_from_document
from tutor.content.solve import solve
from tutor.content.writing import create
from tutor.content.yamlsafe import parse_document
from tutor.engine.cards import PACK, Card
from tutor.engine.deal_state import DealState
from tutor.engine.errors import RuleViolation, short
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.ranking import TIERS, ordered
from tutor.engine.seats import SEATS
from tutor.engine.steps import Step
from tutor.play.asking import hint_request
from tutor.play.hint import hint
from tutor.play.match import LEARNER, PARTNER, DealRecord, Match
from tutor.play.messages import step
from tutor.play.record import MAX_PER_DAY, checked_yaml

LARGE = 0.15  # a card 15 percentage points (or more) behind the best is worth a word
SAME = 0.01  # within one point of the best: as good as the best (the estimate's own error is about that)
PLAYOUTS = 4000  # per decision: nine decisions in about a second
PUZZLE_TRICKS = 7  # positions with this many tricks left or fewer can be practised (the solver takes seconds at 7)
TRICKS = 9


@dataclass(frozen=True)
class Decision:
    """One card the learner played, with the hint's estimate of every card they could have played."""

    trick: int  # 1-based
    state: DealState  # the deal just before the learner's card
    played: Card
    best: Card
    chances: Mapping[Card, float]  # a FrozenMap (a plain dict given is frozen)
    why: Step | None  # one line, only where the card played is well behind the best

    def __post_init__(self) -> None:
        freeze_fields(self, "chances")

    @property
    def loss(self) -> float:
        """How far the card played is behind the best card, in chance of winning the point."""
        return self.chances[self.best] - self.chances[self.played]

    @property
    def large(self) -> bool:
        return self.loss >= LARGE

    @property
    def step(self) -> Step:
        """``Trick 3: you played 9-cups: 31% to win the point; Madame: 58%.``"""
        if self.played == self.best or self.loss < SAME:
            return step("coach.best", trick=self.trick, played=self.played, chance=self.chances[self.played])
        return step(
            "coach.decision",
            trick=self.trick,
            played=self.played,
            chance=self.chances[self.played],
            best=self.best,
            best_chance=self.chances[self.best],
        )

    @property
    def tricks_left(self) -> int:
        return TRICKS - len(self.state.tricks)

    @property
    def practisable(self) -> bool:
        """Small enough for the exact solver to check as a ``play`` puzzle."""
        return self.tricks_left <= PUZZLE_TRICKS


def review(match: Match, number: int | None = None, playouts: int = PLAYOUTS) -> list[Decision]:
    """Every card the learner played in deal ``number`` (default: the last), judged by the hint.

    Seeded by the game's seed, the deal and the card's place, so the same deal gets the same review."""
    deals = [d for d in match.deals if number is None or d.number == number]
    if not deals:
        return []
    deal = deals[-1]
    state = DealState.start(deal.dealer, deal.hands)
    decisions = []
    for n, c in enumerate(deal.plays):
        if state.to_play is LEARNER:
            legal = state.legal_cards()
            if len(set(TIERS[x] for x in legal)) > 1:
                found = hint(
                    hint_request(match, deal, state), playouts=playouts, seed=match.seed * 1000 + deal.number * 40 + n
                )
                chances = dict(found.chances)
                best = max(chances, key=lambda x: (chances[x], TIERS[x]))  # on a tie, the lower card
                if chances[c] >= chances[best]:
                    best = c
                decision = Decision(len(state.tricks) + 1, state, c, best, chances, None)
                if decision.large:
                    decision = Decision(decision.trick, state, c, best, chances, why(state, c, best, deal))
                decisions.append(decision)
        state = state.play(c)
    return decisions


def why(state: DealState, played: Card, best: Card, deal: DealRecord) -> Step:
    """One line of plain words from the trick's facts: why ``best`` does better than ``played``."""
    plays = state.current_plays
    tier_played, tier_best = TIERS[played], TIERS[best]
    if plays:
        top = min(TIERS[c] for _, c in plays)  # tier 1 is the highest card
        holders = [seat for seat, c in plays if TIERS[c] == top]
        card = next(c for seat, c in plays if TIERS[c] == top)
        one = len(holders) == 1  # someone is winning the trick so far (not a tie)
        partner = holders == [PARTNER]
        played_beats, best_beats = tier_played < top, tier_best < top
        if partner and played_beats and not best_beats:
            return step("coach.why.overtake", card=card, played=played, best=best)
        if one and not partner and best_beats:
            if played_beats and tier_best > tier_played:
                return step("coach.why.cheaper", best=best, holder=holders[0], card=card, played=played)
            if tier_played == top:
                return step("coach.why.spoil", played=played, card=card, best=best)
            if tier_played > top:
                return step("coach.why.beat", best=best, card=card, holder=holders[0], played=played)
        if one and not partner and played_beats and not best_beats:
            return step("coach.why.hold", played=played, holder=holders[0], card=card, best=best)
        if not played_beats and not best_beats and tier_best > tier_played:
            return step("coach.why.keep", played=played, best=best)
    else:
        unseen = _unseen(state, deal)
        sure = all(TIERS[best] < TIERS[c] for c in unseen)
        if sure and any(TIERS[played] >= TIERS[c] for c in unseen):
            return step("coach.why.sure", best=best, played=played)
        if tier_best > tier_played:
            return step("coach.why.lead_low", best=best, played=played)
    return step("coach.why.playouts", deals=PLAYOUTS, best=best)


def _unseen(state: DealState, deal: DealRecord) -> list[Card]:
    """The cards the learner cannot see: not in hand, not played, not among their own discards."""
    played = {c for t in state.tricks for _, c in t.plays} | set(state.current)
    known = set(state.hands[LEARNER]) | played | set(deal.discards.get(LEARNER, ()))
    return [c for c in PACK if c not in known]


def puzzle(decision: Decision, mordienne: bool, scenario_id: str, title: str) -> dict[str, Any]:
    """The decision as a ``play`` scenario with the real hands (``expect`` is left to the solver)."""
    state = decision.state
    results = ["spoiled" if t.winner is None else t.winner.value for t in state.tricks]
    return {
        "id": scenario_id,
        "title": title,
        "kind": "play",
        "topic": "play",
        "difficulty": 3,
        "rules": {"mordienne": bool(mordienne)},
        "setup": {
            "tricks": results,
            "leader": state.leader.value,
            "plays": [str(c) for c in state.current],
            "hands": {seat.value: [str(c) for c in ordered(state.hands[seat])] for seat in SEATS},
        },
        "ask": ["best", "results"],
        "hint": f"You are {LEARNER.title}, to play to trick {decision.trick}; every hand is shown.",
        "note": (
            f"A position from a deal you played: you played {decision.played}; the estimate during the game "
            f"preferred {decision.best}. The exact solver settles it with every hand shown."
        ),
    }


def save_puzzle(decision: Decision, mordienne: bool, folder: Path | str, *, on: dt.date | None = None) -> Path:
    """Write the decision as ``folder/position-<yyyymmdd>-<n>.yaml``, a ``play`` puzzle whose ``expect`` is the
    exact solver's answer (checked as ``aluette-tutor check`` would); never overwrites. Raises
    :class:`RuleViolation` if the position is too big for the solver or the folder cannot be written."""
    if not decision.practisable:
        raise RuleViolation(
            f"trick {decision.trick} has {decision.tricks_left} tricks left: positions with {PUZZLE_TRICKS} or fewer "
            "can be practised"
        )
    out = Path(folder)
    when = on or dt.date.today()
    try:
        out.mkdir(parents=True, exist_ok=True)
        for n in range(1, MAX_PER_DAY + 1):
            path = out / f"position-{when:%Y%m%d}-{n}.yaml"
            if os.path.lexists(path):
                continue
            data = puzzle(decision, mordienne, path.stem, f"Your trick {decision.trick}: which card?")
            data["expect"] = solved(data)
            text = checked_yaml(data)
            try:
                create(path, text)
            except FileExistsError:  # taken since it was looked at (another tab saving): the next one
                continue
            return path
    except OSError as error:
        raise RuleViolation(f"cannot write to {short(str(out), 80)}: {error.strerror or error}") from None
    raise RuleViolation(f"{short(str(out), 80)} already holds {MAX_PER_DAY:,} positions saved on {when.isoformat()}")


def solved(data: dict[str, Any]) -> dict[str, Any]:
    """The exact solver's outcome for a ``play`` scenario mapping (the keys a puzzle expects)."""
    scenario = scenario_from_document(parse_document(scenario_yaml(dict(data)).encode("utf-8"), "<position>"))
    outcome = solve(scenario).outcome()
    return {key: outcome[key] for key in ("to_play", "value", "best", "results")}
