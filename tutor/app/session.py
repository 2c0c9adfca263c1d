"""Session state, named once: a :class:`Key` knows its name and its value's type; every read and write of
``st.session_state`` in the app goes through one (a test holds the rest of ``tutor/app`` to it).

A key is defined once, at the top of the module that owns it, with a literal name::

    LESSON = Key[str]("learn.lesson")            # get() is None until set
    ASKED = Key[int]("ranking.asked", 0)         # value() is 0 until set
    LOG = Key[list[Logged]]("play.log", factory=list)
    STEP = Family[int]("learn.{}.step", 0)       # STEP(lesson.id): one key per lesson

A key *is* its name (a ``str``), so a widget takes it as its ``key=`` and a test can still address
``at.session_state["learn.lesson"]``; its methods read and write the session's value:

* :meth:`Key.get`: the value, or None when it is not set;
* :meth:`Key.value`: the value, else the key's default (or a new one from its factory), which is not stored;
* :meth:`Key.set`, :meth:`Key.setdefault` (stores the value given, else the default), :meth:`Key.pop`,
  :meth:`Key.is_set` (whether the session holds it: ``key in st.session_state``).

**Names.** ``<prefix>.<name>``: the prefix says whose the state is, one of :data:`PREFIXES` (a page, or what
the pages share); the name is lower-case words, digits, ``_`` and ``-``, dotted where a page groups keys
(``signals.quiz.verdicts``). A module drawn on several pages (the scenario form, the drill widgets) names
its keys under the page's prefix, a :class:`Family` whose pattern starts with ``{}`` (``{}.attempt``: the
Practice page's is ``practice.attempt``). A page's keys are its own: another page asks the page's module
(:func:`tutor.app.lessons.place`, :func:`tutor.app.practice.current_queue`) rather than reading them.

**A change of learner** starts every page afresh (:func:`start_afresh`, from :mod:`tutor.app.learners`): only
the keys under :data:`KEPT` survive it (the learner chooser, the progress file, the language, the guest token).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, Self, TypeVar, cast

import streamlit as st

T = TypeVar("T")

KEPT: Final = "learner"  # the one prefix whose keys survive a change of learner
# Whose state each prefix names. Keys of one page never serve another: it asks that page's module.
PREFIXES: Final[Mapping[str, str]] = {
    KEPT: "who is learning, the progress file, the language and the guest token: kept for a new learner",
    "course": "where the learner is in the course, across the Lessons and Practice pages (Home's Continue)",
    "home": "the Home page",
    "learn": "the Lessons page (tutor.app.lessons)",
    "practice": "the Practice page (tutor.app.practice)",
    "review": "the Review page",
    "progress": "the Progress page",
    "play": "the Play page (tutor.app.play_view, tutor.app.coach_view)",
    "ranking": "the Ranking trainer",
    "signals": "the Signals page",
    "rules": "the Rules page",
    "teach": "the teacher's pages (tutor.app.teaching): a class's assignments, its dashboard, a member's progress",
    "projector": "a teacher's live round: the panel that starts it (tutor.app.teaching.live_host) and its projector",
    "round": "the phones' page of a live round (tutor.app.live_phone)",
    # tutor.app.card_answer's buttons: its style rules select them by these prefixes (``st-key-alucard-...``)
    "alucard": "a card answer's card buttons",
    "alutie": "a card answer's 'same place' button",
    "aluundo": "a card answer's 'Undo' button",
}
# Names without a prefix, older than the convention: tests put a MemoryProgress under "progress".
BARE: Final = frozenset({"progress"})


class _Unset(enum.Enum):
    UNSET = enum.auto()


UNSET: Final = _Unset.UNSET  # no default given


class Key(str, Generic[T]):
    """One piece of session state: its name (the string itself) and its value's type ``T``; optionally a
    ``default`` or a ``factory`` (for a mutable default) that :meth:`value` and :meth:`setdefault` use."""

    _default: T | _Unset
    _factory: Callable[[], T] | None

    def __new__(cls, name: str, default: T | _Unset = UNSET, *, factory: Callable[[], T] | None = None) -> Self:
        key = super().__new__(cls, name)
        key._default = default
        key._factory = factory
        return key

    def __repr__(self) -> str:
        return f"Key({self.name!r})"

    @property
    def name(self) -> str:
        """The name as a plain string."""
        return str(self)

    def _fallback(self) -> T:
        if self._factory is not None:
            return self._factory()
        if isinstance(self._default, _Unset):
            raise KeyError(f"{self.name!r} is not in the session and has no default")
        return self._default

    def get(self) -> T | None:
        """The session's value, or None when it holds none."""
        return cast("T | None", st.session_state.get(self.name))

    def value(self) -> T:
        """The session's value, else the default (not stored); a key without one raises ``KeyError``."""
        state = st.session_state
        return cast(T, state[self.name]) if self.name in state else self._fallback()

    def is_set(self) -> bool:
        """Whether the session holds a value under this key (None included)."""
        return self.name in st.session_state

    def set(self, value: T) -> None:
        st.session_state[self.name] = value

    def setdefault(self, value: T | _Unset = UNSET) -> T:
        """The session's value; when it holds none, ``value`` (else the default) stored first."""
        state = st.session_state
        if self.name not in state:
            state[self.name] = self._fallback() if isinstance(value, _Unset) else value
        return cast(T, state[self.name])

    def pop(self) -> T | None:
        """Forget the value; the one forgotten, or None."""
        return cast("T | None", st.session_state.pop(self.name, None))


