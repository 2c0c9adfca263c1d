"""Generated practice: random scenarios of every kind, biased towards the situations worth teaching.

``aluette-tutor generate KIND --count N --seed S --out DIR`` writes them as files; the app calls the same
functions in memory for endless practice. Uniformly random situations teach little (a random trick is
spoiled about one time in fifteen, a random deal is a mordienne less than one time in a hundred), so each
kind's generator deliberately over-samples ties, traps, close finishes and edge cases, and lets the engine
decide the answer: a generated scenario has no ``expect``, because it has no independent author.

Everything is a pure function of ``(kind, count, seed)`` through one ``random.Random(seed)``: the same
seed gives the same scenarios, and the first ``n`` scenarios of a longer run are the same as a run of ``n``.

>>> [s["id"] for s in generate("trick", 2, seed=7)]
['gen-trick-7-1', 'gen-trick-7-2']
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from tutor.content.outcomes import KINDS
from tutor.content.problems import ContentError
from tutor.content.scenario import Scenario, scenario_from_document
from tutor.content.solve import compare, solve
from tutor.content.texts import Text, _
from tutor.content.writing import write_all
from tutor.content.yamlsafe import parse_document
from tutor.engine import (
    NAMED,
    PACK,
    SEATS,
    SIGNAL_IDS,
    TIERS,
    TOP_CARDS,
    Card,
    DealPoint,
    DealScore,
    DealState,
    RuleViolation,
    Seat,
    Team,
    card,
    cards_of_tier,
    chant,
    eldest_of,
    hand_signals,
    partnership_draw,
    play_game,
    resolve_trick,
    score_deal,
    shuffle_and_deal,
    signal,
)
from tutor.engine.errors import short
from tutor.engine.natural_card import base_choice
from tutor.engine.position import Position
from tutor.engine.solver import MAX_TRICKS_LEFT, solve_position

MAX_COUNT = 10_000
# How often a player in a generated deal plays a random card instead of the bots' policy.
SLIP = 0.25
# ``play`` positions: at most this many tricks left by default (solved in milliseconds, see benchmarks/).
PLAY_TRICKS_LEFT = 5
# Every kind the generator writes: the app's kinds, and ``play`` (the app shows it once it draws play puzzles).
GENERATED_KINDS: tuple[str, ...] = (*KINDS, *(("play",) if "play" not in KINDS else ()))
# The curriculum's topics; every generated scenario uses one of these.
TOPICS: tuple[str, ...] = (
    "ranking",
    "draw",
    "dealing",
    "chant",
    "tricks",
    "spoiled-tricks",
    "scoring",
    "mordienne",
    "signals",
    "game",
    "play",
)

# First names for the partnership draw: French, Breton and Vendéen (Bas-Poitou, Marais) names, so that
# a learner tracks people rather than letters. None of them reads as a YAML boolean or null.
NAMES: tuple[str, ...] = (
    # French
    "Jeanne",
    "Pierre",
    "Marie",
    "Louis",
    "Madeleine",
    "Jacques",
    "Françoise",
    "Étienne",
    "Geneviève",
    "Henri",
    "Colette",
    "Marcel",
    # Breton
    "Yann",
    "Soizic",
    "Gwenaëlle",
    "Erwan",
    "Nolwenn",
    "Loïc",
    "Maïwenn",
    "Ronan",
    "Rozenn",
    "Goulven",
    "Katell",
    "Tanguy",
    "Enora",
    "Brieuc",
    "Anaïg",
    "Corentin",
    "Fañch",
    "Gwenolé",
    # Vendéen
    "Aimé",
    "Célestine",
    "Séraphin",
    "Honorine",
    "Mathurin",
    "Perrine",
    "Athanase",
    "Victorine",
    "Siméon",
    "Rosalie",
    "Philomène",
    "Célestin",
)

Data = dict[str, object]

_PLAIN_THREES = (card("3-swords"), card("3-clubs"))  # the lowest cards of the pack
_PLAIN_NINES = (card("9-swords"), card("9-clubs"))  # just below the jacks
_NAMED_THREES = (card("3-coins"), card("3-cups"))  # Monsieur and Madame
_NAMED_NINES = (card("9-cups"), card("9-coins"))  # Grand-neuf and Petit-neuf
_ACES = tuple(c for c in PACK if c.rank == "A")
# Cards that call for no signal: neither named nor an ace (plain threes and nines included, as traps).
_PLAIN = tuple(c for c in PACK if TIERS[c] >= 10)


@dataclass(frozen=True)
class _Draft:
    """One generated scenario before it gets its id: everything but the bookkeeping."""

    title: Text
    topic: str
    difficulty: int
    setup: Data
    ask: list[str]
    mordienne: bool | None = None  # the mordienne rule, written out when not None
    hint: Text | None = None


# --- the public API ------------------------------------------------------------------------------


def generate(kind: str, count: int, seed: int, tricks_left: int = PLAY_TRICKS_LEFT) -> list[Data]:
    """``count`` random scenarios of ``kind`` as YAML-ready mappings, ids ``gen-<kind>-<seed>-<n>``.

    ``tricks_left`` (``play`` only): the most tricks left in a position, 1 to 7; 5 by default keeps each
    one solved in milliseconds. Raises :class:`RuleViolation` for an unknown kind, a count outside
    1-10,000, a negative seed or a ``tricks_left`` outside 1-7.
    """
    return [data for data, _draft in _generate(kind, count, seed, tricks_left)]


def _generate(kind: str, count: int, seed: int, tricks_left: int) -> list[tuple[Data, _Draft]]:
    """Each scenario's mapping with the draft it came from (whose texts the app shows in any language)."""
    _check_arguments(kind, count, seed)
    if isinstance(tricks_left, bool) or not isinstance(tricks_left, int) or not 1 <= tricks_left <= MAX_TRICKS_LEFT:
        raise RuleViolation(
            f"the tricks left must be a whole number from 1 to {MAX_TRICKS_LEFT}, not {short(tricks_left)}"
        )
    rng = random.Random(seed)
    if kind == "play":
        drafts = [_play_puzzle(rng, tricks_left) for _n in range(count)]
    else:
        make = _GENERATORS[kind]
        drafts = [make(rng) for _n in range(count)]
    return [(_assemble(kind, seed, n, draft), draft) for n, draft in enumerate(drafts, start=1)]


