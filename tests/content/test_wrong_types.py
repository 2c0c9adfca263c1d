"""Every key of every course file, given a value of the wrong type, is a one-line problem and never a crash.

The sweep takes each scenario and lesson of the course, and for every key path in it (top level, nested,
list items) puts each of eleven wrong values there in a copy of the file, then reads the copy as ``check``
does (loader, engine, ``expect``) and as ``solve`` does (loader, engine). Paths are sampled
deterministically: the first place each key name occurs in each kind of file (list positions and data keys
such as seats and cards count as one), so every key name and every kind is covered in a few seconds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tutor.content.course import course_from_documents
from tutor.content.files import find_yaml
from tutor.content.kinds import KINDS
from tutor.content.lesson import is_lesson
from tutor.content.problems import ContentError, Problem
from tutor.content.scenario import declared_id, scenario_from_document
from tutor.content.solve import solve
from tutor.content.yamlsafe import Document, load_document, parse_document
from tutor.engine.errors import PathPart, format_path

ROOT = Path(__file__).resolve().parents[2]
Path_ = tuple[PathPart, ...]

DATE = "__date__"  # written into the file as a bare YAML date, 2024-03-01
WRONG: dict[str, object] = {
    "list": ["x", "y"],
    "mapping": {"a": 1},
    "int": 7,
    "float": 2.5,
    "bool": True,
    "null": None,
    "string": "wrong",
    "nested list": [[["x"]]],
    "empty string": "",
    "huge int": 10**40,
    "date": DATE,
}
SCHEMA_KEY = re.compile(r"^[a-z][a-z_]*$")  # key names of the format; anything else is data (seats, cards...)


def folded(where: Path_) -> tuple[str, ...]:
    return tuple(p if isinstance(p, str) and SCHEMA_KEY.match(p) else "*" for p in where)


# Values of another type that a key accepts by design: a player's name may be a number.
ALSO_ACCEPTED = {("setup", "players", "*"): {"int"}}


def category(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "text"
    return "list" if isinstance(value, list) else "mapping"


def walk(value: object, path: Path_ = ()) -> Iterator[Path_]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from walk(item, (*path, key))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            yield from walk(item, (*path, position))


def at(data: object, path: Path_) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


def replaced(data: object, path: Path_, value: object) -> object:
    if not path:
        return value
    copy = json.loads(json.dumps(data))  # the course files hold plain JSON-able data
    parent = at(copy, path[:-1])
    parent[path[-1]] = value  # type: ignore[index]
    return copy


def yaml_text(data: object) -> str:
    """The data as a YAML file (JSON is YAML), one value per line so that every value has its own line."""
    return json.dumps(data, indent=1, ensure_ascii=False).replace(f'"{DATE}"', "2024-03-01") + "\n"


@cache
def course_files() -> list[tuple[Path, Document]]:
    files, problems = find_yaml([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    assert not problems
    return [(path, load_document(path, str(path.relative_to(ROOT)))) for path in files]


def file_kind(path: Path, doc: Document) -> str:
    return "lesson" if is_lesson(doc, path) else str(doc.data["kind"])  # type: ignore[index]


@cache
def samples() -> list[tuple[Path, Document, Path_]]:
    """The first place each key path occurs in each kind of file, list positions and data keys folded."""
    chosen: dict[tuple[str, tuple[str, ...]], tuple[Path, Document, Path_]] = {}
    for path, doc in course_files():
        kind = file_kind(path, doc)
        for where in walk(doc.data):
            chosen.setdefault((kind, folded(where)), (path, doc, where))
    return list(chosen.values())


@cache
def known_ids() -> frozenset[str]:
    return frozenset(declared_id(doc) or "" for path, doc in course_files() if not is_lesson(doc, path)) - {""}


def checked(path: Path, doc: Document) -> list[Problem]:
    """What ``check`` reports for this one file, the other scenarios of the course being known."""
    return list(course_from_documents([(path, doc)], verify=True, also_known=known_ids()).problems)


def solved(doc: Document) -> list[Problem]:
    """What ``solve`` reports for this one file."""
    try:
        solve(scenario_from_document(doc))
    except ContentError as error:
        return error.problems
    return []


def test_the_sample_covers_every_kind_and_every_key_name() -> None:
    kinds = {file_kind(path, doc) for path, doc, _ in samples()}
    assert kinds == {*KINDS, "lesson"}
    names = {p for _, doc, where in samples() for p in where if isinstance(p, str) and SCHEMA_KEY.match(p)}
    everywhere = {
        p
        for path, doc in course_files()
        for where in walk(doc.data)
        for p in where
        if isinstance(p, str) and SCHEMA_KEY.match(p)
    }
    assert names == everywhere
    assert len(samples()) > 150  # a few hundred places, each given all eleven wrong values


@pytest.mark.parametrize("kind", sorted({*KINDS, "lesson"}))
def test_every_key_given_a_wrong_type_is_a_located_one_line_problem(kind: str) -> None:
    failures: list[str] = []
    for path, doc, where in samples():
        if file_kind(path, doc) != kind:
            continue
        original = at(doc.data, where)
        for name, value in WRONG.items():
            text = yaml_text(replaced(doc.data, where, value))
            copy = parse_document(text.encode("utf-8"), doc.file)
            case = f"{doc.file} {format_path(where) or '(file)'} = {name}"
            try:
                found = checked(path, copy)
                by_solve = [] if kind == "lesson" else solved(copy)
            except Exception as error:  # the bug this test is for: report every case, not just the first
                failures.append(f"{case}: raised {type(error).__name__}: {error}")
                continue
            failures += [f"{case}: {why}" for why in malformed(found + by_solve, doc.file, text, copy, where)]
            if not set(by_solve) <= set(found):
                failures.append(f"{case}: solve reports what check does not: {by_solve}")
            if not wrong_type(where, original, value):
                continue
            near = {copy.line_of(where[:end]) for end in range(len(where) + 1)}  # the value's line or above
            if not found:
                failures.append(f"{case}: accepted a {name} where the file has a {category(original)}")
            elif not any(problem.line in near for problem in found):
                failures.append(f"{case}: no problem at line {copy.line_of(where)} or above it: {found}")
    assert not failures, "\n".join(failures[:30])


def wrong_type(where: Path_, original: object, value: object) -> bool:
    """Whether ``value`` is of another type than the file's: then it must be a problem. Null is a fair value
    for many keys (a spoiled trick, an optional key), and an empty string is one way to write null."""
    if value is None or (original is None and value == ""):
        return False
    given = category("" if value == DATE else value)
    return given != category(original) and given not in ALSO_ACCEPTED.get(folded(where), set())


def malformed(problems: list[Problem], file: str, text: str, doc: Document, where: Path_) -> list[str]:
    """What is wrong with the problems themselves: not one line, not naming the file and a line, a crash."""
    lines = text.count("\n")
    wrong = []
    for problem in problems:
        shown = str(problem)
        if "\n" in shown or "\r" in shown or not shown.startswith(f"{file}:{problem.line}: "):
            wrong.append(f"not one line naming the file: {shown!r}")
        if not 1 <= problem.line <= lines:
            wrong.append(f"line {problem.line} is not a line of the file: {shown}")
        if "internal error" in shown:
            wrong.append(f"a reader bug: {shown}")
    return wrong
