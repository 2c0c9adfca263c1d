"""The projector's view of a live round (``/projector?round=<id>``), phase by phase: the lobby (the join code,
its address and QR code, who joined), a question (the situation drawn large, the question, "14 of 17
answered"), the reveal (how the answers split, then the engine's explanation one step at a time) and the
summary (each scenario's share right, and the leaderboard if the teacher switched it on).

The page follows the round by itself: a fragment re-reads the round's revision (the teacher's acts) and
activity (joins and answers) every :data:`POLL_SECONDS`, two indexed queries, and reruns the page only when
one moved, so an unchanged round sends the browser nothing. Everything drawn comes from the store
(:mod:`tutor.progress.rounds`) and the engine; the teacher's buttons act on the round in the store, so every
phone sees each act on its own next read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import quote

import streamlit as st

from tutor.app import cardfiles, lang, predict, reveal, scenario_view, state, views
from tutor.app.cardsvg import cards_html
from tutor.app.kinds import shown
from tutor.app.markup import escape
from tutor.app.qr import qr_svg
from tutor.app.session import Family, Key
from tutor.app.teaching import gate, links
from tutor.app.teaching import projector_html as html
from tutor.content.grading import asked
from tutor.content.kinds import shape_of
from tutor.content.outcomes import Shape
from tutor.content.scenario import Scenario
from tutor.engine import Card, Explained, NotationError
from tutor.engine import card as parse_card
from tutor.i18n import ui
from tutor.i18n.sentences import render
from tutor.progress import rounds
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

POLL_SECONDS = 1.0
QR_SIZE = 420  # pixels: a phone reads it from the middle of a room
CHOICE_CARD_WIDTH = 96  # a choice's cards beside its bar
SEEN = Family[tuple[int, int]]("projector.{}.seen")  # what the page last drew of a round: (revision, activity)
SOLVED = Key[dict[str, Explained]]("projector.solved", factory=dict)  # the engine's results, by scenario id
PROBLEM = Key[str]("projector.problem")  # a refused act's line, shown once on the next run
OPEN = Family[bool]("projector.{}.open")
REVEAL = Family[bool]("projector.{}.reveal")
STEP = Family[bool]("projector.{}.step")
NEXT = Family[bool]("projector.{}.next")
END = Family[bool]("projector.{}.end")
Button = tuple[Family[bool], str, rounds.Action, bool]  # its key, label, act, and whether it may be pressed


def round_for(db: ProgressDB, teacher: Teacher, asked_for: object) -> rounds.Round | None:
    """The round ``?round=`` names, if it is ``teacher``'s; None for anything else (no number, no such round,
    another teacher's), all alike."""
    text = str(asked_for or "").strip()
    if not text.isdigit() or len(text) > 18:
        return None
    try:
        return rounds.teacher_round(db, teacher, int(text))
    except rounds.RoundError:
        return None