def generate_scenarios(kind: str, count: int, seed: int, tricks_left: int = PLAY_TRICKS_LEFT) -> list[Scenario]:
    """The scenarios of :func:`generate`, read back from their YAML text through the file loader and solved.

    In-memory practice is therefore exactly as valid as ``generate`` + ``check``; a scenario the loader or
    the engine rejected would raise :class:`ContentError` (a bug in the generator, never expected). Each
    keeps its title and hint as messages (``texts``), for the app to show them in the learner's language.
    """
    return [
        dataclasses.replace(_checked(data)[1], texts=_texts(draft))
        for data, draft in _generate(kind, count, seed, tricks_left)
    ]


def _texts(draft: _Draft) -> dict[str, Text]:
    return {"title": draft.title} | ({"hint": draft.hint} if draft.hint is not None else {})


def scenario_yaml(data: Data) -> str:
    """The text of a scenario file: block style at the top level, flow style for card lists and small mappings."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)


def write_scenarios(
    kind: str, count: int, seed: int, out: Path, force: bool = False, tricks_left: int = PLAY_TRICKS_LEFT
) -> list[Path]:
    """Write the generated scenarios as ``out/<id>.yaml`` (creating ``out``), each checked before it is written.

    Nothing is written if a file of one of those names exists (unless ``force``: then regular files are
    replaced) or is a symbolic link (never written through). Raises :class:`RuleViolation` for bad
    arguments, a name that is taken, or a folder that cannot be written.
    """
    checked = [_checked(data) for data in generate(kind, count, seed, tricks_left)]
    return write_all([(out / f"{scenario.id}.yaml", text) for text, scenario in checked], force)


def whole_number(text: str, what: str) -> int:
    """Read a command-line count or seed; a one-line :class:`RuleViolation` if it is not a whole number."""
    try:
        return int(text.strip().replace("_", ""))
    except ValueError:
        raise RuleViolation(f"{what} must be a whole number, not {short(text)}") from None


def _check_arguments(kind: str, count: int, seed: int) -> None:
    if kind not in GENERATED_KINDS:
        raise RuleViolation(f"{short(kind)} is not a kind the generator writes (kinds: {' '.join(GENERATED_KINDS)})")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise RuleViolation(f"the count must be a whole number from 1 to {MAX_COUNT:,}, not {short(count)}")
    # A negative seed would put '--' in the id, which is not a slug.
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RuleViolation(f"the seed must be a whole number 0 or more, not {short(seed)}")


def _assemble(kind: str, seed: int, n: int, draft: _Draft) -> Data:
    """The scenario mapping, keys in the order authors write them."""
    data: Data = {
        "id": f"gen-{kind}-{seed}-{n}",
        "title": draft.title.english,
        "kind": kind,
        "topic": draft.topic,
        "difficulty": max(1, min(3, draft.difficulty)),
    }
    if draft.mordienne is not None:
        data["rules"] = {"mordienne": draft.mordienne}
    data["setup"] = draft.setup
    data["ask"] = list(draft.ask)
    if draft.hint:
        data["hint"] = draft.hint.english
    return data


def _checked(data: Data) -> tuple[str, Scenario]:
    """The file text and the scenario read back from it, solved and compared like ``check`` does."""
    text = scenario_yaml(data)
    doc = parse_document(text.encode("utf-8"), f"<generated {data.get('id')}>")
    scenario = scenario_from_document(doc)
    problems = compare(scenario, solve(scenario))
    if problems:
        raise ContentError(problems)
    return text, scenario


class _Dumper(yaml.SafeDumper):
    """Lists of scalars (cards, seats, asks) and mappings of scalars go on one line; the rest is block style."""


def _represent_list(dumper: yaml.SafeDumper, data: list[object]) -> yaml.Node:
    flow = all(not isinstance(item, list | dict) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[object, object]) -> yaml.Node:
    flow = all(not isinstance(value, list | dict) for value in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


# --- small helpers -------------------------------------------------------------------------------


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _best_first(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (TIERS[c], c.suit.order))


def _best_card(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (TIERS[c], c.suit.order))


def _worst_card(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (TIERS[c], c.suit.order))


def _weighted(rng: random.Random, options: Sequence[tuple[float, str]]) -> str:
    """One of the labels, chosen with the given weights."""
    return rng.choices([label for _, label in options], weights=[w for w, _ in options])[0]


def _worse_than(level: int) -> list[Card]:
    """Every card of a worse tier than ``level``."""
    return [c for c in PACK if TIERS[c] > level]


def _has_trap(cards: Sequence[Card]) -> bool:
    """A plain three or nine: its rank suggests a high card, its tier says otherwise."""
    return any(c in _PLAIN_THREES or c in _PLAIN_NINES for c in cards)


def _pick_ask(rng: random.Random, options: Sequence[tuple[list[str], Text]]) -> tuple[list[str], Text]:
    """One (ask, title) pair; the title names the first thing asked, so it always matches the question."""
    ask, title = rng.choice(list(options))
    return list(ask), title


# --- rank ----------------------------------------------------------------------------------------


def _rank(rng: random.Random) -> _Draft:
    """2-7 cards, built around a theme (threes, nines, twos, a tie) so that traps and ties come up often."""
    size = rng.randint(2, 7)
    theme = _weighted(rng, [(3, "threes"), (3, "nines"), (2, "twos"), (5, "tie"), (2, "named"), (1, "any")])
    chosen: list[Card] = []
    below: int | None = None  # when set, the other cards all rank below this tier, so the tie is for the highest
    if theme == "threes":
        # Monsieur and Madame beside the plain threes, the best and the worst cards of one rank.
        chosen += rng.sample([c for c in PACK if c.rank == "3"], rng.randint(2, 3))
    elif theme == "nines":
        # Plain nines rank below the jacks; named nines above the aces.
        chosen += rng.sample([c for c in PACK if c.rank == "9"], rng.randint(1, 3))
        chosen += rng.sample([c for c in PACK if c.rank in ("J", "8")], 1)
    elif theme == "twos":
        chosen += rng.sample([c for c in PACK if c.rank == "2"], rng.randint(1, 2))
        chosen += rng.sample([c for c in PACK if c.rank in ("A", "K")], 1)
    elif theme == "tie":
        level = rng.choice([*range(9, 18), 9, 9, 13])  # aces and plain nines tie most memorably
        chosen += rng.sample(list(cards_of_tier(level)), 2)
        below = level if rng.random() < 0.8 else None
    elif theme == "named":
        chosen += rng.sample(list(NAMED), 2)
    while len(chosen) < size:
        pool = [c for c in PACK if c not in chosen and (below is None or TIERS[c] >= below)]
        # Fill partly with cards that share a tier with one already chosen, so equal cards are common.
        same = [c for c in pool if any(TIERS[c] == TIERS[x] for x in chosen)]
        chosen.append(rng.choice(same if same and rng.random() < 0.3 else pool))
    rng.shuffle(chosen)
    groups: dict[int, int] = {}
    for c in chosen:
        groups[TIERS[c]] = groups.get(TIERS[c], 0) + 1
    tie = groups[min(groups)] > 1
    equal = any(n > 1 for n in groups.values())
    options = [
        (["highest"], _("Which card is highest?")),
        (["highest", "tie"], _("Which card is highest, and is there a tie?")),
        (["tie"], _("Is there a tie for the highest card?")),
        (["order"], _("Put these cards in order, best first")),
        (["highest", "order"], _("Which card is highest? Then order them all")),
    ]
    if len(chosen) <= 4:
        options.append((["tiers"], _("What tier is each card?")))
    ask, title = _pick_ask(rng, options)
    difficulty = 1 + (tie or equal) + _has_trap(chosen) + (("order" in ask or "tiers" in ask) and len(chosen) >= 6)
    return _Draft(
        title,
        "ranking",
        difficulty,
        {"cards": _codes(chosen)},
        ask,
        hint=_("Suits matter only for the eight named cards; any other two cards of one rank are exactly equal."),
    )


# --- draw ----------------------------------------------------------------------------------------


def _draw(rng: random.Random) -> _Draft:
    """Cards dealt face up to four named players until the four top cards are out; many draws end early."""
    names = rng.sample(NAMES, 4)
    spread = rng.random()
    if spread < 0.6:
        # A short or middling draw: the four top cards come early, so skips happen within a few cards.
        length = rng.randint(4, 12) if spread < 0.35 else rng.randint(13, 24)
        others = rng.sample([c for c in PACK if c not in TOP_CARDS], length - 4)
        tops = list(TOP_CARDS)
        rng.shuffle(tops)
        early = sorted(rng.sample(range(length - 1), 3))
        cards: list[Card] = []
        for position in range(length - 1):
            cards.append(tops.pop() if position in early else others.pop())
        cards.append(tops.pop())  # the draw ends with the last top card
    else:
        pack = list(PACK)
        rng.shuffle(pack)
        last = max(pack.index(c) for c in TOP_CARDS)
        cards = pack[: last + 1]
    result = partnership_draw(names, cards)
    skips = result.skips
    options = [
        (["partnerships"], _("Who partners whom?")),
        (["first_dealer"], _("Who deals the first deal?")),
        (["partnerships", "first_dealer"], _("Who partners whom, and who deals first?")),
        (["holders"], _("Who holds which top card?")),
    ]
    if len(cards) <= 14:
        options.append((["received"], _("Who receives which cards?")))
    ask, title = _pick_ask(rng, options)
    difficulty = 1 + skips + (len(cards) > 24 or "received" in ask)
    return _Draft(
        title,
        "draw",
        difficulty,
        {"players": names, "cards": _codes(cards)},
        ask,
        hint=_("Once a player holds a top card, the dealing skips them."),
    )


# --- trick ---------------------------------------------------------------------------------------


def _trick(rng: random.Random) -> _Draft:
    """Four cards from a random leader; a quarter of the tricks are spoiled, the rest full of traps and near misses.

    A quarter is still four times what random play gives (6.9%), enough to keep spoiling in mind without
    teaching that it is the usual ending of a trick (as spoiling half of them would).
    """
    leader = rng.choice(SEATS)
    shape = _weighted(rng, _TRICK_WEIGHTS)
    plays = _TRICK_SHAPES[shape](rng)
    trick = resolve_trick(leader, plays)
    options = [
        (["winner"], _("Who wins this trick?")),
        (["winner", "next_leader"], _("Who wins this trick, and who leads next?")),
        (["next_leader"], _("Who leads the next trick?")),
        (["spoiled", "next_leader"], _("Is this trick spoiled? Who leads next?")),
        (["winner", "best"], _("Who wins this trick, and with which card?")),
    ]
    ask, title = _pick_ask(rng, options)
    tiers = [TIERS[c] for c in plays]
    equal_below = any(tiers.count(t) > 1 for t in tiers if t != trick.best_tier)
    difficulty = 1 + (trick.spoiled or equal_below) + (_has_trap(plays) or len(trick.best) > 2)
    # Tricks about equal cards (spoiled, or a pair that is not the best) belong to the spoiled-tricks topic,
    # which therefore also holds near misses: the topic alone does not give the answer away.
    topic = "spoiled-tricks" if trick.spoiled or equal_below else "tricks"
    return _Draft(
        title,
        topic,
        difficulty,
        {"leader": leader.value, "plays": _codes(plays)},
        ask,
        hint=_("Find the best tier played; if two cards share it, nobody wins the trick."),
    )


def _spoiled_plays(rng: random.Random) -> list[Card]:
    """Two, three or four cards share the best tier played, mostly among the first three cards."""
    share = rng.choices([2, 3, 4], weights=[7, 2, 1])[0]
    levels = [t for t in range(9, 19) if len(cards_of_tier(t)) >= share and len(_worse_than(t)) >= 4 - share]
    level = rng.choices(levels, weights=[3 if t == 9 else 1 for t in levels])[0]
    plays = rng.sample(list(cards_of_tier(level)), share) + rng.sample(_worse_than(level), 4 - share)
    rng.shuffle(plays)
    if share < 4 and rng.random() < 0.75:
        # Mostly keep the tie among the first three cards: the last player spoiling is a shape of its own.
        last = rng.choice([c for c in plays if TIERS[c] > level])
        plays.remove(last)
        plays.append(last)
    return plays


def _last_spoils_plays(rng: random.Random) -> list[Card]:
    """The first three cards have one best card; the last player spoils it with an equal card."""
    level = rng.randint(9, 18)
    best, equal = rng.sample(list(cards_of_tier(level)), 2)
    others = rng.sample(_worse_than(level), 2)
    # Usually an opponent of the last player holds the best card (leader or third seat): spoiling it is
    # the tactic worth teaching. Sometimes it is the partner (second seat), a spoil that hurts.
    where = rng.choices([0, 2, 1], weights=[4, 4, 2])[0]
    first = others[:]
    first.insert(where, best)
    return [*first, equal]


def _equal_not_best_plays(rng: random.Random) -> list[Card]:
    """A pair of equal cards that does not spoil the trick, because a better card stands alone."""
    level = rng.randint(10, 18)
    pair = rng.sample(list(cards_of_tier(level)), 2)
    better_pool = [c for c in PACK if TIERS[c] < level]
    better = rng.choices(better_pool, weights=[3 if TIERS[c] <= 8 else 1 for c in better_pool])[0]
    rest = [c for c in PACK if TIERS[c] not in (level, TIERS[better])]
    plays = [*pair, better, rng.choice(rest)]
    rng.shuffle(plays)
    return plays


def _trap_plays(rng: random.Random) -> list[Card]:
    """Plain threes and nines, named cards: a card that looks high but is not, or the reverse; one winner."""
    theme = rng.choice(["threes", "nines", "twos", "named"])
    while True:
        if theme == "threes":
            start = [rng.choice(_PLAIN_THREES), rng.choice([*_NAMED_THREES, *cards_of_tier(18)])]
        elif theme == "nines":
            start = [rng.choice(_PLAIN_NINES), rng.choice([*cards_of_tier(12), *cards_of_tier(14), *_NAMED_NINES])]
        elif theme == "twos":
            start = [rng.choice([c for c in NAMED if c.rank == "2"]), rng.choice([*_ACES, *cards_of_tier(10)])]
        else:
            start = rng.sample(list(NAMED), 2)
        plays = start + rng.sample([c for c in PACK if c not in start], 2)
        rng.shuffle(plays)
        if not resolve_trick(Seat.N, plays).spoiled:
            return plays


def _ordinary_plays(rng: random.Random) -> list[Card]:
    """Four cards with a single winner; named cards are drawn three times as often as the others."""
    while True:
        plays: list[Card] = []
        while len(plays) < 4:
            pool = [c for c in PACK if c not in plays]
            plays.append(rng.choices(pool, weights=[3 if TIERS[c] <= 8 else 1 for c in pool])[0])
        if not resolve_trick(Seat.N, plays).spoiled:
            return plays


# The two spoiled shapes make up a quarter; equal cards that do not spoil and traps make most of the rest.
_TRICK_WEIGHTS: list[tuple[float, str]] = [
    (13, "spoiled"),
    (12, "last-spoils"),
    (20, "equal-not-best"),
    (30, "trap"),
    (25, "ordinary"),
]
_TRICK_SHAPES: dict[str, Callable[[random.Random], list[Card]]] = {
    "spoiled": _spoiled_plays,
    "last-spoils": _last_spoils_plays,
    "equal-not-best": _equal_not_best_plays,
    "trap": _trap_plays,
    "ordinary": _ordinary_plays,
}


# --- deal: trick results -------------------------------------------------------------------------

_DEAL_SHAPES: list[tuple[float, str]] = [
    (24, "mordienne"),
    (4, "mordienne-off"),
    (10, "near-miss"),
    (26, "tie"),
    (10, "three-way"),
    (1, "all-spoiled"),  # a real deal is never spoiled from start to finish: a rare reminder of the rule
    (2, "sweep"),
    (23, "ordinary"),
]
# Where the mordienne run starts (0-based trick): mostly mid-deal; a late start needs spoiled tricks first.
_RUN_STARTS = {1: 2, 2: 3, 3: 4, 4: 4, 5: 3, 6: 2, 7: 1, 8: 1}


def _results(rng: random.Random, shape: str) -> list[Seat | None]:
    """Nine trick results (a seat, or None for spoiled) of the given shape."""
    match shape:
        case "mordienne" | "mordienne-off":
            return _mordienne_results(rng)
        case "near-miss":
            return _near_miss_results(rng)
        case "tie":
            return _tie_results(rng, 2)
        case "three-way":
            return _tie_results(rng, 3)
        case "all-spoiled":
            return [None] * 9
        case "sweep":
            return [rng.choice(SEATS)] * 9
    return _ordinary_results(rng)


def _mordienne_results(rng: random.Random) -> list[Seat | None]:
    """A player loses the first tricks, then wins every trick to the ninth, with the most tricks."""
    hero = rng.choice(SEATS)
    start = rng.choices(list(_RUN_STARTS), weights=list(_RUN_STARTS.values()))[0]
    others = [s for s in SEATS if s is not hero]
    won = dict.fromkeys(others, 0)
    results: list[Seat | None] = []
    for _n in range(start):
        # Nobody else may reach the hero's 9 - start tricks: they would have got there first.
        free = [s for s in others if won[s] + 1 < 9 - start]
        if not free or rng.random() < 0.25:
            results.append(None)
            continue
        seat = rng.choice(free)
        won[seat] += 1
        results.append(seat)
    return results + [hero] * (9 - start)


def _near_miss_results(rng: random.Random) -> list[Seat | None]:
    """Almost a mordienne: the point winner won the first trick, or a later trick broke the run."""
    while True:
        results = _mordienne_results(rng)
        hero = results[-1]
        assert hero is not None
        first = results.index(hero)
        if rng.random() < 0.3:
            results[0] = hero
        else:
            at = rng.randint(first + 1, 8) if first < 8 else 8
            results[at] = None if rng.random() < 0.5 else rng.choice([s for s in SEATS if s is not hero])
        score = score_deal(results, True)
        if score.point_winner is hero and not score.mordienne_run:
            return results


def _tie_results(rng: random.Random, tied: int) -> list[Seat | None]:
    """``tied`` players share the most tricks; whoever reached that number first takes the point."""
    # Few tricks each leave many spoiled ones (two players on 2 leave at least 3): lean towards more tricks.
    most = rng.choice([2, 3, 3, 4] if tied == 2 else [1, 2, 2, 3, 3])
    seats = list(SEATS)
    rng.shuffle(seats)
    results: list[Seat | None] = []
    for seat in seats[:tied]:
        results += [seat] * most
    for seat in seats[tied:]:
        results += [seat] * rng.randint(0, min(most - 1, 9 - len(results)))
    results += [None] * (9 - len(results))
    rng.shuffle(results)
    return results


def _ordinary_results(rng: random.Random) -> list[Seat | None]:
    """Tricks won by players of uneven strength, with some spoiled ones."""
    spoil = rng.uniform(0.1, 0.3)
    weights = [rng.random() ** 2 + 0.05 for _n in SEATS]
    return [None if rng.random() < spoil else rng.choices(SEATS, weights=weights)[0] for _n in range(9)]


def _results_yaml(results: Sequence[Seat | None]) -> list[str]:
    return [s.value if s else "spoiled" for s in results]


# --- deal: hands and plays -----------------------------------------------------------------------


def _natural_card(rng: random.Random, state: DealState) -> Card:
    """A plausible card for the player to move: the bots' documented policy, with a careless card now and then.

    One card-play policy for the whole tutor: the bots play by
    :func:`tutor.play.bots.base_choice`, the hint plays its playouts by the same rules, and so do the
    generated deals, which therefore look like the deals a learner meets at the Play page. The random slips
    keep the generated deals varied (a deterministic policy would play every dealt hand one way).
    """
    hand = state.hands[state.to_play]
    if rng.random() < SLIP:
        return rng.choice(hand)
    played = [c for trick in state.tricks for _, c in trick.plays]
    return base_choice(hand, state.current_plays, state.to_play, state.leader, played)


def _play(
    rng: random.Random, dealer: Seat, hands: dict[Seat, tuple[Card, ...]], hero: Seat | None, start: int
) -> DealState:
    """Play a deal out through the engine, every card taken from the hand of the player whose turn it is.

    With a ``hero`` going for mordienne: before trick ``start`` (0-based) they throw their lowest cards,
    saving the best; from then on they play their best card, and the others, unable to beat it, their lowest.
    """
    state = DealState.start(dealer, hands)
    while not state.finished:
        seat, hand = state.to_play, state.hands[state.to_play]
        if hero is None or len(state.tricks) < start:
            chosen = _worst_card(hand) if seat is hero else _natural_card(rng, state)
        else:
            chosen = _best_card(hand) if seat is hero else _worst_card(hand)
        state = state.play(chosen)
    return state


def _played_deal(rng: random.Random, target: str) -> tuple[Seat, DealState]:
    """Random hands from a shuffled pack, and legal plays steered towards ``target`` (mordienne, tie or none).

    Steering is by trying: a few playouts for each of a few deals, keeping the first that hits the target
    (or the last one tried, which is just as legal).
    """
    state: DealState | None = None
    for _n in range(8):
        dealer = rng.choice(SEATS)
        hands = shuffle_and_deal(rng, dealer).hands
        if target == "mordienne":
            # The strongest hand goes for it. A run of five or more needs a hand too strong to be common,
            # so the run starts between tricks 5 and 9 (measured: a start before trick 5 almost never works).
            hero = min(SEATS, key=lambda s: sum(sorted(TIERS[c] for c in hands[s])[:6]))
            starts = [4, 5, 6, 7, 8]
            rng.shuffle(starts)
            for start in starts:
                state = _play(rng, dealer, hands, hero, start)
                if score_deal([t.winner for t in state.tricks], True).mordienne:
                    return dealer, state
            continue
        for _n in range(3):
            state = _play(rng, dealer, hands, None, 0)
            if target != "tie" or _tie_size(score_deal([t.winner for t in state.tricks])) >= 2:
                return dealer, state
    assert state is not None
    return dealer, state


def _tie_size(score: DealScore) -> int:
    if score.point_winner is None:
        return 0
    most = max(score.tricks_won.values())
    return sum(1 for n in score.tricks_won.values() if n == most)


def _deal(rng: random.Random) -> _Draft:
    """A deal to score: mostly nine trick results, one in five played card by card from random hands."""
    if rng.random() < 0.2:
        return _played_deal_draft(rng)
    shape = _weighted(rng, _DEAL_SHAPES)
    results = _results(rng, shape)
    # The rule is on where it matters, and now and then elsewhere, so learners check for it every time.
    if shape in ("mordienne", "near-miss", "sweep"):
        rule: bool | None = True
    elif shape == "mordienne-off":
        rule = False  # written out: the run scores 1 because the rule is off
    else:
        rule = True if rng.random() < 0.3 else None
    score = score_deal(results, bool(rule))
    options = [
        (["point_winner"], _("Who wins the point?")),
        (["point_winner", "points"], _("Who wins the point, and how many?")),
        (["scoring_team", "points"], _("Which partnership scores, and how much?")),
        (["tricks_won", "point_winner"], _("How many tricks each, and who wins the point?")),
    ]
    if rule is not None:
        options += [(["mordienne", "points"], _("Is this a mordienne?"))] * 2
    ask, title = _pick_ask(rng, options)
    spoiled = sum(1 for r in results if r is None)
    run_trap = bool(rule) and score.point_winner is not None and not score.mordienne_run and shape == "near-miss"
    difficulty = (
        1
        + (_tie_size(score) >= 2 or score.mordienne_run or spoiled >= 3)
        + (_tie_size(score) >= 3 or run_trap or spoiled == 9 or (score.mordienne_run and not rule))
    )
    return _Draft(
        title,
        "mordienne" if rule is not None or shape == "mordienne-off" else "scoring",
        difficulty,
        {"tricks": _results_yaml(results)},
        ask,
        mordienne=rule,
        hint=_deal_hint(rule),
    )


def _deal_hint(rule: bool | None) -> Text:
    """The scoring reminder, with the mordienne's conditions when the rule is on (whatever the outcome)."""
    if rule:
        return _(
            "Each player counts only their own tricks; a tie goes to whoever reached that number first. "
            "Mordienne: no trick before the first win, not the first trick, then every trick to the ninth."
        )
    return _("Each player counts only their own tricks; a tie goes to whoever reached that number first.")


