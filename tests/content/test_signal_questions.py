"""Signal questions never show their answer: the meaning is asked from the gesture.

A scenario's ``setup`` may give ``gesture:`` (words of the rules' gesture table, and ``times`` for the aces)
instead of ``signal:``; the learner then sees the gesture, never the signal's name.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.app import scenario_view
from tutor.content.generate import generate_scenarios
from tutor.content.kinds.signal import SignalSetup
from tutor.content.problems import ContentError
from tutor.content.scenario import Scenario, load_scenario, scenario_from_document
from tutor.content.solve import compare, solve
from tutor.content.yamlsafe import parse_document
from tutor.engine import SIGNALS, signal

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
# What would name the answer "I hold La Vache": the signal's id, its meaning and the card's names.
CARD_NAMES = {
    "monsieur": ("monsieur", "3-coins"),
    "madame": ("madame", "3-cups"),
    "borgne": ("borgne", "2-coins"),
    "vache": ("vache", "2-cups"),
    "grand-neuf": ("grand-neuf", "grand neuf", "9-cups"),
    "petit-neuf": ("petit-neuf", "petit neuf", "9-coins"),
    "deux-de-chene": ("chêne", "chene", "2-clubs"),
    "deux-d-ecrit": ("écrit", "ecrit", "2-swords"),
    "aces": ("ace",),
    "useless-hand": ("useless",),
    "mordienne": ("mordienne",),
}


def read(text: str) -> Scenario:
    return scenario_from_document(parse_document(text.encode("utf-8"), "s.yaml"))


def problems(text: str) -> list[str]:
    with pytest.raises(ContentError) as error:
        read(text)
    return [str(p) for p in error.value.problems]


def visible_text(html: str) -> str:
    def walk(node: ET.Element) -> Iterator[str]:
        if node.tag.startswith(SVG):
            return
        if node.text:
            yield node.text
        for child in node:
            yield from walk(child)
            if child.tail:
                yield child.tail

    return " ".join(walk(ET.fromstring(html)))


def question_text(scenario: Scenario) -> str:
    """Everything the learner reads before answering: the title, the setup as drawn, the hint."""
    drawn = scenario_view.setup_html(scenario, solve(scenario), reveal=False)
    return " ".join([scenario.title, visible_text(drawn), scenario.hint or ""]).lower()


def lookups() -> list[Scenario]:
    found = []
    for seed in range(6):
        found += [
            s for s in generate_scenarios("signal", 200, seed) if isinstance(s.setup, SignalSetup) and s.setup.signal
        ]
    return found


def test_no_generated_signal_question_names_its_answer() -> None:
    items = lookups()
    asked = {key for s in items for key in s.ask}
    assert asked == {"meaning", "gesture"}
    assert {s.setup.signal for s in items if isinstance(s.setup, SignalSetup)} == {x.id for x in SIGNALS}
    for s in items:
        assert isinstance(s.setup, SignalSetup) and s.setup.signal
        found = signal(s.setup.signal)
        text = question_text(s)
        if "meaning" in s.ask:
            assert s.setup.from_gesture, s.id
            assert found.meaning.lower() not in text, s.id
            for name in CARD_NAMES[found.id]:
                assert name not in text, (s.id, name, text)
        if "gesture" in s.ask:
            # The gesture's first words ("pout", "stick out the thumb") would give it away.
            assert found.gesture.split(",")[0].lower() not in text, (s.id, text)
            assert not s.setup.from_gesture


def test_a_gesture_is_shown_as_the_learner_sees_it() -> None:
    thumb = read(
        "id: t\ntitle: What does it say?\nkind: signal\ntopic: signals\nsetup: {gesture: thumb}\nask: [meaning]\n"
    )
    assert thumb.setup == SignalSetup(signal="grand-neuf", from_gesture=True)
    assert "stick out the thumb" in question_text(thumb)
    assert solve(thumb).outcome()["meaning"] == "I hold Grand-neuf"
    mouth = read(
        "id: m\ntitle: What does it say?\nkind: signal\ntopic: signals\n"
        "setup: {gesture: open the mouth, times: 3}\nask: [meaning]\n"
    )
    assert isinstance(mouth.setup, SignalSetup) and mouth.setup.signal == "aces"
    text = question_text(mouth)
    assert "open the mouth three times" in text and "ace" not in text


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ("{gesture: stick out}", "fits grand-neuf petit-neuf deux-de-chene deux-d-ecrit"),
        ("{gesture: wave}", "is no gesture"),
        ("{gesture: Grand-neuf}", "is no gesture"),  # meanings are not searched: that would be the answer
        ("{gesture: thumb, times: 2}", "no count"),
        ("{gesture: mouth, times: 5}", "from 1 to 4"),
        ("{gesture: [mouth]}", "expected text"),
        ("{gesture: thumb, signal: grand-neuf}", "not several"),
        ("{gesture: thumb, colour: red}", "unknown key"),
    ],
)
def test_a_bad_gesture_is_one_line_naming_the_key(setup: str, words: str) -> None:
    found = problems(f"id: b\ntitle: t\nkind: signal\ntopic: signals\nsetup: {setup}\nask: [meaning]\n")
    assert any(words in p and "s.yaml:5" in p and "setup" in p for p in found), found
    assert all("\n" not in p for p in found)


def test_asking_for_the_gesture_shown_is_refused() -> None:
    found = problems("id: g\ntitle: t\nkind: signal\ntopic: signals\nsetup: {gesture: wink}\nask: [gesture]\n")
    assert any("s.yaml:6" in p and "ask" in p and "gives the answer away" in p for p in found), found


@pytest.mark.parametrize("name", ["signal-grand-neuf-thumb", "signal-aces-read"])
def test_the_course_asks_these_signals_from_the_gesture(name: str) -> None:
    scenario = load_scenario(ROOT / "scenarios" / "signals" / f"{name}.yaml")
    assert isinstance(scenario.setup, SignalSetup) and scenario.setup.from_gesture
    assert scenario.ask == ("meaning",)
    assert compare(scenario, solve(scenario)) == []
    found = signal(scenario.setup.signal or "")
    text = question_text(scenario)
    assert found.meaning.lower() not in text
    for word in CARD_NAMES[found.id]:
        assert word not in text.replace(scenario.hint.lower() if scenario.hint else "", ""), word


@pytest.mark.parametrize("seed", range(3))
def test_the_signal_drills_never_name_the_meaning_in_the_question(seed: int) -> None:
    from tutor.content.drills import signal_drill

    rng = random.Random(seed)
    for found in SIGNALS:
        drill = signal_drill(found, True, rng)
        text = drill.question.lower()
        assert found.meaning.lower() not in text
        for name in CARD_NAMES[found.id]:
            assert name not in text, (found.id, text)
        back = signal_drill(found, False, rng)
        assert found.gesture.split(",")[0].lower() not in back.question.lower()
