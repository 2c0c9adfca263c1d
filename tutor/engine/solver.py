"""An exact double-dummy solver: which card should the player to move play, everyone playing their best?

Every hand is known. North-South maximise and East-West minimise one number, the deal's result for NS:
``+points`` when NS scores, ``-points`` when EW scores, 0 when nobody does (rules.md section 8, exactly as
:func:`tutor.engine.scoring.score_deal` scores it; the tests hold the two to agreement).

Why the search is exact yet fast enough:

* Only tiers matter in play, so a hand is a multiset of tiers, and two of a player's tiers with no other
  player's card ranked between them or equal to either (in hand or on the table) are interchangeable:
  each card of such a group beats, ties and loses to exactly the same cards. One card per group is tried.
* The value has five possible numbers (three without the mordienne rule), so the search is a series of
  null-window alpha-beta tests (MTD(f)) sharing one transposition table of bounds.
* At the start of each trick the table is keyed on everything that can still change the result: the four
  hands, with tiers renumbered by rank among the cards left (only order and equality matter); the leader;
  each seat's trick count; the seat that first reached the highest count so far (the only history the
  first-to-reach tie-break can still use: a tie at a higher count is decided by tricks still to come, and
  a tie at the present highest count, with nobody going higher, by the present holders, who reached it in
  this order); and the seat whose mordienne run is still alive.
* Sure bounds at the start of each trick end most searches near the end of the deal: a card wins only if
  every other seat holds a worse one, which caps each seat's tricks; a seat with cards better than both
  opponents' best, each covered by a worse card of its partner, wins that many tricks in a row if it
  likes. Together they often settle who must get the point, or that a partnership cannot.
* Moves are tried cheapest winning card first, then a spoil, then a discard; partners duck under partners.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.errors import RuleViolation
from tutor.engine.explained import Explained
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.game import DealPoint
from tutor.engine.position import Position
from tutor.engine.ranking import TIERS, ordered
from tutor.engine.scoring import TRICKS_PER_DEAL
from tutor.engine.seats import SEATS, Seat, Team
from tutor.engine.solution_steps import explain

_INF = 3  # beyond every value: results are -2..2
NO_SEAT = -1
_FIELD_SUM = sum(1 << (4 * i) for i in range(20))  # times a hand's signature, sums its 4-bit fields into field 19


class _Search:
    """The mutable search state; seats are numbers N=0, E=1, S=2, W=3, so NS are the even ones."""

    def __init__(
        self, position: Position, transpositions: bool = True, group: bool = True, bounds: bool = True
    ) -> None:
        self.held = [[0] * 20 for _ in range(4)]  # per seat: tier (1..19) -> cards held
        self.mask = [0, 0, 0, 0]  # per seat: bit t set while it holds a card of tier t
        self.sig = [0, 0, 0, 0]  # per seat: the hand as one number, 4 bits of count per tier
        self.table = 0  # all four hands in one number: 16 bits per tier, 4 per seat
        for seat, hand in position.hands.items():
            for c in hand:
                self._take(seat.index, TIERS[c], 1)
        self.trick = [TIERS[c] for c in position.plays]
        self.leader = position.leader.index
        self.mordienne = position.mordienne
        self.transpositions = transpositions
        self.group = group
        self.bounds = bounds
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.deadline: float | None = None  # perf_counter() time after which the search gives up
        self._undo: list[tuple[int, int, list[int], int, list[int], int, int, int]] = []
        # The history as the scoring needs it: the counts, the highest count and who reached it first,
        # and the seat whose run of wins (begun after trick 1) is unbroken so far.
        self.counts = [0, 0, 0, 0]
        self.done = 0
        self.most = 0
        self.first = NO_SEAT
        self.run = NO_SEAT
        for winner in position.tricks:
            self._record(NO_SEAT if winner is None else winner.index)

    def _take(self, seat: int, t: int, n: int) -> None:
        """Add ``n`` (1 or -1) cards of tier ``t`` to a hand."""
        held = self.held[seat]
        held[t] += n
        if held[t]:
            self.mask[seat] |= 1 << t
        else:
            self.mask[seat] &= ~(1 << t)
        self.sig[seat] += n << (4 * t)
        self.table += n << (16 * t + 4 * seat)

    # --- the history ------------------------------------------------------------------------------

    def _record(self, w: int) -> None:
        """One more trick result (``NO_SEAT`` when spoiled)."""
        if w == NO_SEAT:
            self.run = NO_SEAT
        else:
            had = self.counts[w]
            if had + 1 > self.most:
                self.most = had + 1
                self.first = w
            self.counts[w] = had + 1
            if self.mordienne and self.run != w:
                self.run = w if had == 0 and self.done > 0 else NO_SEAT
        self.done += 1

    def _final(self, w: int) -> int:
        """The deal's value for NS once the last trick went to ``w`` (``NO_SEAT`` when spoiled)."""
        most, first, run = self.most, self.first, NO_SEAT
        if w != NO_SEAT:
            had = self.counts[w]
            if had + 1 > most:
                most, first = had + 1, w
            if self.mordienne:
                run = w if self.run == w or (had == 0 and self.done > 0) else NO_SEAT
        if most == 0:
            return 0
        points = 2 if run == first else 1
        return -points if first & 1 else points

    def _bounds(self, left: int) -> tuple[int, int]:
        """Sure bounds on the value at the start of a trick, ``left`` tricks to go (at least 2).

        A card can win a trick only if each other seat holds a worse one, which caps what each seat can
        still win. The seat holding the best card alone in its tier wins a trick with each card better
        than every other seat's best, whenever it plays it. From these: who is sure of the point, which
        partnership cannot score, and who can still score a mordienne.
        """
        counts, sig = self.counts, self.sig
        m0, m1, m2, m3 = self.mask
        l0, l1, l2, l3 = m0.bit_length() - 1, m1.bit_length() - 1, m2.bit_length() - 1, m3.bit_length() - 1
        # can[x]: x's cards better than every other seat's worst card; no other card of x can ever win.
        can = []
        for x, bar in ((0, min(l1, l2, l3)), (1, min(l0, l2, l3)), (2, min(l0, l1, l3)), (3, min(l0, l1, l2))):
            below = ((sig[x] & ((1 << (4 * bar)) - 1)) * _FIELD_SUM >> 76) & 15
            can.append(below if below < left else left)
        tops = [(m0 & -m0).bit_length(), (m1 & -m1).bit_length(), (m2 & -m2).bit_length(), (m3 & -m3).bit_length()]
        # Each trick x wins takes a worse card from every other seat: no more than any of them holds.
        for x in range(4):
            cut = (1 << (4 * tops[x])) - 1  # the fields of the tiers up to x's best
            for y in (x + 1) & 3, (x + 2) & 3, (x + 3) & 3:
                worse = left - (((sig[y] & cut) * _FIELD_SUM >> 76) & 15)
                if worse < can[x]:
                    can[x] = worse
        top = min(tops)
        w = tops.index(top)
        sure = 0
        if tops.count(top) == 1:
            rest = min(tops[(w + 1) & 3], tops[(w + 2) & 3], tops[(w + 3) & 3]) - 1
            sure = ((sig[w] & ((1 << (4 * rest)) - 1)) * _FIELD_SUM >> 76) & 15
            if sure > left:
                sure = left
        most = self.most
        for s in range(4):
            # s can win a trick with each card better than both opponents' best, as long as the partner
            # has a worse card to play under it: that many tricks in a row, from now, whatever they do.
            k = sure if s == w else 0
            if counts[s] + left < most:
                continue
            opponents = min(tops[(s + 1) & 3], tops[(s + 3) & 3]) - 1
            mine = self.mask[s] & ((1 << opponents) - 1)
            if mine:
                above = ((sig[s] & ((1 << (4 * opponents)) - 1)) * _FIELD_SUM >> 76) & 15
                cheapest = mine.bit_length()  # one past the tier of s's cheapest such card
                partner = sig[(s + 2) & 3]
                under = left - (((partner & ((1 << (4 * cheapest)) - 1)) * _FIELD_SUM >> 76) & 15)
                covered = min(above, under, left)
                if covered > k:
                    k = covered
            reach = counts[s] + k  # s can have this many by trick done + k, before anyone else gains one
            if reach < most:
                continue
            for x in range(4):
                if x == s:
                    continue
                gain = can[x] if can[x] < left - k else left - k
                most_x = counts[x] + gain
                if reach > most_x or (reach == most_x and (counts[x] < reach or (k == 0 and self.first == s))):
                    continue
                break
            else:  # s can make sure of the point: its partnership scores at least 1
                if not self.mordienne:
                    return (-1, -1) if s & 1 else (1, 1)
                if k == left and (self.run == s or (counts[s] == 0 and self.done)):
                    return (-2, -2) if s & 1 else (2, 2)  # s wins every trick left: its run ends the deal
                high = 2 if self._may_run(s & 1, can, tops, left) else 1
                return (-high, -1) if s & 1 else (1, high)
        low, high = -1, 1
        if self.mordienne:
            low = -2 if self._may_run(1, can, tops, left) else -1
            high = 2 if self._may_run(0, can, tops, left) else 1
        # A partnership scores only if one partner can end with as many tricks as anyone surely has.
        floor = counts[w] + sure
        if floor < most:
            floor = most
        after = left - sure
        reachable = [counts[s] + (can[s] if s == w or can[s] < after else after) for s in range(4)]
        if reachable[0] < floor and reachable[2] < floor:
            high = -1 if most else 0
        if reachable[1] < floor and reachable[3] < floor:
            low = 1 if most else 0
        return low, high

    def _may_run(self, team: int, can: list[int], tops: list[int], left: int) -> bool:
        """Could a seat of ``team`` (0 NS, 1 EW) still score a mordienne?

        A run must take the ninth trick, and an opponent can keep its best card for it: so the seat needs
        a card strictly better than both opponents' best.
        """
        for s in (team, team + 2):
            if tops[s] >= tops[(s + 1) & 3] or tops[s] >= tops[(s + 3) & 3]:
                continue
            if s == self.run and can[s] >= left:
                return True
            if self.counts[s] == 0 and can[s] > self.most:  # a first win, then beat the highest count
                return True
        return False

    # --- moves ------------------------------------------------------------------------------------

    def _moves(self, mover: int, trick: list[int], hint: int) -> list[int]:
        """The tiers worth trying for ``mover``, most promising first."""
        mask = self.mask
        mine = mask[mover]
        if not self.group:
            return [t for t in range(1, 20) for _ in range(self.held[mover][t])]
        others = 0
        for s in range(4):
            if s != mover:
                others |= mask[s]
        for t in trick:
            others |= 1 << t
        reps: list[int] = []
        prev = -1
        m = mine
        while m:
            low = m & -m
            t = low.bit_length() - 1
            m ^= low
            # Same group as the previous tier when no other card lies between them or ties either one.
            if prev >= 0 and not (others >> prev) & ((2 << (t - prev)) - 1):
                reps[-1] = t  # the group's cheapest card stands for it
            else:
                reps.append(t)
            prev = t
        if len(reps) == 1:
            return reps
        if not trick:
            order = [reps[0], reps[-1], *reps[1:-1]]  # lead the best, else the cheapest
        else:
            best = min(trick)
            ties = trick.count(best)
            holder = (self.leader + trick.index(best)) & 3
            if ties == 1 and (holder & 1) == (mover & 1):
                order = [reps[-1], *reps[:-1]]  # partner wins: duck, else overtake with the best
            else:
                beating = [t for t in reps if t < best]
                order = beating[::-1]  # cheapest winner first
                order += [t for t in reps if t == best]  # then a spoil
                order += [t for t in reps if t > best][::-1]  # then discards, cheapest first
        if hint and order[0] != hint and hint in order:
            order.remove(hint)
            order.insert(0, hint)
        return order

    def _play(self, mover: int, t: int) -> None:
        self._take(mover, t, -1)

    def _unplay(self, mover: int, t: int) -> None:
        self._take(mover, t, 1)

    # --- the search -------------------------------------------------------------------------------

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the value if inside (alpha, beta), else a bound on the failing side."""
        self.nodes += 1
        if not self.nodes & 4095 and self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime(self.nodes)
        trick = self.trick
        n = len(trick)
        key: tuple[int, ...] | None = None
        hint = 0
        if n == 0:
            left = TRICKS_PER_DEAL - self.done
            if left < 2:
                return self._last_trick() if left else self._settled()
            entry = None
            if self.transpositions:
                key = self._key()
                entry = self.tt.get(key)
            if entry is not None:
                low, high, rank = entry
                if rank >= 0:  # the best move last time, as a rank among the cards left: back to a tier
                    m = self.mask
                    present = m[0] | m[1] | m[2] | m[3]
                    for _ in range(rank):
                        present &= present - 1
                    hint = (present & -present).bit_length() - 1
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                sure_low, sure_high = self._bounds(left) if self.bounds else (-2, 2)
                if sure_low > low:
                    low = sure_low
                if sure_high < high:
                    high = sure_high
            else:
                low, high = self._bounds(left) if self.bounds else (-2, 2)
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        mover = (self.leader + n) & 3
        maximising = not mover & 1
        best = -_INF if maximising else _INF
        best_move = 0
        a, b = alpha, beta
        held, mask, sig = self.held[mover], self.mask, self.sig
        field = 4 * mover
        for t in self._moves(mover, trick, hint):
            # play tier t (inlined _take: this loop is the solver's hot spot)
            left_of_t = held[t] - 1
            held[t] = left_of_t
            if not left_of_t:
                mask[mover] ^= 1 << t
            sig[mover] -= 1 << (4 * t)
            self.table -= 1 << (16 * t + field)
            if n < 3:
                trick.append(t)
                value = self.search(a, b)
                trick.pop()
            else:  # the fourth card ends the trick (inlined _record, put back after the search)
                t0, t1, t2 = trick
                top = min(t0, t1, t2, t)
                leader = self.leader
                if (t0 == top) + (t1 == top) + (t2 == top) + (t == top) > 1:
                    run, done = self.run, self.done
                    self.run = NO_SEAT
                    self.done = done + 1
                    self.trick = []
                    value = self.search(a, b)
                    self.trick = trick
                    self.run, self.done = run, done
                else:
                    w = (leader + (0 if t0 == top else 1 if t1 == top else 2 if t2 == top else 3)) & 3
                    most, first, run, done = self.most, self.first, self.run, self.done
                    counts = self.counts
                    had = counts[w]
                    counts[w] = had + 1
                    if had == most:
                        self.most, self.first = had + 1, w
                    if self.mordienne and run != w:
                        self.run = w if had == 0 and done else NO_SEAT
                    self.done = done + 1
                    self.leader = w
                    self.trick = []
                    value = self.search(a, b)
                    self.trick = trick
                    self.leader = leader
                    counts[w] = had
                    self.most, self.first, self.run, self.done = most, first, run, done
            held[t] = left_of_t + 1
            if not left_of_t:
                mask[mover] |= 1 << t
            sig[mover] += 1 << (4 * t)
            self.table += 1 << (16 * t + field)
            if maximising:
                if value > best:
                    best, best_move = value, t
                    if value > a:
                        a = value
            elif value < best:
                best, best_move = value, t
                if value < b:
                    b = value
            if a >= b:
                break
        if key is not None:
            low, high, _ = self.tt.get(key, (-_INF, _INF, -1))
            if best <= alpha:
                if best < high:
                    high = best
            elif best >= beta:
                if best > low:
                    low = best
            else:
                low = high = best
            m = self.mask
            rank = ((m[0] | m[1] | m[2] | m[3]) & ((1 << best_move) - 1)).bit_count() if best_move else -1
            self.tt[key] = (low, high, rank)
        return best

    def _key(self) -> tuple[int, ...]:
        """The table key: the hands with tiers renumbered by rank among the cards left (only order and
        equality matter in play), the leader, the counts, who first reached the highest, the live run."""
        m = self.mask
        present = m[0] | m[1] | m[2] | m[3]
        table = self.table
        hands = 0
        shift = 0
        while present:
            low = present & -present
            present ^= low
            hands |= ((table >> (16 * low.bit_length() - 16)) & 0xFFFF) << shift
            shift += 16
        c = self.counts
        return (hands, self.leader, c[0], c[1], c[2], c[3], self.first, self.run)

    def _settled(self) -> int:
        """The value once all nine tricks are done."""
        if not self.most:
            return 0
        points = 2 if self.mordienne and self.run == self.first else 1
        return -points if self.first & 1 else points

    def _last_trick(self) -> int:
        """Everyone holds one card: the last trick plays itself."""
        leader, mask = self.leader, self.mask
        tiers = [mask[(leader + k) & 3].bit_length() - 1 for k in range(4)]
        best = min(tiers)
        if tiers.count(best) > 1:
            return self._final(NO_SEAT)
        return self._final((leader + tiers.index(best)) & 3)

    def exact(self, guess: int = 0) -> int:
        """The exact value of the current state, by null-window tests converging on it (MTD(f))."""
        low, high = -_INF, _INF
        g = guess
        while low < high:
            beta = g + 1 if g == low else g
            g = self.search(beta - 1, beta)
            if g < beta:
                high = g
            else:
                low = g
        return g

    # --- stepping through a line (outside the search) ----------------------------------------------

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def finished(self) -> bool:
        return self.done == TRICKS_PER_DEAL

    def step(self, t: int) -> None:
        """The player to move plays tier ``t`` (resolving the trick on the fourth card); :meth:`back` undoes it."""
        mover = self.to_move
        self._play(mover, t)
        saved = (mover, t, list(self.trick), self.leader, list(self.counts), self.most, self.first, self.run)
        self._undo.append(saved)
        if len(self.trick) < 3:
            self.trick.append(t)
            return
        tiers = [*self.trick, t]
        best = min(tiers)
        w = NO_SEAT if tiers.count(best) > 1 else (self.leader + tiers.index(best)) & 3
        self._record(w)
        self.trick = []
        if w != NO_SEAT:
            self.leader = w

    def back(self) -> None:
        mover, t, trick, leader, counts, most, first, run = self._undo.pop()
        if not self.trick and len(trick) == 3:
            self.done -= 1
        self.trick, self.leader, self.counts, self.most, self.first, self.run = trick, leader, counts, most, first, run
        self._unplay(mover, t)

    def tiers_held(self, seat: int) -> list[int]:
        """Every distinct tier the seat holds, best first."""
        return [t for t in range(1, 20) if self.held[seat][t]]


# --- the public result ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaySolution(Explained):
    """The solved position: who is to play, the value with best play, the best cards and each card's result."""

    position: Position
    value: DealPoint
    best: tuple[Card, ...]
    results: Mapping[Card, DealPoint]  # a FrozenMap (a plain dict given is frozen)
    line: tuple[Card, ...]  # one best line: the mover's best card, then best play by all to the end
    nodes: int = 0

    def __post_init__(self) -> None:
        freeze_fields(self, "results")

    @property
    def to_play(self) -> Seat:
        return self.position.to_play

    def outcome(self) -> dict[str, object]:
        return {
            "to_play": self.to_play.value,
            "value": _point_json(self.value),
            "best": [str(c) for c in self.best],
            "results": {str(c): _point_json(p) for c, p in self.results.items()},
        }


