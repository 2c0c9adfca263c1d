"""The projector (``/projector?round=<id>``) in AppTest, on the app's SQLite file (``ALUETTE_DB``).

The teacher's cookie is stood in for by ``guest.cookies`` (AppTest cannot set ``st.context.cookies``), holding a
session token from :func:`tutor.progress.teachers.sign_in`. The round is moved on and answered through
:mod:`tutor.progress.rounds`, as the phones and the projector's buttons do.
"""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from helpers import TEACHER_PASSWORD, open_page, teacher_signed_in
from streamlit.testing.v1 import AppTest

from tutor.app.teaching import links
from tutor.progress import rounds
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import create_teacher, sign_out_everywhere

PAGE = "screens/projector.py"
PASSWORD = TEACHER_PASSWORD  # the teachers' password, as teacher_signed_in's
# Two questions: who wins (nobody: two aces spoil the trick) and who leads next (North, who led).
SPOILED_ACES = "spoiled-aces"
FOUR_BEATS_THREE = "rank-four-beats-three"  # one question, answered with cards: the 4 of cups


def join(db: ProgressDB, round_id: int, *names: str) -> dict[str, int]:
    ids = {}
    for name in names:
        ids[name] = db.learner_id(db.create_learner(name))
        rounds.join_round(db, round_id, ids[name])
    return ids


def answer(
    db: ProgressDB,
    live: rounds.Round,
    learner: int,
    choice: dict[str, object],
    right: dict[str, bool],
    now: float | None = None,
) -> None:
    given = Answer(live.scenario_ids[live.position], "trick", {k: str(v) for k, v in choice.items()}, right, 3.0)
    assert rounds.submit(db, live.id, live.position, learner, given, choice, now=now)


def projector(round_id: int) -> AppTest:
    return open_page(PAGE, query={"round": str(round_id)})


def shown(at: AppTest) -> str:
    """Everything the page (not the sidebar) wrote as Markdown, titles, captions and alerts, in order."""
    main = at.main
    parts = [m.value for m in main.markdown] + [t.value for t in main.title] + [h.value for h in main.header]
    parts += [c.value for c in main.caption] + [e.value for e in main.info] + [e.value for e in main.error]
    return "\n".join(str(p) for p in parts)


NOTHING = "This page shows a live round to the teacher running it"


def test_signed_out_the_projector_shows_nothing_of_the_round(db: ProgressDB) -> None:
    teacher = create_teacher(db, "Mme Roux", PASSWORD)
    live = rounds.start_round(db, teacher, None, [SPOILED_ACES])
    join(db, live.id, "Ann")
    at = projector(live.id)
    text = shown(at)
    assert NOTHING in text
    assert live.code not in text and "Ann" not in text
    assert not at.main.button, "no button to act on the round"


