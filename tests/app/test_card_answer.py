"""Answering with the cards on the Practice page (AppTest): one card chosen from a radio group drawn as the cards
(sent with Check), the cards of a set or an order clicked one by one, an order built and undone, answers that start
empty for every scenario, play puzzles, and the mistake lines.

Right answers are hand-worked from rules.md (tier 1 best; aces tier 9, kings 10) and the scenario files.
"""

from __future__ import annotations

from helpers import fill_answers, open_page
from reveal_read import reveal_of
from streamlit.testing.v1 import AppTest

from tutor.app import card_answer, predict, quiz

PREFIX = "practice"


def practice(**query: str) -> AppTest:
    return open_page("screens/practice.py", query=query)


def attempt(at: AppTest) -> quiz.Attempt:
    return at.session_state[f"{PREFIX}.attempt"]


def question(at: AppTest, key: str) -> predict.Question:
    return next(q for q in attempt(at).questions if q.key == key)


def card_radio(at: AppTest, key: str, suffix: str = ""):  # type: ignore[no-untyped-def]
    """The radio group of question ``key``'s one card to choose (the winner, the card to play)."""
    return at.radio(key=question(at, key).widget_key(attempt(at).fields, suffix))


def choose(at: AppTest, key: str, value: str) -> None:
    """Choose ``value`` (a card code, a seat, or "spoiled") for question ``key``: sent with Check, no run of its own."""
    card_radio(at, key).set_value(value)


def card_button(at: AppTest, key: str, value: str, suffix: str = ""):  # type: ignore[no-untyped-def]
    """The button of the card ``value`` of question ``key``, answered with a set or an order of cards."""
    q = question(at, key)
    part = next(p for p in q.parts if p.suffix == suffix)
    assert part.pick is not None
    index = [c.value for c in part.pick.choices].index(value)
    return at.button(key=card_answer.button_key(q.widget_key(attempt(at).fields, suffix), index))


def click(at: AppTest, key: str, value: str, suffix: str = "") -> None:
    card_button(at, key, value, suffix).click()
    at.run()
    assert not at.exception, at.exception


def submit(at: AppTest) -> None:
    at.button(key=f"{PREFIX}.submit").click()
    at.run()
    assert not at.exception, at.exception


def texts(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in (at.markdown, at.success, at.error, at.info, at.warning) for e in kind)


# --- the trick's winner, clicked ---------------------------------------------------------------------------------


def test_the_cards_of_the_trick_are_a_radio_group_named_by_card_and_player() -> None:
    # spoiled-aces: North leads A-swords, East 5-cups, South A-coins, West 9-clubs.
    at = practice(scenario="spoiled-aces")
    winner = card_radio(at, "winner")
    assert winner.label == "1. Who wins this trick? Click the winning card, or Spoiled."  # its accessible name
    seats = ["A-swords (North)", "5-cups (East)", "A-coins (South)", "9-clubs (West)"]
    assert winner.options == [*seats, "Spoiled: nobody wins"]
    assert winner.value is None  # nothing chosen until the learner chooses
    choose(at, "winner", "S")
    choose(at, "winner", "spoiled")  # a second choice replaces the first
    submit(at)  # half answered (the next leader is open): refused, the choice kept
    assert attempt(at).grade is None
    assert card_radio(at, "winner").value == "spoiled"


def test_clicking_spoiled_answers_right() -> None:
    at = practice(scenario="spoiled-aces")
    choose(at, "winner", "spoiled")
    at.radio(key=question(at, "next_leader").widget_key(attempt(at).fields)).set_value("N")
    submit(at)
    grade = attempt(at).grade
    assert grade is not None and grade.all_correct


def test_one_card_to_choose_sits_in_checks_form_and_a_half_answer_is_refused() -> None:
    # A card's radio group and the question after it sit in Check's form: their choices go with Check, no run of
    # their own (a click's run was 11 of a question's 73 messages); a half answer is still refused with what is open.
    at = practice(scenario="spoiled-aces")
    check = at.button(key=f"{PREFIX}.submit")
    assert check.proto.is_form_submitter and check.proto.form_id
    assert card_radio(at, "winner").proto.form_id == check.proto.form_id
    radio = at.radio(key=question(at, "next_leader").widget_key(attempt(at).fields))
    assert radio.proto.form_id == check.proto.form_id
    choose(at, "winner", "spoiled")
    submit(at)
    assert attempt(at).grade is None
    assert "still open: next leader" in " ".join(str(w.value) for w in at.warning)


