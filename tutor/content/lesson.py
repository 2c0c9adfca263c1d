"""Lesson files: objectives, short sections of text with card illustrations, and practice scenarios.

```yaml
id: spoiled-tricks            # required slug
order: 6                      # required; position in the course (unique)
title: Spoiled tricks         # required
summary: When equal cards tie for the best, nobody wins.   # required, one line
objectives:                   # required, 1 or more
  - Recognise a spoiled trick.
sections:                     # required, 1 or more
  - heading: Equal cards really are equal
    text: |                   # Markdown
      Two aces are exactly equal...
    cards: [A-swords, A-coins]          # optional: a row of cards to draw
    # or rows of cards: cards: [[3-coins], [3-cups, 2-coins]]
    caption: Two aces tie.              # optional, under the cards
scenarios: [spoiled-aces, ...]          # required: ids of the scenarios that practise it, in order
```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tutor.content.problems import ContentError, Problem
from tutor.content.reader import MISSING, Missing, Reader, every, internal_error
from tutor.content.yamlsafe import Document, load_document
from tutor.engine.cards import Card
from tutor.engine.errors import RuleViolation
from tutor.engine.trick import Trick, resolve_trick

LESSON_REQUIRED = ("id", "order", "title", "summary", "objectives", "sections", "scenarios")
SECTION_REQUIRED = ("heading", "text")
SECTION_OPTIONAL = ("cards", "trick", "caption")


@dataclass(frozen=True)
class Section:
    heading: str
    text: str
    cards: tuple[tuple[Card, ...], ...] = ()  # rows of cards to draw
    caption: str | None = None
    trick: Trick | None = None  # a trick to draw on the table, as Practice draws it (seats, winner, TIE mark)


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    title: str
    summary: str
    objectives: tuple[str, ...]
    sections: tuple[Section, ...]
    scenarios: tuple[str, ...]
    document: Document | None = field(default=None, compare=False, repr=False)

    @property
    def file(self) -> str:
        return self.document.file if self.document else "<memory>"

    def problem(self, path: tuple[str | int, ...], message: str) -> Problem:
        if self.document is None:
            return Problem(self.file, 1, ".".join(map(str, path)), message)
        return self.document.problem(path, message)


def is_lesson(doc: Document, path: Path) -> bool:
    """Lessons live in a ``lessons`` folder, or announce themselves with ``sections``/``objectives``."""
    if "lessons" in path.parts:
        return True
    return isinstance(doc.data, dict) and ("sections" in doc.data or "objectives" in doc.data)


def load_lesson(path: Path, shown: str | None = None) -> Lesson:
    return lesson_from_document(load_document(path, shown))


def lesson_from_document(doc: Document) -> Lesson:
    """The lesson in ``doc``; raise :class:`ContentError` listing every problem, and never anything else."""
    try:
        return _read(doc)
    except ContentError:
        raise
    except Exception as error:  # a reader bug must not crash check or the app: report it like a problem
        raise ContentError([internal_error(doc, error)]) from error


def _read(doc: Document) -> Lesson:
    r = Reader(doc)
    top = r.mapping((), doc.data, "a mapping of lesson keys (" + ", ".join(LESSON_REQUIRED) + ")")
    if isinstance(top, Missing):
        raise ContentError(r.problems)
    r.keys((), top, LESSON_REQUIRED)
    lid = r.slug(("id",), top["id"]) if "id" in top else MISSING
    order = r.integer(("order",), top["order"], 1, 999) if "order" in top else MISSING
    title = r.text(("title",), top["title"]) if "title" in top else MISSING
    summary = r.text(("summary",), top["summary"]) if "summary" in top else MISSING
    objectives = _texts(r, ("objectives",), top["objectives"]) if "objectives" in top else MISSING
    sections = _sections(r, top["sections"]) if "sections" in top else MISSING
    scenarios = _ids(r, top["scenarios"]) if "scenarios" in top else MISSING
    if (
        r.problems
        or isinstance(lid, Missing)
        or isinstance(order, Missing)
        or isinstance(title, Missing)
        or isinstance(summary, Missing)
        or isinstance(objectives, Missing)
        or isinstance(sections, Missing)
        or isinstance(scenarios, Missing)
    ):
        raise ContentError(r.problems or [doc.problem((), "this lesson could not be read")])
    return Lesson(lid, order, title, summary, objectives, sections, scenarios, document=doc)


def _texts(r: Reader, path: tuple[str | int, ...], value: object) -> tuple[str, ...] | Missing:
    items = r.sequence(path, value)
    if isinstance(items, Missing):
        return MISSING
    if not items:
        return r.add(path, "give at least one")
    return every([r.text((*path, n), item) for n, item in enumerate(items)])


def _sections(r: Reader, value: object) -> tuple[Section, ...] | Missing:
    items = r.sequence(("sections",), value)
    if isinstance(items, Missing):
        return MISSING
    if not items:
        return r.add(("sections",), "give at least one section")
    sections: list[Section] = []
    for n, item in enumerate(items):
        path = ("sections", n)
        entry = r.mapping(path, item, "a mapping with heading and text")
        if isinstance(entry, Missing):
            continue
        r.keys(path, entry, SECTION_REQUIRED, SECTION_OPTIONAL)
        heading = r.text((*path, "heading"), entry["heading"]) if "heading" in entry else MISSING
        text = r.text((*path, "text"), entry["text"], multiline=True) if "text" in entry else MISSING
        caption = r.text((*path, "caption"), entry["caption"]) if "caption" in entry else None
        rows = _card_rows(r, (*path, "cards"), entry["cards"]) if "cards" in entry else ()
        trick = _trick(r, (*path, "trick"), entry["trick"]) if "trick" in entry else None
        if not (
            isinstance(heading, Missing)
            or isinstance(text, Missing)
            or isinstance(caption, Missing)
            or isinstance(rows, Missing)
            or isinstance(trick, Missing)
        ):
            sections.append(Section(heading, text, rows, caption, trick))
    return tuple(sections) if len(sections) == len(items) else MISSING


def _trick(r: Reader, path: tuple[str | int, ...], value: object) -> Trick | Missing:
    """A trick as a ``trick`` scenario's setup gives it: ``{leader: W, plays: [four cards from the leader]}``."""
    entry = r.mapping(path, value, "a mapping with leader and plays")
    if isinstance(entry, Missing):
        return MISSING
    r.keys(path, entry, ("leader", "plays"))
    leader = r.seat((*path, "leader"), entry["leader"]) if "leader" in entry else MISSING
    plays = r.cards((*path, "plays"), entry["plays"], 4) if "plays" in entry else MISSING
    if isinstance(leader, Missing) or isinstance(plays, Missing):
        return MISSING
    try:
        return resolve_trick(leader, plays)
    except RuleViolation as error:
        return r.add((*path, "plays", *error.path), error.message)


def _card_rows(r: Reader, path: tuple[str | int, ...], value: object) -> tuple[tuple[Card, ...], ...] | Missing:
    """A list of cards (one row) or a list of lists of cards (several rows)."""
    if isinstance(value, list) and value and all(isinstance(row, list) for row in value):
        return every([r.cards((*path, n), row, 1, 48) for n, row in enumerate(value)])
    row = r.cards(path, value, 1, 48)
    return MISSING if isinstance(row, Missing) else (row,)


def _ids(r: Reader, value: object) -> tuple[str, ...] | Missing:
    items = r.sequence(("scenarios",), value)
    if isinstance(items, Missing):
        return MISSING
    if not items:
        return r.add(("scenarios",), "list the scenarios that practise this lesson")
    ids: list[str] = []
    for n, item in enumerate(items):
        sid = r.slug(("scenarios", n), item, "a scenario id")
        if isinstance(sid, Missing):
            continue
        if sid in ids:
            r.add(("scenarios", n), f"'{sid}' is listed twice")
        else:
            ids.append(sid)
    return tuple(ids)
