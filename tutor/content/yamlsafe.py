"""Reading YAML safely and within bounds, remembering the line of every value.

Only plain data is built (mappings, lists, strings, numbers, booleans, null): no tag is ever
constructed, so ``!!python/object`` cannot run code. Oversized files, deep nesting and alias
expansion bombs are rejected while parsing, before any large structure is built.
"""

from __future__ import annotations

import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tutor.content.problems import ContentError, Problem
from tutor.engine.errors import PathPart, format_path, short

MAX_BYTES = 256 * 1024
MAX_DEPTH = 12
MAX_VALUES = 50_000  # values after alias expansion; a real scenario has a few hundred

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_PLAIN_TAGS = {
    None,
    "!",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}
_SCALAR_TYPES = {"tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
# PyYAML's stubs leave Resolver.resolve unannotated: a plain scalar's implicit tag, typed here once.
_resolve: Callable[[type[yaml.Node], str, tuple[bool, bool]], str] = yaml.resolver.Resolver().resolve
_constructor = yaml.constructor.SafeConstructor()

Path_ = tuple[PathPart, ...]


@dataclass
class Document:
    """A YAML document as plain values, with the line (1-based) of each value and mapping key."""

    file: str
    data: object
    lines: dict[Path_, int] = field(default_factory=dict)
    key_lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Path_) -> int:
        """The line of the value at ``path``, or of its nearest ancestor that has one."""
        for end in range(len(path), -1, -1):
            prefix = tuple(path[:end])
            if prefix in self.key_lines:
                return self.key_lines[prefix]
            if prefix in self.lines:
                return self.lines[prefix]
        return 1

    def problem(self, path: Path_, message: str) -> Problem:
        return Problem(self.file, self.line_of(path), format_path(path) or "(file)", message)


def load_document(path: Path, shown: str | None = None) -> Document:
    """Read one YAML file into a :class:`Document`; raise :class:`ContentError` on any problem."""
    name = shown or str(path)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # a pipe or a device would block or never end
            raise _fail(name, 1, "this is not a regular file")
        size = status.st_size
        if size > MAX_BYTES:
            raise _fail(name, 1, f"the file is {size:,} bytes; the limit is {MAX_BYTES:,}")
        raw = path.read_bytes()
    except FileNotFoundError:
        what = "a symbolic link to a missing file" if path.is_symlink() else "missing: it was removed meanwhile"
        raise _fail(name, 1, f"this is {what}") from None
    except OSError as error:
        raise _fail(name, 1, f"cannot read the file: {error.strerror or error}") from None
    return parse_document(raw, name)


