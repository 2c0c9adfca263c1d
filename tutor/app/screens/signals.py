"""Signals: look a signal up both ways, read the full table, take a short quiz, and signal a dealt hand.

Meanings, gestures and the signals a hand calls for come from the engine (``SIGNALS``, ``look_up``,
``signal_for_card``, ``find_by_gesture``, ``hand_signals``) through :mod:`tutor.content.drills`.
"""

from __future__ import annotations

import random
import time
from typing import Any

import streamlit as st

from tutor.app import lang, print_buttons, state
from tutor.app.cardsvg import cards_html
from tutor.app.gestures import gesture_svg, gestures_html
from tutor.app.markup import md
from tutor.app.reveal import step_md, steps_md
from tutor.app.session import Family, Key
from tutor.app.signal_search import EXAMPLES, example_label, search
from tutor.app.views import signals_table_html
from tutor.content import drills
from tutor.engine import SIGNAL_IDS, SIGNALS, Card, RuleViolation, Signal, hand_signals, look_up, signal
from tutor.engine.signalling import HandSignals
from tutor.i18n import LANGUAGES, PSEUDO_LANGUAGE, ui
from tutor.i18n.sentences import format_value
from tutor.progress.memory import Answer

TABS = ("lookup", "table", "quiz", "hand")  # the tabs' ids; their labels follow the language
QUIZ_SIZE = 5
SEED = Key[int]("signals.seed")  # the session's seed of the quizzes and the hands dealt
TAB = Key[str]("signals.tab")  # the tab open, by its label
# Look up
SEARCH = Key[str]("signals.search")
EXAMPLE = Key[str | None]("signals.example")  # an example chip picked: put in the search box, then unpicked
# The quiz: its questions, their number (each quiz's widgets have keys of their own), the answers checked
QUIZ = Key[tuple[drills.SignalDrill, ...]]("signals.quiz")
QUIZ_NUMBER = Key[int]("signals.quiz.n", 0)
QUIZ_SHOWN_AT = Key[float]("signals.quiz.shown_at", factory=time.time)
QUIZ_VERDICTS = Key[tuple[drills.Verdict, ...] | None]("signals.quiz.verdicts")
QUIZ_MISSING = Key[bool]("signals.quiz.missing")  # "Check" pressed with a question unanswered
QUIZ_ANSWER = Family[str | None]("signals.quiz.{}.q{}")  # by the quiz's number and the question's
QUIZ_CHECK = Key[bool]("signals.quiz.check")
QUIZ_NEW = Key[bool]("signals.quiz.new")
# What should I signal? The hand, its number and version (its widgets' keys carry the version), the answer
HAND = Key[tuple[Card, ...]]("signals.hand")
HAND_NUMBER = Key[int]("signals.hand.n", 0)
HAND_VERSION = Key[int]("signals.hand.version", 0)
HAND_SHOWN_AT = Key[float]("signals.hand.shown_at", factory=time.time)
HAND_ERROR = Key[str | None]("signals.hand.error")  # why the hand typed cannot be read
HAND_CHECKED = Key[bool]("signals.hand.checked")
HAND_ANSWER = Key[tuple[list[str], int, bool, bool]]("signals.hand.answer")  # given, aces, and both right?
HAND_WIDGET = Family[Any]("signals.hand.{}.{}")  # by the widget's name and the hand's version
HAND_CHECK = Key[bool]("signals.hand.check")
HAND_MODE = Key[str]("signals.hand.mode", "tell")  # "tell": the hand's signals shown; "test": the learner says them
HAND_EMPTY = Key[bool]("signals.hand.empty")  # "Check" pressed with no signal picked
TYPED = Key[str]("signals.typed")  # a hand typed by the learner
DEAL = Key[bool]("signals.deal")
DEAL_AGAIN = Key[bool]("signals.deal.again")


def tab_labels(language: str) -> tuple[str, ...]:
    """The tabs' labels in ``language``, in the order of :data:`TABS`."""
    _ = ui.translator(language)
    return (
        # Translators: a tab of the Signals page (short: four tabs share a phone's width).
        _("Look up"),
        # Translators: a tab of the Signals page: the table of every signal.
        _("All signals"),
        # Translators: a tab of the Signals page.
        _("Quiz"),
        # Translators: a tab of the Signals page: the learner gets a hand and says which signals it calls for.
        _("What should I signal?"),
    )