def _played_deal_draft(rng: random.Random) -> _Draft:
    """A deal played card by card: random hands, legal plays, leaders as the rules make them."""
    target = _weighted(rng, [(30, "mordienne"), (35, "tie"), (35, "ordinary")])
    dealer, state = _played_deal(rng, target)
    rule = True if target == "mordienne" or rng.random() < 0.3 else None
    score = score_deal([t.winner for t in state.tricks], bool(rule))
    hands = {seat.value: _codes(_best_first([t.card_of(seat) for t in state.tricks])) for seat in SEATS}
    plays = [_codes([c for _, c in t.plays]) for t in state.tricks]
    options = [
        (["leaders"], _("Who leads each trick?")),
        (["leaders", "point_winner"], _("Who leads each trick, and who wins the point?")),
        (["trick_winners"], _("Who wins each trick?")),
        (["point_winner", "points"], _("Who wins the point, and how many?")),
        (["tricks_won", "point_winner"], _("How many tricks each, and who wins the point?")),
    ]
    ask, title = _pick_ask(rng, options)
    spoiled = sum(1 for t in state.tricks if t.spoiled)
    difficulty = 2 + (_tie_size(score) >= 2 or score.mordienne_run or (spoiled > 0 and "leaders" in ask))
    return _Draft(
        title,
        "mordienne" if rule else "scoring",
        difficulty,
        {"dealer": dealer.value, "hands": hands, "plays": plays},
        ask,
        mordienne=rule,
        # Translators: a hint; {eldest} is a seat (North...).
        hint=_(
            "{eldest}, the eldest, leads first; a trick's winner leads the next, "
            "and after a spoiled trick the same player leads again.",
            eldest=eldest_of(dealer),
        ),
    )


