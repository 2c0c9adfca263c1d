"""The projector's view of a live round (``/projector?round=<id>``), state by state: the lobby (the join code,
its address and QR code, who joined), a question (the situation drawn large, the question, "14 of 17
answered"), the reveal (how the answers split, then the engine's explanation one step at a time) and the
summary (each scenario's share right, and the leaderboard if the teacher switched it on).

The page follows the round by itself: a fragment re-reads the round's revision and counts every second
(:data:`POLL_SECONDS`) and reruns the page only when one changed, so an unchanged round sends nothing.
Everything drawn comes from the store (:mod:`tutor.progress.rounds`) and the engine; the teacher's buttons
act on the round in the store, so the phones see each change on their own next read.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutor.app import cardfiles, predict, reveal, scenario_view, state, views
from tutor.app.cardsvg import cards_html
from tutor.app.kinds import shown
from tutor.app.markup import md
from tutor.app.qr import qr_svg
from tutor.app.session import Family, Key
from tutor.app.teaching import projector_html as html
from tutor.content.grading import asked
from tutor.content.kinds import shape_of
from tutor.content.outcomes import Shape
from tutor.content.scenario import Scenario
from tutor.engine import Card, Explained
from tutor.engine import card as parse_card
from tutor.i18n import ui
from tutor.i18n.sentences import render
from tutor.progress import rounds
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

POLL_SECONDS = 1.0
QR_SIZE = 420  # pixels: a phone reads it from the middle of a room
CHOICE_CARD_WIDTH = 72  # a choice's cards beside its bar (a bar's row is 56 px high)
SEEN = Family[tuple[object, ...]]("projector.{}.seen")  # what the page last drew of a round: its revision, counts
SOLVED = Key[dict[str, Explained]]("projector.solved", factory=dict)  # the engine's results, by scenario id
REVEAL, STEP, NEXT, END, OPEN = (Family[bool](f"projector.{{}}.{name}") for name in ("reveal", "step", "next", "end", "open"))


def round_for(db: ProgressDB, teacher: Teacher, asked_for: object) -> rounds.Round | None:
    """The round ``?round=`` names, if it is ``teacher``'s; None for anything else (no number, no such round,
    another teacher's), all alike."""
    text = str(asked_for or "").strip()
    if not text.isdigit() or len(text) > 18:
        return None
    live = rounds.live_round(db, int(text))
    return live if live is not None and live.teacher_id == teacher.id else None


