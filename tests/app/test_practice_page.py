"""The Practice page through Streamlit's AppTest: pick, predict, check, see why, next.

Right answers are never written here: they come from the engine's outcome, turned into widget values by
the question's own ``split`` (the inverse of what the widgets give the grader).
"""

from __future__ import annotations

import dataclasses
import functools

import pytest
from helpers import fill_answers, new_session, open_page
from reveal_read import blocks, reveal_of
from streamlit.testing.v1 import AppTest

from tutor.app import predict, quiz, state
from tutor.content import grading
from tutor.content.course import Course
from tutor.content.grading import grade
from tutor.content.kinds import KINDS, OUTCOME_SHAPES
from tutor.content.kinds.chant import ChantSetup
from tutor.content.kinds.deal import DealScoringSetup
from tutor.content.kinds.signal import SignalSetup
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.progress.memory import Answer, MemoryProgress

PREFIX = "practice"


def practice(**query: str) -> AppTest:
    return open_page("screens/practice.py", query=query)


def current(at: AppTest) -> quiz.Attempt:
    return at.session_state[f"{PREFIX}.attempt"]


def fill(at: AppTest, answers: dict[str, object], prefix: str = PREFIX) -> None:
    """Set the widgets of the scenario on screen to give ``answers`` (in the engine's outcome form)."""
    fill_answers(at, answers, prefix)


def submit(at: AppTest, prefix: str = PREFIX) -> None:
    at.button(key=f"{prefix}.submit").click()
    at.run()
    assert not at.exception, at.exception


def right_answers(scenario: Scenario) -> dict[str, object]:
    outcome = solve(scenario).outcome()
    return {key: outcome[key] for key in scenario.ask}


def texts(at: AppTest) -> str:
    """Every text on the page, the reveal's words among them."""
    shown = reveal_of(at)
    return "\n".join(
        [str(e.value) for kind in (at.markdown, at.caption, at.success, at.error, at.info, at.warning) for e in kind]
        + ([shown.text] if shown else [])
    )


def rows(at: AppTest) -> list[tuple[str, str, str, str, bool]]:
    """The reveal's grade table: (sign, question, answer given, right answer, right answer in bold)."""
    shown = reveal_of(at)
    assert shown is not None, "no reveal on the page"
    return [(r.mark, r.question, r.given, r.correct, r.bold) for r in shown.rows]


def with_queue(scenario: Scenario) -> AppTest:
    """The Practice page asking exactly ``scenario`` (an in-memory one, e.g. generated)."""
    queue = quiz.Queue("Mixed", "", [scenario], seed=1)
    session = {f"{PREFIX}.mode": "Mixed", f"{PREFIX}.queue": queue, f"{PREFIX}.everything": True}
    at = open_page("screens/practice.py", session=session)
    assert current(at).scenario.id == scenario.id
    return at


# --- rendering -------------------------------------------------------------------------------------------------


def test_practice_renders_with_a_fresh_session() -> None:
    at = practice()
    assert "progress" not in at.session_state or at.session_state["progress"].totals == (0, 0)
    assert at.title[0].value == "Practice"
    assert current(at).scenario.id in state.course().scenarios
    assert any("alu-setup" in m.value for m in at.markdown), "the setup is drawn"
    assert at.button(key=f"{PREFIX}.submit")


@pytest.mark.parametrize("mode", quiz.MODES)
def test_every_mode_renders(mode: str) -> None:
    at = new_session()
    at.switch_page("screens/practice.py")
    at.session_state[f"{PREFIX}.mode"] = mode
    at.run()
    assert not at.exception, at.exception
    assert at.session_state[f"{PREFIX}.queue"].mode == mode


