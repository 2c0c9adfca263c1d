"""How the app shows a ``rank`` scenario: the cards in a row, on reveal grouped by tier, and its questions.

The highest cards and the order are answered by clicking the cards.
"""

from __future__ import annotations

from collections.abc import Collection

from tutor.app.cardsvg import cards_html
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.questions import Question, click_cards
from tutor.app.views import ROW_WIDTH, block, translator
from tutor.content.kinds.rank import RankSetup
from tutor.engine import TIERS, Card, Explained, Ranking, Seat
from tutor.i18n.ui import Translator


def rank_html(
    setup: RankSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The cards in a row; on reveal grouped by tier, best first, with the tier numbers."""
    ranking = result if reveal and isinstance(result, Ranking) else None
    if ranking is None:
        return block(None, cards_html(list(setup.cards), width=ROW_WIDTH))
    _ = translator()
    groups = []
    for position, group in enumerate(ranking.order):
        tier = TIERS[group[0]]
        row = cards_html(list(group), width=ROW_WIDTH, highlight=group if position == 0 else ())
        tier_label = _("tier {tier}", tier=tier)
        label = f'<span class="alu-tier-label">{escape(tier_label)}</span>'
        groups.append(f'<div class="alu-tier" data-tier="{tier}">{label}{row}</div>')
    return block(_("Best first"), f'<div class="alu-row">{"".join(groups)}</div>')


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "highest":
            return _("Which card is highest? Click it; if several tie for best, click them all.")
        case "tie":
            return _("Do two or more cards tie for best?")
        case "order":
            return _("Click the cards from best to worst. Equal cards share a place.")
        case "tiers":
            return _("Which tier is each card in? (1 is the best tier, 19 the lowest.)")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {"highest": _("Highest"), "tie": _("Tie"), "order": _("Order"), "tiers": _("Tiers")}


def _plan(
    key: str, setup: RankSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    return click_cards(key, text, setup.cards) if key == "highest" else None


def _cards(setup: RankSetup) -> tuple[Card, ...]:
    return setup.cards


KIND = AppKind(
    name="rank",
    setup_type=RankSetup,
    title=lambda _: _("Ranking cards"),
    topics=lambda _: {"ranking": _("Ranking")},
    draw=rank_html,
    wording=_wording,
    shorts=_shorts,
    cards=_cards,
    plan=_plan,
)
