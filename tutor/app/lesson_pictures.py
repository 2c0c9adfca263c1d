"""The pictures of a lesson's section: its rows of cards, and a trick drawn on the table as Practice draws it.

Rows that are each one tier (lesson 2's chart) are drawn one row per tier, each labelled with its tier number,
so that no row can be read as the same tier as its neighbour; other rows (a few hands, pairs to compare) sit
side by side where they fit. A section's trick is the engine's resolved trick: the seats, the order of play,
the winner's gold border or the TIE sash of a spoiled trick and who leads next.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.app.cardsvg import cards_html
from tutor.app.kinds.trick import trick_html
from tutor.app.markup import escape
from tutor.content.kinds.trick import TrickSetup
from tutor.engine import TIERS, Card, Trick
from tutor.i18n import ui

ROW_WIDTH = 72  # cards of rows side by side
TIER_WIDTH = 56  # cards of a chart, one tier a row: eleven rows stay within two screens


def tier_rows(rows: Sequence[Sequence[Card]]) -> list[int] | None:
    """The tier of each row when every row is exactly one tier and no two rows share one; else ``None``."""
    tiers = [{TIERS[c] for c in row} for row in rows]
    if len(rows) < 2 or any(len(t) != 1 for t in tiers):
        return None
    found = [t.pop() for t in tiers]
    return found if len(set(found)) == len(found) else None


def cards_picture(rows: Sequence[Sequence[Card]], lang: str) -> str:
    """A section's rows of cards as one block of XHTML."""
    tiers = tier_rows(rows)
    if tiers is None:
        groups = "".join(f"<div>{cards_html(list(row), width=ROW_WIDTH)}</div>" for row in rows)
        return f'<div class="alu-lesson-rows">{groups}</div>'
    _ = ui.translator(lang)
    lines = []
    for tier, row in zip(tiers, rows, strict=True):
        # Translators: the accessible name of a row of cards in the chart of the 19 tiers.
        label = _("tier {number}", number=tier)
        lines.append(
            f'<div class="alu-lesson-tier" data-tier="{tier}"><div class="alu-lesson-tier-number" aria-hidden="true">'
            f"{escape(label)}</div>{cards_html(list(row), width=TIER_WIDTH, label=label)}</div>"
        )
    return f'<div class="alu-lesson-tiers">{"".join(lines)}</div>'


def trick_picture(trick: Trick) -> str:
    """The section's trick on the table, revealed: it illustrates a rule, it asks nothing."""
    return trick_html(TrickSetup(trick.leader, tuple(c for _seat, c in trick.plays)), trick, reveal=True)
