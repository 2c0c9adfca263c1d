"""Whole lessons and scenarios in a language (tutor/i18n/content.py): their learner-visible texts translated,
everything else (cards, seats, ids, what is asked and expected) left as it is.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tutor.content.course import load_course
from tutor.content.localize import lesson_texts, localize_lesson, localize_scenario, scenario_texts
from tutor.i18n import FALLBACKS

ROOT = Path(__file__).resolve().parents[2]


def test_a_lesson_and_a_scenario_in_a_language_translate_their_texts_only() -> None:
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    lesson = course.lessons[1]
    shown = localize_lesson(lesson, "qps")
    assert [text for _, text in lesson_texts(shown)] == [
        "⟦" + "".join(ch.translate(_ACCENT) for ch in text) + "⟧" for _, text in lesson_texts(lesson)
    ]
    assert shown.scenarios == lesson.scenarios and [s.cards for s in shown.sections] == [
        s.cards for s in lesson.sections
    ]
    assert localize_lesson(lesson, "en") is lesson
    scenario = course.scenarios["spoiled-aces"]
    pseudo = localize_scenario(scenario, "qps")
    assert pseudo.title == "⟦Ţŵó áçéš áţ ţĥé ţóþ⟧"
    assert [key for key, _ in scenario_texts(pseudo)] == [key for key, _ in scenario_texts(scenario)]
    assert pseudo.setup == scenario.setup and pseudo.expect == scenario.expect and pseudo.ask == scenario.ask
    # Texts no catalog holds (an author's new wording): the same texts, in English, each counted once
    reworded = dataclasses.replace(scenario, title="A title no catalog holds", note="A note no catalog holds")
    FALLBACKS.reset()
    assert localize_scenario(reworded, "fr") == reworded
    assert FALLBACKS.count("fr") == len(scenario_texts(reworded)) == 2
    FALLBACKS.reset()


_ACCENT = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ",
)
