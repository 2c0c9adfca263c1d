"""How the app shows a ``chant``: who deals and who agrees, the talon in order, the hands; and its questions.

The cards a chanter keeps are clicked among the fifteen it holds.
"""

from __future__ import annotations

from collections.abc import Collection

from tutor.app.card_answer import Pick
from tutor.app.cardsvg import cards_html
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.questions import (
    PILLS_UP_TO,
    Part,
    Question,
    by_name,
    card_choices,
    card_label,
    cards_by_name,
    entries,
    members,
    seat_title,
)
from tutor.app.views import HAND_WIDTH, SMALL_WIDTH, badge, block, seat_head, table, translator
from tutor.content.kinds.chant import ChantSetup
from tutor.engine import SEATS, Card, Chant, Explained, Seat, parse_card
from tutor.i18n import ui
from tutor.i18n.ui import Translator


def chant_html(
    setup: ChantSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """Dealer (and eldest) on a small table, who agrees, the talon numbered 1-12, the hands given."""
    _ = translator()
    chant = result if isinstance(result, Chant) else None
    eldest = chant.eldest if chant is not None and "eldest" not in hidden else None
    cells = {}
    for seat in SEATS:
        badges = []
        if seat is setup.dealer:
            badges.append(badge(_("deals"), "dealer"))
        if seat is eldest:
            # Translators: a small badge by a seat: the eldest (the player at the dealer's left).
            badges.append(badge(_("eldest"), "eldest"))
        agrees = setup.agree.get(seat, True)  # the contract's default: a seat not listed agrees
        # Translators: small badges by a seat: the player agrees to the chant, or refuses it.
        badges.append(badge(_("agrees"), "agree") if agrees else badge(_("refuses"), "refuse"))
        cells[seat] = seat_head(seat, None, badges)
    talon = escape(_("talon: {n}", n=len(setup.talon)))
    parts = [table(cells, talon, label=_("who deals and who agrees"), extra_class="alu-mini")]
    revealed = chant if reveal else None
    if revealed is not None and revealed.happens:
        to = {c: seat for seat, got in revealed.received.items() for c in got}
        captions = [f"{i} {to[c].value}" if c in to else str(i) for i, c in enumerate(setup.talon, start=1)]
    else:
        captions = [str(i) for i in range(1, len(setup.talon) + 1)]
    parts.append(
        block(_("The talon, in order"), cards_html(list(setup.talon), width=SMALL_WIDTH + 8, captions=captions))
    )
    if revealed is not None and not revealed.happens:
        # Translators: a badge, then the sentence after it, when a player refused the chant.
        no_chant, undealt = _("no chant"), _("the talon stays undealt.")
        parts.append(block(None, f"{badge(no_chant, 'spoiled')} {escape(undealt)}"))
    for seat, hand in setup.hands.items():
        keep = revealed.keeps.get(seat) if revealed is not None else None
        if keep is None:
            parts.append(block(_("{seat}'s hand", seat=seat), cards_html(list(hand), width=HAND_WIDTH), "hand"))
        else:
            kept = cards_html(list(keep.kept), width=HAND_WIDTH, label=_("{seat} keeps", seat=seat))
            gone = cards_html(
                list(keep.discarded), width=HAND_WIDTH, dimmed=keep.discarded, label=_("{seat} discards", seat=seat)
            )
            parts.append(block(_("{seat} keeps nine", seat=seat), kept, "hand"))
            parts.append(block(_("{seat} discards six", seat=seat), gone, "hand"))
    return "".join(parts)


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    lang = _.lang
    match key:
        case "happens":
            return _("Does the chant happen?")
        case "eldest":
            return _("Who is the eldest?")
        case "received":
            if not who:
                return _("Which talon cards do the eldest and the dealer receive, in order?")
            return ui.ngettext(
                lang,
                # Translators: {who} is one seat ("West") or two ("North and West"); the form follows how many.
                "Which talon cards does {who} receive, in order?",
                "Which talon cards do {who} receive, in order?",
                len(who),
                who=who,
            )
        case "keep":
            if not who:
                return _("Which nine cards should the eldest and the dealer keep? Click them.")
            return ui.ngettext(
                lang,
                # Translators: {who} is one seat ("West") or two ("North and West"); the form follows how many.
                "Which nine cards should {who} keep? Click them.",
                "Which nine cards should {who} keep? Click them.",
                len(who),
                who=who,
            )
        case "keep_tiers":
            if not who:
                return _("Which nine tiers do the eldest and the dealer keep? Write the tier numbers, 1 for the best.")
            return ui.ngettext(
                lang,
                # Translators: {who} is one seat ("West") or two ("North and West"); the form follows how many.
                "Which nine tiers does {who} keep? Write the tier numbers, 1 for the best.",
                "Which nine tiers do {who} keep? Write the tier numbers, 1 for the best.",
                len(who),
                who=who,
            )
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {
        "happens": _("Chant happens"),
        "eldest": _("Eldest"),
        "received": _("Cards received"),
        "keep": _("Cards kept"),
        "keep_tiers": _("Tiers kept"),
    }


def _chanters(setup: ChantSetup) -> tuple[str, ...]:
    """The chanters whose hands the setup gives."""
    return tuple(s.value for s in SEATS if s in setup.hands)


def _receivers(result: Explained) -> tuple[str, ...]:
    """The eldest and the dealer, as the engine lists them."""
    return tuple(str(k) for k in members(result.outcome().get("received", {})))


def _plan(
    key: str, setup: ChantSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    match key:
        case "received":  # no chant: nobody receives anything, so no cards is an answer
            return cards_by_name(key, text, _receivers(result), setup.talon, _.lang, allow_empty=True)
        case "keep":
            return _keep_question(key, text, setup, ask, result, _.lang)
        case "keep_tiers":
            seats = _chanters(setup)
            parts = tuple(Part(s, "tiers", seat_title(s, _.lang)) for s in seats)

            def tiers_split(answer: object) -> dict[str, object]:
                return {str(s): ", ".join(str(t) for t in ts) for s, ts in entries(answer)}

            return Question(key, text, parts, lambda values: dict(zip(seats, values, strict=True)), tiers_split, 2)
    return None


def _keep_question(
    key: str, text: str, setup: ChantSetup, ask: tuple[str, ...], result: Explained, lang: str
) -> Question:
    """Pick nine of the fifteen cards each chanter holds."""
    seats = _chanters(setup)
    received = dict(entries(result.outcome().get("received", {})))
    options: dict[str, tuple[str, ...]] = {}
    for seat in SEATS:
        if seat.value in seats:
            # when "received" is asked too, offering the fifteen would give it away: offer the whole talon
            extra = setup.talon if "received" in ask else received.get(seat.value, ())
            options[seat.value] = tuple(str(c) for c in (*setup.hands[seat], *extra))

    def keep(seat: str) -> Part:
        pick = Pick("many", card_choices(parse_card(c) for c in options[seat]), most=9)
        return Part(seat, "cards", seat_title(seat, lang), options[seat], pick=pick)

    parts = tuple(
        keep(s)
        if len(options[s]) <= PILLS_UP_TO
        else Part(
            s, "multiselect", seat_title(s, lang), options[s], {c: card_label(c) for c in options[s]}, max_selections=9
        )
        for s in seats
    )
    per_row = 1 if any(p.widget == "cards" for p in parts) else 2
    return Question(key, text, parts, lambda values: dict(zip(seats, values, strict=True)), by_name, per_row)


def _subjects(key: str, setup: ChantSetup, result: Explained) -> tuple[str, tuple[str, ...]]:
    """The chanters (for the cards received, the engine's receivers)."""
    return "", _receivers(result) if key == "received" else _chanters(setup)


def _cards(setup: ChantSetup) -> tuple[Card, ...]:
    return setup.talon


KIND = AppKind(
    name="chant",
    setup_type=ChantSetup,
    title=lambda _: _("The chant"),
    topics=lambda _: {"chant": _("The chant")},
    draw=chant_html,
    wording=_wording,
    shorts=_shorts,
    cards=_cards,
    plan=_plan,
    subjects=_subjects,
)
