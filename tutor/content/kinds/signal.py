"""The kind ``signal`` (rules.md section 10): what a signal says and how it is given, or what a hand signals."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.content.drafting import (
    ACES,
    PLAIN,
    PLAIN_NINES,
    PLAIN_THREES,
    Data,
    Draft,
    Drafting,
    codes,
    has_trap,
    pick_ask,
    weighted,
)
from tutor.content.kind import ContentKind, Setup
from tutor.content.outcomes import Shape
from tutor.content.reader import MISSING, Missing, Reader
from tutor.content.texts import _
from tutor.engine import NAMED, SIGNAL_IDS, SIGNALS, Explained, Signal, hand_signals, look_up, signal
from tutor.engine.cards import Card
from tutor.engine.errors import short
from tutor.i18n import sentences, ui


@dataclass(frozen=True)
class SignalSetup(Setup):
    signal: str | None = None
    hand: tuple[Card, ...] | None = None
    # Given as ``gesture:``: the learner sees the gesture, never the signal's name, and is asked what it says.
    # ``times``: how often the mouth opens, for the aces signal.
    from_gesture: bool = False
    times: int | None = None

    @property
    def gesture_seen(self) -> str | None:
        """The gesture as the learner sees it, when the setup gives a gesture ("open the mouth twice")."""
        if not self.from_gesture or self.signal is None:
            return None
        return gesture_seen(signal(self.signal), self.times)


def gesture_seen(s: Signal, times: int | None = None, lang: str = "en") -> str:
    """The gesture as a partner is seen making it, without naming what it says, in ``lang``.

    The rules' table describes the aces' gesture by its meaning ("open the mouth once for each ace held"),
    which would give the answer away: seen at the table, it is the mouth opening ``times`` times (1 to 4).

    >>> gesture_seen(signal("aces"), 3)
    'open the mouth three times'
    """
    if s.id != "aces":
        return sentences.format_value(s, "gesture", lang)
    _ = ui.translator(lang)
    # Translators: the aces' signal as seen at the table, without saying what it means (a question's text).
    seen = {
        None: _("open the mouth"),
        1: _("open the mouth once"),
        2: _("open the mouth twice"),
        3: _("open the mouth three times"),
        4: _("open the mouth four times"),
    }
    return seen[times]


def _read(r: Reader, s: dict[object, object]) -> SignalSetup | Missing:
    if sum(key in s for key in ("signal", "gesture", "hand")) != 1:
        return r.add(
            ("setup",),
            "give one of 'signal' (a signal id), 'gesture' (the gesture seen) or 'hand' (cards), not several or none",
        )
    if "gesture" in s:
        return _gesture(r, s)
    if "signal" in s:
        r.keys(("setup",), s, ("signal",))
        signal = r.choice(("setup", "signal"), s["signal"], SIGNAL_IDS, "a signal", "signals", fold=True)
        return MISSING if isinstance(signal, Missing) else SignalSetup(signal=signal)
    r.keys(("setup",), s, ("hand",))
    hand = r.cards(("setup", "hand"), s["hand"], 1, 15)
    return MISSING if isinstance(hand, Missing) else SignalSetup(hand=hand)


def _gesture(r: Reader, s: dict[object, object]) -> SignalSetup | Missing:
    """The gesture a partner makes, in words of the rules' table ("stick out the thumb", or just "thumb")."""
    r.keys(("setup",), s, ("gesture",), ("times",))
    words = r.text(("setup", "gesture"), s["gesture"])
    if isinstance(words, Missing):
        return MISSING
    # Only the gestures are searched, never the meanings: the setup must not name its own answer.
    fits = [x for x in SIGNALS if all(w in x.gesture.lower() for w in words.lower().split())]
    if len(fits) != 1:
        found = f"fits {' '.join(x.id for x in fits)}" if fits else "is no gesture of the rules' table"
        return r.add(
            ("setup", "gesture"),
            f"{short(words)} {found}: describe one gesture (gestures: {'; '.join(x.gesture for x in SIGNALS)})",
        )
    times = None
    if "times" in s:
        if fits[0].id != "aces":
            return r.add(("setup", "times"), "'times' counts the mouth opening for the aces; this gesture has no count")
        counted = r.integer(("setup", "times"), s["times"], 1, 4)
        if isinstance(counted, Missing):
            return MISSING
        times = counted
    return SignalSetup(signal=fits[0].id, from_gesture=True, times=times)


