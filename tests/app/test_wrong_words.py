"""A class's wrong answer read back from the words it was stored in (any language) and what the tutor told
the learner about it (tutor/app/teaching/wrong_words.py), on the course's own scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.app import reveal
from tutor.app.pagelang import speaking
from tutor.app.teaching.wrong_words import UNREAD, chose, told, value_of
from tutor.content.course import Course, load_course

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])


@pytest.mark.parametrize(("lang", "value"), [("en", "N"), ("fr", "E"), ("cs", None), ("gu", "W")])
def test_a_seat_said_in_any_language_is_read_back(course: Course, lang: str, value: str | None) -> None:
    aces = course.scenarios["spoiled-aces"]
    with speaking(lang):
        words = reveal.describe(aces, "winner", value)
    assert value_of(aces, "winner", words) == value


def test_cards_said_in_french_are_read_back_and_explained(course: Course) -> None:
    threes = course.scenarios["madame-over-plain-threes"]
    with speaking("fr"):
        words = reveal.describe(threes, "highest", ["3-swords", "3-clubs"])
    assert words == "le trois d'épées, le trois de bâtons"
    assert value_of(threes, "highest", words) == ["3-swords", "3-clubs"]
    # Madame (3-cups) is tier 2; the plain threes are tier 19 (mistakes.py names one of the two equal ones)
    assert told(threes, threes.id, "highest", words, "en") in {
        f"You chose 3-{suit}, tier 19; 3-cups (Madame) is tier 2, so it is better." for suit in ("swords", "clubs")
    }


def test_north_on_the_spoiled_aces_is_explained_from_the_engine(course: Course) -> None:
    aces = course.scenarios["spoiled-aces"]
    assert told(aces, aces.id, "winner", "North", "en") == (
        "You said North wins, but A-swords and A-coins tie for the best tier (9), so the trick is spoiled."
    )


def test_words_no_answer_reads_like_keep_their_words_without_a_sentence(course: Course) -> None:
    aces = course.scenarios["spoiled-aces"]
    assert value_of(aces, "winner", "the dealer's cousin") is UNREAD
    assert told(aces, aces.id, "winner", "the dealer's cousin", "en") is None
    assert chose("the dealer's cousin", 2, 12, "en") == "2 of 12 chose “the dealer's cousin”"
