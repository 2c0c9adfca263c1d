"""Play puzzles (``kind: play``) in the answer loop: solved once, and their reveal.

The question (which card to play, clicked in the mover's hand) is planned by :mod:`tutor.app.predict` and the
table drawn by :func:`tutor.app.views.play_html`. Here: the solve, cached per scenario (a solve may take a few
tenths of a second), and the reveal: each card's result grouped as the solver groups them, one line of best
play drawn trick by trick, (the solver's steps as text follow in :mod:`tutor.app.reveal`).

Every fact comes from the engine: the results and groups from the solver's steps (their fields, never their
text), the tricks of the line from :func:`tutor.engine.resolve_trick` (who wins, who leads next).
"""

from __future__ import annotations

import hashlib

import streamlit as st

from tutor.app import lang, views
from tutor.app.cardsvg import cards_html
from tutor.app.markup import escape
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine import Explained, resolve_trick
from tutor.engine.cards import Card
from tutor.engine.seats import Seat
from tutor.engine.solver import PlaySolution
from tutor.engine.steps import Step
from tutor.engine.trick import Trick
from tutor.i18n import ui
from tutor.i18n.sentences import render

LINE_WIDTH = 44  # the cards of the line of best play: small, four to a trick
RESULT_WIDTH = 48


def solved(scenario: Scenario) -> Explained:
    """The engine's result for a scenario; a play puzzle is solved once per server (keyed by its id and setup)."""
    if scenario.kind != "play":
        return solve(scenario)
    fingerprint = hashlib.sha256(repr((scenario.setup, scenario.mordienne)).encode()).hexdigest()
    # st.spinner shows only after half a second: a solve already cached shows nothing
    with st.spinner(ui.gettext(lang.current(), "Solving the position...")):
        return _solved(scenario.id, fingerprint, scenario)


@st.cache_resource(show_spinner=False, max_entries=512)
def _solved(scenario_id: str, fingerprint: str, _scenario: Scenario) -> Explained:
    return solve(_scenario)


# --- the reveal --------------------------------------------------------------------------------------------


def card_groups(result: PlaySolution) -> list[tuple[tuple[Card, ...], Step, bool]]:
    """Each group of the mover's cards the solver tells apart: its cards, the result (a step), whether best.

    Read from the solver's ``solve.card_result`` steps; when every card gives the same result the solver says
    so in one step, and all the cards make one group."""
    groups: list[tuple[tuple[Card, ...], Step, bool]] = []
    for s in result.explanation:
        if s.msg in ("solve.card_result", "solve.card_result.best"):
            cards = s.param("cards")
            outcome = s.param("result")
            assert isinstance(cards, tuple) and isinstance(outcome, Step)
            groups.append((tuple(c for c in cards if isinstance(c, Card)), outcome, s.msg.endswith(".best")))
        elif s.msg in ("solve.all_equal", "solve.one_card"):
            outcome = s.param("result")
            assert isinstance(outcome, Step)
            groups.append((tuple(result.results), outcome, True))
    return groups


def line_tricks(result: PlaySolution) -> list[Trick]:
    """The line of best play as tricks: the one under way (its cards already played first), then the rest."""
    position = result.position
    cards = [*position.plays, *result.line]
    leader: Seat = position.leader
    tricks = []
    for start in range(0, len(cards), 4):
        trick = resolve_trick(leader, cards[start : start + 4])
        tricks.append(trick)
        leader = trick.next_leader
    return tricks


def results_html(result: PlaySolution) -> str:
    """Each group of cards, small, with what it leads to; the best ones marked in words, not colour alone."""
    rows = []
    language = lang.current()
    # Translators: a badge beside the cards that give the best result; short.
    best_word = escape(ui.pgettext(language, "the best cards to play", "best"))
    for cards, outcome, best in card_groups(result):
        words = escape(render(outcome, language))
        mark = f'<span class="alu-badge alu-badge-winner">{best_word}</span> ' if best else ""
        row = cards_html(list(cards), width=RESULT_WIDTH, highlight=cards if best else ())
        rows.append(f'<div class="alu-row" style="align-items:center;margin:4px 0">{row}<div>{mark}{words}</div></div>')
    label = escape(ui.gettext(language, "each card's result"))
    return f'<div class="alu-setup" role="group" aria-label="{label}">' + "".join(rows) + "</div>"


def line_html(result: PlaySolution) -> str:
    """One line of best play, trick by trick: the four cards in order with who played them, the winner's card
    marked, equal best cards of a spoiled trick marked as tied."""
    parts = []
    _ = ui.translator(lang.current())
    for number, trick in enumerate(line_tricks(result), start=result.position.trick_number):
        captions = [seat.value for seat, _card in trick.plays]
        cards = [c for _seat, c in trick.plays]
        best = set(trick.best)
        if trick.winner:
            # Translators: the heading of one trick of the line of best play; {winner} is a seat (North...).
            title = _("Trick {number}: {winner} wins", number=number, winner=trick.winner)
        else:
            title = _("Trick {number}: spoiled", number=number)
        row = cards_html(
            cards,
            width=LINE_WIDTH,
            captions=captions,
            highlight=best if trick.winner else (),
            spoiled=best if trick.winner is None else (),
            label=title,
        )
        parts.append(
            f'<div class="alu-step" style="align-items:flex-start"><div class="alu-block-title">'
            f"{escape(title)}</div>{row}</div>"
        )
    return '<div class="alu-setup"><div class="alu-timeline">' + "".join(parts) + "</div></div>"


def show(result: PlaySolution) -> None:
    """The reveal's pictures of a play puzzle: each card's result, and the line drawn trick by trick (the
    steps as text follow, drawn by :mod:`tutor.app.reveal`)."""
    _ = ui.translator(lang.current())
    results = _("What each card leads to")
    st.markdown(f"**{results}**")
    views.show(results_html(result))
    line = _("One line of best play")
    st.markdown(f"**{line}**")
    views.show(line_html(result))


__all__ = ["card_groups", "line_html", "line_tricks", "results_html", "show", "solved"]
