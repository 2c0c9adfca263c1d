"""What to review next: due items first, then new ones, and mistakes again within the session.

Reviewable items are the course's scenarios (by id) and the ranking facts, drill ids such as
``tier:9-swords`` (which tier a card is in) and ``beats:A-coins:K-cups`` (which of two cards wins); any
other drill id the app records (``order:...``, ``name:...``, signals) is reviewed too once answered.
An item the course no longer has (a deleted scenario, an id that is no longer a drill) is skipped.

:func:`next_items` is stateless: due items, most overdue first, then new items. New items are the unseen
scenarios of the next unfinished lesson (the first lesson, in course order, with a scenario never
answered; in the lesson's order), then unseen ranking facts (:func:`ranking_facts`), once the learner
has practised every scenario of the lesson that teaches the ranking.

:class:`ReviewSession` (kept in the browser session) adds the in-session "again": an item answered wrong
is asked again after ``gap`` other items, whatever its card says (FSRS makes it due a minute later, which
in a fast drill session could be many items away, or in a slow one none).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from tutor.content import drills
from tutor.content.course import Course
from tutor.content.scenario import Scenario
from tutor.engine import NAMED, PACK, SIGNAL_IDS, TIERS, RuleViolation, card, cards_of_tier
from tutor.progress.base import Progress
from tutor.progress.records import Answer

RANKING_LESSON = "the-ranking"  # ranking facts become new items once this lesson's scenarios are practised
AGAIN_GAP = 3  # other items asked before a mistake comes back

DUE, NEW, AGAIN = "due", "new", "again"

# Pairs that catch newcomers (the number on the card says the opposite of the tier, or suits look like
# they matter); the engine's ranking decides who wins.
_TRAP_PAIRS = (
    ("3-clubs", "4-coins"),
    ("9-swords", "J-cups"),
    ("9-coins", "K-coins"),
    ("2-clubs", "2-swords"),
    ("3-coins", "3-swords"),
    ("9-cups", "9-clubs"),
    ("2-cups", "A-coins"),
    ("3-cups", "A-cups"),
)


@lru_cache(maxsize=1)
def ranking_facts() -> tuple[str, ...]:
    """The ranking facts in teaching order: the tier of each named card and of the plain threes and
    nines, the classic trap pairs, the tier of every other card, then one pair for each two neighbouring
    tiers (which of them wins)."""
    traps = [*NAMED, *(card(c) for c in ("3-swords", "3-clubs", "9-swords", "9-clubs"))]
    rest = sorted((c for c in PACK if c not in traps), key=lambda c: (TIERS[c], c.index))
    neighbours = [(cards_of_tier(t)[0], cards_of_tier(t + 1)[0]) for t in range(1, max(TIERS.values()))]
    ids = [drills.tier_drill(c).id for c in traps]
    ids += [drills.beats_drill([card(a), card(b)]).id for a, b in _TRAP_PAIRS]
    ids += [drills.tier_drill(c).id for c in rest]
    ids += [drills.beats_drill(list(pair)).id for pair in neighbours]
    return tuple(dict.fromkeys(ids))


@lru_cache(maxsize=8192)
def _drill(item: str) -> drills.Drill | None:
    try:
        return drills.drill_from_id(item, random.Random(item))
    except (RuleViolation, ValueError, KeyError):
        return None


def resolve(item: str, course: Course) -> Scenario | drills.Drill | None:
    """The scenario or drill an item id stands for, or None if the course no longer has it."""
    if item in course.scenarios:
        return course.scenarios[item]
    return _drill(item) if is_drill_id(item) else None  # the drills' parser also reads other spellings


_CODES = frozenset(str(c) for c in PACK)
_NAMED_CODES = frozenset(str(c) for c in NAMED)
_CARD_COUNTS = {"beats": (2, 3), "order": (5, 5), "tier": (1, 1), "name": (1, 1), "card-named": (1, 1)}


@lru_cache(maxsize=65536)
def is_drill_id(item: str) -> bool:
    """Whether ``item`` is a drill id as the drills make them (canonical card codes); a set lookup per
    card, where rebuilding the drill takes ~50 µs: the Progress page checks thousands of items."""
    prefix, _, rest = item.partition(":")
    if prefix in ("gesture-signal", "signal-gesture"):
        return rest in SIGNAL_IDS
    if prefix not in _CARD_COUNTS:
        return False
    codes = rest.split(":")
    low, high = _CARD_COUNTS[prefix]
    known = _NAMED_CODES if prefix == "card-named" else _CODES
    return low <= len(codes) <= high and len(set(codes)) == len(codes) and all(c in known for c in codes)


def exists(item: str, course: Course) -> bool:
    """Whether the course (or the drills) still has the item."""
    return item in course.scenarios or is_drill_id(item)


def item_label(item: str, course: Course) -> str:
    """A short human name for an item: a scenario's title, or the drill's question with its cards."""
    found = resolve(item, course)
    if found is None:
        return item
    if isinstance(found, Scenario):
        return found.title
    if isinstance(found, drills.BeatsDrill):
        return "Which wins: " + " or ".join(str(c) for c in found.cards) + "?"
    if isinstance(found, drills.OrderDrill):
        return "Put in order: " + ", ".join(str(c) for c in found.cards)
    return found.question


@dataclass(frozen=True)
class ReviewItem:
    """An item to ask: why (``due``, ``new`` or ``again``), its lesson for a new scenario, when it was due."""

    item: str
    reason: str
    lesson: str | None = None
    due: float | None = None  # epoch seconds


def next_lesson(progress: Progress, course: Course) -> str | None:
    """The id of the first lesson (in course order) with a scenario never answered, or None."""
    for lesson in course.lessons:
        if any(not progress.answered(s.id) for s in course.practice(lesson)):
            return lesson.id
    return None


def new_items(
    progress: Progress,
    course: Course,
    facts: Sequence[str] | None = None,
    facts_after: str | None = RANKING_LESSON,
) -> Iterable[ReviewItem]:
    """Unseen items in the order they should be introduced (lazily: callers take what they need)."""
    lesson_id = next_lesson(progress, course)
    if lesson_id is not None:
        lesson = course.lesson(lesson_id)
        assert lesson is not None
        for scenario in course.practice(lesson):
            if not progress.answered(scenario.id):
                yield ReviewItem(scenario.id, NEW, lesson.id)
    teaching = course.lesson(facts_after) if facts_after else None
    if teaching is not None and any(not progress.answered(s.id) for s in course.practice(teaching)):
        return  # the ranking is not taught yet
    for fact in ranking_facts() if facts is None else facts:
        if not progress.answered(fact) and exists(fact, course):
            yield ReviewItem(fact, NEW)


def next_items(
    progress: Progress,
    course: Course,
    now: float | None = None,
    limit: int = 10,
    *,
    exclude: Iterable[str] = (),
    facts: Sequence[str] | None = None,
    facts_after: str | None = RANKING_LESSON,
) -> list[ReviewItem]:
    """Up to ``limit`` items: due ones (most overdue first), then new ones; ``exclude`` is left out.

    ``facts`` replaces the ranking facts offered as new items (``()`` for none); ``facts_after`` names the
    lesson whose scenarios must all be answered before they come (None: at once).
    """
    skip = set(exclude)
    chosen: list[ReviewItem] = []
    # Due cards in batches: a long absence can leave thousands due, and only the first few are wanted.
    batch = limit + len(skip) + 20
    while True:
        due = progress.due_items(now, batch)
        chosen = []
        taken = set(skip)
        for state in due:
            if len(chosen) >= limit:
                return chosen
            if state.item not in taken and exists(state.item, course):
                chosen.append(ReviewItem(state.item, DUE, due=state.due))
                taken.add(state.item)
        if len(chosen) >= limit:
            return chosen
        if len(due) < batch:
            break
        batch *= 4
    skip = taken
    for entry in new_items(progress, course, facts, facts_after):
        if len(chosen) >= limit:
            break
        if entry.item not in skip:
            chosen.append(entry)
            skip.add(entry.item)
    return chosen


@dataclass
class ReviewSession:
    """One sitting of review: hands out items one at a time and brings mistakes back after ``gap`` others.

    Keep it in the browser session; call :meth:`next` when the learner moves on and :meth:`record` with
    each answer (it records in the progress, then re-queues the item if any key was wrong).
    """

    progress: Progress
    course: Course
    gap: int = AGAIN_GAP
    facts: Sequence[str] | None = None
    facts_after: str | None = RANKING_LESSON
    served: int = 0  # items handed out so far
    current: ReviewItem | None = None
    pending: list[tuple[str, int]] = field(default_factory=list)  # (item, ask again once ``served`` reaches)

    def next(self, now: float | None = None) -> ReviewItem | None:
        """The next item to ask, or None when nothing is due or new (the session is over)."""
        chosen = self._pick(now)
        self.current = chosen
        if chosen is not None:
            self.served += 1
        return chosen

    def _pick(self, now: float | None) -> ReviewItem | None:
        for n, (item, ready_at) in enumerate(self.pending):
            if ready_at <= self.served:
                del self.pending[n]
                return ReviewItem(item, AGAIN)
        waiting = {item for item, _ in self.pending}
        if self.current is not None:
            waiting.add(self.current.item)  # never the same item twice in a row
        found = next_items(
            self.progress, self.course, now, 1, exclude=waiting, facts=self.facts, facts_after=self.facts_after
        )
        if found:
            return found[0]
        if self.pending:  # nothing else to ask: the mistake comes back now rather than never
            item, _ = self.pending.pop(0)
            return ReviewItem(item, AGAIN)
        return None

    def record(self, answer: Answer) -> str:
        """Record the answer in the progress; a wrong one comes back after ``gap`` other items."""
        uid = self.progress.record(answer)
        self.pending = [(item, at) for item, at in self.pending if item != answer.item]
        if not answer.all_correct:
            self.pending.append((answer.item, self.served + self.gap))
        return uid

    @property
    def again(self) -> list[str]:
        """Items waiting to be asked again, soonest first."""
        return [item for item, _ in sorted(self.pending, key=lambda p: p[1])]