def parse_document(raw: bytes, name: str) -> Document:
    if len(raw) > MAX_BYTES:
        raise _fail(name, 1, f"the text is {len(raw):,} bytes; the limit is {MAX_BYTES:,}")
    if b"\x00" in raw:
        raise _fail(name, 1, "this is not a text file (it contains NUL bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise _fail(name, line, f"this is not UTF-8 text (byte 0x{raw[error.start]:02x})") from None
    builder = _Builder(name)
    try:
        for event in yaml.parse(text, Loader=_Loader):
            builder.feed(event)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        what = str(error.problem or error.context)
        if "nesting depth" in what:  # libyaml's own limit, hit before ours on long flow runs
            what = f"the YAML is nested too deeply (limit {MAX_DEPTH} levels)"
        else:
            what = f"YAML syntax error: {what}"
        raise _fail(name, line, what) from None
    except yaml.YAMLError as error:
        raise _fail(name, 1, f"YAML syntax error: {str(error).splitlines()[0]}") from None
    except RecursionError:
        raise _fail(name, 1, f"the YAML is nested too deeply (limit {MAX_DEPTH} levels)") from None
    if builder.documents == 0 or builder.empty:
        raise _fail(name, 1, "the file is empty")
    return Document(name, builder.root, builder.lines, builder.key_lines)


def _fail(name: str, line: int, message: str) -> ContentError:
    return ContentError([Problem(name, line, "(file)", message)])


@dataclass
class _Open:
    """A container still being read: its value, path, pending mapping key, values counted when it opened,
    anchor and start event."""

    container: list[object] | dict[object, object]
    path: Path_
    key: PathPart | None
    at_open: int
    anchor: str | None
    start: yaml.Event


def _line(event: yaml.Event) -> int:
    """The 1-based line an event starts on (the parser always sets the mark; 0 if it did not)."""
    return event.start_mark.line + 1 if event.start_mark is not None else 0


class _Builder:
    """Builds plain values from the parser's event stream, enforcing the bounds as it goes."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.root: object = None
        self.empty = True
        self.documents = 0
        self.lines: dict[Path_, int] = {}
        self.key_lines: dict[Path_, int] = {}
        self.anchors: dict[str, tuple[object, int]] = {}  # anchor -> (value, number of values in it)
        self.values = 0
        self.stack: list[_Open] = []

    def fail(self, event: yaml.Event, message: str) -> ContentError:
        return _fail(self.name, _line(event), message)

    def feed(self, event: yaml.Event) -> None:
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.fail(event, "a file holds one YAML document; found a second '---'")
            return
        if isinstance(event, yaml.ScalarEvent | yaml.MappingStartEvent | yaml.SequenceStartEvent):
            tag = getattr(event, "tag", None)
            if tag not in _PLAIN_TAGS:
                written = str(tag).replace("tag:yaml.org,2002:", "!!")
                raise self.fail(event, f"the tag {short(written)} is not allowed: only plain data is read")
        if isinstance(event, yaml.ScalarEvent):
            self.add(event, self.scalar(event), 1)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                raise self.fail(event, f"unknown alias *{event.anchor}")
            value, size = self.anchors[event.anchor]
            self.add(event, value, size)
        elif isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            if len(self.stack) >= MAX_DEPTH:
                raise self.fail(event, f"the YAML is nested too deeply (limit {MAX_DEPTH} levels)")
            container: list[object] | dict[object, object] = {} if isinstance(event, yaml.MappingStartEvent) else []
            path = self.child_path()
            self.record(path, event)
            self.stack.append(_Open(container, path, None, self.values, event.anchor, event))
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            done = self.stack.pop()
            size = self.values - done.at_open + 1
            if done.anchor:
                self.anchors[done.anchor] = (done.container, size)
            self.attach(done.start, done.container, done.path, size_already_counted=True)

    def scalar(self, event: yaml.ScalarEvent) -> object:
        if event.tag in (None, "!") and event.implicit[0] and not event.style:
            tag = _resolve(yaml.ScalarNode, event.value, (True, False))
        else:
            tag = event.tag if event.tag not in (None, "!") else "tag:yaml.org,2002:str"
        if tag in _SCALAR_TYPES:
            value = _constructor.construct_object(yaml.ScalarNode(tag, event.value), deep=True)
        else:
            value = event.value  # strings, and timestamps etc. kept as the text written
        if event.anchor:
            self.anchors[event.anchor] = (value, 1)
        return value

    def child_path(self) -> Path_:
        if not self.stack:
            return ()
        top = self.stack[-1]
        if isinstance(top.container, list):
            return (*top.path, len(top.container))
        return (*top.path, top.key) if top.key is not None else top.path

    def record(self, path: Path_, event: yaml.Event) -> None:
        self.lines.setdefault(path, _line(event))

    def add(self, event: yaml.Event, value: object, size: int) -> None:
        self.values += size
        if self.values > MAX_VALUES:
            raise self.fail(event, f"the document expands to more than {MAX_VALUES:,} values (an alias bomb?)")
        self.attach(event, value, None, size_already_counted=False)

    def attach(self, event: yaml.Event, value: object, path: Path_ | None, size_already_counted: bool) -> None:
        self.empty = False
        if not self.stack:
            self.root = value
            if path is None:
                self.lines[()] = _line(event)
            return
        top = self.stack[-1]
        container, parent_path = top.container, top.path
        if isinstance(container, list):
            if path is None:
                self.record((*parent_path, len(container)), event)
            container.append(value)
            return
        if top.key is None:  # this value is a key
            key = self.key(event, value, parent_path, container)
            top.key = key
            self.key_lines[(*parent_path, key)] = _line(event)
            return
        key = top.key
        if path is None:
            self.record((*parent_path, key), event)
        container[key] = value
        top.key = None

    def key(self, event: yaml.Event, value: object, path: Path_, container: dict[object, object]) -> PathPart:
        if isinstance(value, bool) or value is None or isinstance(value, dict | list | float):
            where = format_path(path) or "the top level"
            raise self.fail(event, f"a key in {where} must be a name or a number, not {short(value)}")
        key: PathPart = value if isinstance(value, int) else str(value)
        if key in container:
            first = self.key_lines.get((*path, key), 0)
            raise self.fail(
                event,
                f"the key {short(key)} appears twice in {format_path(path) or 'the file'} (first at line {first})",
            )
        return key