def _point_json(point: DealPoint) -> dict[str, object]:
    return {"team": point.team.value if point.team else None, "points": point.points}


def point_of(value: int) -> DealPoint:
    """The signed value for NS as the deal's result: a team and its points, or nobody and 0."""
    if value == 0:
        return DealPoint(None, 0)
    return DealPoint(Team.NS, value) if value > 0 else DealPoint(Team.EW, -value)


# From benchmarks/solver_bench.py: with 7 tricks left half the positions take under 0.3 s and the slowest
# seen about 10 s; with 8 left the median is about 5 s and some take far longer. check and solve must stay
# quick for authors, so 8 and 9 are refused (solve_position's max_left lets the benchmark go beyond).
MAX_TRICKS_LEFT = 7


def check_size(position: Position, max_left: int = MAX_TRICKS_LEFT) -> None:
    """Refuse a position too large to solve in reasonable time, with a one-line located error."""
    if position.tricks_left > max_left:
        raise RuleViolation(
            f"this position has {position.tricks_left} tricks left, too many to solve exactly in reasonable "
            f"time: the solver takes at most {max_left} (list more tricks as done)",
            ("tricks",),
        )


def card_values(
    position: Position, transpositions: bool = True, group: bool = True, bounds: bool = True
) -> tuple[dict[Card, int], int]:
    """Each card of the mover's hand -> the exact value for NS after it; and the nodes searched.

    ``transpositions``, ``group`` and ``bounds`` switch the table, the grouping of equal and interchangeable
    cards and the sure bounds on or off: off is slower, and the tests check that it never changes a value.
    """
    search = _Search(position, transpositions, group, bounds)
    by_tier = _root_values(search)
    return {c: by_tier[TIERS[c]] for c in ordered(position.hands[position.to_play])}, search.nodes


