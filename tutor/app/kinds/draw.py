"""How the app shows the partnership ``draw``: the players in turn and the cards as dealt; its questions."""

from __future__ import annotations

from collections.abc import Collection

from tutor.app.cardsvg import cards_html
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.app.questions import Part, Question, Values, by_entry, cards_by_name, members, one
from tutor.app.views import SMALL_WIDTH, badge, block, translator
from tutor.content.kinds.draw import DrawSetup
from tutor.engine import TOP_CARDS, TOP_KEYS, Card, Draw, Explained, Seat, Tier
from tutor.engine.steps import Step
from tutor.i18n.sentences import format_value
from tutor.i18n.ui import Translator

_TOP_NAMES = dict(zip(TOP_KEYS, ("Monsieur", "Madame", "Le Borgne", "La Vache"), strict=True))
_TOP_CODES = {"monsieur": "3-coins", "madame": "3-cups", "borgne": "2-coins", "vache": "2-cups"}


def draw_html(
    setup: DrawSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The players in the order they receive cards and the cards as dealt, numbered; on reveal who got each."""
    _ = translator()
    order = " ".join(f"{badge(str(i), 'order')} {escape(name)}" for i, name in enumerate(setup.players, start=1))
    parts = [block(_("Cards are dealt to, in turn"), f'<div class="alu-row">{order}</div>')]
    number = {c: i for i, c in enumerate(setup.cards, start=1)}
    draw = result if reveal and isinstance(result, Draw) else None
    if draw is None:
        # Translators: a short caption under a card: its number in the deal, and that it is a top card.
        captions = [_("{n} top", n=i) if c in TOP_CARDS else str(i) for i, c in enumerate(setup.cards, start=1)]
        parts.append(
            block(
                _("The cards, face up, in the order dealt"),
                cards_html(list(setup.cards), width=SMALL_WIDTH + 8, captions=captions),
            )
        )
        return "".join(parts)
    players = []
    for name in setup.players:
        got = list(draw.received[name])
        row = cards_html(
            got,
            width=SMALL_WIDTH + 8,
            captions=[str(number[c]) for c in got],
            highlight=[c for c in got if c in TOP_CARDS],
        )
        head = f'<div class="alu-player-name">{escape(name)}</div>'
        players.append(f'<div class="alu-player" data-player="{escape(name)}">{head}{row}</div>')
    parts.append(
        block(_("Who received each card (numbers: order dealt)"), f'<div class="alu-players">{"".join(players)}</div>')
    )
    (a, b), (c, d) = draw.partnerships
    lang = page_language()
    names = [format_value(Tier(n), "name", lang) for n in range(1, 5)]
    # Translators: {a}, {b}, {c}, {d} are players' names; {monsieur} ... {vache} the four top cards' names.
    pairs = _(
        "{a} and {b} ({monsieur} and {madame}); {c} and {d} ({borgne} and {vache}).",
        a=a,
        b=b,
        c=c,
        d=d,
        monsieur=names[0],
        madame=names[1],
        borgne=names[2],
        vache=names[3],
    )
    first = _("{name} deals first", name=draw.first_dealer)
    parts.append(block(_("Partnerships"), f"{escape(pairs)} {badge(first, 'dealer')}"))
    return "".join(parts)


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "holders":
            return _("Who ends up holding each of the four top cards?")
        case "partnerships":
            # Translators: {first} is a player's first name (Jeanne, Pierre...).
            return _("Who partners {first}?", first=first)
        case "first_dealer":
            return _("Who deals the first deal?")
        case "received":
            return _("Which cards does each player receive, in the order they get them?")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {
        "holders": _("Top-card holders"),
        "partnerships": _("Partnerships"),
        "first_dealer": _("First dealer"),
        "received": _("Cards received"),
    }


def _plan(
    key: str, setup: DrawSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    players = setup.players
    match key:
        case "holders":
            parts = tuple(Part(k, "selectbox", f"{_TOP_NAMES[k]} ({_TOP_CODES[k]})", players) for k in TOP_KEYS)
            return Question(key, text, parts, lambda values: dict(zip(TOP_KEYS, values, strict=True)), by_entry)
        case "partnerships":
            first, others = players[0], players[1:]

            def pairs(values: Values) -> object:
                return [[first, values[0]], [p for p in others if p != values[0]]]

            def partner(answer: object) -> object:
                pair = next(p for p in members(answer) if first in p)
                return next(p for p in pair if p != first)

            return one(key, text, Part("", "radio", text, others), pairs, partner)
        case "first_dealer":
            return one(key, text, Part("", "radio", text, players))
        case "received":
            return cards_by_name(key, text, players, setup.cards, _.lang)
    return None


def rounds(draw: Draw) -> list[int]:
    """The round (1-based) in which each card was dealt: a round is once around the table, the players passed
    over counted in it (rules.md section 4, rule 2), so a round of the dealing may give fewer than four cards."""
    found, turn = [], 0
    for skipped in draw.skipped:
        turn += len(skipped)
        found.append(turn // len(draw.players) + 1)
        turn += 1
    return found


def _groups(result: Explained, _: Translator) -> list[tuple[str, tuple[Step, ...]]] | None:
    """The draw's steps round by round, then how it ends (the partnerships and the first dealer)."""
    if not isinstance(result, Draw):
        return None
    of_card = rounds(result)
    groups: dict[int, list[Step]] = {}
    after: list[Step] = []
    for s in result.explanation:
        if s.draw_card is None:
            after.append(s)
        else:
            groups.setdefault(of_card[s.draw_card - 1], []).append(s)
    # Translators: a heading over the cards of one time around the table in the partnership draw.
    found = [(_("Round {n}", n=n), tuple(steps)) for n, steps in sorted(groups.items())]
    return found + ([(_("The partnerships"), tuple(after))] if after else [])


def _subjects(key: str, setup: DrawSetup, result: Explained) -> tuple[str, tuple[str, ...]]:
    return setup.players[0], ()


def _cards(setup: DrawSetup) -> tuple[Card, ...]:
    return setup.cards


KIND = AppKind(
    name="draw",
    setup_type=DrawSetup,
    title=lambda _: _("The partnership draw"),
    topics=lambda _: {"draw": _("The draw")},
    draw=draw_html,
    wording=_wording,
    shorts=_shorts,
    cards=_cards,
    plan=_plan,
    subjects=_subjects,
    groups=_groups,
)