# --- chant ---------------------------------------------------------------------------------------


def _chant(rng: random.Random) -> _Draft:
    """The talon given out alternately, sometimes refused; usually with hands, often with a split tier."""
    dealer = rng.choice(SEATS)
    eldest = eldest_of(dealer)
    if rng.random() < 0.2:
        agree = {seat.value: True for seat in SEATS}
        for seat in rng.sample(list(SEATS), rng.choices([1, 2], weights=[4, 1])[0]):
            agree[seat.value] = False
        pack = list(PACK)
        rng.shuffle(pack)
        ask, title = _pick_ask(
            rng,
            [
                (["happens"], _("Does the chant happen?")),
                (["happens", "received"], _("Does the chant happen? Who gets what?")),
            ],
        )
        setup: Data = {"dealer": dealer.value, "talon": _codes(pack[:12]), "agree": agree}
        return _Draft(title, "chant", 1, setup, ask, hint=_("The chant happens only if all four players agree."))
    given = [] if rng.random() < 0.15 else rng.choice([[eldest, dealer], [eldest, dealer], [eldest], [dealer]])
    want_straddle = bool(given) and rng.random() < 0.45
    for _n in range(60):
        pack = list(PACK)
        rng.shuffle(pack)
        talon = pack[:12]
        hands = {seat: tuple(pack[12 + 9 * i : 21 + 9 * i]) for i, seat in enumerate(given)}
        result = chant(dealer, talon, None, hands)
        straddles = any(k.straddle_tier is not None for k in result.keeps.values())
        if straddles == want_straddle:
            break
    setup = {"dealer": dealer.value, "talon": _codes(talon)}
    if rng.random() < 0.3:
        setup["agree"] = {seat.value: True for seat in SEATS}
    if hands:
        setup["hands"] = {seat.value: _codes(hand) for seat, hand in hands.items()}
    options: list[tuple[list[str], Text]] = [
        (["received"], _("Who receives which talon cards?")),
        (["eldest", "received"], _("Who is the eldest, and who receives which talon cards?")),
    ]
    if hands:
        who = "both" if len(hands) == 2 else "eldest" if eldest in hands else "dealer"
        # Where equal cards straddle the line, any of them will do (rules.md 6), but 'keep' names the engine's
        # suit-order choice: ask for the tiers kept instead, so that every rules-valid answer is right.
        keep = "keep_tiers" if straddles else "keep"
        kept, tiers, received = _keep_titles(who, straddles)
        options = [([keep], kept), ([keep], kept), (["keep_tiers"], tiers), (["received", keep], received)]
    else:
        options.append((["happens", "eldest"], _("Does the chant happen, and who is the eldest?")))
    ask, title = _pick_ask(rng, options)
    difficulty = 2 + (straddles or len(hands) == 2)
    if not hands and "received" not in ask:
        difficulty = 1
    return _Draft(
        title,
        "chant",
        difficulty,
        setup,
        ask,
        hint=_("The eldest takes talon cards 1, 3, 5...; the dealer 2, 4, 6...; each keeps the nine best."),
    )


