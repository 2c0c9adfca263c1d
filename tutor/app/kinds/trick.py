"""How the app shows a ``trick``: the four cards around the table, and its questions (the winner is clicked)."""

from __future__ import annotations

from collections.abc import Collection

from tutor.app.card_answer import Choice, Pick, card_name
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.app.questions import SPOILED, Nobody, Part, Question, Values, click_cards, one
from tutor.app.views import translator, trick_table_html
from tutor.content.kinds.trick import TrickSetup
from tutor.engine import Card, Explained, Seat, Trick
from tutor.i18n import ui
from tutor.i18n.ui import Translator


def trick_html(
    setup: TrickSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The four cards around the table, numbered 1-4 from the leader; on reveal the winner or the tie."""
    plays = dict(zip(setup.leader.clockwise_from(), setup.plays, strict=True))
    winner: Seat | None = None
    spoiled: set[Seat] = set()
    centre = ""
    _ = translator()
    if reveal and isinstance(result, Trick):
        winner = result.winner
        if result.spoiled:
            spoiled = set(result.tied_seats)
            word = ui.pgettext(page_language(), "a trick nobody won", "spoiled")
            centre = f'<div class="alu-centre-word">{escape(word)}</div>'
        # The calls to _() are never inside an f-string: the extractor reads only literal calls.
        # Translators: under a trick's cards: who leads the next trick.
        next_leader = _("{seat} leads next", seat=result.next_leader)
        centre += f"<div>{escape(next_leader)}</div>"
    # Translators: the accessible name of a drawn trick.
    return trick_table_html(
        plays, leader=setup.leader, winner=winner, spoiled=spoiled, centre=centre, label=_("the trick")
    )


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "winner":
            return _("Who wins this trick? Click the winning card, or Spoiled.")
        case "spoiled":
            return _("Is this trick spoiled?")
        case "next_leader":
            return _("Who leads the next trick?")
        case "best":
            return _("Which cards tie for best? Click them; if one card is best on its own, click just that one.")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    lang = _.lang
    return {
        "winner": _("Winner"),
        "spoiled": ui.pgettext(lang, "an answer's short name: whether the trick is spoiled", "Spoiled"),
        "next_leader": _("Next leader"),
        "best": _("Best cards"),
    }


def _plan(
    key: str, setup: TrickSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    if key == "winner":  # the four cards of the trick, each choosing its player, and "Spoiled"
        choices = [
            # Translators: a clickable card's caption: the card ("3-coins, Monsieur") and who played it ("North").
            Choice(seat.value, c, _("{card} ({seat})", card=card_name(c, _.lang), seat=seat))
            for seat, c in zip(setup.leader.clockwise_from(), setup.plays, strict=True)
        ]
        # Translators: a button beside the trick's cards: the trick is spoiled, nobody wins it.
        choices.append(Choice(SPOILED, None, _("Spoiled: nobody wins")))
        return one(key, text, Part("", "cards", text, pick=Pick("one", tuple(choices))), _chosen, _as_chosen)
    if key == "best":
        return click_cards(key, text, setup.plays)
    return None


def _chosen(values: Values) -> object:
    """A ``one`` card pick: the value chosen."""
    return values[0]


def _as_chosen(answer: object) -> object:
    """A seat answer as a ``one`` pick's value (the winner's card's seat, or spoiled)."""
    return SPOILED if answer is None else str(answer)


def _nobody(key: str, _: Translator) -> Nobody | None:
    if key != "winner":
        return None
    # Translators: an answer option: the trick is spoiled (equal best cards), so nobody wins it.
    offered, short = _("Spoiled: nobody"), _("Spoiled")
    # Translators: the winner of a trick when nobody wins it.
    return Nobody(SPOILED, offered, short, _("nobody (spoiled)"))


def _cards(setup: TrickSetup) -> tuple[Card, ...]:
    return setup.plays


KIND = AppKind(
    name="trick",
    setup_type=TrickSetup,
    title=lambda _: _("Tricks"),
    topics=lambda _: {"tricks": _("Tricks"), "spoiled-tricks": _("Spoiled tricks")},
    draw=trick_html,
    wording=_wording,
    shorts=_shorts,
    cards=_cards,
    plan=_plan,
    nobody=_nobody,
)