def _root_values(search: _Search) -> dict[int, int]:
    """The exact value after each tier the mover holds (tried once per tier: equal cards are equal)."""
    values: dict[int, int] = {}
    guess = 0
    for t in search.tiers_held(search.to_move):
        search.step(t)
        values[t] = guess = search.exact(guess)
        search.back()
    return values


class OutOfTime(Exception):
    """The search passed its time budget (only when one is given, e.g. by the benchmark)."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"gave up after {nodes:,} nodes")
        self.nodes = nodes


def solve_position(position: Position, budget: float | None = None, max_left: int = MAX_TRICKS_LEFT) -> PlaySolution:
    """Solve a position exactly: the value, the best cards, each card's result, and one best line.

    A position with more than ``max_left`` tricks left is refused with a :class:`RuleViolation`; with
    ``budget`` (seconds), raise :class:`OutOfTime` rather than search longer.
    """
    check_size(position, max_left)
    search = _Search(position)
    if budget is not None:
        search.deadline = time.perf_counter() + budget
    mover = position.to_play
    hand = ordered(position.hands[mover])
    by_tier = _root_values(search)
    values = {c: by_tier[TIERS[c]] for c in hand}
    value = max(values.values()) if mover.team is Team.NS else min(values.values())
    best = tuple(c for c in hand if values[c] == value)
    line = _principal_line(search, position, best[-1], value)
    results = {c: point_of(v) for c, v in values.items()}
    steps = explain(position, results, best, point_of(value), line)
    return PlaySolution(tuple(steps), position, point_of(value), best, results, line, search.nodes)


def _principal_line(search: _Search, position: Position, first: Card, value: int) -> tuple[Card, ...]:
    """One line of best play from the search: ``first`` (a best card), then at each turn the cheapest card
    that keeps the value, down to the last trick. Each choice is a null-window test on the shared table."""
    hands = {seat.index: list(ordered(position.hands[seat])) for seat in SEATS}
    line: list[Card] = []
    chosen = TIERS[first]
    while True:
        mover = search.to_move
        c = first if not line else next(c for c in reversed(hands[mover]) if TIERS[c] == chosen)
        hands[mover].remove(c)
        line.append(c)
        search.step(chosen)
        if search.finished:
            return tuple(line)
        mover = search.to_move
        maximising = not mover & 1
        for t in reversed(search.tiers_held(mover)):  # cheapest first
            search.step(t)
            keeps = search.search(value - 1, value) >= value if maximising else search.search(value, value + 1) <= value
            search.back()
            if keeps:
                chosen = t
                break
        else:  # pragma: no cover - the value is exact, so some card keeps it
            raise AssertionError("no card keeps the value")