def test_lesson_and_topic_choices_follow_the_course() -> None:
    course = state.course()
    at = practice()
    at.segmented_control(key=f"{PREFIX}.mode").set_value("Lesson").run()
    if course.lessons:
        # the last lesson the app can practise (play puzzles, lessons 11-16, wait for the app to draw them)
        second = next(lesson for lesson in reversed(course.lessons) if course.practice(lesson))
        at.selectbox(key=f"{PREFIX}.lesson").set_value(second.id).run()
        assert not at.exception
        assert (
            quiz.ids(at.session_state[f"{PREFIX}.queue"].items)
            == list(second.scenarios)[: len(at.session_state[f"{PREFIX}.queue"].items)]
        )
        assert current(at).scenario.id == course.practice(second)[0].id
    at.segmented_control(key=f"{PREFIX}.mode").set_value("Topic").run()
    at.selectbox(key=f"{PREFIX}.topic").set_value("spoiled-tricks").run()
    assert not at.exception
    assert all(s.topic == "spoiled-tricks" for s in at.session_state[f"{PREFIX}.queue"].items)


def test_the_choice_and_the_place_survive_a_visit_to_another_page() -> None:
    at = practice()
    at.segmented_control(key=f"{PREFIX}.mode").set_value("Topic").run()
    at.selectbox(key=f"{PREFIX}.topic").set_value("spoiled-tricks").run()
    at.session_state[f"{PREFIX}.queue"].position = 2
    at.run()
    here = current(at).scenario.id
    at.switch_page("screens/home.py").run()
    at.switch_page("screens/practice.py").run()
    assert not at.exception
    assert at.segmented_control(key=f"{PREFIX}.mode").value == "Topic"
    assert at.selectbox(key=f"{PREFIX}.topic").value == "spoiled-tricks"
    assert current(at).scenario.id == here


def test_mixed_puts_easier_scenarios_first() -> None:
    course = state.course()
    items = quiz.mixed_queue(course, seed=3)
    assert sorted(quiz.ids(items)) == sorted(course.scenarios)
    levels = [s.difficulty or 2 for s in items]
    assert levels == sorted(levels)
    assert quiz.ids(quiz.mixed_queue(course, seed=4)) != quiz.ids(items)


def test_a_page_with_no_scenarios_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state, "course", lambda: Course((), {}, (), 0))
    at = practice()
    assert any("no scenarios here yet" in i.value for i in at.info)


# --- the practice flow ---------------------------------------------------------------------------------------


def test_right_answer_is_marked_right_and_explained() -> None:
    at = practice(scenario="spoiled-aces")
    assert current(at).scenario.id == "spoiled-aces"
    assert any("Who wins this trick?" in r.label for r in at.radio), "the cards' radio group is named by the question"
    fill(at, {"winner": None, "next_leader": "N"})
    submit(at)
    attempt = current(at)
    assert attempt.grade is not None and attempt.grade.all_correct
    assert rows(at) == [
        ("✓", "Winner", "nobody (spoiled)", "nobody (spoiled)", False),
        ("✓", "Next leader", "North", "North", False),
    ]
    shown = reveal_of(at)
    assert shown is not None and shown.right and shown.verdict == "Right! All 2 answers are right."
    assert any("leads again" in step for step in shown.steps), "the engine's explanation is shown"
    assert "Two aces are exactly equal" in shown.note, "the note is shown"
    assert 'data-answer="revealed"' in blocks(at)[0], "the setup is redrawn with the answer"
    assert "1 / 1 right this session" in texts(at)
    answers = at.session_state["progress"].history
    assert [a.item for a in answers] == ["spoiled-aces"] and answers[0].all_correct
    assert answers[0].seconds >= 0


def test_wrong_answer_is_marked_wrong_with_the_correct_answer() -> None:
    at = practice(scenario="spoiled-aces")
    fill(at, {"winner": "S", "next_leader": "S"})
    submit(at)
    assert rows(at) == [
        ("✗", "Winner", "South", "nobody (spoiled)", True),
        ("✗", "Next leader", "South", "North", True),
    ]
    shown = reveal_of(at)
    assert shown is not None and not shown.right and shown.verdict == "Not quite: 0 of 2 right."
    assert any("leads again" in step for step in shown.steps)
    assert "0 / 1 right this session" in texts(at)
    assert not at.session_state["progress"].solved("spoiled-aces")