def decision(language: str) -> str:
    """The one signal the sources disagree on, said as the rules settle it (rules, section 10)."""
    _ = ui.translator(language)
    return _(
        "Petit-neuf is the **little finger** (rules, section 10), as in the Czech, Macedonian and Gujarati "
        "sources; the Albanian one gives the thumb (Grand-neuf's signal); the Malay one has no signals table."
    )


def seed() -> int:
    return SEED.setdefault(random.randrange(2**32))


# --- look up ----------------------------------------------------------------------------------------------


def use_example() -> None:
    """An example chip puts its word in the search box."""
    picked = EXAMPLE.get()
    if picked:
        SEARCH.set(example_label(picked, lang.current()))
    EXAMPLE.set(None)


def signal_card(s: Signal) -> None:
    """One signal: its icon, cards, meaning, gesture, and the engine's words."""
    with st.container(border=True):
        left, right = st.columns([1, 3], vertical_alignment="center")
        with left:
            # the gesture and the card(s) it announces side by side, wrapping on a phone
            shown = drills.signal_cards(s)
            cards = cards_html(shown, width=44 if len(shown) > 1 else 64) if shown else ""
            st.markdown(
                '<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:center">'
                f"{gesture_svg(s.id, width=64)}{cards}</div>",
                unsafe_allow_html=True,
            )
        with right:
            language = lang.current()
            _ = ui.translator(language)
            st.markdown(f"**{md(format_value(s, 'meaning', language))}**")
            # Translators: under a signal's meaning; {gesture} is the gesture, e.g. "wink".
            st.markdown(_("Gesture: **{gesture}**", gesture=md(format_value(s, "gesture", language))))
            # the engine's further words (the card it announces, discretion); its first restates the two above
            st.caption(" ".join(step_md(x) for x in look_up(s.id).explanation if x.msg != "signal.says"))


def lookup_tab() -> None:
    language = lang.current()
    _ = ui.translator(language)
    st.markdown("## " + _("Find a signal"))
    examples = ", ".join(example_label(e, language) for e in EXAMPLES if e not in ("mordienne",))
    st.text_input(
        _("Search by card, name, situation or gesture"),
        key=SEARCH,
        # Translators: the search box's placeholder; {examples} is a list of example searches.
        placeholder=_("e.g. {examples}", examples=examples),
    )
    st.pills(
        # Translators: the label of the example searches' chips under the search box ("Try: wink, thumb...").
        _("Try"),
        EXAMPLES,
        format_func=lambda e: example_label(e, language),
        key=EXAMPLE,
        on_change=use_example,
    )
    text = SEARCH.get() or ""
    found = search(text, language)
    if found.card is not None:
        st.markdown(cards_html([found.card], width=72), unsafe_allow_html=True)
        if not found.signals:
            st.info(
                # Translators: {card} is a card with its tier, e.g. "5-cups (a five, tier 16)".
                _("{card:described}: no signal announces this card. Signal nothing unimportant.", card=found.card)
            )
            return
    if not found.signals:
        st.warning(
            # Translators: {text} is what the learner typed in the search box, shown as it is.
            _(
                "No signal matches “{text}”. Try a card (3-coins), a name (madame) or a gesture (wink).",
                text=md(text),
            )
        )
        return
    if text.strip():
        count = len(found.signals)
        st.caption(ui.ngettext(language, "{n} signal found.", "{n} signals found.", count))
    for s in found.signals:
        signal_card(s)


# --- the table --------------------------------------------------------------------------------------------


def table_tab() -> None:
    language = lang.current()
    _ = ui.translator(language)
    st.markdown("## " + _("All eleven signals"))
    st.caption(_("Give them discreetly, so that the other partnership does not notice. Signal nothing unimportant."))
    st.markdown(signals_table_html(), unsafe_allow_html=True)
    st.info(decision(language))


# --- quiz -------------------------------------------------------------------------------------------------


