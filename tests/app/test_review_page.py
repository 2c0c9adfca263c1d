"""The Review page (AppTest, a real SQLite file): due items first, then new ones; a mistake comes back within
the sitting; scenarios asked as on Practice, ranking facts as in the Ranking trainer; "all caught up"."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from reveal_read import reveal_of
from streamlit.testing.v1 import AppTest
from test_learners import (
    RIGHT_SPOILED_ACES,
    WRONG_SPOILED_ACES,
    add_learner,
    answer_drill,
    answer_scenario,
    choose,
    go,
    metrics,
    ok,
    open_app,
    texts,
)

from tutor.app import state
from tutor.content import drills
from tutor.content.course import Course
from tutor.i18n.sentences import render_all
from tutor.progress import review
from tutor.progress.memory import Answer
from tutor.progress.review import AGAIN_GAP, ReviewSession
from tutor.progress.store import SqliteProgress

PAGE = "screens/review.py"
DAY = 86400.0


def session(at: AppTest) -> ReviewSession:
    return at.session_state["review.session"]


def current_item(at: AppTest) -> str:
    entry = session(at).current
    assert entry is not None
    return entry.item


def answer_current(at: AppTest, right: bool = True) -> None:
    """Answer whatever Review shows, with the page's own widgets."""
    item = current_item(at)
    if item in state.course().scenarios:
        wrong = WRONG_SPOILED_ACES if item == "spoiled-aces" else None
        answer_scenario(at, "review", None if right else wrong)
    else:
        answer_drill(at, "review", right)


def next_item(at: AppTest) -> None:
    ok(at.button(key="review.next").click().run())


def test_review_renders_for_a_guest_with_a_new_item(app_store: Path | str) -> None:
    at = open_app(PAGE)
    assert at.title[0].value == "Review"
    first = state.course().lessons[0]
    assert current_item(at) == state.course().practice(first)[0].id, "new items start with the first lesson"
    assert f"**New**, from lesson {first.order}: {first.title}" in texts(at)
    assert metrics(at)["Due now"] == "0"
    assert at.button(key="review.submit"), "asked with the Practice form"


def test_a_wrong_answer_comes_back_after_a_few_other_items(app_store: Path | str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    go(at, PAGE, item="spoiled-aces")
    assert current_item(at) == "spoiled-aces"
    assert "You asked to practise this one" in texts(at)
    answer_scenario(at, "review", WRONG_SPOILED_ACES)
    shown = reveal_of(at)
    assert shown is not None and shown.verdict.startswith("Not quite"), "the reveal"
    assert any("leads again" in step for step in shown.steps), "the engine's explanation"
    next_item(at)
    assert metrics(at)["To try again"] == "1"
    others = []
    while current_item(at) != "spoiled-aces":
        others.append(current_item(at))
        assert len(others) <= AGAIN_GAP, f"the mistake did not come back: {others}"
        answer_current(at)
        next_item(at)
    assert len(others) == AGAIN_GAP and "spoiled-aces" not in others
    assert session(at).current.reason == review.AGAIN
    assert "**Again**: you missed this one" in texts(at)
    assert not at.session_state["review.attempt"].submitted, "asked afresh, blank widgets"
    answer_scenario(at, "review", RIGHT_SPOILED_ACES)
    assert f"{AGAIN_GAP + 1} / {AGAIN_GAP + 2} right this session" in texts(at)
    with SqliteProgress(app_store, "Ann", create=False) as ann:
        assert [a.all_correct for a in ann.answers_of("spoiled-aces")] == [False, True]
        assert ann.totals == (AGAIN_GAP + 2, AGAIN_GAP + 1), "every review answer is recorded"


def test_due_items_come_before_new_ones(app_store: Path | str) -> None:
    month_ago = time.time() - 30 * DAY
    with SqliteProgress(app_store, "Ann") as ann:
        ann.record(Answer("tier:9-swords", "drill-tier", {"tier": "tier 13"}, {"tier": True}, 3.0, at=month_ago))
        ann.record(Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 9.0, at=month_ago + 60))
    at = open_app()
    choose(at, "Ann")
    go(at, PAGE)
    assert metrics(at)["Due now"] == "2"
    assert current_item(at) == "tier:9-swords", "the most overdue first"
    assert "**Due for review**: you last answered it 30 days ago" in texts(at)
    answer_current(at)
    next_item(at)
    assert current_item(at) == "spoiled-aces"
    assert session(at).current.reason == review.DUE
    answer_current(at)
    next_item(at)
    assert session(at).current.reason == review.NEW
    assert metrics(at)["Due now"] == "0"


