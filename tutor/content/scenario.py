"""Scenario files (the fixed contract in ``shared/scenario-contract.md``) read into typed values.

A scenario sets up one situation of a given kind; the engine computes its outcome. Beyond the
contract: the optional keys ``difficulty`` (1-3) and ``hint`` (text a learner may reveal first), and
the kind ``dealing`` (setup ``dealer``, ``pack``: 48 cards from the top, optional ``cut``: cards lifted).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from tutor.content.drills import gesture_seen
from tutor.content.outcomes import ALL_KINDS, OUTCOME_SHAPES, normalize
from tutor.content.problems import ContentError, Problem
from tutor.content.reader import MISSING, SLUG, Missing, Reader, internal_error
from tutor.content.texts import Text
from tutor.content.yamlsafe import Document, load_document
from tutor.engine.cards import Card, parse_card
from tutor.engine.errors import PathPart, RuleViolation, short
from tutor.engine.game import DEALS_PER_GAME, DealPoint
from tutor.engine.scoring import TRICKS_PER_DEAL
from tutor.engine.seats import SEATS, Seat
from tutor.engine.signals import SIGNAL_IDS, SIGNALS, signal

REQUIRED = ("id", "title", "kind", "topic", "setup", "ask")
OPTIONAL = ("rules", "expect", "note", "difficulty", "hint")


@dataclass(frozen=True)
class RankSetup:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DrawSetup:
    players: tuple[str, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TrickSetup:
    leader: Seat
    plays: tuple[Card, ...]


@dataclass(frozen=True)
class DealScoringSetup:
    """Either the nine trick results, or the dealer, the hands and the plays."""

    tricks: tuple[Seat | None, ...] | None = None
    dealer: Seat | None = None
    hands: dict[Seat, tuple[Card, ...]] | None = None
    plays: tuple[tuple[Card, ...], ...] | None = None


@dataclass(frozen=True)
class ChantSetup:
    dealer: Seat
    talon: tuple[Card, ...]
    agree: dict[Seat, bool]
    hands: dict[Seat, tuple[Card, ...]]


@dataclass(frozen=True)
class SignalSetup:
    signal: str | None = None
    hand: tuple[Card, ...] | None = None
    # Given as ``gesture:``: the learner sees the gesture, never the signal's name, and is
    # asked what it says. ``times``: how often the mouth opens, for the aces signal.
    from_gesture: bool = False
    times: int | None = None

    @property
    def gesture_seen(self) -> str | None:
        """The gesture as the learner sees it, when the setup gives a gesture ("open the mouth twice")."""
        if not self.from_gesture or self.signal is None:
            return None
        return gesture_seen(signal(self.signal), self.times)


@dataclass(frozen=True)
class CutAndDealSetup:
    dealer: Seat
    pack: tuple[Card, ...]
    cut: int | None = None


@dataclass(frozen=True)
class GameSetup:
    first_dealer: Seat
    deals: tuple[DealPoint | tuple[Seat | None, ...], ...]


@dataclass(frozen=True)
class PlaySetup:
    """A position to play from: the results of the tricks done, the trick under way, the four hands."""

    tricks: tuple[Seat | None, ...]
    leader: Seat
    plays: tuple[Card, ...]
    hands: dict[Seat, tuple[Card, ...]]
    hand_keys: dict[Seat, PathPart] = field(default_factory=dict, compare=False)  # each seat's key as written

    @property
    def to_play(self) -> Seat:
        return self.leader.clockwise_from()[len(self.plays)]


Setup = (
    RankSetup
    | DrawSetup
    | TrickSetup
    | DealScoringSetup
    | ChantSetup
    | SignalSetup
    | GameSetup
    | CutAndDealSetup
    | PlaySetup
)


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    kind: str
    topic: str
    setup: Setup
    ask: tuple[str, ...]
    mordienne: bool = False
    expect: dict[str, object] = field(default_factory=dict)
    note: str | None = None
    difficulty: int | None = None
    hint: str | None = None
    document: Document | None = field(default=None, compare=False, repr=False)
    # Internal, never read from a file: a generated scenario's title and hint as messages (by key), which
    # the app shows in the learner's language (tutor.i18n.content.localize_generated).
    texts: Mapping[str, Text] | None = field(default=None, compare=False, repr=False)

    @property
    def file(self) -> str:
        return self.document.file if self.document else "<memory>"

    @property
    def outcome_keys(self) -> tuple[str, ...]:
        """The outcome keys this scenario's form can produce."""
        return _form_keys(self.kind, self.setup)

    def problem(self, path: tuple[str | int, ...], message: str) -> Problem:
        if self.document is None:
            return Problem(self.file, 1, ".".join(map(str, path)), message)
        return self.document.problem(path, message)