def _keep_titles(who: str, tiers_only: bool) -> tuple[Text, Text, Text]:
    """The chant's questions on what ``who`` keeps (``eldest``, ``dealer`` or ``both``): which cards (or tiers,
    when ``tiers_only``), which tiers, and what comes from the talon then which cards (or tiers)."""
    titles = {
        "eldest": (
            _("Which cards does the eldest keep?"),
            _("Which tiers does the eldest keep?"),
            _("What comes from the talon, and which cards does the eldest keep?"),
            _("What comes from the talon, and which tiers does the eldest keep?"),
        ),
        "dealer": (
            _("Which cards does the dealer keep?"),
            _("Which tiers does the dealer keep?"),
            _("What comes from the talon, and which cards does the dealer keep?"),
            _("What comes from the talon, and which tiers does the dealer keep?"),
        ),
        "both": (
            _("Which cards do the eldest and the dealer keep?"),
            _("Which tiers do the eldest and the dealer keep?"),
            _("What comes from the talon, and which cards do the eldest and the dealer keep?"),
            _("What comes from the talon, and which tiers do the eldest and the dealer keep?"),
        ),
    }
    cards, tiers, received_cards, received_tiers = titles[who]
    return (tiers if tiers_only else cards), tiers, (received_tiers if tiers_only else received_cards)


