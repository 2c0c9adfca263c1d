"""The signals page: search both ways, the full table, the quiz, and the signals of a hand."""

from __future__ import annotations

import re

from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app.gestures import gesture_label
from tutor.engine import SIGNALS, cards, hand_signals
from tutor.i18n.sentences import render_all

HAND = "3-coins, A-cups, A-clubs, 9-swords, 2-clubs, 5-cups, 6-cups, 7-cups, 8-cups"


def signals_page(tab: str | None = None) -> AppTest:
    return open_page("screens/signals.py", session={"signals.tab": tab} if tab else None)


def shown_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def search(at: AppTest, text: str) -> str:
    at.text_input(key="signals.search").input(text).run()
    assert not at.exception
    return shown_text(at)


def test_renders_every_signal_before_a_search() -> None:
    at = signals_page()
    assert at.title[0].value == "Signals"
    text = shown_text(at)
    for s in SIGNALS:
        assert s.gesture in text


def test_wink_finds_le_borgne() -> None:
    text = search(signals_page(), "wink")
    assert "I hold Le Borgne" in text and f'aria-label="{gesture_label("borgne")}"' in text
    assert "I hold Monsieur" not in text
    assert 'data-card="2-coins"' in text


def test_3_coins_finds_look_upward() -> None:
    text = search(signals_page(), "3-coins")
    assert "look upward without moving the head" in text
    assert "I hold Madame" not in text


def test_searches_by_situation_and_gesture() -> None:
    at = signals_page()
    assert "shrug the shoulders" in search(at, "useless")
    assert "open the mouth once for each ace held" in search(at, "aces")
    assert "bite the lip" in search(at, "mordienne")
    assert "stick out the thumb" in search(at, "thumb")
    text = search(at, "monsieur")
    assert "look upward" in text
    search(at, "5-cups")
    assert at.info and "no signal" in at.info[0].value
    search(at, "xyzzy")
    assert at.warning


def test_example_chips_fill_the_search() -> None:
    at = signals_page()
    at.button_group(key="signals.example").set_value("thumb").run()
    assert at.text_input(key="signals.search").value == "thumb"
    assert "I hold Grand-neuf" in shown_text(at)


def test_the_table_has_every_signal_and_the_decision() -> None:
    at = signals_page("All signals")
    table = next(m.value for m in at.markdown if "signals-table" in m.value)
    for s in SIGNALS:
        # each row carries the signal's own pictogram, named for screen readers
        assert s.id in table and f'aria-label="{gesture_label(s.id)}"' in table
    assert "stick out the little finger" in table
    assert at.info and "Albanian" in at.info[0].value and "little finger" in at.info[0].value


def test_quiz_scores_five_answers() -> None:
    at = signals_page("Quiz")
    quiz = at.session_state["signals.quiz"]
    assert len(quiz) == 5
    at.button(key="signals.quiz.check").click().run()
    assert at.warning and at.session_state["signals.quiz.verdicts"] is None  # every question needs an answer first
    for i, question in enumerate(quiz):
        answer = question.answer if i < 4 else next(c for c in question.choices if c != question.answer)
        at.radio(key=f"signals.quiz.0.q{i}").set_value(answer).run()  # each choice reruns, as in a browser
    at.button(key="signals.quiz.check").click().run()
    assert not at.exception
    assert len(at.success) == 4 and len(at.error) == 1
    assert "Score: 4 / 5" in shown_text(at)
    # The answered radios still show the learner's choices (redrawn after being disabled).
    assert at.radio(key="signals.quiz.0.q0").value == quiz[0].answer
    assert len(at.session_state["progress"].history) == 5
    at.button(key="signals.quiz.new").click().run()
    assert at.session_state["signals.quiz.n"] == 1 and not at.error


def test_what_should_i_signal_answers_a_typed_hand_at_once() -> None:
    """A lookup: the hand in, its signals out, with no quiz to pass first. Hand-worked from rules.md section 10:
    Monsieur (3-coins) and the Deux de chêne (2-clubs) are named cards, and two aces call for "I hold aces"."""
    at = signals_page("What should I signal?")
    at.text_input(key="signals.typed").input(HAND).run()
    assert not at.exception and not at.error
    text = shown_text(at)
    assert "I hold Monsieur" in text and "I hold the Deux de chêne" in text and "I hold aces" in text
    assert "- **I hold aces**: open the mouth once for each ace held (2 aces)" in text
    seen = re.sub(r"<[^>]+>", " ", text)  # what a reader sees (a picture's data-signal attribute is no text)
    assert "deux-de-chene" not in seen and "monsieur`" not in seen  # meanings, never the internal ids
    assert not at.session_state["progress"].history  # looking up is no answer


def test_the_hand_quiz_is_a_separate_choice_and_an_empty_check_is_not_graded() -> None:
    at = signals_page("What should I signal?")
    at.segmented_control(key="signals.hand.mode").set_value("test").run()
    at.button(key="signals.hand.check").click().run()
    assert not at.error and at.warning  # "pick the signals first": nothing is marked wrong
    assert not at.session_state["progress"].history


def test_the_hand_tool_gives_the_engines_signals_for_a_typed_hand() -> None:
    at = signals_page("What should I signal?")
    assert len(at.session_state["signals.hand"]) == 9  # a hand is dealt on arrival
    at.segmented_control(key="signals.hand.mode").set_value("test").run()
    at.text_input(key="signals.typed").input(HAND).run()
    assert at.session_state["signals.hand"] == cards(HAND.replace(",", " "))
    version = at.session_state["signals.hand.version"]
    at.multiselect(key=f"signals.hand.picked.{version}").set_value(["monsieur", "aces"]).run()
    at.number_input(key=f"signals.hand.aces.{version}").set_value(2).run()
    at.button(key="signals.hand.check").click().run()
    assert not at.exception
    engine = hand_signals(cards(HAND.replace(",", " ")))
    assert [s.id for s in engine.signals] == ["monsieur", "deux-de-chene", "aces"]
    assert at.error and "I hold the Deux de chêne" in at.error[0].value  # the signals were incomplete
    assert any(s.value == "✓ Aces: 2" for s in at.success)
    text = shown_text(at)
    for step in render_all(engine.explanation):
        assert step.split(":")[0] in text
    assert at.multiselect(key=f"signals.hand.picked.{version}").value == ["monsieur", "aces"]
    assert at.number_input(key=f"signals.hand.aces.{version}").value == 2
    answer = at.session_state["progress"].history[-1]
    assert answer.correct == {"signals": False, "aces": True}


def test_a_bad_card_gives_a_one_line_error_and_keeps_the_hand() -> None:
    at = signals_page("What should I signal?")
    before = at.session_state["signals.hand"]
    at.text_input(key="signals.typed").input("3-coins, Z-cups").run()
    assert at.error and "'Z-cups' is not a card" in at.error[0].value
    assert "\n" not in at.error[0].value
    assert at.session_state["signals.hand"] == before


def test_deal_me_a_hand_deals_a_new_hand() -> None:
    at = signals_page("What should I signal?")
    before = at.session_state["signals.hand"]
    at.button(key="signals.deal").click().run()
    after = at.session_state["signals.hand"]
    assert len(after) == 9 and after != before
