"""Quick drills on the ranking, the named cards and the signals, derived from the engine.

Every question, right answer and explanation here comes from :mod:`tutor.engine` (``rank_cards``,
``card_step``, ``TIERS``, ``TIER_NAMES``, ``NAMED``, ``SIGNALS``, ``hand_signals``): nothing restates a rule.
Generators take a :class:`random.Random`, so a seed gives the same drills again. Each drill has a stable
``id`` (``beats:A-coins:K-cups``, ``order:...``, ``tier:9-swords``, ``name:2-cups``, ``card-named:2-cups``,
``signal-gesture:borgne``, ``gesture-signal:borgne``) that progress records use as the item.

>>> drill = beats_drill([card("3-clubs"), card("4-coins")])
>>> drill.id, drill.answer
('beats:4-coins:3-clubs', '4-coins')
>>> check(drill, "3-clubs").correct
False

What the learner reads (the question, the choices' labels, the answers in a verdict) is worded when shown,
in the learner's language, by :func:`question_text`, :func:`choice_label` and :func:`answer_text`; the
drill itself holds no words, only the cards, signals and numbers they are made of. Choices and answers stay
language-free ids (card codes, :data:`TIE`, :data:`NO_NAME`, the engine's English meanings), so that what
progress records does not depend on the language.

>>> question_text(drill, "en")
'Which card wins?'
>>> choice_label(drill, TIE, "en"), answer_text(tier_drill(card("9-swords")), 13, "en")
('They tie', 'tier 13')
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from tutor.content.kinds.signal import gesture_seen
from tutor.engine import (
    NAMED,
    PACK,
    SIGNALS,
    TIER_NAMES,
    TIERS,
    Card,
    RuleViolation,
    Signal,
    card,
    cards_of_tier,
    find_by_gesture,
    hand_signals,
    look_up,
    parse_card,
    rank_cards,
    signal,
    signal_for_card,
)

# The engine's own steps for one card, its tier, and the cards whose rank misleads (plain threes, plain
# nines, the numbers of the court cards), so the trainer explains exactly as the engine does.
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.ranking import card_step, number_notes, tier_step
from tutor.engine.ranking import trap_notes as engine_trap_notes
from tutor.engine.steps import Step
from tutor.i18n import SOURCE_LANGUAGE, sentences, ui

# Two choices that are not cards or names: ids (kept in progress records), worded by choice_label.
TIE = "They tie"
NO_NAME = "No name"
TIER_COUNT = max(TIERS.values())

DRILL_KINDS: tuple[str, ...] = ("beats", "order", "tier", "name")


# --- The drills -------------------------------------------------------------------------------------------


class _Asked:
    """A drill's question in English, for what has no language (the CLI, an item's label in a log)."""

    @property
    def question(self) -> str:
        return question_text(cast("Drill", self), "en")


@dataclass(frozen=True)
class BeatsDrill(_Asked):
    """Which of two or three cards wins? ``answer`` is a card code, or :data:`TIE`."""

    id: str
    cards: tuple[Card, ...]  # in the order shown
    choices: tuple[str, ...]
    answer: str
    explanation: tuple[Step, ...]
    highest: tuple[Card, ...] = ()  # the engine's best tier among the cards: the winner, or the tied cards
    kind: str = "beats"


@dataclass(frozen=True)
class OrderDrill(_Asked):
    """Put five cards in order, best first; equal cards share a place.

    ``answer`` is the engine's grouping, best group first; ``places`` gives each card's place (1 = best,
    equal cards the same place, numbered as in a sports table: 1, 2, 2, 4, 5).
    """

    id: str
    cards: tuple[Card, ...]
    answer: tuple[tuple[Card, ...], ...]
    places: Mapping[str, int]  # a FrozenMap (a plain dict given is frozen)
    explanation: tuple[Step, ...]
    kind: str = "order"

    def __post_init__(self) -> None:
        freeze_fields(self, "places")


@dataclass(frozen=True)
class TierDrill(_Asked):
    """Which tier (1-19) is this card in?"""

    id: str
    card: Card
    choices: tuple[int, ...]
    answer: int
    explanation: tuple[Step, ...]
    kind: str = "tier"


@dataclass(frozen=True)
class NameDrill(_Asked):
    """Card -> name (``to_name``) or name -> card. ``choices`` are names or card codes."""

    id: str
    card: Card
    to_name: bool
    choices: tuple[str, ...]
    answer: str
    explanation: tuple[Step, ...]
    kind: str = "name"


@dataclass(frozen=True)
class SignalDrill(_Asked):
    """Gesture -> meaning (``to_meaning``) or meaning -> gesture, multiple choice."""

    id: str
    signal: Signal
    to_meaning: bool
    choices: tuple[str, ...]
    answer: str
    explanation: tuple[Step, ...]
    times: int | None = None  # how often the mouth opens, in a question asked from the aces' gesture
    kind: str = "signal"


Drill = BeatsDrill | OrderDrill | TierDrill | NameDrill | SignalDrill

# An order drill's answer with a card left without a place (worded by answer_text).
NOT_PLACED = "(not every card has a place)"


@dataclass(frozen=True)
class Verdict:
    """The result of checking an answer: right or wrong, the answers as recorded (English notation: ``tier
    13``, ``3-coins > A-cups``), why, and the answers as values, for :func:`answer_text` to word."""

    correct: bool
    given: str
    expected: str
    explanation: tuple[Step, ...]
    given_value: object = None
    expected_value: object = None

    def given_text(self, drill: Drill, lang: str) -> str:
        """The learner's answer, as shown in ``lang``."""
        return answer_text(drill, self.given_value, lang)

    def expected_text(self, drill: Drill, lang: str) -> str:
        """The right answer, as shown in ``lang``."""
        return answer_text(drill, self.expected_value, lang)


