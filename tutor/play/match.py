"""A whole game against the computer, as a serializable state machine.

The learner sits South, the partner the draw gives them sits North, the other pair East and West.
Every rule is the engine's: this module only decides who acts next, runs the bots
(:mod:`tutor.play.bots`) and records the engine's explanations as :class:`Event` entries.

The phases, each naming what the learner must do next:

========== ===================================================================================
draw       the partnership draw is done and explained; ``next_deal()`` deals the first deal
chant      a deal is dealt and the learner sees their hand; ``learner_agrees(True/False)``
discard    the chant happened and the learner is a chanter; ``learner_discards(six cards)``
           (``discard_advice()`` gives the engine's "keep the highest")
signals    the partner's signals are shown; ``learner_signals(ids)`` (an empty list is fine)
play       the learner's turn in a trick; ``learner_plays(card)``; bots play automatically
deal-over  the ninth trick is played and the deal scored; ``next_deal()``
game-over  the fifth deal is scored and the game totalled
========== ===================================================================================

Randomness: the draw and each deal get their own ``random.Random`` seeded from the game's seed and a
label (``"<seed>:draw"``, ``"<seed>:deal:<n>"``), so a game is reproducible from its seed and the
state serializes without any generator state.

Hidden information: an event step that names a card the learner could not see when it happened (an
opponent's hand in the dealing, the talon, another chanter's discards) is marked secret (a set test on
the step's cards, :attr:`tutor.engine.steps.Step.cards`); secret steps and the opponents' signals are
shown only with ``see_everything``.

Events hold explanation steps as data (:class:`~tutor.engine.steps.Step`): the page renders them in the
learner's language, and the whole match serializes to plain JSON and back.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.cards import PACK, Card, parse_card
from tutor.engine.chant import Keep, chant, keep_best
from tutor.engine.cut_and_deal import shuffle_and_deal
from tutor.engine.deal_state import DealState
from tutor.engine.draw import Draw, partnership_draw, top_of
from tutor.engine.errors import PathPart, RuleViolation, short
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.game import DEALS_PER_GAME, Game, dealers, play_game
from tutor.engine.ranking import ordered
from tutor.engine.scoring import DealScore, score_deal
from tutor.engine.seats import SEATS, Seat, Team, eldest_of
from tutor.engine.signalling import HandSignals, false_signal, hand_signals
from tutor.engine.signals import SIGNAL_IDS, signal
from tutor.engine.steps import Step
from tutor.i18n.sentences import render
from tutor.play import bots
from tutor.play.messages import step

LEARNER = Seat.S
PARTNER = Seat.N
PHASES = ("draw", "chant", "discard", "signals", "play", "deal-over", "game-over")
DISCARDS = 6
DEFAULT_BOTS = ("Anne", "Bastien", "Colette")
FORMAT_VERSION = 2  # 2: event titles and steps are explanation steps (data), no longer English text


class WrongPhase(RuleViolation):
    """An action the game is not waiting for (a stale button clicked twice, say): the game's ``phase`` lets
    the app say what it is waiting for in the learner's language."""

    def __init__(self, message: str, path: Sequence[PathPart] = (), *, phase: str = "") -> None:
        super().__init__(message, path)
        self.phase = phase

    def under(self, *prefix: PathPart) -> WrongPhase:
        return WrongPhase(self.message, (*prefix, *self.path), phase=self.phase)


class StepRefusal(RuleViolation):
    """A refusal the engine explains as a step (a signal the hand does not call for): the app shows the step
    in the learner's language; the message is its English rendering."""

    def __init__(self, refusal: Step, path: Sequence[PathPart] = ()) -> None:
        super().__init__(render(refusal), path)
        self.step = refusal

    def under(self, *prefix: PathPart) -> StepRefusal:
        return StepRefusal(self.step, (*prefix, *self.path))