def test_a_ranking_fact_is_asked_with_the_trainers_widgets(app_store: Path | str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    go(at, PAGE, item="beats:3-clubs:4-coins")
    drill = at.session_state["review.drill"].drill
    assert isinstance(drill, drills.BeatsDrill)
    picks = [b for b in at.button if b.key.startswith("review.drill.") and ".pick." in b.key]
    # each card's button names it in words (its code is the picture's); "They tie" as it is
    words = {"3-clubs": "three of clubs", "4-coins": "four of coins", drills.TIE: drills.TIE}
    assert [b.label for b in picks] == [words[c] for c in drill.choices]
    assert "<svg" in texts(at), "the cards are drawn"
    answer_drill(at, "review", right=False)
    assert at.error[0].value.startswith("✗ Not quite.") and drill.answer in at.error[0].value
    assert render_all(drill.explanation)[0].split(" ")[0] in texts(at)
    assert at.button(key="review.next")
    go(at, PAGE, item="tier:3-coins")
    assert at.session_state["review.drill"].drill.id == "tier:3-coins"
    answer_drill(at, "review")
    assert at.success[0].value == "✓ Right: tier 1"
    with SqliteProgress(app_store, "Ann", create=False) as ann:
        assert [(a.item, a.kind, a.all_correct) for a in ann.history] == [
            ("beats:4-coins:3-clubs", "drill-beats", False),
            ("tier:3-coins", "drill-tier", True),
        ]


@pytest.mark.parametrize("right", [True, False])
def test_every_kind_of_drill_can_be_answered(app_store: Path | str, right: bool) -> None:
    at = open_app()
    for item in ("order:3-coins:A-cups:A-clubs:4-swords:9-clubs", "name:2-cups", "card-named:9-coins",
                 "gesture-signal:borgne", "signal-gesture:vache"):  # fmt: skip
        go(at, PAGE, item=item)
        assert at.session_state["review.drill"].drill.id == drills.drill_from_id(item).id
        answer_drill(at, "review", right)
        assert (at.success if right else at.error)[0].value.startswith("✓" if right else "✗")
    assert at.session_state["progress"].totals == (5, 5 if right else 0)


def test_all_caught_up_says_when_the_next_review_is_due(app_store: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A course with nothing new: no lessons, no ranking facts to introduce.
    monkeypatch.setattr(state, "course", lambda: Course((), {}, (), 0))
    monkeypatch.setattr(review, "ranking_facts", lambda: ())
    monkeypatch.setattr("tutor.app.progress_view.ranking_facts", lambda: ())
    with SqliteProgress(app_store, "Ann") as ann:
        ann.record(Answer("tier:3-coins", "drill-tier", {"tier": "tier 1"}, {"tier": True}, 2.0))
    at = open_app()
    choose(at, "Ann")
    go(at, PAGE)
    assert session(at).current is None
    assert "All caught up!" in at.success[0].value
    assert "The next review is due **" in texts(at)
    assert metrics(at) == {"Due now": "0", "New left": "0", "To try again": "0"}
    at.button(key="review.progress").click().run()
    assert ok(at).title[0].value == "Ann's progress"


def test_a_new_learner_gets_a_new_review_session(app_store: Path | str) -> None:
    at = open_app()
    add_learner(at, "Ann")
    go(at, PAGE, item="spoiled-aces")
    answer_scenario(at, "review", WRONG_SPOILED_ACES)
    add_learner(at, "Bob")
    go(at, PAGE)
    assert session(at).progress.learner == "Bob"
    assert session(at).again == [], "Ann's mistake is not Bob's to redo"