def test_another_teachers_round_shows_what_no_round_shows(db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
    owner = create_teacher(db, "M. Bel", PASSWORD)
    live = rounds.start_round(db, owner, None, [SPOILED_ACES])
    join(db, live.id, "Ann")
    teacher_signed_in(db, monkeypatch)
    for asked_for in (str(live.id), "999", "x'; --", ""):
        at = projector_query(asked_for)
        text = shown(at)
        assert NOTHING in text and live.code not in text and "Ann" not in text, asked_for
        assert not at.main.button


def projector_query(value: str) -> AppTest:
    return open_page(PAGE, query={"round": value})


def test_the_lobby_shows_the_code_the_join_link_and_every_joined_name(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    live = rounds.start_round(db, teacher, None, [SPOILED_ACES])
    join(db, live.id, "Ann", "Bob", "<b>Zoé</b>")
    text = shown(projector(live.id))
    assert f">{live.code}<" in text
    assert f"/round?code={live.code}" in text
    assert "3 have joined" in text
    for name in ("Ann", "Bob"):
        assert f"<li>{name}</li>" in text
    assert "<li>&lt;b&gt;Zoé&lt;/b&gt;</li>" in text, "a typed name is text, never markup"
    assert 'aria-label="QR code of the join address"' in text


@pytest.mark.parametrize(
    ("headers", "base"),
    [
        ({"Host": "10.0.0.5:8501"}, "http://10.0.0.5:8501"),  # a room's computer opened by its address
        (
            {"Host": "app:8501", "X-Forwarded-Host": "tutor.school.fr", "X-Forwarded-Proto": "https"},
            "https://tutor.school.fr",
        ),
    ],
)
def test_the_lobbys_address_is_the_one_the_browser_reached_as_the_join_links(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch, headers: dict[str, str], base: str
) -> None:
    # AppTest sends no request headers: the browser's request is stood in for where the links read it
    monkeypatch.setattr(links, "st", SimpleNamespace(context=SimpleNamespace(headers=headers)))
    teacher = teacher_signed_in(db, monkeypatch)
    live = rounds.start_round(db, teacher, None, [SPOILED_ACES])
    text = shown(projector(live.id))
    assert f"{base}/round?code={live.code}" in text
    assert "app:8501" not in text, "never the address the proxy reached the app at"
    assert links.join_link(links.browser_base(), "ABC234") == f"{base}/join?code=ABC234", "the class's join link"


def test_a_question_shows_how_many_answered_but_not_what(db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    live = rounds.start_round(db, teacher, None, [SPOILED_ACES])
    ids = join(db, live.id, "Ann", "Bob", "Cy")
    live = rounds.act(db, teacher, live.id, "open")
    answer(db, live, ids["Ann"], {"winner": "S", "next_leader": "S"}, {"winner": False, "next_leader": False})
    answer(db, live, ids["Bob"], {"winner": "S", "next_leader": "N"}, {"winner": False, "next_leader": True})
    at = projector(live.id)
    text = shown(at)
    assert "2 of 3 answered" in text
    assert "Two aces at the top" in text and "Scenario 1 of 1" in text
    assert "How the room answered" not in text and "alu-proj-bar" not in text, "no answer given shows"
    assert "✓" not in text and 'data-answer="hidden"' in text, "nor the right one"
    assert [b.label for b in at.main.button if not b.disabled][:1] == ["Reveal"]


def test_reveal_splits_three_answers_and_marks_the_right_one(db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    live = rounds.start_round(db, teacher, None, [FOUR_BEATS_THREE])
    ids = join(db, live.id, "Ann", "Bob", "Cy")
    live = rounds.act(db, teacher, live.id, "open")
    # Ann and Cy: the 4 of cups (right); Bob: the 3 of swords. Two bars: 2 (right, first), then 1.
    answer(db, live, ids["Ann"], {"highest": ["4-cups"]}, {"highest": True})
    answer(db, live, ids["Bob"], {"highest": ["3-swords"]}, {"highest": False})
    answer(db, live, ids["Cy"], {"highest": ["4-cups"]}, {"highest": True})
    rounds.act(db, teacher, live.id, "reveal")
    text = shown(projector(live.id))
    bars = text[text.index('aria-label="How the room answered"') :]
    first, second = bars.split('<li class="alu-proj-bar')[1:3]
    assert "alu-proj-right" in first and "✓ right" in first and ": 2 of 3 answers · the right answer" in first
    assert "width:67%" in first
    assert "alu-proj-right" not in second and ": 1 of 3 answers" in second and "width:33%" in second
    assert "<svg" in first or "<img" in first, "the choice is drawn as its cards"


def steps_shown(at: AppTest) -> int:
    text = shown(at)
    return text.count("<li value=")


def test_the_explanation_comes_one_step_at_a_time(db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    live = rounds.start_round(db, teacher, None, [SPOILED_ACES])
    rounds.act(db, teacher, live.id, "open")
    rounds.act(db, teacher, live.id, "reveal")
    at = projector(live.id)
    assert steps_shown(at) == 0, "Reveal shows the split; the steps wait for the teacher"
    at.button(key=f"projector.{live.id}.step").click().run()
    assert steps_shown(at) == 1
    at.button(key=f"projector.{live.id}.step").click().run()
    assert steps_shown(at) == 2
    assert rounds.round_of(db, live.id).step == 2  # type: ignore[union-attr]


def test_the_summary_gives_each_share_and_the_leaderboard_in_order(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    live = rounds.start_round(db, teacher, None, [FOUR_BEATS_THREE, SPOILED_ACES], leaderboard=True)
    ids = join(db, live.id, "Ann", "Bob", "Cy", "Dan")
    start = time.time()  # the times given: an answer's seconds count from its question's opening
    live = rounds.act(db, teacher, live.id, "open", now=start)
    answer(db, live, ids["Ann"], {"highest": ["4-cups"]}, {"highest": True}, now=start + 4)
    answer(db, live, ids["Bob"], {"highest": ["4-cups"]}, {"highest": True}, now=start + 6)
    answer(db, live, ids["Cy"], {"highest": ["3-swords"]}, {"highest": False}, now=start + 2)
    rounds.act(db, teacher, live.id, "reveal", now=start + 10)
    live = rounds.act(db, teacher, live.id, "next", now=start + 20)
    right = {"winner": True, "next_leader": True}
    answer(db, live, ids["Bob"], {"winner": "none", "next_leader": "N"}, right, now=start + 25)
    answer(db, live, ids["Cy"], {"winner": "none", "next_leader": "N"}, right, now=start + 23)
    rounds.act(db, teacher, live.id, "reveal", now=start + 30)
    rounds.act(db, teacher, live.id, "next", now=start + 31)
    text = shown(projector(live.id))
    assert "2 of 3 (67%)" in text and "2 of 2 (100%)" in text
    board = text[text.index("Leaderboard") :]
    # Bob: 2 right in 6 + 5 s; Ann: 1 right in 4 s; Cy: 1 right in 2 + 3 s; Dan: nothing answered
    assert board.index("Bob") < board.index("Ann") < board.index("Cy") < board.index("Dan")
    assert "11.0 s" in board and "4.0 s" in board and "5.0 s" in board


def test_a_button_drawn_before_signing_out_does_nothing(db: ProgressDB, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = teacher_signed_in(db, monkeypatch)
    live = rounds.start_round(db, teacher, None, [SPOILED_ACES])
    at = projector(live.id)
    assert at.button(key=f"projector.{live.id}.open").label == "Ask the first scenario"
    sign_out_everywhere(db, teacher)  # e.g. from another browser, with the projector's tab still open
    at.button(key=f"projector.{live.id}.open").click().run()
    assert rounds.round_of(db, live.id).phase == "lobby"  # type: ignore[union-attr]
    assert NOTHING in shown(at) and not at.main.button