def test_next_moves_on_and_the_score_keeps_count() -> None:
    at = practice(scenario="spoiled-aces")
    fill(at, {"winner": None, "next_leader": "N"})
    submit(at)
    at.button(key=f"{PREFIX}.next").click().run()
    assert not at.exception
    following = current(at)
    assert following.scenario.id != "spoiled-aces" and not following.submitted
    assert all(at.session_state.get(q.widget_key(following.fields)) in (None, []) for q in following.questions)
    fill(at, {k: v for k, v in right_answers(following.scenario).items()})
    submit(at)
    assert "2 / 2 right this session" in texts(at)
    assert at.session_state[f"{PREFIX}.score"].answered == 2


def test_the_end_of_a_set_offers_to_start_again() -> None:
    at = practice(scenario="spoiled-aces")
    queue: quiz.Queue = at.session_state[f"{PREFIX}.queue"]
    queue.position = len(queue.items) - 1
    at.run()
    last = current(at).scenario
    fill(at, right_answers(last))
    submit(at)
    at.button(key=f"{PREFIX}.next").click().run()
    assert any(f"all {len(queue.items)} scenarios" in s.value for s in at.success)
    at.button(key=f"{PREFIX}.again").click().run()
    assert not at.exception
    assert current(at).scenario.id == queue.items[0].id and not current(at).submitted


def test_an_unanswered_question_is_not_graded() -> None:
    at = practice(scenario="spoiled-aces")
    fill(at, {"winner": "N"})
    submit(at)
    assert not current(at).submitted
    assert any("still open: next leader" in w.value for w in at.warning)
    assert "progress" not in at.session_state or at.session_state["progress"].totals == (0, 0)


def test_a_partly_wrong_deal_grades_each_key() -> None:
    at = practice(scenario="played-deal")
    right = right_answers(current(at).scenario)
    leaders = list(right["leaders"])  # type: ignore[call-overload]
    leaders[3] = "S" if leaders[3] != "S" else "E"
    fill(at, {"leaders": leaders, "point_winner": right["point_winner"]})
    submit(at)
    attempt = current(at)
    assert attempt.grade is not None
    assert attempt.grade.by_key() == {"leaders": False, "point_winner": True}
    assert "1 of 2 right" in texts(at)


# --- every kind, every key --------------------------------------------------------------------------------------


def _every_key(scenario: Scenario) -> Scenario:
    """The scenario asking every outcome key its setup can produce."""
    outcome = solve(scenario).outcome()
    return dataclasses.replace(scenario, ask=tuple(k for k in scenario.outcome_keys if k in outcome))


@functools.cache
def _covering(kind: str) -> list[Scenario]:
    """Generated scenarios of ``kind`` that between them ask every outcome key of the kind."""
    from tutor.content.generate import generate_scenarios

    wanted: dict[str, Scenario] = {}
    for scenario in generate_scenarios(kind, 40, seed=11):
        full = _every_key(scenario)
        setup = full.setup
        form = (
            type(setup).__name__,
            isinstance(setup, DealScoringSetup) and setup.hands is not None,
            isinstance(setup, SignalSetup) and setup.signal is not None,
            isinstance(setup, ChantSetup) and "keep" in full.ask,
        )
        wanted.setdefault(str(form), full)
    return list(wanted.values())


def _cases() -> list[tuple[str, int]]:
    try:
        return [(kind, n) for kind in KINDS for n in range(len(_covering(kind)))]
    except ImportError:  # the generator is not there: one case per kind, skipped
        return [(kind, 0) for kind in KINDS]


CASES = _cases()


@pytest.mark.parametrize(("kind", "n"), CASES, ids=[f"{k}-{n}" for k, n in CASES])
def test_every_widget_gives_an_answer_the_grader_accepts(kind: str, n: int) -> None:
    pytest.importorskip("tutor.content.generate")
    scenario = _covering(kind)[n]
    at = with_queue(scenario)
    fill(at, right_answers(scenario))
    submit(at)
    attempt = current(at)
    assert attempt.grade is not None, f"not graded: missing {attempt.missing}"
    assert attempt.grade.all_correct, [k for k in attempt.grade.keys if not k.correct]
    # one mark per question (a play puzzle asks the card, and the value), and one per top card or player of a
    # question answered entry by entry
    marks = [mark for mark, *_ in rows(at)]
    assert marks.count("✓") == attempt.grade.total >= len(grading.asked(scenario))
    assert "✗" not in marks


