"""How the app shows a ``signal``: the hand to signal, the signal to look up or the gesture seen; its questions."""

from __future__ import annotations

from collections.abc import Collection

from tutor.app.cardsvg import cards_html
from tutor.app.kind import AppKind
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.app.questions import Part, Question, one
from tutor.app.views import HAND_WIDTH, badge, block, translator
from tutor.content.kinds.signal import SignalSetup
from tutor.engine import SIGNALS, Card, Explained, HandSignals, Seat, SignalLookup, signal
from tutor.i18n.sentences import format_value
from tutor.i18n.ui import Translator


def signal_html(
    setup: SignalSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The hand to signal, or the signal to look up; on reveal the signals or the meaning."""
    _ = translator()
    lang = page_language()
    if setup.hand is not None:
        parts = [block(_("The hand"), cards_html(list(setup.hand), width=HAND_WIDTH))]
        if reveal and isinstance(result, HandSignals):
            pills = " ".join(badge(s.id, "leader") for s in result.signals)
            parts.append(block(_("Signals"), f'<div class="alu-row">{pills}</div>'))
        return "".join(parts)
    assert setup.signal is not None
    if setup.gesture_seen is not None:  # asked from the gesture: the signal's name would give the answer away
        if setup.signal == "aces":  # seen at the table: the mouth opening, so many times
            # Translators: the aces' gesture as a partner is seen making it, once per ace held (1 to 4).
            seen = {
                1: _("Open the mouth once."),
                2: _("Open the mouth twice."),
                3: _("Open the mouth three times."),
                4: _("Open the mouth four times."),
            }.get(setup.times or 0, _("Open the mouth."))
        else:
            gesture = format_value(signal(setup.signal), "gesture", lang)
            seen = gesture[:1].upper() + gesture[1:] + "."
        parts = [block(_("Your partner's gesture"), f"<p>{escape(seen)}</p>")]
    else:
        parts = [block(_("The signal"), badge(setup.signal, "dealer"))]
    if reveal and isinstance(result, SignalLookup):
        meaning = format_value(result.signal, "meaning", lang)
        gesture = format_value(result.signal, "gesture", lang)
        # Translators: a signal's meaning in quotes, then its gesture.
        parts.append(block(None, escape(_("“{meaning}”: {gesture}", meaning=meaning, gesture=gesture))))
        if result.signal.card is not None:
            parts.append(cards_html([result.signal.card], width=HAND_WIDTH))
    return "".join(parts)


def _wording(key: str, _: Translator, first: str, who: tuple[Seat, ...]) -> str | None:
    match key:
        case "meaning":
            return _("What does this signal say?")
        case "gesture":
            return _("Which gesture gives this signal?")
        case "signals":
            return _("Which signals should this hand give?")
        case "aces":
            return _("How many aces does this hand signal?")
    return None


def _shorts(_: Translator) -> dict[str, str]:
    return {"meaning": _("Meaning"), "gesture": _("Gesture"), "signals": _("Signals"), "aces": _("Aces")}


def _plan(
    key: str, setup: SignalSetup, ask: tuple[str, ...], result: Explained, text: str, _: Translator
) -> Question | None:
    if key in ("meaning", "gesture"):
        # the option is the rules' English words, as the grader reads them; it shows in the learner's language
        words = {(s.meaning if key == "meaning" else s.gesture): format_value(s, key, _.lang) for s in SIGNALS}
        return one(key, text, Part("", "radio", text, tuple(words), words))
    if key == "aces":
        return one(key, text, Part("", "radio", text, (0, 1, 2, 3, 4)))
    return None


def _cards(setup: SignalSetup) -> tuple[Card, ...]:
    return setup.hand or ()


KIND = AppKind(
    name="signal",
    setup_type=SignalSetup,
    title=lambda _: _("Signals"),
    topics=lambda _: {"signals": _("Signals")},
    draw=signal_html,
    wording=_wording,
    shorts=_shorts,
    cards=_cards,
    plan=_plan,
)
