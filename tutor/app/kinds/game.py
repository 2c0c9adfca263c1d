"""How the app shows a ``game``: the first dealer and the five deals, on reveal each dealer and the points."""

from __future__ import annotations

from collections.abc import Collection

from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.questions import NOBODY, Nobody, Question, seat_rows
from tutor.app.views import badge, block, seat_chip, seat_name, translator
from tutor.content.kinds.game import GameSetup
from tutor.engine import DealPoint, Explained, Game, Seat
from tutor.i18n.ui import Translator


def game_html(
    setup: GameSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The first dealer and the five deals; on reveal each deal's dealer, its points and the score."""
    _ = translator()
    game = result if reveal and isinstance(result, Game) else None
    first = _("deals first")
    parts = [
        block(None, f"{badge(first, 'dealer')} {seat_chip(setup.first_dealer)} {escape(seat_name(setup.first_dealer))}")
    ]
    rows = []
    for n, entry in enumerate(setup.deals, start=1):
        if isinstance(entry, DealPoint):
            what = _deal_point(entry)
        else:
            what = '<div class="alu-timeline">' + "".join(seat_chip(w) for w in entry) + "</div>"
        cells = f"<th>{n}</th>"
        if game is not None:
            cells += f"<td>{seat_chip(game.dealers[n - 1])}</td>"
        cells += f"<td>{what}</td>"
        if game is not None:
            cells += f"<td>{_deal_point(game.deals[n - 1])}</td>"
        rows.append(f'<tr data-deal="{n}">{cells}</tr>')
    # Translators: column headers of a game's five deals.
    names = [_("deal"), _("dealer"), _("result"), _("points")] if game else [_("deal"), _("result")]
    heads = "".join(f"<th>{escape(n)}</th>" for n in names)
    parts.append(
        f'<div class="alu-grid-wrap"><table class="alu-grid"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    if game is not None:
        scores = " ".join(f"{team} {points}" for team, points in game.scores.items())
        if game.winner:
            # Translators: {scores} is e.g. "NS 3 EW 2"; {team} is NS or EW.
            verdict = _("{scores}: {team} wins the game.", scores=scores, team=game.winner)
        else:
            verdict = _("{scores}: a drawn game.", scores=scores)
        parts.append(block(None, escape(verdict)))
    return "".join(parts)


def _deal_point(point: DealPoint) -> str:
    if point.team is None:
        _ = translator()
        return badge(_("nobody scores"))
    return f'<span class="alu-chip alu-team-{point.team.value.lower()}">{point.team.value} +{point.points}</span>'


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "dealers":
            return _("Who deals each of the five deals?")
        case "scores":
            return _("What is the score after five deals?")
        case "winner":
            return _("Which partnership wins the game?")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {"dealers": _("Dealers"), "scores": _("Score"), "winner": _("Winner")}


def _plan(
    key: str, setup: GameSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    if key == "dealers":
        # Translators: the labels above a row of small menus, one per deal (or trick), numbered.
        names = [_("Deal {n}", n=n) for n in range(1, len(setup.deals) + 1)]
        return seat_rows(key, text, names, _.lang)
    return None


def _nobody(key: str, _: Translator) -> Nobody | None:
    if key != "winner":
        return None
    return Nobody(NOBODY, _("Nobody: a drawn game"), _("Nobody"), _("nobody (a drawn game)"))


KIND = AppKind(
    name="game",
    setup_type=GameSetup,
    title=lambda _: _("The game"),
    topics=lambda _: {"game": _("The game")},
    draw=game_html,
    wording=_wording,
    shorts=_shorts,
    plan=_plan,
    nobody=_nobody,
)