# --- values the page reads ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One explanation shown to the learner: the engine's steps, each flagged secret or not."""

    kind: str  # draw, deal, chant, discard, signals, trick, score, game
    title: Step
    steps: tuple[Step, ...]
    secret: tuple[bool, ...]  # per step: it names a card the learner could not see

    @property
    def trick(self) -> int | None:
        """The number of the trick a ``trick`` event explains (from its title's field)."""
        return self.title.trick

    def visible(self, see_everything: bool = False) -> Event | None:
        """The event with only the steps the learner may see, or ``None`` if none is left."""
        if see_everything:
            return self
        keep = [step for step, hidden in zip(self.steps, self.secret, strict=True) if not hidden]
        return Event(self.kind, self.title, tuple(keep), (False,) * len(keep)) if keep else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title.to_json(),
            "steps": [s.to_json() for s in self.steps],
            "secret": list(self.secret),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        steps = tuple(Step.from_json(s) for s in data["steps"])
        secret = tuple(bool(s) for s in data["secret"])
        if len(secret) != len(steps):
            raise RuleViolation(f"an event has {len(steps)} steps but {len(secret)} secret flags")
        return cls(str(data["kind"]), Step.from_json(data["title"]), steps, secret)


@dataclass(frozen=True)
class SignalShown:
    """A signal as the table shows it: who gave it, what it says and the gesture (the page adds an icon)."""

    seat: Seat
    id: str
    meaning: str
    gesture: str
    aces: int = 0  # for the ``aces`` signal: how many times the mouth opens

    @property
    def step(self) -> Step:
        """Who does what, and what it says: ``North: wink ("I hold Le Borgne")``."""
        s = signal(self.id)
        if self.id == "aces":
            return step("play.signal.aces", seat=self.seat, count=self.aces, signal=s)
        return step("play.signal", seat=self.seat, signal=s)


@dataclass(frozen=True)
class Table:
    """What the learner may see of the game right now (everything with ``see_everything``)."""

    phase: str
    deal_number: int  # 0 before the first deal
    names: Mapping[Seat, str]  # this and the other mappings: FrozenMaps (plain dicts given are frozen)
    dealer: Seat | None
    eldest: Seat | None
    to_play: Seat | None  # whose card is awaited, in the play phase
    hands: Mapping[Seat, tuple[Card, ...] | None]  # South always; others only with see_everything
    hand_sizes: Mapping[Seat, int]
    trick: tuple[tuple[Seat, Card], ...]  # the trick under way, leader first
    tricks: tuple[tuple[tuple[Seat, Card], ...], ...]  # finished tricks, each leader first
    trick_winners: tuple[Seat | None, ...]
    tricks_won: Mapping[Seat, int]
    signals: tuple[SignalShown, ...]
    scores: Mapping[Team, int]
    mordienne: bool

    def __post_init__(self) -> None:
        freeze_fields(self, "names", "hands", "hand_sizes", "tricks_won", "scores")


# --- one deal's record ----------------------------------------------------------------------------------