def draw(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    """The projector for ``live``, in ``language``, with the teacher's buttons; followed every second."""
    st.html(views.css() + html.css())
    SEEN(live.id).set(_seen(db, live))
    match live.phase:
        case rounds.LOBBY:
            _lobby(db, teacher, live, language)
        case rounds.QUESTION:
            _question(db, teacher, live, language)
        case rounds.REVEAL:
            _reveal(db, teacher, live, language)
        case _:
            _summary(db, live, language)
    _follow(db, live.id)


def _seen(db: ProgressDB, live: rounds.Round) -> tuple[object, ...]:
    return (rounds.revision(db, live.id), len(rounds.players(db, live.id)), rounds.answered_count(db, live.id))


@st.fragment(run_every=POLL_SECONDS)
def _follow(db: ProgressDB, round_id: int) -> None:
    # Draws nothing: a rerun of the page only when the round moved on, someone joined or someone answered.
    live = rounds.live_round(db, round_id)
    if live is not None and _seen(db, live) != SEEN(round_id).get():
        st.rerun(scope="app")


def _scenario(live: rounds.Round) -> Scenario | None:
    return state.course().scenarios.get(live.scenario_id or "")


def _solved(scenario: Scenario) -> Explained:
    results = SOLVED.setdefault()
    if scenario.id not in results:
        results[scenario.id] = shown(scenario.kind).solved(scenario)
    return results[scenario.id]


def _where(live: rounds.Round, language: str) -> str:
    # Translators: above the scenario on the projector: "Scenario 2 of 5".
    return ui.gettext(language, "Scenario {number} of {total}", number=live.position + 1, total=len(live.scenarios))


def _buttons(live: rounds.Round, language: str, *actions: tuple[Family[bool], str, str, bool]) -> None:
    """The teacher's buttons in a row, the first the one to press; each acts on the round in the store."""
    columns = st.columns(len(actions) + 1)
    for n, (column, (family, label, act, enabled)) in enumerate(zip(columns, actions, strict=False)):
        kind = "primary" if n == 0 else "secondary"
        if column.button(label, key=family(live.id), type=kind, disabled=not enabled, width="stretch"):
            _act(live, act)


def _act(live: rounds.Round, act: str) -> None:
    db, teacher = state.database(), None
    from tutor.app.teaching import gate  # the gate asks the store; the page has asked it already

    teacher = gate.signed_in()
    if db is None or teacher is None:
        return
    rounds.act(db, teacher, live.id, act)
    st.rerun()


def _end_label(language: str) -> str:
    # Translators: the projector's button that ends the live round for everyone.
    return ui.gettext(language, "End round")


def _lobby(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    link = join_link(live.code)
    # Translators: the accessible name of the QR code of the join address on the projector.
    qr = qr_svg(link, label=_("QR code of the join address"), size=QR_SIZE)
    names = [player.name for player in rounds.players(db, live.id)]
    st.markdown(html.lobby_html(live.code, link, qr, names, language), unsafe_allow_html=True)
    # Translators: the projector's button that shows the round's first scenario to the room.
    _buttons(live, language, (OPEN, _("Ask the first scenario"), rounds.OPEN, True), (END, _end_label(language), rounds.END, True))


def join_link(code: str) -> str:
    """The phones' address for a round: the app's own base (as the browser reached it) and ``round?code=``."""
    base = _base_url()
    return f"{base}/round?code={code}"


def _base_url() -> str:
    url = str(st.context.url or "")
    if "/projector" in url:
        return url.split("/projector", 1)[0].rstrip("/")
    return url.split("?", 1)[0].rstrip("/")


def _question(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    scenario = _scenario(live)
    answered, joined = rounds.answered_count(db, live.id), len(rounds.players(db, live.id))
    if scenario is not None:
        result = _solved(scenario)
        _scenario_heading(scenario, live, language)
        for question in predict.plan(scenario, result, lang=language):
            st.markdown(f'<p class="alu-proj-question">{md(question.text)}</p>', unsafe_allow_html=True)
        drawing, side = st.columns([3, 1], gap="large")
        with drawing:
            _setup(scenario, result, revealed=False)
        with side:
            st.markdown(html.answered_html(answered, joined, language), unsafe_allow_html=True)
    else:
        st.markdown(html.answered_html(answered, joined, language), unsafe_allow_html=True)
    # Translators: the projector's button that shows the room's answers and the right one.
    _buttons(live, language, (REVEAL, _("Reveal"), rounds.REVEAL, True), (END, _end_label(language), rounds.END, True))


def _scenario_heading(scenario: Scenario, live: rounds.Round, language: str) -> None:
    st.caption(_where(live, language))
    st.header(md(scenario.title))


def _setup(scenario: Scenario, result: Explained, *, revealed: bool) -> None:
    wide = " alu-proj-wide" if shown(scenario.kind).full_width else ""
    with cardfiles.as_files():  # a redraw sends a line per card, not its drawing
        drawing = scenario_view.setup_html(scenario, result, reveal=revealed)
    views.show(f'<div class="alu-proj-setup{wide}">{drawing}</div>')


def _reveal(db: ProgressDB, teacher: Teacher, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    scenario = _scenario(live)
    if scenario is None:
        return
    result = _solved(scenario)
    _scenario_heading(scenario, live, language)
    split = rounds.split(db, live.id)
    answered = sum(count for _answer, count, _right in split)
    bars = [html.Bar(_choice_html(scenario, answer), _choice_words(scenario, answer), count, right) for answer, count, right in split]
    left, right = st.columns([3, 2], gap="large")
    with left:
        st.markdown(html.split_html(bars, answered, language), unsafe_allow_html=True)
        steps = explanation_steps(scenario, result, language)
        shown_steps = min(live.step, len(steps))
        if shown_steps:
            # Translators: the heading of the engine's explanation, shown step by step on the projector.
            st.subheader(_("Why"))
            st.markdown(html.steps_html(steps, shown_steps), unsafe_allow_html=True)
    with right:
        _setup(scenario, result, revealed=True)
    last = live.position + 1 >= len(live.scenarios)
    # Translators: the projector's buttons after Reveal: one more step of the explanation; the next scenario.
    onward = _("Show the summary") if last else _("Next scenario")
    _buttons(
        live,
        language,
        (STEP, _("Next step"), rounds.STEP, shown_steps < len(steps)),
        (NEXT, onward, rounds.NEXT, True),
        (END, _end_label(language), rounds.END, True),
    )


def explanation_steps(scenario: Scenario, result: Explained, language: str) -> list[tuple[str, str]]:
    """The engine's explanation as the projector steps through it: each step with its group's heading (the
    draw's rounds; "" for a kind without groups) and its sentence in ``language``, in the reveal's order."""
    return [
        (heading, render(step, language))
        for heading, steps in reveal.step_groups(scenario, result, language)
        for step in steps
    ]


def _answer_cards(scenario: Scenario, answer: dict[str, object]) -> list[Card] | None:
    """The answer's cards when it is one card question's answer (a card, or tied cards); else None."""
    keys = asked(scenario)
    if len(keys) != 1 or shape_of(scenario.kind, keys[0]) not in (Shape.CARD_SET, Shape.CARD_LIST):
        return None
    value = answer.get(keys[0])
    try:
        return [parse_card(str(code)) for code in (value if isinstance(value, list | tuple) else [value])]
    except ValueError:
        return None


def _choice_words(scenario: Scenario, answer: dict[str, object]) -> str:
    keys = asked(scenario)
    if len(keys) == 1:
        return reveal.describe(scenario, keys[0], answer.get(keys[0]))
    return "; ".join(f"{predict.short(scenario.kind, k)}: {reveal.describe(scenario, k, answer.get(k))}" for k in keys)


def _choice_html(scenario: Scenario, answer: dict[str, object]) -> str:
    cards = _answer_cards(scenario, answer)
    if cards:
        with cardfiles.as_files():
            return cards_html(cards, width=CHOICE_CARD_WIDTH, label=_choice_words(scenario, answer))
    from tutor.app.markup import escape

    return escape(_choice_words(scenario, answer))


def _summary(db: ProgressDB, live: rounds.Round, language: str) -> None:
    _ = ui.translator(language)
    course = state.course()
    # Translators: the projector's heading at the end of a live round.
    st.header(_("The round's results"))
    rows = []
    for scenario_id, right, answered in rounds.summary(db, live.id):
        scenario = course.scenarios.get(scenario_id)
        title = scenario.title if scenario is not None else scenario_id
        # Translators: a scenario's share of right answers in the round's summary: "9 of 12 (75%)".
        share = _("{right} of {answered} ({percent}%)", right=right, answered=answered,
                  percent=round(100 * right / answered) if answered else 0)  # fmt: skip
        rows.append((title, share))
    # Translators: the summary's table of scenarios: its caption and column headings.
    st.markdown(
        html.table_html(_("Each scenario"), (_("Scenario"), _("Right")), rows, 1), unsafe_allow_html=True
    )
    if live.leaderboard:
        board = [
            (place, entry.name, entry.correct, _seconds(entry.seconds, language))
            for place, entry in enumerate(rounds.leaderboard(db, live.id), start=1)
        ]
        headings = (_("Place"), _("Name"), _("Correct"), _("Time"))
        # Translators: the caption of the leaderboard at the end of a live round.
        st.markdown(html.table_html(_("Leaderboard"), headings, board, 2), unsafe_allow_html=True)


def _seconds(seconds: float, language: str) -> str:
    # Translators: a leaderboard's total answering time, in seconds with one decimal: "12.5 s".
    return ui.gettext(language, "{seconds} s", seconds=f"{seconds:.1f}")


def _unused(_: Sequence[object]) -> None:  # pragma: no cover
    return None
