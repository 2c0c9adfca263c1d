"""The translators' registry of messages (tutor/i18n/catalog.py) and steps as data (tutor/engine/steps.py).

The engine's messages are in the registry from the start; the play layer's join when ``tutor.play.messages``
is imported, and nothing below play imports it. A step prints as its data; a sentence is always rendered.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tutor.engine import Seat, card
from tutor.engine.messages import MESSAGES as ENGINE_MESSAGES
from tutor.engine.messages import step
from tutor.engine.steps import Message, Tier
from tutor.i18n.catalog import MESSAGES, register
from tutor.i18n.sentences import render
from tutor.play import messages as play_messages


def test_the_registry_holds_the_engine_messages_and_those_play_registers() -> None:
    assert set(ENGINE_MESSAGES) | set(play_messages.MESSAGES) == set(MESSAGES)
    assert MESSAGES["hint.caveat"] is play_messages.MESSAGES["hint.caveat"]
    with pytest.raises(TypeError):
        MESSAGES["x.y"] = Message("x.y", "no")  # read-only: a message joins through register(), checked


def test_registering_again_changes_nothing_and_a_clash_is_refused() -> None:
    before = dict(MESSAGES)
    register(play_messages.MESSAGES)
    assert dict(MESSAGES) == before
    with pytest.raises(ValueError, match=r"trick\.led"):
        register({"trick.led": Message("trick.led", "{leader} led.")})
    assert dict(MESSAGES) == before


def test_the_layers_below_play_render_without_importing_it() -> None:
    program = (
        "import sys\n"
        "from tutor.engine import Seat, card\n"
        "from tutor.engine.messages import step\n"
        "from tutor.i18n.sentences import render\n"
        "import tutor.content.localize, tutor.content.generate\n"
        "print(render(step('trick.led', leader=Seat.N, card=card('A-swords')), 'fr'))\n"
        "assert not [m for m in sys.modules if m.startswith(('tutor.play', 'tutor.app', 'tutor.authoring'))]\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Nord entame avec l'as d'épées (un as, rang 9).\n"


def test_a_step_prints_as_its_data_and_renders_as_a_sentence() -> None:
    led = step("trick.led", leader=Seat.N, card=card("A-swords"))
    assert str(led) == "trick.led(leader=N, card=A-swords)"
    assert render(led) == "North led A-swords (an ace, tier 9)."
    group = step("rank.group", tier=Tier(9), cards=(card("A-coins"), card("A-cups")))
    assert (
        str(step("rank.order", groups=(group,))) == "rank.order(groups=[rank.group(tier=9, cards=[A-coins, A-cups])])"
    )
    assert str(play_messages.step("play.seating", learner="Ann", partner="Bo", east="Cy", west="Di")).startswith(
        "play.seating(learner='Ann', "
    )