def quiz() -> tuple[drills.SignalDrill, ...]:
    if not QUIZ.is_set():
        number = QUIZ_NUMBER.setdefault()
        QUIZ.set(drills.signal_quiz(random.Random(f"{seed()}:quiz:{number}"), QUIZ_SIZE))
        QUIZ_SHOWN_AT.set(time.time())
        QUIZ_VERDICTS.set(None)
    return QUIZ.value()


def quiz_key(i: int) -> Key[str | None]:
    return QUIZ_ANSWER(QUIZ_NUMBER.value(), i)


def check_quiz() -> None:
    questions = quiz()
    if QUIZ_VERDICTS.get() is not None:
        return
    given = [quiz_key(i).get() for i in range(len(questions))]
    if any(g is None for g in given):
        QUIZ_MISSING.set(True)
        return
    QUIZ_MISSING.set(False)
    verdicts = tuple(drills.check(q, g) for q, g in zip(questions, given, strict=True))
    QUIZ_VERDICTS.set(verdicts)
    seconds = (time.time() - QUIZ_SHOWN_AT.value()) / len(questions)
    for q, v in zip(questions, verdicts, strict=True):
        state.progress().record(
            Answer(q.id, "drill-signal", {"answer": v.given}, {"answer": v.correct}, round(seconds, 2))
        )


def new_quiz() -> None:
    QUIZ_NUMBER.set(QUIZ_NUMBER.value() + 1)
    QUIZ.pop()
    QUIZ_VERDICTS.set(None)


def quiz_question(q: drills.SignalDrill, language: str) -> str:
    """A question in ``language``, from the drill's signal and direction (the English is the drill's own)."""
    if language == "en":
        return q.question
    _ = ui.translator(language)
    if not q.to_meaning:
        # Translators: a quiz question; {meaning} is what a signal says, e.g. "I hold Monsieur".
        return _("How do you tell your partner “{meaning}”?", meaning=format_value(q.signal, "meaning", language))
    # The aces' gesture as seen at the table, without the count that the rules' wording gives away.
    # Translators: the aces' gesture as a partner is seen making it (a quiz asks what it means).
    seen = _("open the mouth") if q.signal.id == "aces" else format_value(q.signal, "gesture", language)
    # Translators: a quiz question; {gesture} is a gesture as seen, e.g. "wink".
    return _("Your partner gives this signal: {gesture}. What does it say?", gesture=seen)


def choice_text(choice: str, language: str) -> str:
    """A quiz choice (a signal's English meaning or gesture, the drill's answer key) in ``language``."""
    for s in SIGNALS:
        if choice == s.meaning:
            return format_value(s, "meaning", language)
        if choice == s.gesture:
            return format_value(s, "gesture", language)
    return choice


def quiz_tab() -> None:
    language = lang.current()
    _ = ui.translator(language)
    questions = quiz()
    verdicts = QUIZ_VERDICTS.get()
    st.markdown("## " + ui.ngettext(language, "{n} quick question", "{n} quick questions", QUIZ_SIZE))
    for i, q in enumerate(questions):
        st.radio(
            f"{i + 1}. {md(quiz_question(q, language))}",
            q.choices,
            format_func=lambda c: choice_text(c, language),
            index=None,
            key=quiz_key(i),
            disabled=verdicts is not None,
        )
        if verdicts is not None:
            v = verdicts[i]
            expected = md(choice_text(str(v.expected), language))
            if v.correct:
                st.success(_("✓ Right: {answer}", answer=expected), icon=None)
            else:
                given = md(choice_text(str(v.given), language))
                st.error(
                    _("✗ Your answer: {given}. The right answer: {answer}", given=given, answer=expected), icon=None
                )
            st.caption(" ".join(step_md(x) for x in v.explanation))
    if verdicts is None:
        st.button(_("Check my answers"), key=QUIZ_CHECK, type="primary", on_click=check_quiz)
        if QUIZ_MISSING.get():
            st.warning(
                ui.ngettext(
                    language, "Answer the {n} question first.", "Answer all {n} questions first.", len(questions)
                )
            )
    else:
        right = sum(v.correct for v in verdicts)
        if right == len(verdicts):
            # Translators: a quiz's score when every answer is right.
            score = _("Score: {right} / {total}: all right!", right=right, total=len(verdicts))
        else:
            score = _("Score: {right} / {total}", right=right, total=len(verdicts))
        st.markdown("### " + score)
        st.button(_("New quiz"), key=QUIZ_NEW, type="primary", on_click=new_quiz)