def test_clicking_a_card_that_ties_answers_wrong_and_says_why() -> None:
    at = practice(scenario="spoiled-aces")
    choose(at, "winner", "N")
    at.radio(key=question(at, "next_leader").widget_key(attempt(at).fields)).set_value("N")
    submit(at)
    grade = attempt(at).grade
    assert grade is not None and grade.by_key() == {"winner": False, "next_leader": True}
    assert "You said North wins, but A-swords and A-coins tie for the best tier (9), so the trick is spoiled." in (
        texts(at)
    )


# --- answers start empty ---------------------------------------------------------------------------------------


def test_a_half_answered_question_does_not_carry_over_to_the_next_topic() -> None:
    # A learner's steps: /practice?topic=tricks, choose North as the winner and Check, switch to "Spoiled tricks".
    at = practice(topic="tricks")
    first = attempt(at)
    assert first.questions[0].key == "winner"
    choose(at, "winner", "N")
    submit(at)  # refused, the next leader still open: the choice is kept for this scenario
    assert attempt(at).grade is None
    assert at.session_state[first.questions[0].widget_key(first.fields)] == "N"
    at.selectbox(key=f"{PREFIX}.topic").set_value("spoiled-tricks").run()
    assert not at.exception
    now = attempt(at)
    assert now.scenario.topic == "spoiled-tricks"
    keys = [q.widget_key(now.fields, p.suffix) for q in now.questions for p in q.parts]
    assert all(at.session_state[k] in (None, []) if k in at.session_state else True for k in keys)
    assert all(r.value is None for r in at.radio if str(r.key).startswith(f"{now.fields}.w."))
    # Answer only the questions after the first, then Check: the first is still open.
    outcome = now.result.outcome()
    fill_answers(at, {q.key: outcome[q.key] for q in now.questions[1:]}, PREFIX)
    submit(at)
    assert attempt(at).grade is None
    first_name = predict.SHORT[now.questions[0].key].lower()
    assert any(f"still open: {first_name}" in w.value for w in at.warning)


def test_no_multiselect_offers_select_all() -> None:
    # dealing scenarios are the ones still answered with multiselects (36 cards to pick from).
    course = quiz.state.course()
    dealing = next(s for s in course.scenarios.values() if s.kind == "dealing" and "hands" in s.ask)
    at = practice(scenario=dealing.id)
    # The worksheet builder's menu of scenarios is not an answer: picking them all is a teacher's right.
    answers = [m for m in at.multiselect if ".print." not in str(m.key)]
    assert answers, "the dealing's hands are multiselects"
    assert all(m.proto.select_all == 0 for m in answers)


# --- the highest cards, an order, the cards to keep ------------------------------------------------------------


def test_an_order_is_built_by_clicking_and_can_be_undone_and_tied() -> None:
    # rank-all-four-twos: 2-coins (tier 3) > 2-cups (4) > 2-clubs (7) > 2-swords (8) > A-cups (9).
    at = practice(scenario="rank-all-four-twos")
    for code in ("2-coins", "2-cups", "2-swords"):
        click(at, "order", code)
    assert "Your order so far: 2-coins, Le Borgne › 2-cups, La Vache › 2-swords, Deux d'écrit" in texts(at)
    assert card_button(at, "order", "2-swords").label.startswith("✓ 3.")
    at.button(key=f"aluundo.{question(at, 'order').widget_key(attempt(at).fields)}").click().run()
    assert card_button(at, "order", "2-swords").label == "2-swords, Deux d'écrit"
    # Tie the next card with the one before, then undo the tie's card.
    click(at, "order", "A-cups")
    at.button(key=f"alutie.{question(at, 'order').widget_key(attempt(at).fields)}").click().run()
    assert at.session_state[question(at, "order").widget_key(attempt(at).fields)] == [["2-coins"], ["2-cups", "A-cups"]]
    at.button(key=f"aluundo.{question(at, 'order').widget_key(attempt(at).fields)}").click().run()
    for code in ("2-clubs", "2-swords", "A-cups"):
        click(at, "order", code)
    submit(at)
    grade = attempt(at).grade
    assert grade is not None and grade.all_correct


def test_a_wrong_order_says_which_card_is_above_a_better_one() -> None:
    at = practice(scenario="rank-all-four-twos")
    for code in ("2-cups", "2-coins", "2-clubs", "2-swords", "A-cups"):
        click(at, "order", code)
    submit(at)
    assert attempt(at).grade.all_correct is False  # type: ignore[union-attr]
    assert "You put 2-cups (La Vache) (tier 4) above 2-coins (Le Borgne) (tier 3)" in texts(at)