@pytest.mark.parametrize("kind", KINDS)
def test_the_widget_cases_ask_every_outcome_key(kind: str) -> None:
    pytest.importorskip("tutor.content.generate")
    asked = {k for s in _covering(kind) for k in s.ask}
    assert asked == set(OUTCOME_SHAPES[kind])
    answered = {k for s in _covering(kind) for k in grading.asked(s)}
    # A play puzzle's learner answers the card and the result; who is to play and each card's result are shown.
    assert answered == ({"best", "value"} if kind == "play" else set(OUTCOME_SHAPES[kind]))


def test_every_course_scenario_can_be_answered_right_with_its_widgets() -> None:
    """Without a browser: for every asked key of the curriculum, the right widget values grade right."""
    course = state.course()
    assert course.scenarios
    for scenario in course.scenarios.values():
        result = solve(scenario)
        outcome = result.outcome()
        answers = {}
        for question in predict.plan(scenario, result):
            values = question.split(outcome[question.key])
            for part in question.parts:
                value = values[part.suffix]
                if part.widget == "number":
                    assert part.low <= value <= part.high, (scenario.id, question.key)  # type: ignore[operator]
                elif part.widget == "tiers":
                    assert isinstance(value, str), (scenario.id, question.key)
                elif part.widget in ("multiselect", "pills"):
                    assert set(value) <= set(part.options), (scenario.id, question.key, value)  # type: ignore[call-overload]
                elif part.widget == "cards":  # clicked cards: each one a choice on screen
                    assert part.pick is not None
                    offered = {c.value for c in part.pick.choices}
                    if part.pick.in_form:  # one card: the radio group's value
                        assert value in offered, (scenario.id, question.key, value)
                        continue
                    flat = [v for place in value for v in place] if part.pick.mode == "order" else value
                    assert set(flat) <= offered, (scenario.id, question.key, value)  # type: ignore[arg-type]
                else:
                    assert value in part.options, (scenario.id, question.key, value)
            given, answers[question.key] = predict.answer_from(question, values)
            assert given, (scenario.id, question.key)
        assert grade(scenario, result, answers).all_correct, scenario.id


def test_signals_are_sorted_into_the_rules_order() -> None:
    course = state.course()
    scenario = course.scenarios["hand-to-signal"]
    question = predict.question(scenario, solve(scenario), "signals")
    assert question.combine([["aces", "deux-de-chene", "monsieur"]]) == ["monsieur", "deux-de-chene", "aces"]


# --- endless ---------------------------------------------------------------------------------------------------


def test_endless_mode_shows_generated_scenarios() -> None:
    pytest.importorskip("tutor.content.generate")
    at = new_session()
    at.query_params["mode"] = "endless"
    at.query_params["kind"] = "trick"
    at.switch_page("screens/practice.py")
    at.run()
    assert not at.exception, at.exception
    first = current(at).scenario
    assert first.id.startswith("gen-trick-") and first.id not in state.course().scenarios
    fill(at, right_answers(first))
    submit(at)
    assert current(at).grade.all_correct  # type: ignore[union-attr]
    seen = {first.id}
    for _ in range(quiz.BATCH + 1):  # past the first batch: more are generated
        at.button(key=f"{PREFIX}.next").click().run()
        assert not at.exception
        scenario = current(at).scenario
        assert scenario.id not in seen and scenario.kind == "trick"
        seen.add(scenario.id)
        fill(at, right_answers(scenario))
        submit(at)


def test_endless_any_kind_mixes_kinds() -> None:
    pytest.importorskip("tutor.content.generate")
    items = quiz.endless_queue(quiz.ANY, 12, seed=5)
    assert len({s.kind for s in items}) > 2
    assert len({s.id for s in items}) == 12


def test_the_same_deep_link_followed_twice_opens_its_scenario_both_times() -> None:
    at = practice(scenario="spoiled-aces")
    assert current(at).scenario.id == "spoiled-aces"
    fill(at, right_answers(current(at).scenario))
    submit(at)
    at.button(key=f"{PREFIX}.next").click().run()
    assert current(at).scenario.id != "spoiled-aces"
    at.query_params["scenario"] = "spoiled-aces"  # e.g. "Practise" from the Progress page again
    at.run()
    assert current(at).scenario.id == "spoiled-aces"