# --- signal --------------------------------------------------------------------------------------


def _signal(rng: random.Random) -> _Draft:
    """A nine-card hand (useless, aces only, one or several named cards), or one signal to look up."""
    if rng.random() < 0.2:
        return _signal_lookup(rng)
    shape = _weighted(rng, [(25, "useless"), (20, "aces"), (20, "one-named"), (35, "several-named")])
    if shape == "useless":
        named, aces = 0, 0
    elif shape == "aces":
        named, aces = 0, rng.randint(1, 4)
    else:
        named = 1 if shape == "one-named" else rng.randint(2, 4)
        aces = rng.choice([0, 0, 1, 2])
    hand = rng.sample(list(NAMED), named) + rng.sample(list(_ACES), aces)
    plain = list(_PLAIN)
    if shape == "useless" and rng.random() < 0.6:
        # A plain three or nine looks like Monsieur or a named nine, but calls for no signal.
        hand.append(rng.choice([*_PLAIN_THREES, *_PLAIN_NINES]))
    hand += rng.sample([c for c in plain if c not in hand], 9 - len(hand))
    rng.shuffle(hand)
    result = hand_signals(hand)
    options = [
        (["signals"], _("What should this hand signal?")),
        (["signals", "aces"], _("What should this hand signal?")),
    ]
    if result.aces:
        options.append((["aces"], _("How many times do you open your mouth?")))
    ask, title = _pick_ask(rng, options)
    difficulty = {"useless": 1 + _has_trap(hand), "aces": 1, "one-named": 2, "several-named": 2 + (named >= 3)}[shape]
    return _Draft(
        title,
        "signals",
        difficulty,
        {"hand": _codes(hand)},
        ask,
        hint=_("One signal per named card, 'aces' with the count, or a shrug alone for a useless hand."),
    )