# --- Helpers ----------------------------------------------------------------------------------------------


def _codes(cards: Iterable[Card]) -> str:
    """Card codes in pack order, so the same set of cards always gives the same id."""
    return ":".join(str(c) for c in sorted(cards, key=lambda c: c.index))


def trap_notes(cards: Sequence[Card]) -> tuple[Step, ...]:
    """The engine's warnings for the cards whose rank misleads (plain threes and plain nines)."""
    return tuple(engine_trap_notes(cards))


def order_text(groups: Sequence[Sequence[Card]]) -> str:
    """``3-coins > A-cups = A-clubs > 4-swords``: best first, equal cards joined by '='."""
    return " > ".join(" = ".join(str(c) for c in group) for group in groups)


def places_of(groups: Sequence[Sequence[Card]]) -> dict[str, int]:
    """Each card's place from a grouping, best first, equal cards sharing a place (1, 2, 2, 4, ...)."""
    places: dict[str, int] = {}
    place = 1
    for group in groups:
        for c in group:
            places[str(c)] = place
        place += len(group)
    return places


# --- Which card wins --------------------------------------------------------------------------------------

# Pairs that catch newcomers: the number on the card says the opposite of the tier, or suits look like
# they matter. Kept as card sets; the engine says who wins.
_PLAIN_THREES = ("3-swords", "3-clubs")
_PLAIN_NINES = ("9-swords", "9-clubs")
_NAMED_NINES = ("9-coins", "9-cups")
_NAMED_LOW = ("3-coins", "3-cups", "2-coins", "2-cups", "2-clubs", "2-swords", *_NAMED_NINES)
_SUITS = ("coins", "cups", "swords", "clubs")


def _trap_pair(rng: random.Random) -> tuple[Card, Card]:
    """One of the classic traps: 3-clubs vs 4-coins, 9-swords vs J-cups, 9-coins vs K-coins, ..."""
    family = rng.randrange(5)
    if family == 0:  # a plain three against a four or five
        pair = (rng.choice(_PLAIN_THREES), f"{rng.choice('45')}-{rng.choice(_SUITS)}")
    elif family == 1:  # a plain nine against a jack or an eight
        pair = (rng.choice(_PLAIN_NINES), f"{rng.choice('J8')}-{rng.choice(_SUITS)}")
    elif family == 2:  # a named card with a small number against a king or an ace
        pair = (rng.choice(_NAMED_LOW), f"{rng.choice('KA')}-{rng.choice(_SUITS)}")
    elif family == 3:  # the same rank, named against plain
        rank = rng.choice("39")
        pair = (f"{rank}-{rng.choice(('coins', 'cups'))}", f"{rank}-{rng.choice(('swords', 'clubs'))}")
    else:  # two named cards of the same rank, which are not equal
        one, other = rng.sample(("2-coins", "2-cups", "2-clubs", "2-swords"), 2)
        pair = (one, other)
    first, second = (card(code) for code in pair)
    return (first, second) if rng.random() < 0.5 else (second, first)