class Family(Generic[T]):
    """Keys made from one pattern, one per thing they are about: ``Family[int]("learn.{}.step", 0)`` gives
    ``learn.<lesson id>.step``; a pattern starting with ``{}`` is a shared module's, under the page's prefix."""

    def __init__(self, pattern: str, default: T | _Unset = UNSET, *, factory: Callable[[], T] | None = None) -> None:
        self.pattern = pattern
        self._default = default
        self._factory = factory

    def __repr__(self) -> str:
        return f"Family({self.pattern!r})"

    def __call__(self, *parts: object) -> Key[T]:
        return Key(self.pattern.format(*parts), self._default, factory=self._factory)


def forget(*keys: Key[Any]) -> None:
    """Forget each of ``keys`` (of any type)."""
    for key in keys:
        key.pop()


def forget_where(which: Callable[[str], bool]) -> None:
    """Forget every key whose name ``which`` accepts (widgets' keys too)."""
    state = st.session_state
    for name in [str(k) for k in state if which(str(k))]:
        del state[name]


def forget_under(prefix: str) -> None:
    """Forget every key whose name starts with ``prefix`` (a scenario's answer widgets, ``practice.3.w.``)."""
    forget_where(lambda name: name.startswith(prefix))


def start_afresh() -> None:
    """Forget everything the pages keep for the session (scores, the question on screen, a game), but not
    what is under :data:`KEPT`."""
    forget_where(lambda name: not name.startswith(f"{KEPT}."))


def follows_convention(name: str) -> bool:
    """Whether a key's name (or a family's pattern) is ``<prefix>.<name>`` with a known prefix, ``{}.<name>``
    for a shared module's, or one of the :data:`BARE` names."""
    if name in BARE:
        return True
    prefix, dot, rest = name.partition(".")
    if not dot or (prefix not in PREFIXES and prefix != "{}"):
        return False
    words = rest.split(".")
    return all(word and all(c.islower() or c.isdigit() or c in "_-{}" for c in word) for word in words)


__all__ = [
    "BARE",
    "KEPT",
    "PREFIXES",
    "UNSET",
    "Family",
    "Key",
    "follows_convention",
    "forget",
    "forget_under",
    "forget_where",
    "start_afresh",
]