@dataclass
class DealRecord:
    """Everything that happened in one deal, in plain values; the play state is rebuilt from it."""

    number: int
    dealer: Seat
    dealt: dict[Seat, tuple[Card, ...]]
    talon: tuple[Card, ...]
    agree: dict[Seat, bool] = field(default_factory=dict)
    chant_happened: bool | None = None  # None until everyone has answered
    received: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    discards: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    signals: dict[Seat, tuple[str, ...]] = field(default_factory=dict)
    plays: list[Card] = field(default_factory=list)  # every card in play order
    mordienne: bool | None = None  # the rule as this deal was scored

    @property
    def eldest(self) -> Seat:
        return eldest_of(self.dealer)

    def hand_before_discards(self, seat: Seat) -> tuple[Card, ...]:
        return (*self.dealt[seat], *self.received.get(seat, ()))

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The nine cards ``seat`` plays the deal with (after the chant's discards)."""
        gone = set(self.discards.get(seat, ()))
        return tuple(c for c in self.hand_before_discards(seat) if c not in gone)

    @property
    def hands(self) -> dict[Seat, tuple[Card, ...]]:
        return {seat: self.hand(seat) for seat in SEATS}

    def replay(self) -> DealState:
        """The play state after the recorded plays."""
        state = DealState.start(self.dealer, self.hands)
        for c in self.plays:
            state = state.play(c)
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer.value,
            "dealt": _seat_cards(self.dealt),
            "talon": _codes(self.talon),
            "agree": {seat.value: ok for seat, ok in self.agree.items()},
            "chant_happened": self.chant_happened,
            "received": _seat_cards(self.received),
            "discards": _seat_cards(self.discards),
            "signals": {seat.value: list(ids) for seat, ids in self.signals.items()},
            "plays": _codes(self.plays),
            "mordienne": self.mordienne,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealRecord:
        return cls(
            number=int(data["number"]),
            dealer=Seat.parse(data["dealer"]),
            dealt=_read_seat_cards(data["dealt"]),
            talon=_read_cards(data["talon"]),
            agree={Seat.parse(s): bool(ok) for s, ok in data["agree"].items()},
            chant_happened=data["chant_happened"],
            received=_read_seat_cards(data["received"]),
            discards=_read_seat_cards(data["discards"]),
            signals={Seat.parse(s): tuple(ids) for s, ids in data["signals"].items()},
            plays=list(_read_cards(data["plays"])),
            mordienne=data["mordienne"],
        )


# --- the game -----------------------------------------------------------------------------------------


class Match:
    """A game of five deals between the learner (South) and three bots. Build one with :meth:`start`.

    Learner actions raise :class:`RuleViolation` with a plain message when they are not allowed now or
    break a rule; the state is then unchanged.
    """

    def __init__(
        self,
        seed: int,
        learner: str,
        bot_names: tuple[str, str, str],
        mordienne: bool,
        draw_players: tuple[str, ...],
        draw_cards: tuple[Card, ...],
        seats: dict[str, Seat],
    ) -> None:
        self.seed = seed
        self.learner = learner
        self.bot_names = bot_names
        self.mordienne = mordienne  # the setting; applies to every deal scored after it is changed
        self.draw_players = draw_players
        self.draw_cards = draw_cards
        self.seats = seats
        self.deals: list[DealRecord] = []
        self.phase = "draw"
        self._events: list[Event] = []
        self._state: DealState | None = None  # derived from the current deal's record

    # --- starting ---------------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        bot_names: Sequence[str] = DEFAULT_BOTS,
        learner_name: str = "Learner",
        seed: int = 0,
        mordienne: bool = False,
    ) -> Match:
        """Draw for partnerships and seat everyone; the game then waits in the ``draw`` phase."""
        names = [learner_name, *bot_names]
        if len(bot_names) != 3:
            raise RuleViolation(f"a game needs three computer players, not {len(bot_names)}")
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise RuleViolation(f"{short(name)} is not a player's name")
        if len(set(names)) != 4:
            raise RuleViolation("the four players need four different names")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RuleViolation(f"the seed must be a whole number, not {short(seed)}")
        rng = random.Random(f"{seed}:draw")
        players = list(names)
        rng.shuffle(players)  # the order of receiving cards
        pack = list(PACK)
        rng.shuffle(pack)
        # Each top card goes to a different player, so the draw ends exactly at the fourth top card.
        last_top = max(i for i, c in enumerate(pack) if top_of(c))
        cards = tuple(pack[: last_top + 1])
        draw = partnership_draw(players, cards)
        pair = next(p for p in draw.partnerships if learner_name in p)
        partner = pair[1] if pair[0] == learner_name else pair[0]
        others = list(next(p for p in draw.partnerships if learner_name not in p))
        rng.shuffle(others)
        seats = {learner_name: LEARNER, partner: PARTNER, others[0]: Seat.E, others[1]: Seat.W}
        bots = (bot_names[0], bot_names[1], bot_names[2])  # three: checked above
        match = cls(seed, learner_name, bots, bool(mordienne), tuple(players), cards, seats)
        first = seats[draw.first_dealer]
        seating = step("play.seating", learner=learner_name, partner=partner, east=others[0], west=others[1])
        match._emit("draw", step("play.title.draw"), (*draw.explanation, seating), set(PACK))
        who = step("play.who_deals", name=draw.first_dealer, seat=first, dealers=dealers(first))
        match._emit("draw", step("play.title.who_deals"), (who,), set(PACK))
        return match

    # --- read-only views ------------------------------------------------------------------------------

    @property
    def names(self) -> dict[Seat, str]:
        return {seat: name for name, seat in self.seats.items()}

    @property
    def first_dealer(self) -> Seat:
        return self.seats[self.draw().first_dealer]

    def draw(self) -> Draw:
        """The engine's partnership draw (explanation included), re-derived from the stored cards."""
        return partnership_draw(self.draw_players, self.draw_cards)

    @property
    def deal(self) -> DealRecord | None:
        """The current (or last) deal's record."""
        return self.deals[-1] if self.deals else None

    @property
    def deal_number(self) -> int:
        return len(self.deals)

    @property
    def dealer(self) -> Seat | None:
        return self.deal.dealer if self.deal else None

    @property
    def state(self) -> DealState | None:
        """The play state of the current deal (from the signals phase on), else ``None``."""
        if (
            self._state is None
            and self.deal is not None
            and self.phase in ("signals", "play", "deal-over", "game-over")
        ):
            self._state = self.deal.replay()
        return self._state

    @property
    def to_play(self) -> Seat | None:
        state = self.state
        return state.to_play if self.phase == "play" and state is not None and not state.finished else None

    def learner_hand(self) -> tuple[Card, ...]:
        """South's cards now: nine as dealt, fifteen while discarding, fewer as tricks are played."""
        deal = self.deal
        if deal is None:
            return ()
        # hand() is the dealt nine, plus the talon cards received, minus the discards made so far.
        return tuple(ordered(self.state.hands[LEARNER] if self.state is not None else deal.hand(LEARNER)))

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the learner may play now (any card in hand on their turn), else empty."""
        return tuple(ordered(self.state.legal_cards())) if self.to_play is LEARNER and self.state else ()

    def played_cards(self) -> frozenset[Card]:
        """Every card played so far in the current deal, the trick under way included."""
        return frozenset(self.deal.plays) if self.deal else frozenset()

    def events(self, see_everything: bool = False) -> list[Event]:
        """The explanations produced since the learner's last action, secret steps removed unless asked."""
        shown = (event.visible(see_everything) for event in self._events)
        return [event for event in shown if event is not None]

    def deal_scores(self) -> list[DealScore]:
        """The engine's score of every finished deal, with the mordienne rule it was scored under."""
        return [
            score_deal([t.winner for t in deal.replay().tricks], bool(deal.mordienne))
            for deal in self.deals
            if deal.mordienne is not None
        ]

    def scores(self) -> dict[Team, int]:
        totals = {team: 0 for team in Team}
        for score in self.deal_scores():
            if score.scoring_team is not None:
                totals[score.scoring_team] += score.points
        return totals

    def game(self) -> Game | None:
        """The engine's total of the five deals, once the game is over."""
        scores = self.deal_scores()
        return play_game(self.first_dealer, scores) if len(scores) == DEALS_PER_GAME else None

    def signals_shown(self, see_everything: bool = False) -> tuple[SignalShown, ...]:
        """The signals given this deal: the partner's and the learner's own; the opponents' only if asked."""
        deal = self.deal
        if deal is None:
            return ()
        shown = []
        for seat in (PARTNER, LEARNER, Seat.E, Seat.W):
            if seat in deal.signals and (see_everything or seat in (PARTNER, LEARNER)):
                aces = sum(1 for c in deal.hand(seat) if c.rank == "A")
                for sid in deal.signals[seat]:
                    s = signal(sid)
                    shown.append(SignalShown(seat, s.id, s.meaning, s.gesture, aces if s.id == "aces" else 0))
        return tuple(shown)

    def table(self, see_everything: bool = False) -> Table:
        """What the learner sees: own hand, the tricks, the partner's signals (all hands if asked)."""
        deal, state = self.deal, self.state
        hands: dict[Seat, tuple[Card, ...] | None] = {}
        sizes: dict[Seat, int] = {}
        for seat in SEATS:
            if deal is None:
                cards: tuple[Card, ...] = ()
            else:
                cards = state.hands[seat] if state is not None else deal.hand(seat)
            sizes[seat] = len(cards)
            hands[seat] = tuple(ordered(cards)) if (seat is LEARNER or see_everything) else None
        tricks = state.tricks if state else ()
        current = state.current_plays if state is not None else ()
        winners = tuple(t.winner for t in tricks)
        return Table(
            phase=self.phase,
            deal_number=self.deal_number,
            names=self.names,
            dealer=self.dealer,
            eldest=deal.eldest if deal else None,
            to_play=self.to_play,
            hands=hands,
            hand_sizes=sizes,
            trick=current,
            tricks=tuple(t.plays for t in tricks),
            trick_winners=winners,
            tricks_won={seat: sum(1 for w in winners if w is seat) for seat in SEATS},
            signals=self.signals_shown(see_everything),
            scores=self.scores(),
            mordienne=self.mordienne,
        )

    def discard_advice(self) -> Keep:
        """The engine's "keep the highest" for the learner's fifteen cards (discard phase only)."""
        self._require("discard", "ask for discard advice")
        assert self.deal is not None
        return keep_best(LEARNER, self.deal.hand_before_discards(LEARNER))

    def signal_advice(self) -> HandSignals:
        """The engine's signals for the learner's hand as played (signals phase only)."""
        self._require("signals", "ask which signals to give")
        assert self.deal is not None
        return hand_signals(self.deal.hand(LEARNER))

    def partner_known(self, seat: Seat) -> frozenset[Card]:
        """The named cards ``seat``'s partner signalled this deal (what the bot at ``seat`` may use)."""
        deal = self.deal
        if deal is None:
            return frozenset()
        ids = deal.signals.get(seat.partner, ())
        return frozenset(s.card for s in (signal(i) for i in ids) if s.card is not None)

    def signalled_aces(self, seat: Seat) -> int | None:
        """How many aces ``seat`` signalled this deal (``None`` if it gave no ``aces`` signal)."""
        deal = self.deal
        if deal is None or "aces" not in deal.signals.get(seat, ()):
            return None
        return sum(1 for c in deal.hand(seat) if c.rank == "A")

    # --- learner actions -------------------------------------------------------------------------------

    def set_mordienne(self, on: bool) -> None:
        """The mordienne setting; it applies to the deals scored from now on."""
        self.mordienne = bool(on)

    def next_deal(self) -> None:
        """Deal the next deal (from the ``draw`` or ``deal-over`` phase); the learner then answers the chant."""
        if self.phase not in ("draw", "deal-over"):
            raise WrongPhase(self._wrong_phase("start the next deal"), phase=self.phase)
        self._events = []
        number = len(self.deals) + 1
        dealer = dealers(self.first_dealer)[number - 1]
        dealt = shuffle_and_deal(random.Random(f"{self.seed}:deal:{number}"), dealer)
        record = DealRecord(number, dealer, dict(dealt.hands), dealt.talon)
        # The bots answer now; their answers stay unseen until the learner has answered too.
        record.agree = {
            seat: bots.agree_to_chant(dealt.hands[seat], seat, dealer) for seat in SEATS if seat is not LEARNER
        }
        self.deals.append(record)
        self._state = None
        self.phase = "chant"
        you = dealt.hands[LEARNER]
        title = step("play.title.deal", number=number, deals=DEALS_PER_GAME, dealer=dealer)
        self._emit("deal", title, dealt.explanation, set(you))

    def learner_agrees(self, agree: bool) -> None:
        """The learner's answer to the chant; the chant then happens only if all four agree."""
        self._require("chant", "answer the chant")
        if not isinstance(agree, bool):
            raise RuleViolation(f"answer the chant with yes (True) or no (False), not {short(agree)}")
        self._events = []
        deal = self.deal
        assert deal is not None
        deal.agree[LEARNER] = agree
        result = chant(deal.dealer, deal.talon, deal.agree)
        deal.chant_happened = result.happens
        visible = set(deal.dealt[LEARNER])
        steps = list(result.explanation)
        if result.happens:
            deal.received = {seat: tuple(cards) for seat, cards in result.received.items()}
            if LEARNER in deal.received:
                visible |= set(deal.received[LEARNER])
                steps.append(step("play.you_receive", seat=LEARNER, cards=deal.received[LEARNER]))
        self._emit("chant", step("play.title.chant"), steps, visible)
        if result.happens:
            for seat in (deal.eldest, deal.dealer):
                if seat is not LEARNER:
                    self._bot_discards(seat)
        if result.happens and LEARNER in deal.received:
            self.phase = "discard"
            return
        self._start_signals()

    def learner_discards(self, cards: Iterable[Card | str]) -> None:
        """The learner's six discards, out of their fifteen cards (keeping the highest is advice, not a rule)."""
        self._require("discard", "discard")
        deal = self.deal
        assert deal is not None
        chosen = [parse_card(c) for c in cards]
        fifteen = deal.hand_before_discards(LEARNER)
        if len(chosen) != DISCARDS:
            raise RuleViolation(f"discard exactly {DISCARDS} cards, back to nine, not {len(chosen)}")
        for c in chosen:
            if chosen.count(c) > 1:
                raise RuleViolation(f"{c} is chosen twice: pick six different cards")
            if c not in fifteen:
                raise RuleViolation(f"you don't hold {c}: discard six of your fifteen cards")
        self._events = []
        deal.discards[LEARNER] = tuple(chosen)
        kept = deal.hand(LEARNER)
        advice = keep_best(LEARNER, fifteen)
        steps = [step("play.you_discard", cards=tuple(ordered(chosen)))]
        if advice.accepts(kept):
            steps.append(step("play.kept_highest"))
        else:
            steps.append(step("play.advice_was"))
            steps.extend(advice.explanation)
        self._emit("discard", step("play.title.your_discards"), steps, set(fifteen))
        self._start_signals()

    def learner_signals(self, ids: Iterable[str]) -> None:
        """The signals the learner gives the partner (possibly none); the partner bot plays with them."""
        self._require("signals", "signal")
        deal = self.deal
        assert deal is not None
        wanted = [str(i).strip().lower() for i in ids]
        hand = deal.hand(LEARNER)
        for sid in wanted:
            if sid not in SIGNAL_IDS:
                raise RuleViolation(f"{short(sid)} is not a signal (signals: {' '.join(SIGNAL_IDS)})")
            if wanted.count(sid) > 1:
                raise RuleViolation(f"the '{sid}' signal is given twice")
            problem = false_signal(signal(sid), hand)
            if problem is not None:
                raise StepRefusal(problem)
        self._events = []
        deal.signals[LEARNER] = tuple(s for s in SIGNAL_IDS if s in wanted)  # rules.md order
        if wanted:
            shown = [s.step for s in self.signals_shown() if s.seat is LEARNER]
            listens = step("play.partner_listens", partner=PARTNER)
            self._emit("signals", step("play.title.your_signals"), (*shown, listens), set())
        self.phase = "play"
        self.advance()

    def learner_plays(self, c: Card | str) -> None:
        """The learner plays ``c`` to the trick; the bots then play until the learner's next turn."""
        self._require("play", "play a card")
        state = self.state
        assert state is not None and self.deal is not None
        if state.to_play is not LEARNER:
            raise RuleViolation(f"it is {state.to_play.title}'s turn, not yours")
        chosen = parse_card(c)
        if chosen not in state.hands[LEARNER]:
            where = "was already played" if chosen in self.deal.plays else "is not in your hand"
            raise RuleViolation(f"{chosen} {where}: play one of your cards")
        self._events = []
        self._play(chosen)
        self.advance()

    def advance(self) -> None:
        """Let the bots play until the learner must act (their turn, or the deal is over)."""
        if self.phase != "play":
            return
        state = self.state
        assert state is not None and self.deal is not None
        while not state.finished and state.to_play is not LEARNER:
            seat = state.to_play
            trick = state.current_plays
            played = {c for t in state.tricks for _, c in t.plays}
            chosen = bots.choose_card(state.hands[seat], trick, seat, state.leader, played, self.partner_known(seat))
            state = self._play(chosen)
        if state.finished:
            self._finish_deal()

    # --- internals ---------------------------------------------------------------------------------

    def _play(self, c: Card) -> DealState:
        state = self.state
        assert state is not None and self.deal is not None
        state = state.play(c)  # the engine refuses anything illegal
        self.deal.plays.append(c)
        self._state = state
        if not state.current:
            trick = state.tricks[-1]
            number = len(state.tricks)
            title = step("play.title.trick", number=number).about(trick=number)
            self._emit("trick", title, trick.explanation, set(PACK))
        return state

    def _bot_discards(self, seat: Seat) -> None:
        deal = self.deal
        assert deal is not None
        fifteen = deal.hand_before_discards(seat)
        deal.discards[seat] = bots.choose_discards(fifteen)
        # The bot's choice is the engine's keep_best: its explanation, secret because it names the cards.
        steps = (step("play.bot_discards", seat=seat), *keep_best(seat, fifteen).explanation)
        self._emit("discard", step("play.title.bot_discards", seat=seat), steps, set())

    def _start_signals(self) -> None:
        """Hands are final: the bots signal, the learner sees the partner's signals and may answer."""
        deal = self.deal
        assert deal is not None
        for seat in (PARTNER, Seat.E, Seat.W):
            deal.signals[seat] = tuple(s.id for s in bots.signals_for(deal.hand(seat)).signals)
        self._state = deal.replay()
        self.phase = "signals"
        partner = [s.step for s in self.signals_shown() if s.seat is PARTNER]
        title = step("play.title.partner_signals", name=self.names[PARTNER], seat=PARTNER)
        self._emit("signals", title, partner, set(PACK))
        opponents = [s.step for s in self.signals_shown(see_everything=True) if s.seat in (Seat.E, Seat.W)]
        self._emit("signals", step("play.title.opponents_signals"), opponents, set(), secret=True)

    def _finish_deal(self) -> None:
        deal = self.deal
        state = self.state
        assert deal is not None and state is not None
        deal.mordienne = self.mordienne
        score = score_deal([t.winner for t in state.tricks], deal.mordienne)
        self._emit("score", step("play.title.score", number=deal.number), score.explanation, set(PACK))
        if deal.number < DEALS_PER_GAME:
            self.phase = "deal-over"
            return
        game = self.game()
        assert game is not None
        self.phase = "game-over"
        self._emit("game", step("play.title.game"), game.explanation, set(PACK))

    def _emit(self, kind: str, title: Step, steps: Iterable[Step], visible: set[Card], secret: bool = False) -> None:
        """Record an event; a step naming a card outside ``visible`` is secret."""
        shown = tuple(steps)
        flags = tuple(secret or not s.cards <= visible for s in shown)
        if shown:
            self._events.append(Event(kind, title, shown, flags))

    def _require(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise WrongPhase(self._wrong_phase(what), phase=self.phase)

    def _wrong_phase(self, what: str) -> str:
        waiting = {
            "draw": "the first deal to be dealt",
            "chant": "your answer to the chant",
            "discard": "your six discards",
            "signals": "your signals (or none)",
            "play": "your card",
            "deal-over": "the next deal to be dealt",
            "game-over": "nothing: the game is over",
        }[self.phase]
        return f"you can't {what} now: the game is waiting for {waiting}"

    # --- serialization -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot; :meth:`from_dict` rebuilds an equal match."""
        return {
            "version": FORMAT_VERSION,
            "seed": self.seed,
            "learner": self.learner,
            "bots": list(self.bot_names),
            "mordienne": self.mordienne,
            "draw": {"players": list(self.draw_players), "cards": _codes(self.draw_cards)},
            "seats": {name: seat.value for name, seat in self.seats.items()},
            "phase": self.phase,
            "deals": [deal.to_dict() for deal in self.deals],
            "events": [event.to_dict() for event in self._events],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """Rebuild a match saved by :meth:`to_dict`; a damaged snapshot raises :class:`RuleViolation`."""
        try:
            if data.get("version") != FORMAT_VERSION:
                raise RuleViolation(f"unknown saved-game version {short(data.get('version'))}")
            match = cls(
                int(data["seed"]),
                str(data["learner"]),
                tuple(data["bots"]),
                bool(data["mordienne"]),
                tuple(data["draw"]["players"]),
                _read_cards(data["draw"]["cards"]),
                {str(name): Seat.parse(seat) for name, seat in data["seats"].items()},
            )
            if data["phase"] not in PHASES:
                raise RuleViolation(f"unknown phase {short(data['phase'])}")
            match.phase = data["phase"]
            match.deals = [DealRecord.from_dict(d) for d in data["deals"]]
            match._events = [Event.from_dict(e) for e in data["events"]]
            for deal in match.deals[:-1]:
                deal.replay()  # a damaged record fails here, not later in the page
            match.state  # noqa: B018 - the current deal's replay, kept as the play state
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, RuleViolation):
                raise RuleViolation(f"the saved game is damaged: {error.message}") from None
            raise RuleViolation(f"the saved game is damaged ({type(error).__name__}: {error})") from None
        return match

    # An __eq__ without a __hash__: Python makes a Match unhashable, as a mutable game should be.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and self.to_dict() == other.to_dict()


def start(
    bot_names: Sequence[str] = DEFAULT_BOTS, learner_name: str = "Learner", seed: int = 0, mordienne: bool = False
) -> Match:
    """Shorthand for :meth:`Match.start`."""
    return Match.start(bot_names, learner_name, seed, mordienne)


# --- helpers ----------------------------------------------------------------------------------------------


def _codes(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _read_cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in codes)


def _seat_cards(by_seat: Mapping[Seat, Sequence[Card]]) -> dict[str, list[str]]:
    return {seat.value: _codes(cards) for seat, cards in by_seat.items()}


def _read_seat_cards(data: Mapping[str, Iterable[str]]) -> dict[Seat, tuple[Card, ...]]:
    return {Seat.parse(seat): _read_cards(cards) for seat, cards in data.items()}