def _tie_cards(rng: random.Random) -> list[Card]:
    """Two cards of one shared tier (9 to 19), the plain threes and nines often among them."""
    number = rng.choice((9, 10, 11, 12, 13, 13, 14, 15, 16, 17, 18, 19, 19))
    return rng.sample(cards_of_tier(number), 2)


def beats_drill(cards: Sequence[Card]) -> BeatsDrill:
    """The drill for two or three given cards (in the order shown)."""
    if not 2 <= len(cards) <= 3:
        raise RuleViolation(f"a 'which wins' drill shows 2 or 3 cards, not {len(cards)}")
    ranking = rank_cards(cards)
    answer = TIE if ranking.tie else str(ranking.highest[0])
    shown = tuple(cards)
    return BeatsDrill(
        id=f"beats:{_codes(shown)}",
        cards=shown,
        choices=(*(str(c) for c in shown), TIE),
        answer=answer,
        explanation=ranking.explanation,
        highest=ranking.highest,
    )


def random_beats(rng: random.Random) -> BeatsDrill:
    """About a third ties, a third classic traps, a third random cards; a third card now and then."""
    roll = rng.random()
    if roll < 1 / 3:
        chosen = _tie_cards(rng)
        if rng.random() < 0.3:  # a third, worse card: the top two still tie
            worse = [c for c in PACK if TIERS[c] > TIERS[chosen[0]]]
            if worse:
                chosen.append(rng.choice(worse))
    elif roll < 2 / 3:
        chosen = list(_trap_pair(rng))
    else:
        # Random cards, redrawn while they tie, so that ties stay near a third of all drills.
        chosen = rng.sample(PACK, rng.choice((2, 2, 3)))
        while rank_cards(chosen).tie:
            chosen = rng.sample(PACK, len(chosen))
    rng.shuffle(chosen)
    return beats_drill(chosen)


# --- Put five cards in order ------------------------------------------------------------------------------


def order_drill(cards: Sequence[Card]) -> OrderDrill:
    """The drill for five given cards (in the order shown)."""
    ranking = rank_cards(cards)
    return OrderDrill(
        id=f"order:{_codes(cards)}",
        cards=tuple(cards),
        answer=ranking.order,
        places=places_of(ranking.order),
        explanation=ranking.explanation,
    )


def random_order(rng: random.Random) -> OrderDrill:
    """Five cards, often with a tie and a trap card among them."""
    chosen: list[Card] = []
    if rng.random() < 0.5:
        chosen.extend(_tie_cards(rng))
    if rng.random() < 0.6:
        trap = card(rng.choice((*_PLAIN_THREES, *_PLAIN_NINES, *_NAMED_NINES)))
        if trap not in chosen:
            chosen.append(trap)
    rest = [c for c in PACK if c not in chosen]
    chosen.extend(rng.sample(rest, 5 - len(chosen)))
    rng.shuffle(chosen)
    return order_drill(chosen)


# --- Which tier -------------------------------------------------------------------------------------------


def tier_drill(c: Card) -> TierDrill:
    number = TIERS[c]
    return TierDrill(
        id=f"tier:{c}",
        card=c,
        choices=tuple(range(1, TIER_COUNT + 1)),
        answer=number,
        explanation=(card_step(c), *trap_notes([c]), *number_notes([c]), tier_step(number)),
    )


def random_tier(rng: random.Random) -> TierDrill:
    """Named and trap cards come up about half the time; they are what learners get wrong."""
    if rng.random() < 0.5:
        return tier_drill(rng.choice((*NAMED, *(card(code) for code in (*_PLAIN_THREES, *_PLAIN_NINES)))))
    return tier_drill(rng.choice(PACK))


# --- The named cards --------------------------------------------------------------------------------------

# Unnamed cards that look like named ones: the card -> name drill asks about them too (answer "No name").
_LOOKALIKES = tuple(card(code) for code in (*_PLAIN_THREES, *_PLAIN_NINES))