# --- what should I signal? --------------------------------------------------------------------------------


def deal_hand() -> None:
    """Deal a new random hand of nine, from the session's seed."""
    number = HAND_NUMBER.value() + 1
    HAND_NUMBER.set(number)
    set_hand(drills.deal_hand(random.Random(f"{seed()}:hand:{number}")))


def use_typed_hand() -> None:
    """Read the typed hand; a bad card leaves a one-line error and keeps the previous hand."""
    text = TYPED.get() or ""
    try:
        hand = drills.parse_hand(text, lang.current())
    except RuleViolation as error:
        HAND_ERROR.set(error.message)
        return
    set_hand(hand)


def set_hand(hand: tuple[Card, ...]) -> None:
    HAND.set(hand)
    HAND_ERROR.set(None)
    HAND_CHECKED.set(False)
    HAND_EMPTY.set(False)
    HAND_VERSION.set(HAND_VERSION.value() + 1)
    HAND_SHOWN_AT.set(time.time())


def hand_widget_key(name: str) -> Key[Any]:
    """Widget keys carry the hand's version, so a new hand starts with empty answers."""
    return HAND_WIDGET(name, HAND_VERSION.value())


def check_hand() -> None:
    hand = HAND.value()
    picked = hand_widget_key("picked").get() or []
    # Every hand calls for a signal ("I have a useless hand" when nothing else): an empty pick is no answer yet.
    HAND_EMPTY.set(not picked)
    if not picked:
        return
    aces = int(hand_widget_key("aces").get() or 0)
    signals_right, aces_right = drills.check_hand_signals(hand, picked, aces)
    HAND_CHECKED.set(True)
    HAND_ANSWER.set((list(picked), aces, signals_right, aces_right))
    seconds = time.time() - HAND_SHOWN_AT.value()
    state.progress().record(
        Answer(
            item="hand-signals:" + ":".join(sorted(str(c) for c in hand)),
            kind="drill-hand-signals",
            given={"signals": ", ".join(picked) or "none", "aces": str(aces)},
            correct={"signals": signals_right, "aces": aces_right},
            seconds=round(seconds, 2),
        )
    )


def hand_tab() -> None:
    language = lang.current()
    _ = ui.translator(language)
    st.markdown("## " + _("What should I signal with this hand?"))
    if not HAND.is_set():
        deal_hand()
    HAND_MODE.setdefault()  # the lookup first: the answer, then the quiz if the learner wants one
    st.segmented_control(
        # Translators: the choice on the "What should I signal?" tab: see the answer, or answer first.
        _("Show me"),
        ["tell", "test"],
        format_func=lambda mode: _("The signals of this hand") if mode == "tell" else _("Test me on it"),
        key=HAND_MODE,
        required=True,
    )
    left, right = st.columns([1, 2], vertical_alignment="bottom")
    left.button(_("Deal me a hand"), icon=":material/playing_cards:", key=DEAL, type="primary", on_click=deal_hand)
    right.text_input(
        _("…or type your own hand (cards separated by commas or spaces), then press Enter"),
        key=TYPED,
        placeholder="3-coins, A-cups, A-clubs, 9-swords, 2-clubs, 5-cups, 6-cups, 7-cups, 8-cups",
        on_change=use_typed_hand,
    )
    error = HAND_ERROR.get()
    if error:
        # Translators: {error} is the engine's reason, e.g. "'10-cups' is not a card".
        st.error(_("That hand cannot be read: {error}.", error=md(error)), icon=None)
    if HAND_MODE.value() == "test":
        hand_test(language)
    else:
        hand_answer(language)


def hand_picture(hand: tuple[Card, ...], worth: list[Card]) -> None:
    st.markdown(
        f'<div style="margin:6px 0 14px 0">{cards_html(hand, width=78, highlight=worth)}</div>', unsafe_allow_html=True
    )


