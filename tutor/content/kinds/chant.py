"""The kind ``chant`` (rules.md section 6): the talon given out to the eldest and the dealer, and what each keeps."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.content.drafting import Data, Draft, Drafting, codes, pick_ask
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import Text, _
from tutor.engine import PACK, SEATS, Card, Chant, Explained, Seat, chant, eldest_of, parse_card
from tutor.engine.frozen_map import freeze_fields


@dataclass(frozen=True)
class ChantSetup(Setup):
    dealer: Seat
    talon: tuple[Card, ...]
    agree: Mapping[Seat, bool]  # FrozenMaps (plain dicts given are frozen): a setup is hashable
    hands: Mapping[Seat, tuple[Card, ...]]

    def __post_init__(self) -> None:
        freeze_fields(self, "agree", "hands")


def _read(r: Reader, s: dict[object, object]) -> ChantSetup | Missing:
    r.keys(("setup",), s, ("dealer", "talon"), ("agree", "hands"))
    dealer = r.seat(("setup", "dealer"), s["dealer"]) if "dealer" in s else MISSING
    talon = r.cards(("setup", "talon"), s["talon"], 12) if "talon" in s else MISSING
    agree: dict[Seat, bool] = {}
    if "agree" in s:
        by_seat = r.seat_mapping(("setup", "agree"), s["agree"])
        if not isinstance(by_seat, Missing):
            for seat, (where, value) in by_seat.items():
                ok = r.boolean(where, value)
                if isinstance(ok, bool):
                    agree[seat] = ok
    hands = r.hands(("setup", "hands"), s["hands"]) if "hands" in s else {}
    if isinstance(dealer, Missing) or isinstance(talon, Missing) or isinstance(hands, Missing):
        return MISSING
    return ChantSetup(dealer, talon, agree, hands)


def _solve(setup: ChantSetup, mordienne: bool) -> Explained:
    return chant(setup.dealer, setup.talon, setup.agree, setup.hands)


def _accepts(key: str, given: object, result: Explained, partial: bool) -> bool | None:
    """The cards kept: where equal cards straddle the line between kept and discarded, any of them will do."""
    if key != "keep" or not isinstance(result, Chant) or not isinstance(given, Mapping):
        return None
    seats = {Seat.parse(s): {parse_card(c) for c in cards} for s, cards in given.items()}
    complete = partial or set(seats) == set(result.keeps)
    return complete and all(s in result.keeps and result.keeps[s].accepts(c) for s, c in seats.items())


def _generate(rng: random.Random, _drafting: Drafting) -> Draft:
    """The talon given out alternately, sometimes refused; usually with hands, often with a split tier."""
    dealer = rng.choice(SEATS)
    eldest = eldest_of(dealer)
    if rng.random() < 0.2:
        agree = {seat.value: True for seat in SEATS}
        for seat in rng.sample(list(SEATS), rng.choices([1, 2], weights=[4, 1])[0]):
            agree[seat.value] = False
        pack = list(PACK)
        rng.shuffle(pack)
        ask, title = pick_ask(
            rng,
            [
                (["happens"], _("Does the chant happen?")),
                (["happens", "received"], _("Does the chant happen? Who gets what?")),
            ],
        )
        setup: Data = {"dealer": dealer.value, "talon": codes(pack[:12]), "agree": agree}
        return Draft(title, "chant", 1, setup, ask, hint=_("The chant happens only if all four players agree."))
    given = [] if rng.random() < 0.15 else rng.choice([[eldest, dealer], [eldest, dealer], [eldest], [dealer]])
    want_straddle = bool(given) and rng.random() < 0.45
    for _n in range(60):
        pack = list(PACK)
        rng.shuffle(pack)
        talon = pack[:12]
        hands = {seat: tuple(pack[12 + 9 * i : 21 + 9 * i]) for i, seat in enumerate(given)}
        result = chant(dealer, talon, None, hands)
        straddles = any(k.straddle_tier is not None for k in result.keeps.values())
        if straddles == want_straddle:
            break
    setup = {"dealer": dealer.value, "talon": codes(talon)}
    if rng.random() < 0.3:
        setup["agree"] = {seat.value: True for seat in SEATS}
    if hands:
        setup["hands"] = {seat.value: codes(hand) for seat, hand in hands.items()}
    options: list[tuple[list[str], Text]] = [
        (["received"], _("Who receives which talon cards?")),
        (["eldest", "received"], _("Who is the eldest, and who receives which talon cards?")),
    ]
    if hands:
        who = "both" if len(hands) == 2 else "eldest" if eldest in hands else "dealer"
        # Where equal cards straddle the line, any of them will do (rules.md 6), but 'keep' names the engine's
        # suit-order choice: ask for the tiers kept instead, so that every rules-valid answer is right.
        keep = "keep_tiers" if straddles else "keep"
        kept, tiers, received = _keep_titles(who, straddles)
        options = [([keep], kept), ([keep], kept), (["keep_tiers"], tiers), (["received", keep], received)]
    else:
        options.append((["happens", "eldest"], _("Does the chant happen, and who is the eldest?")))
    ask, title = pick_ask(rng, options)
    difficulty = 2 + (straddles or len(hands) == 2)
    if not hands and "received" not in ask:
        difficulty = 1
    return Draft(
        title,
        "chant",
        difficulty,
        setup,
        ask,
        hint=_("The eldest takes talon cards 1, 3, 5...; the dealer 2, 4, 6...; each keeps the nine best."),
    )


def _keep_titles(who: str, tiers_only: bool) -> tuple[Text, Text, Text]:
    """The chant's questions on what ``who`` keeps (``eldest``, ``dealer`` or ``both``): which cards (or tiers,
    when ``tiers_only``), which tiers, and what comes from the talon then which cards (or tiers)."""
    titles = {
        "eldest": (
            _("Which cards does the eldest keep?"),
            _("Which tiers does the eldest keep?"),
            _("What comes from the talon, and which cards does the eldest keep?"),
            _("What comes from the talon, and which tiers does the eldest keep?"),
        ),
        "dealer": (
            _("Which cards does the dealer keep?"),
            _("Which tiers does the dealer keep?"),
            _("What comes from the talon, and which cards does the dealer keep?"),
            _("What comes from the talon, and which tiers does the dealer keep?"),
        ),
        "both": (
            _("Which cards do the eldest and the dealer keep?"),
            _("Which tiers do the eldest and the dealer keep?"),
            _("What comes from the talon, and which cards do the eldest and the dealer keep?"),
            _("What comes from the talon, and which tiers do the eldest and the dealer keep?"),
        ),
    }
    cards, tiers, received_cards, received_tiers = titles[who]
    return (tiers if tiers_only else cards), tiers, (received_tiers if tiers_only else received_cards)


KIND = ContentKind(
    name="chant",
    order=5,
    setup_type=ChantSetup,
    read=_read,
    solve=_solve,
    outcomes={
        "happens": Shape.BOOL,
        "eldest": Shape.SEAT,
        "received": Shape.CARD_LIST_MAP,
        "keep": Shape.CARD_SET_MAP,
        "keep_tiers": Shape.INT_LIST_MAP,
    },
    generate=_generate,
    topics=("chant",),
    accepts=_accepts,
)