def load_scenario(path: Path, shown: str | None = None) -> Scenario:
    """Read and validate one scenario file; raise :class:`ContentError` listing every problem."""
    return scenario_from_document(load_document(path, shown))


def scenario_from_document(doc: Document) -> Scenario:
    """The scenario in ``doc``; raise :class:`ContentError` listing every problem, and never anything else."""
    try:
        return _read(doc)
    except ContentError:
        raise
    except Exception as error:  # a reader bug must not crash check or the app: report it like a problem
        raise ContentError([internal_error(doc, error)]) from error


def _read(doc: Document) -> Scenario:
    r = Reader(doc)
    top = r.mapping((), doc.data, "a mapping of scenario keys (id, title, kind, topic, setup, ask)")
    if isinstance(top, Missing):
        raise ContentError(r.problems)
    r.keys((), top, REQUIRED, OPTIONAL)
    sid = r.slug(("id",), top["id"]) if "id" in top else MISSING
    title = r.text(("title",), top["title"]) if "title" in top else MISSING
    topic = r.slug(("topic",), top["topic"]) if "topic" in top else MISSING
    kind = r.choice(("kind",), top["kind"], ALL_KINDS, "a kind", "kinds") if "kind" in top else MISSING
    mordienne = _rules(r, top.get("rules", {}))
    setup: Setup | Missing = MISSING
    if isinstance(kind, str) and "setup" in top:
        setup_map = r.mapping(("setup",), top["setup"])
        if not isinstance(setup_map, Missing):
            setup = _SETUP_READERS[kind](r, setup_map)
    note = r.text(("note",), top["note"], multiline=True) if "note" in top else None
    hint = r.text(("hint",), top["hint"], multiline=True) if "hint" in top else None
    difficulty = r.integer(("difficulty",), top["difficulty"], 1, 3) if "difficulty" in top else None
    ask = _ask(r, top["ask"], kind, setup) if "ask" in top else MISSING
    expect = _expect(r, top.get("expect", {}), kind, setup)
    if isinstance(setup, PlaySetup) and isinstance(expect, dict):
        _play_expect(r, top.get("expect", {}), setup)
    values = (sid, title, topic, kind, setup, ask, mordienne, note, hint, difficulty, expect)
    if r.problems or any(isinstance(v, Missing) for v in values):
        raise ContentError(r.problems or [doc.problem((), "this scenario could not be read")])
    assert isinstance(sid, str) and isinstance(title, str) and isinstance(topic, str) and isinstance(kind, str)
    # Checked just above: nothing is missing.
    assert not isinstance(setup, Missing) and not isinstance(ask, Missing) and not isinstance(mordienne, Missing)
    assert not isinstance(expect, Missing) and not isinstance(note, Missing) and not isinstance(hint, Missing)
    assert not isinstance(difficulty, Missing)
    return Scenario(
        sid,
        title,
        kind,
        topic,
        setup,
        ask,
        mordienne,
        expect,
        note,
        difficulty,
        hint,
        doc,
    )


def declared_id(doc: Document) -> str | None:
    """The id a scenario file gives itself, if it is a slug, even when the rest of the file has problems."""
    data = doc.data
    sid = data.get("id") if isinstance(data, dict) else None
    return sid if isinstance(sid, str) and SLUG.match(sid) else None


def _rules(r: Reader, value: object) -> bool | Missing:
    rules = r.mapping(("rules",), value)
    if isinstance(rules, Missing):
        return MISSING
    r.keys(("rules",), rules, (), ("mordienne",))
    return r.boolean(("rules", "mordienne"), rules["mordienne"]) if "mordienne" in rules else False


def _form_keys(kind: str, setup: Setup | Missing) -> tuple[str, ...]:
    keys = tuple(OUTCOME_SHAPES[kind])
    if isinstance(setup, DealScoringSetup) and setup.tricks is not None:
        keys = tuple(k for k in keys if k != "leaders")
    if isinstance(setup, SignalSetup):
        keys = ("meaning", "gesture") if setup.signal else ("signals", "aces")
    return keys


