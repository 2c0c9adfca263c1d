"""Generated practice: random scenarios of every kind, biased towards the situations worth teaching.

``aluette-tutor generate KIND --count N --seed S --out DIR`` writes them as files; the app calls the same
functions in memory for endless practice. Uniformly random situations teach little (a random trick is
spoiled about one time in fifteen, a random deal is a mordienne less than one time in a hundred), so each
kind's generator (in its module of :mod:`tutor.content.kinds`) deliberately over-samples ties, traps, close
finishes and edge cases, and lets the engine decide the answer: a generated scenario has no ``expect``,
because it has no independent author.

Everything is a pure function of ``(kind, count, seed)`` through one ``random.Random(seed)``: the same
seed gives the same scenarios, and the first ``n`` scenarios of a longer run are the same as a run of ``n``.

>>> [s["id"] for s in generate("trick", 2, seed=7)]
['gen-trick-7-1', 'gen-trick-7-2']
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import yaml

from tutor.content import kinds
from tutor.content.drafting import Data, Draft, Drafting
from tutor.content.problems import ContentError
from tutor.content.scenario import Scenario, scenario_from_document
from tutor.content.solve import compare, solve
from tutor.content.texts import Text
from tutor.content.writing import write_all
from tutor.content.yamlsafe import parse_document
from tutor.engine import Card, DealState, RuleViolation
from tutor.engine.errors import short
from tutor.engine.natural_card import base_choice
from tutor.engine.solver import MAX_TRICKS_LEFT

MAX_COUNT = 10_000
# How often a player in a generated deal plays a random card instead of the bots' policy.
SLIP = 0.25
# ``play`` positions: at most this many tricks left by default (solved in milliseconds, see benchmarks/).
PLAY_TRICKS_LEFT = 5
# The topics generated scenarios use: each kind's.
TOPICS: tuple[str, ...] = tuple(dict.fromkeys(topic for entry in kinds.REGISTERED for topic in entry.topics))


# --- the public API ------------------------------------------------------------------------------


def generate(kind: str, count: int, seed: int, tricks_left: int = PLAY_TRICKS_LEFT) -> list[Data]:
    """``count`` random scenarios of ``kind`` as YAML-ready mappings, ids ``gen-<kind>-<seed>-<n>``.

    ``tricks_left`` (``play`` only): the most tricks left in a position, 1 to 7; 5 by default keeps each
    one solved in milliseconds. Raises :class:`RuleViolation` for an unknown kind, a count outside
    1-10,000, a negative seed or a ``tricks_left`` outside 1-7.
    """
    return [data for data, _draft in _generate(kind, count, seed, tricks_left)]


def _generate(kind: str, count: int, seed: int, tricks_left: int) -> list[tuple[Data, Draft]]:
    """Each scenario's mapping with the draft it came from (whose texts the app shows in any language)."""
    _check_arguments(kind, count, seed)
    if isinstance(tricks_left, bool) or not isinstance(tricks_left, int) or not 1 <= tricks_left <= MAX_TRICKS_LEFT:
        raise RuleViolation(
            f"the tricks left must be a whole number from 1 to {MAX_TRICKS_LEFT}, not {short(tricks_left)}"
        )
    rng = random.Random(seed)
    entry, drafting = kinds.kind(kind), Drafting(tricks_left, _natural_card)
    drafts = [entry.draft(rng, drafting) for _n in range(count)]
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


def _texts(draft: Draft) -> dict[str, Text]:
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
    if kind not in kinds.KINDS:
        raise RuleViolation(f"{short(kind)} is not a kind the generator writes (kinds: {' '.join(kinds.KINDS)})")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise RuleViolation(f"the count must be a whole number from 1 to {MAX_COUNT:,}, not {short(count)}")
    # A negative seed would put '--' in the id, which is not a slug.
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RuleViolation(f"the seed must be a whole number 0 or more, not {short(seed)}")


def _assemble(kind: str, seed: int, n: int, draft: Draft) -> Data:
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


def play_puzzle(rng: random.Random, tricks_left: int = PLAY_TRICKS_LEFT) -> Scenario:
    """A ``play`` puzzle for endless practice: a position near the end of a natural deal where the card matters.

    The same as ``aluette-tutor generate play`` (:func:`generate_scenarios`): a :class:`Scenario` read back
    through the file loader and solved, with at most ``tricks_left`` tricks left. The seed is drawn from
    ``rng``, so a seeded ``rng`` gives the same puzzles again.
    """
    return generate_scenarios("play", 1, rng.randrange(1 << 30), tricks_left)[0]


# --- how generated deals are played --------------------------------------------------------------


def _natural_card(rng: random.Random, state: DealState) -> Card:
    """A plausible card for the player to move: the bots' documented policy, with a careless card now and then.

    One card-play policy for the whole tutor: the bots play by
    :func:`tutor.engine.natural_card.base_choice`, the hint plays its playouts by the same rules, and so do the
    generated deals, which therefore look like the deals a learner meets at the Play page. The random slips
    keep the generated deals varied (a deterministic policy would play every dealt hand one way).
    """
    hand = state.hands[state.to_play]
    if rng.random() < SLIP:
        return rng.choice(hand)
    played = [c for trick in state.tricks for _, c in trick.plays]
    return base_choice(hand, state.current_plays, state.to_play, state.leader, played)