def name_drill(c: Card, to_name: bool, rng: random.Random) -> NameDrill:
    """Card -> name (any card; unnamed ones answer :data:`NO_NAME`) or name -> card (named cards only)."""
    why = (card_step(c), *trap_notes([c]))
    if to_name:
        answer = c.name or NO_NAME
        others = [n.name for n in NAMED if n.name != answer]
        wrong = rng.sample(others, 3 if answer == NO_NAME else 2)
        choices = [answer, *wrong]
        rng.shuffle(choices)
        if answer != NO_NAME:
            choices.append(NO_NAME)
        return NameDrill(f"name:{c}", c, True, tuple(str(x) for x in choices), answer, why)
    if c.name is None:
        raise RuleViolation(f"{c} has no name to ask about")
    # The wrong choices share the rank or the suit of the right card: that is where the confusion lies.
    near = [x for x in PACK if x != c and (x.rank == c.rank or (x.suit == c.suit and x.rank in "239"))]
    picks = [c, *rng.sample(near, 3)]
    rng.shuffle(picks)
    return NameDrill(f"card-named:{c}", c, False, tuple(str(x) for x in picks), str(c), why)


def random_name(rng: random.Random) -> NameDrill:
    """Half card -> name (a plain lookalike one time in four), half name -> card."""
    if rng.random() < 0.5:
        c = rng.choice(_LOOKALIKES) if rng.random() < 0.25 else rng.choice(NAMED)
        return name_drill(c, True, rng)
    return name_drill(rng.choice(NAMED), False, rng)


# --- Signals quiz -----------------------------------------------------------------------------------------


def signal_drill(s: Signal, to_meaning: bool, rng: random.Random) -> SignalDrill:
    """Gesture -> meaning or meaning -> gesture, with three wrong choices from the other signals.

    A question never holds its answer: the gesture is given as seen (:func:`gesture_seen`).
    """
    others = rng.sample([x for x in SIGNALS if x != s], 3)
    picks = [s, *others]
    rng.shuffle(picks)
    why = look_up(s.id).explanation
    if to_meaning:
        times = rng.randint(1, 4)  # drawn for every signal, so a seed gives the same quiz as it always did
        meanings = tuple(x.meaning for x in picks)
        return SignalDrill(
            f"gesture-signal:{s.id}", s, True, meanings, s.meaning, why, times if s.id == "aces" else None
        )
    return SignalDrill(f"signal-gesture:{s.id}", s, False, tuple(x.gesture for x in picks), s.gesture, why)


def signal_quiz(rng: random.Random, size: int = 5) -> tuple[SignalDrill, ...]:
    """``size`` questions on distinct signals, mixing both directions."""
    return tuple(signal_drill(s, rng.random() < 0.5, rng) for s in rng.sample(SIGNALS, size))


# --- Making and checking drills ---------------------------------------------------------------------------

_RANDOM: dict[str, Callable[[random.Random], Drill]] = {
    "beats": random_beats,
    "order": random_order,
    "tier": random_tier,
    "name": random_name,
}


def make_drill(kind: str, rng: random.Random) -> Drill:
    """A random drill of one kind: ``beats``, ``order``, ``tier`` or ``name``."""
    if kind not in _RANDOM:
        raise RuleViolation(f"{kind!r} is not a drill (drills: {' '.join(DRILL_KINDS)})")
    return _RANDOM[kind](rng)


def drill_from_id(drill_id: str, rng: random.Random | None = None) -> Drill:
    """Rebuild a drill from its id (a review schedule stores only ids); ``rng`` orders the choices."""
    rng = rng or random.Random(drill_id)
    prefix, _, rest = drill_id.partition(":")
    try:
        if prefix == "beats":
            return beats_drill([parse_card(code) for code in rest.split(":")])
        if prefix == "order":
            return order_drill([parse_card(code) for code in rest.split(":")])
        if prefix == "tier":
            return tier_drill(parse_card(rest))
        if prefix in ("name", "card-named"):
            return name_drill(parse_card(rest), prefix == "name", rng)
        if prefix in ("gesture-signal", "signal-gesture"):
            return signal_drill(signal(rest), prefix == "gesture-signal", rng)
    except RuleViolation as error:
        raise RuleViolation(f"{drill_id!r} is not a drill id: {error.message}") from error
    raise RuleViolation(f"{drill_id!r} is not a drill id")


def check(drill: Drill, given: object) -> Verdict:
    """Check an answer. ``given`` is a choice (str) for most drills, a tier number for a tier drill, and a
    mapping card code -> place for an order drill (any numbers will do as long as better cards get smaller
    places and equal cards the same place)."""
    if isinstance(drill, OrderDrill):
        return _check_order(drill, given)
    if isinstance(drill, TierDrill):
        try:
            number = int(str(given))
        except ValueError:
            number = None
        shown = str(given) if number is None else f"tier {number}"
        value = str(given) if number is None else number
        return Verdict(number == drill.answer, shown, f"tier {drill.answer}", drill.explanation, value, drill.answer)
    return Verdict(str(given) == drill.answer, str(given), drill.answer, drill.explanation, str(given), drill.answer)


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