def _solve(setup: SignalSetup, mordienne: bool) -> Explained:
    return look_up(setup.signal) if setup.signal else hand_signals(setup.hand or ())


def _form_keys(setup: SignalSetup) -> tuple[str, ...]:
    return ("meaning", "gesture") if setup.signal else ("signals", "aces")


def _refuse(setup: SignalSetup, key: str) -> str | None:
    if key == "gesture" and setup.from_gesture:
        return "the setup shows the gesture, so asking for it gives the answer away"
    return None


def _generate(rng: random.Random, _drafting: Drafting) -> Draft:
    """A nine-card hand (useless, aces only, one or several named cards), or one signal to look up."""
    if rng.random() < 0.2:
        return _signal_lookup(rng)
    shape = weighted(rng, [(25, "useless"), (20, "aces"), (20, "one-named"), (35, "several-named")])
    if shape == "useless":
        named, aces = 0, 0
    elif shape == "aces":
        named, aces = 0, rng.randint(1, 4)
    else:
        named = 1 if shape == "one-named" else rng.randint(2, 4)
        aces = rng.choice([0, 0, 1, 2])
    hand = rng.sample(list(NAMED), named) + rng.sample(list(ACES), aces)
    plain = list(PLAIN)
    if shape == "useless" and rng.random() < 0.6:
        # A plain three or nine looks like Monsieur or a named nine, but calls for no signal.
        hand.append(rng.choice([*PLAIN_THREES, *PLAIN_NINES]))
    hand += rng.sample([c for c in plain if c not in hand], 9 - len(hand))
    rng.shuffle(hand)
    result = hand_signals(hand)
    options = [
        (["signals"], _("What should this hand signal?")),
        (["signals", "aces"], _("What should this hand signal?")),
    ]
    if result.aces:
        options.append((["aces"], _("How many times do you open your mouth?")))
    ask, title = pick_ask(rng, options)
    difficulty = {"useless": 1 + has_trap(hand), "aces": 1, "one-named": 2, "several-named": 2 + (named >= 3)}[shape]
    return Draft(
        title,
        "signals",
        difficulty,
        {"hand": codes(hand)},
        ask,
        hint=_("One signal per named card, 'aces' with the count, or a shrug alone for a useless hand."),
    )


def _signal_lookup(rng: random.Random) -> Draft:
    """One signal: from its gesture, what does it say? Or from its name, how is it given?

    A question never shows its answer: the meaning is asked from the gesture alone (the aces with a count:
    "open the mouth twice"), and only the gesture is asked from the signal's name.
    """
    found = signal(rng.choice(SIGNAL_IDS))
    # The finger signals are easily confused with one another.
    fingers = found.id in ("grand-neuf", "petit-neuf", "deux-de-chene", "deux-d-ecrit")
    if rng.random() < 0.5:
        return Draft(_("How do you give this signal?"), "signals", 1 + fingers, {"signal": found.id}, ["gesture"])
    setup: Data = {"gesture": found.gesture}
    if found.id == "aces":
        setup = {"gesture": "open the mouth", "times": rng.randint(1, 4)}
    title = rng.choice([_("Your partner makes this gesture. What does it say?"), _("What does this gesture tell you?")])
    return Draft(title, "signals", 1 + fingers, setup, ["meaning"])


KIND = ContentKind(
    name="signal",
    order=6,
    setup_type=SignalSetup,
    read=_read,
    solve=_solve,
    outcomes={"meaning": Shape.TEXT, "gesture": Shape.TEXT, "signals": Shape.SIGNAL_LIST, "aces": Shape.INT},
    generate=_generate,
    topics=("signals",),
    form_keys=_form_keys,
    refuse=_refuse,
)
