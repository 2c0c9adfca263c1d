"""The kind ``dealing`` (rules.md section 5), beyond the contract: a known pack cut and dealt 3-3-3.

Setup ``dealer``, ``pack`` (48 cards, top first), optional ``cut`` (cards lifted from the top and put underneath);
outcome ``eldest`` (the dealer's left), ``cutter`` (the dealer's right), ``hands`` (seat -> its 9 cards) and
``talon`` (the 12 cards left, in order).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.content.drafting import Data, Draft, Drafting, codes, pick_ask
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import _
from tutor.engine import PACK, SEATS, Card, Explained, Seat, deal


@dataclass(frozen=True)
class CutAndDealSetup(Setup):
    dealer: Seat
    pack: tuple[Card, ...]
    cut: int | None = None


def _read(r: Reader, s: dict[object, object]) -> CutAndDealSetup | Missing:
    r.keys(("setup",), s, ("dealer", "pack"), ("cut",))
    dealer = r.seat(("setup", "dealer"), s["dealer"]) if "dealer" in s else MISSING
    pack = r.cards(("setup", "pack"), s["pack"], 48) if "pack" in s else MISSING
    at = r.integer(("setup", "cut"), s["cut"], 1, 47) if "cut" in s else None
    if isinstance(dealer, Missing) or isinstance(pack, Missing) or isinstance(at, Missing):
        return MISSING
    return CutAndDealSetup(dealer, pack, at)


def _solve(setup: CutAndDealSetup, mordienne: bool) -> Explained:
    return deal(setup.pack, setup.dealer, setup.cut)


def _generate(rng: random.Random, _drafting: Drafting) -> Draft:
    """A shuffled pack dealt 3-3-3 by a random dealer, usually after a cut."""
    dealer = rng.choice(SEATS)
    pack = list(PACK)
    rng.shuffle(pack)
    setup: Data = {"dealer": dealer.value, "pack": codes(pack)}
    cut_at = rng.randint(1, 47) if rng.random() < 0.8 else None
    if cut_at is not None:
        setup["cut"] = cut_at
    options = [
        (["eldest", "cutter"], _("Who is the eldest, and who cuts?")),
        (["eldest", "cutter"], _("Who is the eldest, and who cuts?")),
        (["cutter"], _("Who cuts the pack?")),
        (["talon"], _("Which cards are left for the talon?")),
        (["hands"], _("Who gets which cards?")),
        (["hands"], _("Who gets which cards?")),
    ]
    ask, title = pick_ask(rng, options)
    difficulty = 1 if ask[-1] in ("eldest", "cutter") else (2 + (cut_at is not None and ask == ["hands"]))
    return Draft(
        title,
        "dealing",
        difficulty,
        setup,
        ask,
        hint=_("The eldest sits to the dealer's left and is dealt first; the player to the dealer's right cuts."),
    )


KIND = ContentKind(
    name="dealing",
    order=8,
    setup_type=CutAndDealSetup,
    read=_read,
    solve=_solve,
    outcomes={"eldest": Shape.SEAT, "cutter": Shape.SEAT, "hands": Shape.CARD_SET_MAP, "talon": Shape.CARD_LIST},
    generate=_generate,
    topics=("dealing",),
)