def draw(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    """The projector for ``live``, in ``language``, with the teacher's buttons; followed every second."""
    st.html(html.css())  # the drawings' style is on every page already (views.theme)
    seen = (rounds.revision(db, live.id), rounds.activity(db, live.id))
    SEEN(live.id).set(seen)
    problem = PROBLEM.pop()
    if problem:
        st.error(problem)
    match live.phase:
        case "lobby":
            _lobby(db, teacher, live, language)
        case "question":
            _question(db, teacher, live, language)
        case "reveal":
            _reveal(db, teacher, live, language)
        case _:
            _summary(db, live, language)
    if live.live:
        _follow(db, live.id)


@st.fragment(run_every=POLL_SECONDS)
def _follow(db: ProgressDB, round_id: int) -> None:
    # Draws nothing: the page reruns only when the round moved on, or someone joined or answered.
    if (rounds.revision(db, round_id), rounds.activity(db, round_id)) != SEEN(round_id).get():
        st.rerun(scope="app")


def _scenario(live: rounds.Round) -> Scenario | None:
    return state.course().scenarios.get(live.scenario_id or "")


def _solved(scenario: Scenario) -> Explained:
    """The engine's result, solved once a session (a play puzzle's solver is slow; the page reruns often)."""
    results = SOLVED.setdefault()
    if scenario.id not in results:
        results[scenario.id] = shown(scenario.kind).solved(scenario)
    return results[scenario.id]


def _buttons(db: ProgressDB, teacher: Teacher, live: rounds.Round, *buttons: Button) -> None:
    """The teacher's buttons in a row, the first the one to press; each acts on the round in the store."""
    for n, (column, (family, label, action, enabled)) in enumerate(zip(st.columns(4), buttons, strict=False)):
        kind: Literal["primary", "secondary"] = "primary" if n == 0 else "secondary"
        column.button(
            label,
            key=family(live.id),
            type=kind,
            disabled=not enabled,
            width="stretch",
            on_click=_act,
            args=(db, teacher, live.id, action, live.revision),
        )


def _act(db: ProgressDB, teacher: Teacher, round_id: int, action: rounds.Action, drawn: int) -> None:
    """Press a button drawn at the round's revision ``drawn``: nothing if the teacher has signed out since, or if
    the round moved on since it was drawn (a press sent twice, another tab's or instance's press first): the
    store checks the revision in the act's own transaction, the page then says so in one line and shows the
    round as it is, so one press is one step."""
    now = gate.signed_in()
    if now is None or now.id != teacher.id:
        return
    try:
        rounds.act(db, teacher, round_id, action, expected_revision=drawn)
    except rounds.RoundError as refused:  # moved on elsewhere, or an act its phase no longer allows
        PROBLEM.set(refused.words(lang.current()))


def _end(language: str) -> str:
    # Translators: the projector's button that ends the live round for everyone.
    return ui.gettext(language, "End round")


def join_link(code: str) -> str:
    """The phones' address for a round: the app's base as this browser reached it (as the class's join link:
    a proxy's X-Forwarded-Host and -Proto), then ``round?code=``."""
    return f"{links.browser_base()}/round?code={quote(code)}"


def _lobby(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    link = join_link(live.code)
    # Translators: the accessible name of the QR code of the join address, on the projector.
    qr = qr_svg(link, label=_("QR code of the join address"), size=QR_SIZE)
    names = [player.name for player in rounds.players(db, live.id)]
    # Translators: the projector's title in the lobby, above the join code in very large type.
    st.title(_("Join the round on your phone"))
    st.markdown(html.lobby_html(live.code, link, qr, names, language), unsafe_allow_html=True)
    # Translators: the projector's button that shows the round's first scenario to the room.
    first = _("Ask the first scenario")
    _buttons(db, teacher, live, (OPEN, first, "open", True), (END, _end(language), "end", True))


def _heading(scenario: Scenario, live: rounds.Round, language: str) -> None:
    # Translators: above the scenario on the projector: "Scenario 2 of 5".
    where = ui.gettext(language, "Scenario {number} of {total}", number=live.position + 1,
                       total=len(live.scenario_ids))  # fmt: skip
    # the title and where it is on one line: the drawing below needs the screen's height
    st.markdown(
        f'<div class="alu-proj-head"><h1>{escape(scenario.title)}</h1><span class="alu-proj-where">{escape(where)}'
        "</span></div>",
        unsafe_allow_html=True,
    )


def _question(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    scenario = _scenario(live)
    answered = rounds.answered_count(db, live.id, live.position)
    joined = rounds.player_count(db, live.id)
    if scenario is not None:
        result = _solved(scenario)
        _heading(scenario, live, language)
        questions = predict.plan(scenario, result, lang=language)
        asking = "".join(f'<div class="alu-proj-question">{escape(q.text)}</div>' for q in questions)
        drawing, side = st.columns([3, 2], gap="large")
        with drawing:
            _setup(scenario, result, revealed=False)
        with side:
            st.markdown(asking + html.answered_html(answered, joined, language), unsafe_allow_html=True)
    else:  # a scenario no longer in the course: the room can still answer nothing, the teacher goes on
        st.markdown(html.answered_html(answered, joined, language), unsafe_allow_html=True)
    # Translators: the projector's button that shows how the room answered and the right answer.
    _buttons(db, teacher, live, (REVEAL, _("Reveal"), "reveal", True), (END, _end(language), "end", True))


def _setup(scenario: Scenario, result: Explained, *, revealed: bool) -> None:
    wide = " alu-proj-wide" if shown(scenario.kind).full_width else ""
    with cardfiles.as_files():  # a redraw sends a line per card, not its drawing
        drawing = scenario_view.setup_html(scenario, result, reveal=revealed)
    views.show(f'<div class="alu-proj-setup{wide}">{drawing}</div>')


def _reveal(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    scenario = _scenario(live)
    steps: list[tuple[str, str]] = []
    if scenario is not None:
        result = _solved(scenario)
        _heading(scenario, live, language)
        split = rounds.split(db, live.id, live.position)
        bars = [html.Bar(choice_html(scenario, c.choice), choice_words(scenario, c.choice), c.count, c.right)
                for c in split]  # fmt: skip
        answered = sum(c.count for c in split)
        steps = explanation_steps(scenario, result, language)
        left, right = st.columns([3, 2], gap="large")
        with left:
            st.markdown(html.split_html(bars, answered, language), unsafe_allow_html=True)
            if not split:
                nobody = _("Nobody answered.")
                nobody = f'<div class="alu-proj-question">{escape(nobody)}</div>'
                st.markdown(nobody, unsafe_allow_html=True)
            shown_steps = min(live.step, len(steps))
            if shown_steps:
                # Translators: the heading of the engine's explanation, shown step by step on the projector.
                st.header(_("Why"), anchor=False)
                st.markdown(html.steps_html(steps, shown_steps), unsafe_allow_html=True)
        with right:
            _setup(scenario, result, revealed=True)
    # Translators: the projector's buttons after Reveal: one more step of the explanation; the next scenario;
    # after the last scenario, the round's summary.
    onward = _("Show the summary") if live.last else _("Next scenario")
    _buttons(
        db,
        teacher,
        live,
        (STEP, _("Next step"), "step", live.step < len(steps)),
        (NEXT, onward, "next", True),
        (END, _end(language), "end", True),
    )


def explanation_steps(scenario: Scenario, result: Explained, language: str) -> list[tuple[str, str]]:
    """The engine's explanation as the projector steps through it: each step with its group's heading (the
    draw's rounds; "" for a kind without groups) and its sentence in ``language``, in the reveal's order."""
    return [
        (heading, render(step, language))
        for heading, steps in reveal.step_groups(scenario, result, language)
        for step in steps
    ]


def answer_cards(scenario: Scenario, key: str, value: object) -> list[Card] | None:
    """The cards of one key's answer when the key is answered with cards (one, or tied ones); else None."""
    if shape_of(scenario.kind, key) not in (Shape.CARD_SET, Shape.CARD_LIST):
        return None
    codes = value if isinstance(value, list | tuple) else [value]
    try:
        return [parse_card(str(code)) for code in codes]
    except NotationError:
        return None


def choice_words(scenario: Scenario, choice: Mapping[str, Any]) -> str:
    """A choice of the room in words, in the page's language: each asked key's answer (named when several)."""
    keys = asked(scenario)
    if len(keys) == 1:
        return reveal.describe(scenario, keys[0], choice.get(keys[0]))
    return "; ".join(f"{predict.short(scenario.kind, k)}: {reveal.describe(scenario, k, choice.get(k))}" for k in keys)


def choice_html(scenario: Scenario, choice: Mapping[str, Any]) -> str:
    """A choice as its bar shows it: each asked key's answer as cards where it is cards, else in words; each
    named by the key's short name when the scenario asks several."""
    keys = asked(scenario)
    parts = []
    for key in keys:
        cards = answer_cards(scenario, key, choice.get(key))
        words = reveal.describe(scenario, key, choice.get(key))
        if cards:
            with cardfiles.as_files():
                drawn = cards_html(cards, width=CHOICE_CARD_WIDTH, label=words)
        else:
            drawn = f"<span>{escape(words)}</span>"
        named = f"<span>{escape(predict.short(scenario.kind, key))}:</span> " if len(keys) > 1 else ""
        parts.append(f'<div style="display:flex;gap:12px;align-items:center;flex-wrap:wrap">{named}{drawn}</div>')
    return "".join(parts)


def _summary(db: ProgressDB, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    course = state.course()
    # Translators: the projector's title at the end of a live round.
    st.title(_("The round's results"))
    if not live.live:
        st.caption(_("This round has ended."))
    rows = []
    for share in rounds.summary(db, live.id):
        scenario = course.scenarios.get(share.scenario_id)
        # Translators: a scenario's share of right answers in a round's summary: "9 of 12 (75%)".
        right = _("{right} of {answered} ({percent}%)", right=share.right, answered=share.answered,
                  percent=round(100 * share.share))  # fmt: skip
        rows.append((scenario.title if scenario is not None else share.scenario_id, right))
    # Translators: the round summary's table: its caption and its columns' headings.
    st.markdown(html.table_html(_("Each scenario"), (_("Scenario"), _("Right")), rows, 1), unsafe_allow_html=True)
    if live.leaderboard:
        board = [
            (place, standing.name, standing.right, seconds(standing.seconds, language))
            for place, standing in enumerate(rounds.leaderboard(db, live.id), start=1)
        ]
        # Translators: the leaderboard's columns at the end of a live round: place, name, answers right, time.
        headings = (_("Place"), _("Name"), _("Right"), _("Time"))
        # Translators: the caption of the leaderboard at the end of a live round.
        st.markdown(html.table_html(_("Leaderboard"), headings, board, 2), unsafe_allow_html=True)


def seconds(value: float, language: str) -> str:
    """A total answering time: "12.5 s"."""
    # Translators: a leaderboard's total answering time in seconds, with one decimal.
    tenths = f"{value:.1f}"
    return ui.gettext(language, "{seconds} s", seconds=tenths)