def test_keep_stops_at_nine_cards_and_says_so() -> None:
    at = practice(scenario="chant-dealer-keeps-nine")
    q = question(at, "keep")
    part = q.parts[0]
    assert part.pick is not None and part.pick.most == 9
    for choice in part.pick.choices[:10]:
        click(at, "keep", choice.value, part.suffix)
    assert len(at.session_state[q.widget_key(attempt(at).fields, part.suffix)]) == 9
    assert any("picked 9 already" in w.value for w in at.warning)


# --- play puzzles ----------------------------------------------------------------------------------------------


def test_a_play_puzzle_is_answered_by_clicking_a_card_of_the_hand_to_move() -> None:
    # play-first-to-reach: North leads to trick 8 holding 3-coins (Monsieur) and K-coins; Monsieur is best.
    at = practice(scenario="play-first-to-reach")
    assert [q.key for q in attempt(at).questions] == ["best"]
    assert card_radio(at, "best").label.startswith("1. Which card should North play? Click it.")
    assert card_radio(at, "best").options == ["3-coins, Monsieur", "K-coins"]
    shown = texts(at)
    assert "Trick 8 of 9" in shown and "1 spoiled so far" in shown
    choose(at, "best", "3-coins")
    submit(at)
    grade = attempt(at).grade
    assert grade is not None and grade.all_correct
    shown = texts(at)
    assert "What each card leads to" in shown and "One line of best play" in shown
    # The line: trick 8 North's Monsieur wins; trick 9 East's Madame wins.
    assert "Trick 8: North wins" in shown and "Trick 9: East wins" in shown


def test_a_wrong_card_in_a_play_puzzle_is_graded_wrong_with_its_result() -> None:
    at = practice(scenario="play-first-to-reach")
    choose(at, "best", "K-coins")
    submit(at)
    grade = attempt(at).grade
    assert grade is not None and not grade.all_correct
    assert (
        "You chose K-coins: with best play by all after it, EW scores 1. With 3-coins (Monsieur), NS scores 1."
        in texts(at)
    )


def test_review_asks_a_linked_play_puzzle_and_records_it() -> None:
    at = open_page("screens/review.py", query={"item": "play-keep-the-run"})
    review_attempt: quiz.Attempt = at.session_state["review.attempt"]
    assert review_attempt.scenario.id == "play-keep-the-run"
    # South has won tricks 3 to 7 and leads K-cups to trick 8 (mordienne on). North's low 4-coins lets the run
    # go on (2 points); K-swords would tie the king and spoil the trick (1 point).
    best = next(q for q in review_attempt.questions if q.key == "best")
    at.radio(key=best.widget_key(review_attempt.fields)).set_value("4-coins")  # both in Check's form: sent with it
    value = next(q for q in review_attempt.questions if q.key == "value")
    at.radio(key=value.widget_key(review_attempt.fields)).set_value("NS 2")
    at.button(key="review.submit").click().run()
    assert not at.exception, at.exception
    grade = at.session_state["review.attempt"].grade
    assert grade is not None and grade.all_correct
    history = at.session_state["progress"].history
    assert [a.item for a in history] == ["play-keep-the-run"] and history[0].all_correct


# --- the labels the question used ------------------------------------------------------------------------------


def test_the_results_table_shows_signals_by_their_meaning_not_their_id() -> None:
    # hand-to-signal: 3-coins (Monsieur), two aces, 2-clubs (Deux de chêne): signals monsieur, deux-de-chene, aces.
    at = practice(scenario="hand-to-signal")
    q = question(at, "signals")
    assert "I hold the Deux de chêne" in [q.parts[0].show(o) for o in q.parts[0].options]
    fill_answers(at, {"signals": ["monsieur", "aces"], "aces": 2}, PREFIX)
    submit(at)
    shown = reveal_of(at)
    assert shown is not None
    [signals] = [row for row in shown.rows if row.question == "Signals"]
    assert signals.given == "I hold Monsieur; I hold aces"
    assert signals.correct == "I hold Monsieur; I hold the Deux de chêne; I hold aces"
    table = " ".join(f"{r.given} {r.correct}" for r in shown.rows)
    assert "deux-de-chene" not in table and "monsieur," not in table
