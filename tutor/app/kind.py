"""One kind of scenario as the app shows it: a typed entry, defined once by the kind's own module.

Every module of :mod:`tutor.app.kinds` defines ``KIND``, an :class:`AppKind`: the kind's name and its topics'
titles in the learner's language, how its setup is drawn, how each of its questions is worded and, where a
question needs a widget of its own, how it is planned. ``AppKind[TrickSetup]`` draws a
:class:`~tutor.content.kinds.trick.TrickSetup`, so mypy checks each entry against its kind's setup. The pages
(Practice, Endless, the reveal, the prediction widgets) ask an entry through :class:`Shown`, and never name a
kind.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from tutor.app.questions import Nobody, Question
from tutor.content.kind import Setup
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine import Card, Explained, Seat
from tutor.engine.steps import Step
from tutor.i18n.ui import Translator

S = TypeVar("S", bound=Setup)


def _no_cards(setup: Setup) -> tuple[Card, ...]:
    return ()


@dataclass(frozen=True)
class AppKind(Generic[S]):
    """Everything the app knows of one kind; ``S`` is the type of its setup."""

    name: str  # the content kind it shows
    setup_type: type[S]
    title: Callable[[Translator], str]  # the kind's name (Endless's menu)
    topics: Callable[[Translator], Mapping[str, str]]  # the titles of the topics its generator writes
    # The setup as one string of XHTML: (setup, the engine's result or None, revealed, the keys still hidden).
    draw: Callable[[S, Explained | None, bool, Collection[str]], str]
    # How the question for a key reads: (key, the translator, the player a question is about, the seats it names).
    wording: Callable[[str, Translator, str, tuple[Seat, ...]], str | None]
    shorts: Callable[[Translator], Mapping[str, str]]  # each asked key's short name (the answers' table)
    cards: Callable[[S], tuple[Card, ...]] = _no_cards  # the cards shown, that a card answer is picked from
    # A question with a widget of its own, for the keys that need one: (key, setup, the keys asked, the engine's
    # result, the question's words, the translator).
    plan: Callable[[str, S, tuple[str, ...], Explained, str, Translator], Question | None] | None = None
    # Who a question names: (the player, the seats), for the keys that name someone.
    subjects: Callable[[str, S, Explained], tuple[str, tuple[str, ...]]] | None = None
    nobody: Callable[[str, Translator], Nobody | None] | None = None  # the "nobody" of a key that may have no one
    full_width: bool = False  # its drawing needs the page's width: the questions go under it, not beside
    solve: Callable[[Scenario], Explained] = solve  # how a page gets the engine's result (a slow one: cached)
    reveal: Callable[[Explained], str] | None = None  # XHTML drawn under the revealed setup
    # The explanation's steps in groups, each under a heading (the draw's rounds); None: one numbered list.
    groups: Callable[[Explained, Translator], list[tuple[str, tuple[Step, ...]]] | None] | None = None

    def setup_html(self, setup: Setup, result: Explained | None, reveal: bool, hidden: Collection[str]) -> str:
        return self.draw(self._own(setup), result, reveal, hidden)

    def question_text(self, key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
        return self.wording(key, _, first, who)

    def short_names(self, _: Translator) -> Mapping[str, str]:
        return self.shorts(_)

    def cards_in(self, setup: Setup) -> tuple[Card, ...]:
        return self.cards(self._own(setup))

    def own_question(
        self, key: str, scenario: Scenario, result: Explained, text: str, _: Translator
    ) -> Question | None:
        if self.plan is None:
            return None
        return self.plan(key, self._own(scenario.setup), scenario.ask, result, text, _)

    def subjects_of(self, key: str, setup: Setup, result: Explained) -> tuple[str, tuple[str, ...]]:
        return ("", ()) if self.subjects is None else self.subjects(key, self._own(setup), result)

    def nobody_for(self, key: str, _: Translator) -> Nobody | None:
        return None if self.nobody is None else self.nobody(key, _)

    def solved(self, scenario: Scenario) -> Explained:
        return self.solve(scenario)

    def revealed(self, result: Explained) -> str:
        return "" if self.reveal is None else self.reveal(result)

    def groups_of(self, result: Explained, _: Translator) -> list[tuple[str, tuple[Step, ...]]] | None:
        return None if self.groups is None else self.groups(result, _)

    def _own(self, setup: Setup) -> S:
        if not isinstance(setup, self.setup_type):
            raise TypeError(f"a {self.name} scenario's setup is a {self.setup_type.__name__}, not {setup!r}")
        return setup


class Shown(Protocol):
    """A kind as the pages ask it, whatever the type of its setup: the app registry's entries."""

    @property
    def name(self) -> str: ...
    @property
    def setup_type(self) -> type[Setup]: ...
    @property
    def full_width(self) -> bool: ...
    @property
    def title(self) -> Callable[[Translator], str]: ...
    @property
    def topics(self) -> Callable[[Translator], Mapping[str, str]]: ...

    def setup_html(self, setup: Setup, result: Explained | None, reveal: bool, hidden: Collection[str]) -> str: ...
    def question_text(self, key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None: ...
    def short_names(self, _: Translator) -> Mapping[str, str]: ...
    def cards_in(self, setup: Setup) -> tuple[Card, ...]: ...
    def own_question(
        self, key: str, scenario: Scenario, result: Explained, text: str, _: Translator
    ) -> Question | None: ...
    def subjects_of(self, key: str, setup: Setup, result: Explained) -> tuple[str, tuple[str, ...]]: ...
    def nobody_for(self, key: str, _: Translator) -> Nobody | None: ...
    def solved(self, scenario: Scenario) -> Explained: ...
    def revealed(self, result: Explained) -> str: ...
    def groups_of(self, result: Explained, _: Translator) -> list[tuple[str, tuple[Step, ...]]] | None: ...
