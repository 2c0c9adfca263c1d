"""How the app shows a ``play`` puzzle: where the deal stands and the table with every hand, and its questions.

The card to play is clicked in the mover's hand. The solve runs once per server (it may take a few tenths of a
second), and the reveal draws each card's result grouped as the solver groups them and one line of best play,
trick by trick (the solver's steps as text follow in :mod:`tutor.app.reveal`).

Every fact comes from the engine: the results and groups from the solver's steps (their fields, never their
text), the tricks of the line from :func:`tutor.engine.resolve_trick` (who wins, who leads next).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection

import streamlit as st

from tutor.app import lang
from tutor.app.card_answer import Pick
from tutor.app.cardsvg import cards_html
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.app.questions import Part, Question, card_choices, codes, one
from tutor.app.views import block, note, seat_chip, table_html, translator
from tutor.content.kinds.play import PlaySetup
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine import SEATS, Card, Explained, Seat, resolve_trick
from tutor.engine.solver import PlaySolution
from tutor.engine.steps import Step
from tutor.engine.trick import Trick
from tutor.i18n import ui
from tutor.i18n.sentences import format_value, render
from tutor.i18n.ui import Translator

LINE_WIDTH = 44  # the cards of the line of best play: small, four to a trick
RESULT_WIDTH = 48


def play_html(
    setup: PlaySetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """A play puzzle: where the deal stands, and the table with the trick under way and every hand. Before the
    reveal the mover's hand is left out (it is the answer widget, drawn as buttons beside)."""
    mover = setup.to_play
    won = {seat: sum(1 for w in setup.tricks if w is seat) for seat in SEATS}
    spoiled = sum(1 for w in setup.tricks if w is None)
    number = len(setup.tricks) + 1
    _ = translator()
    lang = page_language()
    mordienne = getattr(getattr(result, "position", None), "mordienne", None)
    facts = [_("Trick {number} of 9", number=number)]
    if spoiled:
        facts.append(ui.ngettext(lang, "{n} spoiled so far", "{n} spoiled so far", spoiled))
    else:
        facts.append(_("none spoiled so far"))
    if mordienne is not None:
        facts.append(_("mordienne rule on: a run scores 2") if mordienne else _("mordienne rule off"))
    history = "".join(seat_chip(w) for w in setup.tricks)
    done = escape(_("tricks done"))
    head = block(" · ".join(facts), f'<div class="alu-row" aria-label="{done}">{history}</div>' if history else "")
    hands = dict(setup.hands) if reveal else {s: h for s, h in setup.hands.items() if s is not mover}
    best = getattr(result, "best", ()) if reveal else ()
    # Translators: on an empty table: the seat (North...) who leads the trick's first card.
    leads = _("{seat} leads", seat=mover)
    table = table_html(
        hands=hands,
        trick=dict(zip(setup.leader.clockwise_from(), setup.plays, strict=False)),
        leader=setup.leader,
        to_play=mover,
        tricks_won=won,
        centre=None if setup.plays else f'<span class="alu-note" style="color:#fff">{escape(leads)}</span>',
        label=_("the table: {seat} to play", seat=mover),
    )
    if reveal and best:
        # Translators: {cards} lists the cards, named as the explanations name them ("l'as de coupes, ...").
        cards = format_value(tuple(best), "comma|label", lang)
        table += note(_("Best for {seat}: {cards}", seat=mover, cards=cards))
    return head + table


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "best":
            if who:
                # Translators: {who} is the seat to play ("South").
                return _("Which card should {who} play? Click it.", who=who[0])
            return _("Which card should be played? Click it.")
        case "value":
            return _("With best play by everyone, what does the deal give?")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {"best": _("Card to play"), "value": _("Result")}


def _plan(
    key: str, setup: PlaySetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    if key == "best" and isinstance(result, PlaySolution):  # the card to play: one of the mover's hand
        hand = Pick("one", card_choices(result.position.hands[result.to_play]))
        # the card chosen (a ``one`` pick's value), as the list of one card the solver's answer is
        part = Part("", "cards", text, pick=hand)
        return one(key, text, part, lambda values: [str(values[0])], lambda a: codes(a)[0])
    return None


def _subjects(key: str, setup: PlaySetup, result: Explained) -> tuple[str, tuple[str, ...]]:
    """The seat to play."""
    mover = result.to_play if isinstance(result, PlaySolution) else setup.to_play
    return "", (mover.value,)


def solved(scenario: Scenario) -> Explained:
    """The solver's result, once per server for each puzzle (keyed by its id and setup)."""
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


def revealed_html(result: Explained) -> str:
    """The reveal's pictures of a play puzzle, as XHTML: each card's result, and the line drawn trick by trick
    (the steps as text follow, drawn by :mod:`tutor.app.reveal`)."""
    if not isinstance(result, PlaySolution):
        return ""
    _ = ui.translator(lang.current())
    results, line = escape(_("What each card leads to")), escape(_("One line of best play"))
    return (
        f'<p class="alu-block-title">{results}</p>{results_html(result)}'
        f'<p class="alu-block-title">{line}</p>{line_html(result)}'
    )


KIND = AppKind(
    name="play",
    setup_type=PlaySetup,
    title=lambda _: _("Which card to play"),
    topics=lambda _: {"play": _("Card play")},
    draw=play_html,
    wording=_wording,
    shorts=_shorts,
    plan=_plan,
    subjects=_subjects,
    solve=solved,
    reveal=revealed_html,
)