def signals_said(result: HandSignals, language: str) -> str:
    """The signals a hand calls for, as Markdown: each one's meaning and gesture, the aces with their count."""
    lines = []
    for s in result.signals:
        meaning, gesture = md(format_value(s, "meaning", language)), md(format_value(s, "gesture", language))
        if s.id == "aces":
            # Translators: after the aces' gesture: how many aces the hand holds, so how often the mouth opens.
            gesture += " " + md(ui.ngettext(language, "({n} ace)", "({n} aces)", result.aces))
        lines.append(f"- **{meaning}**: {gesture}")
    return "\n".join(lines)


def hand_answer(language: str) -> None:
    """The lookup: the hand's signals, with the cards that call for them."""
    _ = ui.translator(language)
    hand = HAND.value()
    result = hand_signals(hand)
    hand_picture(hand, [c for c in hand if any(c in drills.signal_cards(s) for s in result.signals)])
    st.markdown("### " + _("Signal this"))
    st.markdown(signals_said(result, language))
    st.markdown(gestures_html([s.id for s in result.signals], width=48), unsafe_allow_html=True)


def hand_test(language: str) -> None:
    """The quiz on the hand: the learner picks the signals and the aces, then checks."""
    _ = ui.translator(language)
    hand = HAND.value()
    checked = bool(HAND_CHECKED.get())
    result = hand_signals(hand) if checked else None
    hand_picture(hand, [c for c in hand if any(c in drills.signal_cards(s) for s in result.signals)] if result else [])
    answered = HAND_ANSWER.get() if checked else None
    _unused, aces, signals_right, aces_right = answered or ([], 0, False, False)
    st.multiselect(
        _("The signals to give (pick all that apply)"),
        options=list(SIGNAL_IDS),
        format_func=lambda sid: format_value(signal(sid), "meaning", language),
        key=hand_widget_key("picked"),
        disabled=checked,
        placeholder=_("Choose signals"),
    )
    st.number_input(
        _("How many aces will you show (mouth openings)?"),
        min_value=0,
        max_value=4,
        step=1,
        key=hand_widget_key("aces"),
        disabled=checked,
    )
    if not checked:
        st.button(_("Check"), key=HAND_CHECK, type="primary", on_click=check_hand)
        if HAND_EMPTY.get():
            st.warning(_("Pick the signals first: every hand calls for one, “I have a useless hand” if nothing else."))
        return
    assert result is not None
    said = signals_said(result, language)
    if signals_right:
        st.success(_("✓ The signals are right:") + "\n\n" + said, icon=None)
    else:
        st.error(_("✗ The signals this hand calls for:") + "\n\n" + said, icon=None)
    st.markdown(gestures_html([s.id for s in result.signals], width=48), unsafe_allow_html=True)
    if aces_right:
        st.success(_("✓ Aces: {aces}", aces=result.aces), icon=None)
    else:
        # Translators: {aces} is how many aces to show, {given} the learner's number.
        st.error(_("✗ Aces: {aces}, not {given}", aces=result.aces, given=aces), icon=None)
    st.markdown(steps_md(result.explanation))
    st.button(_("Deal me another hand"), key=DEAL_AGAIN, on_click=deal_hand)


# --- the page ---------------------------------------------------------------------------------------------


def tabs_in(language: str) -> list[str]:
    """The tabs' labels; a tab chosen in another language is carried over to its label in this one."""
    labels = list(tab_labels(language))
    chosen = TAB.get()
    if isinstance(chosen, str) and chosen not in labels:
        for other in (*LANGUAGES, PSEUDO_LANGUAGE):
            before = tab_labels(other)
            if chosen in before:
                TAB.set(labels[before.index(chosen)])
                break
    return labels


_language = lang.current()
_ = ui.translator(_language)
st.title(_("Signals"))
st.caption(
    _(
        "Partners may tell each other about important cards with fixed gestures, discreetly. "
        "Look them up, read the table, test yourself, and practise on a hand."
    )
)
print_buttons.table_card("signals", _language)
print_buttons.signals_card("signals", _language)
tabs = st.tabs(tabs_in(_language), key=TAB, on_change="rerun")
for tab, draw in zip(tabs, (lookup_tab, table_tab, quiz_tab, hand_tab), strict=True):
    if tab.open is False:  # lazy tabs: only the open one is drawn
        continue
    with tab:
        draw()