# --- every scenario starts empty -----------------------------------------------------------------------------


def given(at: AppTest) -> dict[str, object]:
    """What the answer widgets of the scenario on screen hold, by widget key (None or [] when empty)."""
    attempt = current(at)
    keys = [q.widget_key(attempt.fields, p.suffix) for q in attempt.questions for p in q.parts]
    shown = {w.key: w.value for kind in (at.radio, at.selectbox, at.multiselect, at.pills) for w in kind}
    return {key: shown.get(key, _held(at, key)) for key in keys}


def _held(at: AppTest, key: str) -> object:
    """What the session holds under ``key`` (cards answered by clicking keep their choice there), or None."""
    try:
        return at.session_state[key]
    except KeyError:
        return None


def test_a_half_answered_question_does_not_carry_over_to_another_topic() -> None:
    """A learner on /practice?topic=tricks ticks North for the winner, does not submit, switches the topic to
    Spoiled tricks: the new scenario's answers are empty, and answering all but the winner is not graded
    but says the winner is still open."""
    at = practice(topic="tricks")
    first = current(at)
    assert first.scenario.topic == "tricks" and "winner" in first.scenario.ask
    fill(at, {"winner": "N"})
    assert [v for v in given(at).values() if v not in (None, [])], "North is ticked before the switch"
    at.selectbox(key=f"{PREFIX}.topic").set_value("spoiled-tricks").run()
    following = current(at)
    assert following.scenario.topic == "spoiled-tricks" and "winner" in following.scenario.ask
    assert all(value in (None, []) for value in given(at).values()), given(at)
    fill(at, {k: v for k, v in right_answers(following.scenario).items() if k != "winner"})
    submit(at)
    assert not current(at).submitted
    assert any("still open: winner" in w.value for w in at.warning), [w.value for w in at.warning]


# --- closing the loop: Try again, A similar one ----------------------------------------------------------------


def test_try_again_asks_the_same_scenario_afresh_and_counts_the_new_answer() -> None:
    at = practice(scenario="spoiled-aces")
    fill(at, {"winner": "N", "next_leader": "E"})  # wrong: two aces spoil the trick, North leads again
    submit(at)
    wrong = current(at)
    assert wrong.submitted and not wrong.grade.all_correct  # type: ignore[union-attr]
    assert [b.label for b in at.button if (b.key or "").startswith(f"{PREFIX}.")][:3] == [
        "Try again",
        "Next scenario →",
        "A similar one",
    ], "after a wrong answer, Try again comes first"
    at.button(key=f"{PREFIX}.retry").click().run()
    again = current(at)
    assert again.scenario.id == "spoiled-aces" and not again.submitted and again.fields != wrong.fields
    assert not any("leads again" in m.value for m in at.markdown), "the reveal is hidden"
    assert all(value in (None, []) for value in given(at).values()), given(at)
    fill(at, {"winner": None, "next_leader": "N"})
    submit(at)
    assert current(at).grade.all_correct  # type: ignore[union-attr]
    assert at.session_state["progress"].solved("spoiled-aces")
    assert "1 / 2 right this session" in texts(at)
    assert next(b.label for b in at.button if (b.key or "").startswith(f"{PREFIX}.")) == "Next scenario →"
    at.button(key=f"{PREFIX}.next").click().run()
    assert current(at).scenario.id != "spoiled-aces", "Next goes on from the scenario the page asked"


