"""A class's most common wrong answer, in words: "8 of 12 chose North", and what the tutor told them, which is
:func:`tutor.app.mistakes.mistake`'s sentence from the engine's facts (never a line written for a result).

An answer is stored as it was shown back to the learner (:func:`tutor.app.reveal.describe`, in their
language). To say what it missed, the value behind those words is found again: each value the question could
take (a seat or nobody, yes or no, a team, each card of the pack) is described in every language and compared.
Answers of other shapes keep their words, without the sentence.
"""

from __future__ import annotations

from collections.abc import Iterator

import streamlit as st

from tutor.app import mistakes, reveal
from tutor.app.kinds import shown
from tutor.app.pagelang import speaking
from tutor.content.kinds import shape_of
from tutor.content.outcomes import Shape
from tutor.content.scenario import Scenario
from tutor.engine.cards import PACK
from tutor.i18n import LANGUAGES, ui

_SINGLE = {
    Shape.BOOL: (True, False),
    Shape.SEAT: (None, "N", "E", "S", "W"),
    Shape.TEAM: (None, "NS", "EW"),
}
_CARDS = (Shape.CARD_SET, Shape.CARD_LIST)


class _Unread:
    """No value of the question reads like the answer stored."""


UNREAD = _Unread()


def _spoken(scenario: Scenario, key: str, value: object) -> Iterator[str]:
    for lang in LANGUAGES:
        with speaking(lang):
            yield reveal.describe(scenario, key, value)


def value_of(scenario: Scenario, key: str, words: str) -> object:
    """The answer behind ``words`` (as :func:`reveal.describe` showed it, in any language), or :data:`UNREAD`."""
    try:
        shape = shape_of(scenario.kind, key)
    except (KeyError, ValueError):
        return UNREAD
    if shape in _SINGLE:
        return next((v for v in _SINGLE[shape] if words in _spoken(scenario, key, v)), UNREAD)
    if shape in _CARDS:
        named: dict[str, str] = {}
        for card in PACK:
            for said in _spoken(scenario, key, [str(card)]):
                named.setdefault(said, str(card))
        pieces = [piece.strip() for piece in words.split(", ")]
        if pieces and all(piece in named for piece in pieces):
            return [named[piece] for piece in pieces]
    return UNREAD


@st.cache_data(show_spinner=False, max_entries=2000)
def told(_scenario: Scenario, scenario_id: str, key: str, words: str, lang: str) -> str | None:
    """What the tutor said of this wrong answer (:func:`mistakes.mistake`, in ``lang``), or None when there is
    nothing particular to say or the answer cannot be read back. ``scenario_id`` keys the cache."""
    value = value_of(_scenario, key, words)
    if isinstance(value, _Unread):
        return None
    try:
        result = shown(_scenario.kind).solved(_scenario)
    except Exception:  # a scenario the engine cannot solve now: its words stay, without the sentence
        return None
    return mistakes.mistake(_scenario, result, key, value, lang)


def chose(words: str, members: int, answered: int, lang: str) -> str:
    """``8 of 12 chose “North”``."""
    # Translators: {members} of {n} members of a class gave the wrong answer {answer} ("North", "3-coins").
    return ui.ngettext(
        lang, "{members} of {n} chose “{answer}”", "{members} of {n} chose “{answer}”", answered, members=members,
        answer=words,
    )  # fmt: skip
