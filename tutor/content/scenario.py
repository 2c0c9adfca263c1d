"""Scenario files (the fixed contract in ``shared/scenario-contract.md``) read into typed values.

A scenario sets up one situation of a given kind; the engine computes its outcome. Each kind reads its own
``setup`` and says which outcome keys it has (:mod:`tutor.content.kinds`); this module reads the rest. Beyond
the contract: the optional keys ``difficulty`` (1-3) and ``hint`` (text a learner may reveal first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from tutor.content import kinds
from tutor.content.kind import Setup
from tutor.content.problems import ContentError, Problem
from tutor.content.reader import MISSING, SLUG, Missing, Reader, internal_error
from tutor.content.texts import Text
from tutor.content.yamlsafe import Document, load_document
from tutor.engine.errors import PathPart, RuleViolation, short
from tutor.engine.frozen_map import FrozenMap

REQUIRED = ("id", "title", "kind", "topic", "setup", "ask")
OPTIONAL = ("rules", "expect", "note", "difficulty", "hint")


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    kind: str
    topic: str
    setup: Setup
    ask: tuple[str, ...]
    mordienne: bool = False
    # A FrozenMap, its mapping values too (a plain dict given is frozen): a scenario is hashable, its
    # expectations cannot change under it.
    expect: Mapping[str, object] = field(default_factory=dict)
    note: str | None = None
    difficulty: int | None = None
    hint: str | None = None
    document: Document | None = field(default=None, compare=False, repr=False)
    # Internal, never read from a file: a generated scenario's title and hint as messages (by key), which
    # the app shows in the learner's language (tutor.content.localize.localize_generated).
    texts: Mapping[str, Text] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "expect", frozen_expect(self.expect))

    @property
    def file(self) -> str:
        return self.document.file if self.document else "<memory>"

    @property
    def outcome_keys(self) -> tuple[str, ...]:
        """The outcome keys this scenario's form can produce."""
        return kinds.kind(self.kind).keys_of(self.setup)

    def problem(self, path: tuple[str | int, ...], message: str) -> Problem:
        if self.document is None:
            return Problem(self.file, 1, ".".join(map(str, path)), message)
        return self.document.problem(path, message)


def frozen_expect(expect: Mapping[str, object]) -> FrozenMap[str, object]:
    """``expect`` as a FrozenMap whose mapping values (a seat -> count, a card -> tier) are FrozenMaps too;
    every other normalized value is a tuple, a frozenset or a scalar already."""
    return FrozenMap({key: FrozenMap.of(v) if isinstance(v, Mapping) else v for key, v in expect.items()})


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
    kind = r.choice(("kind",), top["kind"], kinds.KINDS, "a kind", "kinds") if "kind" in top else MISSING
    mordienne = _rules(r, top.get("rules", {}))
    setup: Setup | Missing = MISSING
    if isinstance(kind, str) and "setup" in top:
        setup_map = r.mapping(("setup",), top["setup"])
        if not isinstance(setup_map, Missing):
            setup = kinds.kind(kind).read_setup(r, setup_map)
    note = r.text(("note",), top["note"], multiline=True) if "note" in top else None
    hint = r.text(("hint",), top["hint"], multiline=True) if "hint" in top else None
    difficulty = r.integer(("difficulty",), top["difficulty"], 1, 3) if "difficulty" in top else None
    ask = _ask(r, top["ask"], kind, setup) if "ask" in top else MISSING
    expect = _expect(r, top.get("expect", {}), kind, setup)
    if isinstance(kind, str) and not isinstance(setup, Missing) and isinstance(expect, dict):
        kinds.kind(kind).check(r, top.get("expect", {}), setup)
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


def _ask(r: Reader, value: object, kind: object, setup: Setup | Missing) -> tuple[str, ...] | Missing:
    items = r.sequence(("ask",), value)
    if isinstance(items, Missing):
        return MISSING
    if not items:
        return r.add(("ask",), "ask at least one outcome key")
    if not isinstance(kind, str):
        return MISSING
    keys = kinds.kind(kind).keys_of(setup)
    asked: list[str] = []
    for position, item in enumerate(items):
        key = r.choice(("ask", position), item, keys, "an outcome of this scenario", "outcomes")
        if isinstance(key, Missing):
            continue
        if key in asked:
            r.add(("ask", position), f"'{key}' is asked twice")
        elif (refused := kinds.kind(kind).refusal(setup, key)) is not None:
            r.add(("ask", position), refused)
        else:
            asked.append(key)
    return tuple(asked)


def _expect(r: Reader, value: object, kind: object, setup: Setup | Missing) -> dict[str, object] | Missing:
    expect = r.mapping(("expect",), value)
    if isinstance(expect, Missing) or not isinstance(kind, str):
        return MISSING
    keys = kinds.kind(kind).keys_of(setup)
    result: dict[str, object] = {}
    for key, written in expect.items():
        if key not in keys:
            r.add(
                ("expect", cast(PathPart, key)),
                f"{short(key)} is not an outcome of this scenario (outcomes: {' '.join(keys)})",
            )
            continue
        try:
            result[str(key)] = kinds.normalize(kind, str(key), written)
        except RuleViolation as error:
            r.add(("expect", key, *error.path), error.message)
    return result