def _check_order(drill: OrderDrill, given: object) -> Verdict:
    expected = order_text(drill.answer)
    if not isinstance(given, Mapping):
        return Verdict(False, str(given), expected, drill.explanation, str(given), drill.answer)
    places = {str(code): place for code, place in given.items()}
    codes = [str(c) for c in drill.cards]
    if any(not isinstance(places.get(code), int) for code in codes):
        return Verdict(False, NOT_PLACED, expected, drill.explanation, NOT_PLACED, drill.answer)
    # Right when every pair compares the same way as in the engine's order: better, worse or equal.
    right = all(_sign(places[a] - places[b]) == _sign(drill.places[a] - drill.places[b]) for a in codes for b in codes)
    groups: dict[int, list[Card]] = {}
    for c in drill.cards:
        groups.setdefault(places[str(c)], []).append(c)
    ordered = tuple(tuple(groups[p]) for p in sorted(groups))
    return Verdict(right, order_text(ordered), expected, drill.explanation, ordered, drill.answer)


# --- In the learner's language ----------------------------------------------------------------------------


def question_text(drill: Drill, lang: str) -> str:
    """The drill's question in ``lang`` (cards by their codes, named cards by their French names)."""
    _ = ui.translator(lang)
    match drill:
        case BeatsDrill():
            if len(drill.cards) == 2:
                return _("Which card wins?")
            return _("Which of the three cards wins?")
        case OrderDrill():
            return _("Put these cards in order, best first. Equal cards share a place.")
        case TierDrill():
            # Translators: {card} is a card's code (9-swords); {lowest} is 19, the number of tiers.
            return _(
                "Which tier is {card} in? (1 is the highest, {lowest} the lowest)", card=drill.card, lowest=TIER_COUNT
            )
        case NameDrill() if drill.to_name:
            # Translators: {card} is a card's code (2-cups); the answer is one of the named cards' French names.
            return _("What is {card} called?", card=drill.card)
        case NameDrill():
            # Translators: {name} is a named card's French name (La Vache), kept in every language.
            return _("Which card is {name}?", name=drill.card.name or "")
        case SignalDrill() if drill.to_meaning:
            seen = gesture_seen(drill.signal, drill.times, lang)
            # Translators: {gesture} is what the partner is seen doing ("bite the lip", "open the mouth twice").
            return _("Your partner gives this signal: {gesture}. What does it say?", gesture=seen)
    # Translators: {signal:meaning} is what a signal says ("I hold Monsieur"); the answer is its gesture.
    return _("How do you tell your partner “{signal:meaning}”?", signal=drill.signal)


def choice_label(drill: Drill, choice: object, lang: str) -> str:
    """A choice as its button or option reads in ``lang``: a card code or a named card's name as it is, a
    tier's number, "They tie", "No name", a signal's meaning or gesture."""
    _ = ui.translator(lang)
    if choice == TIE and isinstance(drill, BeatsDrill):
        # Translators: a button, beside the cards' own buttons, for two best cards of the same tier.
        return _("They tie")
    if choice == NO_NAME and isinstance(drill, NameDrill):
        # Translators: a button beside the named cards' names, for a card that has no name.
        return _("No name")
    if isinstance(drill, SignalDrill):
        for s in SIGNALS:  # the choices are the engine's own English words: each is one signal's
            if choice == (s.meaning if drill.to_meaning else s.gesture):
                return sentences.format_value(s, "meaning" if drill.to_meaning else "gesture", lang)
    return str(choice)


def answer_text(drill: Drill, value: object, lang: str) -> str:
    """An answer to ``drill`` (a choice, a tier number, an order of cards) as the learner reads it in ``lang``."""
    if isinstance(drill, TierDrill) and isinstance(value, int):
        # Translators: a tier of the ranking given as an answer ("tier 13"); 1 is the highest.
        return ui.gettext(lang, "tier {tier}", tier=value)
    if isinstance(drill, OrderDrill):
        if value == NOT_PLACED:
            return ui.gettext(lang, "(not every card has a place)")
        if isinstance(value, tuple):
            return order_text(value)  # notation: card codes, ">" and "="
    return choice_label(drill, value, lang)