def _ask(r: Reader, value: object, kind: object, setup: Setup | Missing) -> tuple[str, ...] | Missing:
    items = r.sequence(("ask",), value)
    if isinstance(items, Missing):
        return MISSING
    if not items:
        return r.add(("ask",), "ask at least one outcome key")
    if not isinstance(kind, str):
        return MISSING
    keys = _form_keys(kind, setup)
    asked: list[str] = []
    for position, item in enumerate(items):
        key = r.choice(("ask", position), item, keys, "an outcome of this scenario", "outcomes")
        if isinstance(key, Missing):
            continue
        if key in asked:
            r.add(("ask", position), f"'{key}' is asked twice")
        elif key == "gesture" and isinstance(setup, SignalSetup) and setup.from_gesture:
            r.add(("ask", position), "the setup shows the gesture, so asking for it gives the answer away")
        else:
            asked.append(key)
    return tuple(asked)


def _expect(r: Reader, value: object, kind: object, setup: Setup | Missing) -> dict[str, object] | Missing:
    expect = r.mapping(("expect",), value)
    if isinstance(expect, Missing) or not isinstance(kind, str):
        return MISSING
    keys = _form_keys(kind, setup)
    result: dict[str, object] = {}
    for key, written in expect.items():
        if key not in keys:
            r.add(
                ("expect", cast(PathPart, key)),
                f"{short(key)} is not an outcome of this scenario (outcomes: {' '.join(keys)})",
            )
            continue
        try:
            result[str(key)] = normalize(kind, str(key), written)
        except RuleViolation as error:
            r.add(("expect", key, *error.path), error.message)
    return result


# --- setups, one reader per kind -------------------------------------------------------------


def _rank(r: Reader, s: dict[object, object]) -> Setup | Missing:
    r.keys(("setup",), s, ("cards",))
    found = r.cards(("setup", "cards"), s["cards"], 2, 48) if "cards" in s else MISSING
    return MISSING if isinstance(found, Missing) else RankSetup(found)


def _draw(r: Reader, s: dict[object, object]) -> Setup | Missing:
    r.keys(("setup",), s, ("players", "cards"))
    players = r.sequence(("setup", "players"), s["players"], 4, "players") if "players" in s else MISSING
    names: list[str] = []
    if not isinstance(players, Missing):
        for position, name in enumerate(players):
            text = r.name(("setup", "players", position), name)
            if isinstance(text, str):
                if text in names:
                    r.add(("setup", "players", position), f"{short(text)} is named twice")
                names.append(text)
    found = r.cards(("setup", "cards"), s["cards"], 1, 48) if "cards" in s else MISSING
    if isinstance(found, Missing) or len(names) != 4:
        return MISSING
    return DrawSetup(tuple(names), found)


def _trick(r: Reader, s: dict[object, object]) -> Setup | Missing:
    r.keys(("setup",), s, ("leader", "plays"))
    leader = r.seat(("setup", "leader"), s["leader"]) if "leader" in s else MISSING
    plays = r.cards(("setup", "plays"), s["plays"], 4) if "plays" in s else MISSING
    if isinstance(leader, Missing) or isinstance(plays, Missing):
        return MISSING
    return TrickSetup(leader, plays)


def _trick_results(r: Reader, path: tuple[str | int, ...], value: object) -> tuple[Seat | None, ...] | Missing:
    items = r.sequence(path, value, TRICKS_PER_DEAL, "trick results (a seat or 'spoiled' each)")
    if isinstance(items, Missing):
        return MISSING
    results: list[Seat | None] = []
    for position, item in enumerate(items):
        seat = r.seat_or_spoiled((*path, position), item)
        if isinstance(seat, Missing):
            return MISSING
        results.append(seat)
    return tuple(results)


def _hands(r: Reader, path: tuple[str | int, ...], value: object) -> dict[Seat, tuple[Card, ...]] | Missing:
    by_seat = r.seat_mapping(path, value)
    if isinstance(by_seat, Missing):
        return MISSING
    hands: dict[Seat, tuple[Card, ...]] = {}
    for seat, (where, cards) in by_seat.items():
        found = r.cards(where, cards, 9)
        if not isinstance(found, Missing):
            hands[seat] = found
    return hands if len(hands) == len(by_seat) else MISSING