def _signal_lookup(rng: random.Random) -> _Draft:
    """One signal: from its gesture, what does it say? Or from its name, how is it given?

    A question never shows its answer: the meaning is asked from the gesture alone
    (the aces with a count: "open the mouth twice"), and only the gesture is asked from the signal's name.
    """
    found = signal(rng.choice(SIGNAL_IDS))
    # The finger signals are easily confused with one another.
    fingers = found.id in ("grand-neuf", "petit-neuf", "deux-de-chene", "deux-d-ecrit")
    if rng.random() < 0.5:
        return _Draft(_("How do you give this signal?"), "signals", 1 + fingers, {"signal": found.id}, ["gesture"])
    setup: Data = {"gesture": found.gesture}
    if found.id == "aces":
        setup = {"gesture": "open the mouth", "times": rng.randint(1, 4)}
    title = rng.choice([_("Your partner makes this gesture. What does it say?"), _("What does this gesture tell you?")])
    return _Draft(title, "signals", 1 + fingers, setup, ["meaning"])


# --- game ----------------------------------------------------------------------------------------


def _game(rng: random.Random) -> _Draft:
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
                shape = _weighted(
                    rng, [(3, "ordinary"), (3, "tie"), (2 if rule else 0, "mordienne"), (0.02, "all-spoiled")]
                )
                results = _results(rng, shape)
                score = score_deal(results, bool(rule))
                hard = hard or _tie_size(score) >= 2 or score.mordienne
                entries.append({"tricks": _results_yaml(results)})
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
    ask, title = _pick_ask(rng, options)
    # Who deals depends on the first dealer alone; the scores depend on how the deals are given.
    difficulty = 1 if ask == ["dealers"] else 1 + any("tricks" in e for e in entries) + hard
    return _Draft(
        title,
        "game",
        difficulty,
        {"first_dealer": first.value, "deals": entries},
        ask,
        mordienne=rule,
        hint=_("The deal passes to the left; the first dealer deals again in the fifth deal."),
    )


