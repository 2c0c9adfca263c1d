"""How the app shows a ``deal`` to score, and its questions.

The nine results are drawn as a timeline, or the hands and the nine tricks as a grid.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tutor.app.cardsvg import card_svg, cards_html
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.app.questions import NOBODY, SPOILED, Nobody, Part, Question, one
from tutor.app.views import (
    HAND_WIDTH,
    SMALL_WIDTH,
    block,
    details,
    ordinal,
    seat_chip,
    seat_name,
    translator,
    tricks_grid_html,
)
from tutor.content.kinds.deal import DealScoringSetup
from tutor.engine import SEATS, Card, DealScore, Explained, PlayedDeal, Seat
from tutor.i18n import ui
from tutor.i18n.ui import Translator


def deal_html(
    setup: DealScoringSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """A deal: the nine results as a timeline, or the hands and the nine tricks as a grid."""
    if setup.tricks is not None:
        return _deal_results(setup.tricks, result if reveal else None)
    return _deal_plays(setup, result, reveal, hidden)


def _deal_results(tricks: Sequence[Seat | None], result: Explained | None) -> str:
    steps = "".join(
        f'<div class="alu-step" data-trick="{n}">{seat_chip(winner)}<span>{n}</span></div>'
        for n, winner in enumerate(tricks, start=1)
    )
    _ = translator()
    body = block(_("The nine tricks (who won each)"), f'<div class="alu-timeline">{steps}</div>')
    if isinstance(result, DealScore | PlayedDeal):
        body += _score_summary(result.score if isinstance(result, PlayedDeal) else result)
    return body


def _score_summary(score: DealScore) -> str:
    _ = translator()
    lang = page_language()
    counts = " ".join(f"{seat_chip(seat)} {score.tricks_won[seat]}" for seat in SEATS)
    if score.point_winner is None:
        point = escape(_("nobody scores"))
    else:
        team = score.scoring_team
        if score.mordienne:
            # Translators: after the winner's chip (e.g. "N"); {team} is NS or EW.
            words = ui.ngettext(
                lang,
                "wins the point for {team}: {n} point (mordienne)",
                "wins the point for {team}: {n} points (mordienne)",
                score.points,
                team=team,
            )
        else:
            # Translators: after the winner's chip (e.g. "N"); {team} is NS or EW.
            words = ui.ngettext(
                lang,
                "wins the point for {team}: {n} point",
                "wins the point for {team}: {n} points",
                score.points,
                team=team,
            )
        point = f"{seat_chip(score.point_winner)} {escape(words)}"
    return block(_("Tricks won"), f'<div class="alu-row">{counts}</div><div class="alu-block">{point}</div>', "score")


def _deal_plays(setup: DealScoringSetup, result: Explained | None, reveal: bool, hidden: Collection[str]) -> str:
    assert setup.dealer is not None and setup.hands is not None and setup.plays is not None
    _ = translator()
    parts = []
    played = result if isinstance(result, PlayedDeal) else None
    if played is not None and "leaders" not in hidden:
        head = _("{dealer} deals; {leader} leads the first trick.", dealer=setup.dealer, leader=played.leaders[0])
    else:
        head = _("{dealer} deals.", dealer=setup.dealer)
    parts.append(block(None, escape(head)))
    hands = "".join(
        block(seat_name(seat), cards_html(list(setup.hands[seat]), width=HAND_WIDTH), "hand")
        for seat in SEATS
        if seat in setup.hands
    )
    parts.append(details(_("The four hands"), hands))
    if reveal and played is not None:
        parts.append(_trick_grid_revealed(played))
        parts.append(_score_summary(played.score))
    else:
        # who played each card is read from the hands; hidden when the leaders are the question
        holder = {c: seat for seat, hand in setup.hands.items() for c in hand}
        show_seats = "leaders" not in hidden
        rows = []
        for n, trick_cards in enumerate(setup.plays, start=1):
            captions = [holder[c].value if show_seats and c in holder else None for c in trick_cards]
            cells = "".join(
                f"<td>{card_svg(c, width=SMALL_WIDTH + 8, caption=captions[i])}</td>" for i, c in enumerate(trick_cards)
            )
            rows.append(f'<tr data-trick="{n}"><th>{n}</th>{cells}</tr>')
        heads = "".join(f"<th>{escape(ordinal(n))}</th>" for n in range(1, 5))
        # Translators: a column header: the trick's number (1-9).
        trick_head = _("trick")
        grid = (
            f'<table class="alu-grid"><thead><tr><th>{escape(trick_head)}</th>{heads}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
        parts.append(block(_("The nine tricks, each in the order played"), f'<div class="alu-grid-wrap">{grid}</div>'))
    return "".join(parts)


def _trick_grid_revealed(played: PlayedDeal) -> str:
    _ = translator()
    return block(_("The nine tricks (numbers: order of play)"), tricks_grid_html(played.tricks))


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "trick_winners":
            return _("Who wins each of the nine tricks?")
        case "tricks_won":
            return _("How many tricks does each player win?")
        case "point_winner":
            return _("Who wins the point?")
        case "scoring_team":
            return _("Which partnership scores?")
        case "points":
            return _("How many points does this deal score?")
        case "mordienne":
            return _("Is it a mordienne?")
        case "leaders":
            return _("Who leads each of the nine tricks?")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {
        "trick_winners": _("Trick winners"),
        "tricks_won": _("Tricks won"),
        "point_winner": _("Point winner"),
        "scoring_team": _("Scoring partnership"),
        "points": _("Points"),
        "mordienne": _("Mordienne"),
        "leaders": _("Leaders"),
    }


def _plan(
    key: str, setup: DealScoringSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    if key == "points":
        return one(key, text, Part("", "radio", text, (0, 1, 2)))
    return None


def _nobody(key: str, _: Translator) -> Nobody | None:
    lang = _.lang
    match key:
        case "trick_winners":
            # Translators: an answer option: the trick is spoiled (equal best cards), so nobody wins it.
            offered, short = _("Spoiled: nobody"), _("Spoiled")
            # Translators: the winner of one trick in a list of a deal's tricks, when the trick was spoiled.
            return Nobody(SPOILED, offered, short, ui.pgettext(lang, "a trick's winner", "spoiled"))
        case "point_winner":
            return Nobody(NOBODY, _("Nobody"), _("Nobody"))
        case "scoring_team":
            return Nobody(NOBODY, _("Nobody scores"), _("Nobody"))
    return None


def _cards(setup: DealScoringSetup) -> tuple[Card, ...]:
    return tuple(c for seat in SEATS for c in (setup.hands or {}).get(seat, ()))


KIND = AppKind(
    name="deal",
    setup_type=DealScoringSetup,
    title=lambda _: _("Scoring a deal"),
    topics=lambda _: {"scoring": _("Scoring"), "mordienne": _("Mordienne")},
    draw=deal_html,
    wording=_wording,
    shorts=_shorts,
    cards=_cards,
    plan=_plan,
    nobody=_nobody,
)