# --- Hands to signal --------------------------------------------------------------------------------------


def deal_hand(rng: random.Random) -> tuple[Card, ...]:
    """Nine cards from a shuffled pack, best first."""
    return tuple(sorted(rng.sample(PACK, 9), key=lambda c: (TIERS[c], c.index)))


def parse_hand(text: str, lang: str = SOURCE_LANGUAGE) -> tuple[Card, ...]:
    """Cards typed by a learner: separated by commas, or by spaces when there is no comma.

    Raises :class:`RuleViolation` with a one-line message in ``lang`` naming the first bad card, a repeated
    card, or a hand of more than nine cards (card codes quoted as typed: notation).
    """
    _ = ui.translator(lang)
    parts = text.split(",") if "," in text else text.split()
    parts = [part.strip() for part in parts if part.strip()]
    if not parts:
        # Translators: the cards are examples in the tutor's notation (not translated).
        raise RuleViolation(_("type some cards, e.g. 3-coins, A-cups, 9-swords"))
    if len(parts) > 9:
        raise RuleViolation(
            ui.ngettext(lang, "a hand holds nine cards, not {n}", "a hand holds nine cards, not {n}", len(parts))
        )
    hand: list[Card] = []
    for part in parts:
        try:
            hand.append(parse_card(part))
        except RuleViolation:
            # Translators: {text} is what the learner typed; ranks and suits are the tutor's notation.
            raise RuleViolation(
                _(
                    "'{text}' is not a card (write RANK-SUIT: ranks A 2-9 J C K, suits coins cups swords clubs)",
                    text=part,
                )
            ) from None
    seen: set[Card] = set()
    for c in hand:
        if c in seen:
            # Translators: {card} is a card's code (3-coins).
            raise RuleViolation(_("{card} appears twice", card=c.code))
        seen.add(c)
    return tuple(hand)


def check_hand_signals(hand: Sequence[Card], picked: Iterable[str], aces: int) -> tuple[bool, bool]:
    """(signals right, ace count right): the learner's choice against ``hand_signals(hand)``."""
    outcome = hand_signals(hand)
    wanted = {s.id for s in outcome.signals}
    return set(picked) == wanted, aces == outcome.aces


# --- Reference tables ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TierRow:
    """One row of the 19-tier chart: its number, cards, name and any trap warnings."""

    number: int
    cards: tuple[Card, ...]
    name: str
    traps: tuple[Step, ...]


def tier_chart() -> tuple[TierRow, ...]:
    """The 19 tiers, best first, with the engine's warnings on the plain threes and plain nines."""
    rows = []
    for number in range(1, TIER_COUNT + 1):
        members = cards_of_tier(number)
        rows.append(TierRow(number, members, TIER_NAMES[number], trap_notes(members)))
    return tuple(rows)


def signal_cards(s: Signal) -> tuple[Card, ...]:
    """The cards a signal announces: its named card, or the four aces for ``aces``, else none."""
    if s.card is not None:
        return (s.card,)
    return tuple(c for c in PACK if signal_for_card(c) == s)


_WORDS = re.compile(r"[^\w'-]+")


@dataclass(frozen=True)
class SignalSearch:
    """What a search found: the card the text names (if it names one) and the matching signals."""

    card: Card | None
    signals: tuple[Signal, ...]


def search_signals(text: str) -> SignalSearch:
    """Signals for a search: a card (``3-coins``, ``monsieur``, ``A-cups``), or words of the id, meaning
    or gesture (``wink``, ``thumb``, ``useless``, ``aces``). Empty text gives every signal.

    A card with no signal (``5-cups``) comes back as the card with no signals.
    """
    text = text.strip()
    if not text:
        return SignalSearch(None, SIGNALS)
    try:
        named: Card | None = parse_card(text)
    except RuleViolation:
        named = None
    if named is not None:
        found = signal_for_card(named)
        return SignalSearch(named, (found,) if found else ())
    by_words = find_by_words(text)
    if not by_words:
        # Plural or singular: "winks" finds "wink", "lips" finds "lip".
        by_words = find_by_words(" ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in text.split()))
    return SignalSearch(None, by_words)


def find_by_words(text: str) -> tuple[Signal, ...]:
    """The engine's search (every word in the gesture, meaning or id), punctuation ignored."""
    return tuple(find_by_gesture(" ".join(_WORDS.split(text))))