# --- dealing -------------------------------------------------------------------------------------


def _dealing(rng: random.Random) -> _Draft:
    """A shuffled pack dealt 3-3-3 by a random dealer, usually after a cut."""
    dealer = rng.choice(SEATS)
    pack = list(PACK)
    rng.shuffle(pack)
    setup: Data = {"dealer": dealer.value, "pack": _codes(pack)}
    cut_at = rng.randint(1, 47) if rng.random() < 0.8 else None
    if cut_at is not None:
        setup["cut"] = cut_at
    options = [
        (["eldest", "cutter"], _("Who is the eldest, and who cuts?")),
        (["eldest", "cutter"], _("Who is the eldest, and who cuts?")),
        (["cutter"], _("Who cuts the pack?")),
        (["talon"], _("Which cards are left for the talon?")),
        (["hands"], _("Who gets which cards?")),
        (["hands"], _("Who gets which cards?")),
    ]
    ask, title = _pick_ask(rng, options)
    difficulty = 1 if ask[-1] in ("eldest", "cutter") else (2 + (cut_at is not None and ask == ["hands"]))
    return _Draft(
        title,
        "dealing",
        difficulty,
        setup,
        ask,
        hint=_("The eldest sits to the dealer's left and is dealt first; the player to the dealer's right cuts."),
    )


# --- play ----------------------------------------------------------------------------------------


def _play_puzzle(rng: random.Random, most_left: int) -> _Draft:
    """A position from a deal played naturally up to its last tricks, where the card to play matters.

    The deal is dealt and played by the bots' policy with slips (:func:`_natural_card`) until 1 to
    ``most_left`` tricks are left, then 0 to 3 cards into the trick under way. The exact solver keeps the
    position only if some card of the mover's hand does worse than the best one (``best`` a strict subset
    of the hand): choosing is then the point of the puzzle. Mostly 3 to 5 tricks left, where choices are rich.
    """
    rule = True if rng.random() < 0.3 else None
    lefts = list(range(min(2, most_left), most_left + 1))
    weights = [1 + min(k, 5) for k in lefts]  # more tricks left, more to think about (but 6-7 are slow)
    for _n in range(200):
        left = rng.choices(lefts, weights=weights)[0]
        dealer = rng.choice(SEATS)
        state = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        while len(state.tricks) < 9 - left:
            state = state.play(_natural_card(rng, state))
        for _n in range(rng.randint(0, 3)):
            state = state.play(_natural_card(rng, state))
        position = Position.build(
            [t.winner for t in state.tricks], state.leader, state.current, state.hands, bool(rule)
        )
        solution = solve_position(position)
        if len(solution.best) < len(state.hands[state.to_play]):
            break
    mover = state.to_play
    # Translators: questions of generated play puzzles; {seat} is the seat to play (North...).
    options = [
        (["best"], _("Which card should {seat} play?", seat=mover)),
        (["best"], _("{seat} to play: which card is best?", seat=mover)),
        (["best", "value"], _("Which card should {seat} play, and what does the deal score then?", seat=mover)),
        (
            ["value", "best"],
            _("With best play by all, what does the deal score? Which card should {seat} play?", seat=mover),
        ),
    ]
    if len(state.hands[state.to_play]) <= 3:
        options.append(
            (["results"], _("What does each of {seat}'s cards lead to, with best play after it?", seat=mover))
        )
    ask, title = _pick_ask(rng, options)
    tiers = {TIERS[c] for c in state.hands[state.to_play]}
    difficulty = 1 + (position.tricks_left >= 4) + (bool(rule) or "results" in ask or len(tiers) >= 4)
    setup: Data = {
        "tricks": _results_yaml([t.winner for t in state.tricks]),
        "leader": state.leader.value,
        "plays": _codes(state.current),
        "hands": {seat.value: _codes(_best_first(state.hands[seat])) for seat in SEATS},
    }
    return _Draft(
        title,
        "play",
        difficulty,
        setup,
        ask,
        mordienne=rule,
        hint=_(
            "Count the tricks each player can still take: the point goes to the most tricks, "
            "a tie to whoever got there first."
        ),
    )


_GENERATORS: dict[str, Callable[[random.Random], _Draft]] = {
    "rank": _rank,
    "draw": _draw,
    "trick": _trick,
    "deal": _deal,
    "chant": _chant,
    "signal": _signal,
    "game": _game,
    "dealing": _dealing,
}