def test_a_similar_one_is_a_new_scenario_of_the_same_kind_and_topic() -> None:
    at = practice(scenario="spoiled-aces")
    queue: quiz.Queue = at.session_state[f"{PREFIX}.queue"]
    place = queue.position
    fill(at, {"winner": "N", "next_leader": "N"})
    submit(at)
    # A session's seed is random. Fixed here: for about 3 seeds in 100 no generated trick within similar.py's
    # tries asks the same two questions, and the page then gives the closest one, which this test would not accept.
    at.session_state[f"{PREFIX}.similar_seed"] = 7
    at.button(key=f"{PREFIX}.similar").click().run()
    assert not at.exception, at.exception
    other = current(at)
    asked = state.course().scenarios["spoiled-aces"]
    assert other.scenario.id != asked.id and not other.submitted and other.similar
    assert (other.scenario.kind, other.scenario.topic) == (asked.kind, asked.topic)
    assert set(other.scenario.ask) == set(asked.ask)
    assert any("a similar one" in c.value for c in at.caption)
    fill(at, right_answers(other.scenario))
    submit(at)
    assert current(at).grade.all_correct  # type: ignore[union-attr]
    assert not at.session_state["progress"].solved("spoiled-aces"), "the similar one is not the scenario asked"
    at.button(key=f"{PREFIX}.next").click().run()
    assert queue.position == place + 1 and current(at).scenario.id == queue.items[place + 1].id


# --- practice follows the course -----------------------------------------------------------------------------


def test_mixed_keeps_to_what_the_lessons_taught_until_widened() -> None:
    course = state.course()
    at = practice()
    queue: quiz.Queue = at.session_state[f"{PREFIX}.queue"]
    # a newcomer: the lessons done (none) and the next one, lesson 1, whose scenarios are all of topic "pack"
    assert queue.mode == "Mixed" and {s.topic for s in queue.items} == {"pack"}
    assert len(queue.items) == len([s for s in course.scenarios.values() if s.topic == "pack"])
    assert any(f"The {len(queue.items)} scenarios of lesson 1," in c.value for c in at.caption)
    at.toggle(key=f"{PREFIX}.everything").set_value(True).run()
    assert len(at.session_state[f"{PREFIX}.queue"].items) == len(course.scenarios)
    assert any(f"All {len(course.scenarios)} scenarios" in c.value for c in at.caption)


def test_mixed_takes_in_the_next_lesson_once_one_is_done() -> None:
    course = state.course()
    first = course.lessons[0]
    progress = MemoryProgress()
    for n in range(len(first.sections)):
        progress.mark_read(first.id, n)
    for scenario in course.practice(first):
        progress.record(Answer(scenario.id, scenario.kind, {}, {"k": True}, 1.0))
    at = open_page("screens/practice.py", session={"progress": progress})
    topics = {s.topic for s in at.session_state[f"{PREFIX}.queue"].items}
    assert topics == {"pack", "ranking"}, "lesson 1 done, lesson 2 next"
    assert any("lessons 1 and 2," in c.value for c in at.caption)


def test_endless_keeps_to_the_kinds_taught() -> None:
    at = practice(mode="endless")
    assert at.selectbox(key=f"{PREFIX}.kind").options == ["Any kind", "Ranking cards"], "lesson 1 is about ranks"
    queue: quiz.Queue = at.session_state[f"{PREFIX}.queue"]
    assert {s.kind for s in queue.items} == {"rank"}
    at.toggle(key=f"{PREFIX}.everything").set_value(True).run()
    assert len(at.selectbox(key=f"{PREFIX}.kind").options) == len(quiz.ENDLESS_KINDS)


def test_a_link_to_a_kind_not_yet_taught_still_opens_it() -> None:
    at = practice(mode="endless", kind="chant")
    assert at.selectbox(key=f"{PREFIX}.kind").value == "chant"
    assert {s.kind for s in at.session_state[f"{PREFIX}.queue"].items} == {"chant"}


def test_the_practice_page_shows_the_gesture_not_the_signal() -> None:
    """In the app, before the answer: the aces question shows "Open the mouth twice" and never names the aces."""

    def page(at: AppTest) -> str:
        # drawings without a card picture are sent as HTML blocks (views.show), the rest as Markdown
        return " ".join([m.value for m in at.markdown] + [h.proto.body for h in at.get("html")]).lower()

    at = open_page("screens/practice.py", query={"scenario": "signal-aces-read"})
    shown = page(at)
    assert "open the mouth twice" in shown
    assert "i hold aces" not in shown and "data-signal" not in shown
    thumb = open_page("screens/practice.py", query={"scenario": "signal-grand-neuf-thumb"})
    text = page(thumb)
    assert "stick out the thumb" in text and "grand-neuf" not in text.replace("grand is french", "")