def _deal(r: Reader, s: dict[object, object]) -> Setup | Missing:
    if "tricks" in s:
        r.keys(("setup",), s, ("tricks",))
        tricks = _trick_results(r, ("setup", "tricks"), s["tricks"])
        return MISSING if isinstance(tricks, Missing) else DealScoringSetup(tricks=tricks)
    if not any(k in s for k in ("dealer", "hands", "plays")):
        return r.add(("setup",), "give either 'tricks' (9 results) or 'dealer', 'hands' and 'plays'")
    r.keys(("setup",), s, ("dealer", "hands", "plays"))
    dealer = r.seat(("setup", "dealer"), s["dealer"]) if "dealer" in s else MISSING
    hands = _hands(r, ("setup", "hands"), s["hands"]) if "hands" in s else MISSING
    if isinstance(hands, dict):
        for seat in SEATS:
            if seat not in hands:
                r.add(("setup", "hands"), f"missing hand for {seat} (a deal needs all four hands)")
    played = r.sequence(("setup", "plays"), s["plays"], TRICKS_PER_DEAL, "tricks") if "plays" in s else MISSING
    plays: list[tuple[Card, ...]] = []
    if not isinstance(played, Missing):
        for number, trick in enumerate(played):
            found = r.cards(("setup", "plays", number), trick, 4)
            if not isinstance(found, Missing):
                plays.append(found)
    if isinstance(dealer, Missing) or isinstance(hands, Missing) or len(plays) != TRICKS_PER_DEAL:
        return MISSING
    return DealScoringSetup(dealer=dealer, hands=hands, plays=tuple(plays))


def _chant(r: Reader, s: dict[object, object]) -> Setup | Missing:
    r.keys(("setup",), s, ("dealer", "talon"), ("agree", "hands"))
    dealer = r.seat(("setup", "dealer"), s["dealer"]) if "dealer" in s else MISSING
    talon = r.cards(("setup", "talon"), s["talon"], 12) if "talon" in s else MISSING
    agree: dict[Seat, bool] = {}
    if "agree" in s:
        by_seat = r.seat_mapping(("setup", "agree"), s["agree"])
        if not isinstance(by_seat, Missing):
            for seat, (where, value) in by_seat.items():
                ok = r.boolean(where, value)
                if isinstance(ok, bool):
                    agree[seat] = ok
    hands = _hands(r, ("setup", "hands"), s["hands"]) if "hands" in s else {}
    if isinstance(dealer, Missing) or isinstance(talon, Missing) or isinstance(hands, Missing):
        return MISSING
    return ChantSetup(dealer, talon, agree, hands)


def _signal(r: Reader, s: dict[object, object]) -> Setup | Missing:
    if sum(key in s for key in ("signal", "gesture", "hand")) != 1:
        return r.add(
            ("setup",),
            "give one of 'signal' (a signal id), 'gesture' (the gesture seen) or 'hand' (cards), not several or none",
        )
    if "gesture" in s:
        return _gesture(r, s)
    if "signal" in s:
        r.keys(("setup",), s, ("signal",))
        signal = r.choice(("setup", "signal"), s["signal"], SIGNAL_IDS, "a signal", "signals", fold=True)
        return MISSING if isinstance(signal, Missing) else SignalSetup(signal=signal)
    r.keys(("setup",), s, ("hand",))
    hand = r.cards(("setup", "hand"), s["hand"], 1, 15)
    return MISSING if isinstance(hand, Missing) else SignalSetup(hand=hand)


def _gesture(r: Reader, s: dict[object, object]) -> Setup | Missing:
    """The gesture a partner makes, in words of the rules' table ("stick out the thumb", or just "thumb")."""
    r.keys(("setup",), s, ("gesture",), ("times",))
    words = r.text(("setup", "gesture"), s["gesture"])
    if isinstance(words, Missing):
        return MISSING
    # Only the gestures are searched, never the meanings: the setup must not name its own answer.
    fits = [x for x in SIGNALS if all(w in x.gesture.lower() for w in words.lower().split())]
    if len(fits) != 1:
        found = f"fits {' '.join(x.id for x in fits)}" if fits else "is no gesture of the rules' table"
        return r.add(
            ("setup", "gesture"),
            f"{short(words)} {found}: describe one gesture (gestures: {'; '.join(x.gesture for x in SIGNALS)})",
        )
    times = None
    if "times" in s:
        if fits[0].id != "aces":
            return r.add(("setup", "times"), "'times' counts the mouth opening for the aces; this gesture has no count")
        counted = r.integer(("setup", "times"), s["times"], 1, 4)
        if isinstance(counted, Missing):
            return MISSING
        times = counted
    return SignalSetup(signal=fits[0].id, from_gesture=True, times=times)


