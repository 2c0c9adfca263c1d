"""How the app shows a ``dealing``: the dealer on a small table, the pack in numbered cards, the cut marked.

Its card questions offer the cards by their place in the pack, as drawn.
"""

from __future__ import annotations

from collections.abc import Collection

from tutor.app.cardsvg import card_svg, cards_html
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.app.questions import SEAT_CODES, Part, Question, by_name, card_label, cards_given, codes, one, seat_title
from tutor.app.views import SMALL_WIDTH, badge, block, note, seat_head, table, translator
from tutor.content.kinds.dealing import CutAndDealSetup
from tutor.engine import SEATS, Card, Dealt, Explained, Seat
from tutor.i18n import ui
from tutor.i18n.ui import Translator


def dealing_html(
    setup: CutAndDealSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """Dealer (cutter, eldest) on a small table, the pack as four rows of twelve numbered cards, the cut."""
    _ = translator()
    dealt = result if isinstance(result, Dealt) else None
    cells = {}
    for seat in SEATS:
        badges = []
        if seat is setup.dealer:
            badges.append(badge(_("deals"), "dealer"))
        if dealt is not None and "cutter" not in hidden and seat is dealt.cutter:
            # Translators: a small badge by a seat: this player cuts the pack.
            badges.append(badge(_("cuts"), "cutter"))
        if dealt is not None and "eldest" not in hidden and seat is dealt.eldest:
            badges.append(badge(_("eldest"), "eldest"))
        cells[seat] = seat_head(seat, None, badges)
    parts = [table(cells, "", label=_("who deals"), extra_class="alu-mini")]
    goes_to: dict[Card, str] = {}
    if reveal and dealt is not None:
        goes_to = {c: seat.value for seat, hand in dealt.hands.items() for c in hand}
        goes_to.update({c: "T" for c in dealt.talon})
    items = []
    for i, c in enumerate(setup.pack, start=1):
        caption = f"{i} {goes_to[c]}" if c in goes_to else str(i)
        items.append(card_svg(c, width=SMALL_WIDTH, caption=caption))
        if setup.cut is not None and i == setup.cut:
            cut = ui.ngettext(page_language(), "the cut: {n} card lifted", "the cut: {n} cards lifted", i)
            items.append(f'<span class="alu-cut" role="separator" aria-label="{escape(cut)}"></span>')
    if setup.cut:
        title = ui.ngettext(
            page_language(),
            "The pack, top card first (the cut lifts the top card)",
            "The pack, top card first (the cut lifts the top {n})",
            setup.cut,
        )
    else:
        title = _("The pack, top card first")
    parts.append(block(title, f'<div class="alu-pack">{"".join(items)}</div>'))
    if goes_to:
        # Translators: T is the letter written under the talon's cards; keep it as T.
        parts.append(note(_("Under each card: its place in the pack and where it goes (T: the talon).")))
        order = dealt.eldest.clockwise_from() if dealt is not None else SEATS
        for seat in order:
            assert dealt is not None
            parts.append(
                block(_("{seat}'s hand", seat=seat), cards_html(list(dealt.hands[seat]), width=SMALL_WIDTH + 8), "hand")
            )
    return "".join(parts)


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "eldest":
            return _("Who is the eldest?")
        case "cutter":
            return _("Who cuts the pack?")
        case "hands":
            return _("Which nine cards does each player get?")
        case "talon":
            return _("Which twelve cards are left in the talon, in order?")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {"eldest": _("Eldest"), "cutter": _("Cutter"), "hands": _("Hands"), "talon": _("Talon")}


def _plan(
    key: str, setup: CutAndDealSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    pack = tuple(str(c) for c in setup.pack)
    # the cards carry their place in the pack, as drawn
    labels: dict[object, str] = {c: f"{n}: {card_label(c)}" for n, c in enumerate(pack, start=1)}
    if key == "hands":  # nine cards for each seat, from the pack
        parts = tuple(Part(s, "multiselect", seat_title(s, _.lang), pack, labels, max_selections=9) for s in SEAT_CODES)
        return Question(key, text, parts, lambda values: dict(zip(SEAT_CODES, values, strict=True)), by_name, 2)
    if key == "talon":  # the twelve cards left, picked in order
        order = _("Pick the cards in order")
        part = Part("", "multiselect", text, pack, labels, max_selections=12, placeholder=order)
        return one(key, text, part, cards_given, codes)
    return None


def _cards(setup: CutAndDealSetup) -> tuple[Card, ...]:
    return setup.pack


KIND = AppKind(
    name="dealing",
    setup_type=CutAndDealSetup,
    title=lambda _: _("Dealing"),
    topics=lambda _: {"dealing": _("Dealing")},
    draw=dealing_html,
    wording=_wording,
    shorts=_shorts,
    cards=_cards,
    plan=_plan,
    full_width=True,  # the whole pack, and four hands to pick from it
)