def _game(r: Reader, s: dict[object, object]) -> Setup | Missing:
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
                tricks = _trick_results(r, (*path, "tricks"), entry["tricks"])
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


def _dealing(r: Reader, s: dict[object, object]) -> Setup | Missing:
    r.keys(("setup",), s, ("dealer", "pack"), ("cut",))
    dealer = r.seat(("setup", "dealer"), s["dealer"]) if "dealer" in s else MISSING
    pack = r.cards(("setup", "pack"), s["pack"], 48) if "pack" in s else MISSING
    at = r.integer(("setup", "cut"), s["cut"], 1, 47) if "cut" in s else None
    if isinstance(dealer, Missing) or isinstance(pack, Missing) or isinstance(at, Missing):
        return MISSING
    return CutAndDealSetup(dealer, pack, at)


def _play(r: Reader, s: dict[object, object]) -> Setup | Missing:
    r.keys(("setup",), s, ("tricks", "leader", "plays", "hands"))
    tricks = _tricks_done(r, ("setup", "tricks"), s["tricks"]) if "tricks" in s else MISSING
    leader = r.seat(("setup", "leader"), s["leader"]) if "leader" in s else MISSING
    plays: tuple[Card, ...] | Missing = MISSING
    if "plays" in s:
        written = s["plays"]
        if isinstance(written, list) and len(written) > 3:
            r.add(
                ("setup", "plays"),
                f"at most 3 cards can be played to the trick under way (a fourth ends it), found {len(written)}",
            )
        else:
            plays = r.cards(("setup", "plays"), written, 0, 3)
    hands: dict[Seat, tuple[Card, ...]] = {}
    keys: dict[Seat, PathPart] = {}
    by_seat = r.seat_mapping(("setup", "hands"), s["hands"]) if "hands" in s else MISSING
    if not isinstance(by_seat, Missing):
        for seat, (where, cards) in by_seat.items():
            found = r.cards(where, cards, 0, TRICKS_PER_DEAL)
            if not isinstance(found, Missing):
                hands[seat] = found
                keys[seat] = where[-1]
        for seat in SEATS:
            if seat not in by_seat:
                r.add(("setup", "hands"), f"missing hand for {seat} (give all four hands, [] for an empty one)")
    if any(isinstance(v, Missing) for v in (tricks, leader, plays, by_seat)) or len(hands) != len(SEATS):
        return MISSING
    return PlaySetup(tricks, leader, plays, hands, keys)  # type: ignore[arg-type]


def _tricks_done(r: Reader, path: tuple[str | int, ...], value: object) -> tuple[Seat | None, ...] | Missing:
    """The results of the tricks played so far: 0 to 8 entries, each a seat or 'spoiled'."""
    items = r.sequence(path, value, None, "trick results")
    if isinstance(items, Missing):
        return MISSING
    if len(items) >= TRICKS_PER_DEAL:
        return r.add(
            path, f"at most {TRICKS_PER_DEAL - 1} tricks can be done (a trick must be left to play), found {len(items)}"
        )
    results: list[Seat | None] = []
    for position, item in enumerate(items):
        if item is None or (isinstance(item, str) and item.strip().lower() == "spoiled"):
            results.append(None)
            continue
        try:
            results.append(Seat.parse(item))
        except RuleViolation:
            r.add((*path, position), f"{short(item)} is not a seat or 'spoiled'")
    return tuple(results) if len(results) == len(items) else MISSING


def _play_expect(r: Reader, written: object, setup: PlaySetup) -> None:
    """Cards named in ``best`` or ``results`` must be in the hand of the player to move."""
    if not isinstance(written, dict):
        return
    mover = setup.to_play
    hand = set(setup.hands[mover])
    named: list[tuple[tuple[str | int, ...], object]] = []
    if isinstance(written.get("best"), list):
        named += [(("expect", "best", n), c) for n, c in enumerate(written["best"])]
    if isinstance(written.get("results"), dict):
        named += [(("expect", "results", cast(PathPart, k)), k) for k in written["results"]]
    for path, value in named:
        try:
            c = parse_card(value)
        except RuleViolation:
            continue  # already reported by the outcome's own check
        if c not in hand:
            r.add(path, f"{c} is not in {mover.title}'s hand ({mover.title} is to play)")


_SETUP_READERS = {
    "rank": _rank,
    "draw": _draw,
    "trick": _trick,
    "deal": _deal,
    "chant": _chant,
    "signal": _signal,
    "game": _game,
    "dealing": _dealing,
    "play": _play,
}
