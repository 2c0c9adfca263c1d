"""Drawing and glue for the Play page: a whole game against three computer players.

The game itself is :class:`tutor.play.match.Match`, kept in ``st.session_state`` as the object: a rerun
reads it and draws, nothing is recomputed. Every rule and every explanation is the engine's (the match
records them as :class:`~tutor.play.match.Event` entries); this module only

* runs the learner's actions (button callbacks) and keeps a log of the events they produced,
* draws the table, the draw, the tricks and the signals as HTML (cards from :mod:`tutor.app.cardsvg`),
* asks :func:`tutor.play.hint.hint` for the Hint button and :func:`tutor.play.record.save_deal` to save.

Session keys all start with ``play.`` (:data:`P`), defined below (:mod:`tutor.app.session`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import streamlit as st
from babel.numbers import format_decimal, format_percent

from tutor.app import coach_view, continued, guest, learners, saved_deals, state, views
from tutor.app.cardsvg import card_svg, cards_html
from tutor.app.gestures import gesture_svg
from tutor.app.markup import escape, md
from tutor.app.reveal import language, step_md, steps_md
from tutor.app.session import Family, Key, forget
from tutor.engine import SIGNALS, TOP_CARDS, Card, RuleViolation, Seat, Team, parse_card
from tutor.engine.game import DEALS_PER_GAME
from tutor.engine.ranking import ordered
from tutor.engine.steps import Step
from tutor.i18n import PSEUDO_LANGUAGE, SOURCE_LANGUAGE, ui
from tutor.i18n.sentences import card_words, format_value, render
from tutor.play import asking, bots, guided
from tutor.play.hint import Hint, HintRequest, hint
from tutor.play.match import DEFAULT_BOTS, LEARNER, PARTNER, Event, Match, SignalShown, StepRefusal, WrongPhase
from tutor.play.record import save_deal
from tutor.progress.db import ProgressUnavailable
from tutor.progress.games import Owner, SavedGameError, clear_game, clear_write, game_write, load_game

P = "play."  # session-state prefix of this page
DEFAULT_NAME = "Alex"
NAME_LIMIT = 40  # a player's name, as long as a learner's (the sidebar's name becomes the default)
# Spare names for the computer players when the learner takes one of the defaults.
SPARE_BOTS = ("Denise", "Émile", "Fanny")
HINT_PLAYOUTS = 10_000  # about 0.1 s: each tier of the hand gets ~1,000+ playouts (± ~1.5%)
TRICKS = 9
SLOT_PX = 72  # one card of the hand: four to a row on a 390 px phone, nine on a desktop
CARD_PX = 64
SEAT_ORDER_DRAWN = (Seat.N, Seat.W, Seat.E, Seat.S)  # DOM order of the table grid (N, W, centre, E, S)

CSS = """
.alu-play{margin-bottom:14px}.alu-play .alu-seat-head{font-size:15px}
.alu-who{font-size:12px;font-weight:400;opacity:.85}
.alu-badge-turn{background:#ffeb3b;color:#3e2c00;outline:2px solid #fff}
.alu-sigs{display:flex;flex-wrap:wrap;gap:3px}
.alu-cross{display:grid;grid-template-columns:repeat(3,auto);gap:2px 6px;align-items:center;justify-items:center}
.alu-cross-label{color:#fff;font-size:14px;font-weight:600}
.alu-cross-empty{width:64px}
.alu-turn-note{color:#fff;font-size:15px;font-weight:600;background:rgba(0,0,0,.25);border-radius:8px;padding:4px 10px}
.alu-sig-row{display:flex;align-items:center;gap:10px;margin:4px 0}
.alu-sig-icon{line-height:0;min-width:40px;text-align:center}
.alu-drawn{display:flex;flex-wrap:wrap;gap:10px}
.alu-drawn .alu-player{min-width:150px;max-width:100%}
.alu-player-top{border-color:#8a6d1f;background:#fffbea}
.alu-slot-card{display:flex;justify-content:center}
.st-key-play-hand button{padding-left:2px;padding-right:2px;white-space:nowrap}
.st-key-play-discards label p{white-space:nowrap;font-size:14px}
@media (max-width:640px){
[data-testid="stHorizontalBlock"]:has(.st-key-play-talk),[data-testid="stLayoutWrapper"]:has(.st-key-play-talk){display:contents}
[data-testid="stColumn"]:has(.st-key-play-talk){order:1;width:100%}
[data-testid="stMainBlockContainer"]>[data-testid="stVerticalBlock"]>*:has(.st-key-play-after){order:2}
.st-key-play-hand{gap:6px!important}
.st-key-play-hand>div{width:64px!important;flex:0 0 64px!important;min-width:0!important}
.st-key-play-hand .alu-slot-card svg,.st-key-play-hand .alu-slot-card img{width:52px;height:auto}
.st-key-play-hand button{font-size:11px;min-height:28px;padding-top:0;padding-bottom:0}
}
@media (max-width:520px){
.alu-play .alu-fan svg{width:26px;height:auto}
.alu-play .alu-fan>div{width:5px!important;flex-basis:5px!important}
.alu-play .alu-fan>div:last-child{width:26px!important}
.alu-play .alu-sigs{font-size:16px;letter-spacing:0}
.alu-cross svg{width:42px;height:auto}
.alu-cross-empty{width:42px}
.alu-cross-label{font-size:12px}
}
.alu-slot-empty{width:64px;height:92px;margin:0 auto;border:2px dashed #b0bec5;border-radius:8px;opacity:.6}
"""


def css() -> str:
    """This page's own styles, once per page (the shared ones are on every page already: views.theme)."""
    return "<style>" + "".join(line.strip() for line in CSS.strip().splitlines()) + "</style>"


def _e(text: object) -> str:
    return escape(str(text))


def lang() -> str:
    """The learner's language (the app's words and the engine's explanations follow it)."""
    return language()


def t() -> ui.Translator:
    """The app's words in the learner's language: ``_ = t()`` once per drawing function."""
    return ui.translator(language())


def ordinal(place: int) -> str:
    """A card's place in the trick, 0-based, as a short ordinal ("1st" .. "4th") in the learner's language."""
    here = lang()
    # Translators: a card's place in the trick, shown under the card: keep it very short.
    words = (
        ui.pgettext(here, "the first card played to a trick", "1st"),
        ui.pgettext(here, "the second card played to a trick", "2nd"),
        ui.pgettext(here, "the third card played to a trick", "3rd"),
        ui.pgettext(here, "the fourth card played to a trick", "4th"),
    )
    return words[place]


def waiting_for(phase: str) -> str:
    """What the game waits for in ``phase``, completing "waiting for ...", in the learner's language."""
    _ = t()
    phrases = {
        "draw": _("the first deal to be dealt"),
        "chant": _("your answer to the chant"),
        "discard": _("your six discards"),
        "signals": _("your signals (or none)"),
        "play": _("your card"),
        "deal-over": _("the next deal to be dealt"),
        "game-over": _("nothing: the game is over"),
    }
    return phrases[phase]


def relation_label(seat: Seat) -> str:
    """``(North, your partner)``: the seat's title and the learner's relation to it."""
    return ui.gettext(language(), "({seat}, {who})", seat=seat, who=who(seat))


def who(seat: Seat) -> str:
    """The learner's relation to ``seat``: you, your partner, an opponent."""
    _ = t()
    if seat is LEARNER:
        return _("you")
    return _("your partner") if seat is PARTNER else _("opponent")


# --- session state ----------------------------------------------------------------------------------------

MATCH = Key[Match]("play.match")  # the game
GUIDED = Key[bool]("play.guided")  # the game is the guided first deal
ACTION = Key[int]("play.action", 0)  # the learner's actions so far: the last one's events are shown
DRAW_SHOWN = Key[int]("play.draw_shown", 0)  # how many cards of the partnership draw are shown
UNSAVED = Key[str | None]("play.unsaved")  # why the game is not being saved
ERROR = Key[str | None]("play.error")  # an action refused, or a file that failed: said once
ADVICE = Key[tuple[str, int, tuple[Step, ...]]]("play.advice")  # the advice asked for: its kind, deal, steps
HINT_RESULT = Key[tuple[tuple[int, int, int], Hint]]("play.hint_result")  # the hint for one moment of a deal
SAVED = Key[dict[int, tuple[str, str]]]("play.saved", factory=dict)  # each deal saved: its file and text
SCORES = Key[tuple[tuple[int, str, tuple[object, ...]], dict[Team, int]]]("play.scores")  # worked out per deal
# The settings and the start screen's fields (widget keys)
NAME = Key[str]("play.name")
SEED = Key[int]("play.seed")
MORDIENNE = Key[bool]("play.mordienne", False)
SEE = Key[bool]("play.see", False)
# Widgets of a deal, by its number (and, for a card, the cards played so far)
DISCARD = Family[bool]("play.discard.{}.{}")  # a card's discard box: the deal, the card
CHOSEN_SIGNALS = Family[list[str]]("play.signals.{}")  # the signals chosen in a deal
CARD = Family[bool]("play.card.{}.{}.{}")  # a card's Play button: the deal, the cards played, the card
# The page's buttons
RESUME = Key[bool]("play.resume")
DISCARD_SAVED = Key[bool]("play.discard_saved")
GUIDED_START = Key[bool]("play.guided.start")
GUIDED_LEAVE = Key[bool]("play.guided.leave")
START = Key[bool]("play.start")
NEW = Key[bool]("play.new")
AGAIN = Key[bool]("play.again")
DRAW_CARD = Key[bool]("play.draw.card")
DRAW_TOP = Key[bool]("play.draw.top")
DRAW_ALL = Key[bool]("play.draw.all")
DEAL = Key[bool]("play.deal")
CHANT_YES = Key[bool]("play.chant.yes")
CHANT_NO = Key[bool]("play.chant.no")
DISCARD_ADVICE = Key[bool]("play.discard.advice")
DISCARD_CONFIRM = Key[bool]("play.discard.confirm")
SIGNALS_ADVICE = Key[bool]("play.signals.advice")
SIGNALS_CONFIRM = Key[bool]("play.signals.confirm")
HINT = Key[bool]("play.hint")
TALK = f"{P}talk"  # the column beside the table (the partner's signals, the last trick): after the hand on a phone
AFTER = f"{P}after"  # the tricks so far and the game log: last on a phone
SAVE = Key[bool]("play.save")
DOWNLOAD = Key[bool]("play.download")


def game() -> Match | None:
    """The match being played in this session, if any."""
    return MATCH.get()


def draw_shown() -> int:
    """How many cards of the partnership draw the page shows."""
    return DRAW_SHOWN.value()


def default_name() -> str:
    """The sidebar learner's name if one is chosen, else a plain first name."""
    value = learners.chosen()
    if isinstance(value, str) and value.strip():
        return value.strip()
    return DEFAULT_NAME


def bot_names(learner: str) -> tuple[str, str, str]:
    """The three computer players: the defaults, skipping any the learner's own name would clash with."""
    names = [n for n in (*DEFAULT_BOTS, *SPARE_BOTS) if n.casefold() != learner.strip().casefold()]
    return (names[0], names[1], names[2])


@dataclass(frozen=True)
class Logged:
    """One event of the game log, with the deal it belongs to (0: the draw) and the action that caused it."""

    deal: int
    action: int
    event: Event


LOG = Key[list[Logged]]("play.log", factory=list)  # the events shown, with the action that caused each


def log() -> list[Logged]:
    return LOG.setdefault()


def _record(match: Match) -> None:
    """Append the events of the learner's last action (all of them: hiding is decided when drawing), then
    keep the game in the progress file."""
    action = ACTION.value() + 1
    ACTION.set(action)
    log().extend(Logged(match.deal_number, action, event) for event in match.events(see_everything=True))
    persist(match)


# --- the saved game: a reload or a new tab resumes it -------------------------------------------------------

GAME_PARAM = "game"  # ?game=<token>, how a guest's game was once found again: it opens nothing now


def drop_game_link() -> None:
    """Take an old ``?game=`` off the address: a guest's game is found by the browser's cookie, never a link
    (which a shared screen or a history would hand to anyone)."""
    if GAME_PARAM in st.query_params:
        del st.query_params[GAME_PARAM]


def learner_name() -> str | None:
    """The chosen learner, or ``None`` for a guest (whose game is kept under the browser's cookie)."""
    progress = state.progress()
    chosen = isinstance(progress, state.SavedProgress) and progress.guest is None
    return progress.learner if chosen else None


def owners() -> list[Owner]:
    """Where this session's game is kept: the chosen learner's, or the guest's of this browser's cookie; none
    for a guest whose browser sent no cookie. A learner never sees a guest's game, nor a guest another's."""
    learner = learner_name()
    if learner:
        return [Owner(learner=learner)]
    token = guest.token()
    return [] if token is None else [Owner(guest=token)]


def snapshot(match: Match) -> dict[str, object]:
    """The match and what the page showed of it (the game log, how far the draw was stepped through), and the
    session playing it (a browser moved to another instance takes the game up again: :func:`carry_on`)."""
    return {
        "match": match.to_dict(),
        "log": [[e.deal, e.action, e.event.to_dict()] for e in log()],
        "action": ACTION.value(),
        "draw_shown": DRAW_SHOWN.value(),
        SESSION_FIELD: continued.this_session(),
    }


SESSION_FIELD = "session"  # in a saved game: the id of the session that last saved it


def carry_on() -> None:
    """A browser whose instance died mid-game, reconnected to this one without a reload: its game goes on at once
    (no "Resume" to click), when the game waiting is the one its earlier session was playing."""
    earlier = continued.continues()
    db = state.database()
    if earlier is None or db is None or game() is not None or GUIDED.get():
        return
    for owner in owners():
        try:
            data = load_game(db, owner)
        except (ProgressUnavailable, SavedGameError):
            return  # the start screen says why the game cannot be read
        if data is not None and data.get(SESSION_FIELD) == earlier:
            resume_game()
            return


def _count(value: object) -> int:
    """A number read back from a saved game; anything else is damage (a ``TypeError``, as ``int`` raises)."""
    if isinstance(value, int | float | str):
        return int(value)
    raise TypeError(f"{value!r} is not a number")


def restore(data: dict[str, object]) -> tuple[Match, list[Logged], int, int]:
    """A snapshot back as a match, its log, the last action's number and the draw's progress; a damaged
    one raises :class:`RuleViolation`."""
    try:
        raw_match = data["match"]
        if not isinstance(raw_match, dict):
            raise RuleViolation("the saved game has no match")
        match = Match.from_dict(raw_match)
        entries = data.get("log") or []
        if not isinstance(entries, list):
            raise RuleViolation("the saved game's log is not a list")
        logged = [Logged(int(d), int(a), Event.from_dict(e)) for d, a, e in entries]
        return match, logged, _count(data.get("action") or 0), _count(data.get("draw_shown") or 0)
    except RuleViolation as error:
        damaged = "the saved game is damaged"
        raise RuleViolation(error.message if damaged in error.message else f"{damaged}: {error.message}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RuleViolation(f"the saved game is damaged ({type(error).__name__}: {error})") from None


def persist(match: Match) -> None:
    """Keep the game for this learner (or guest) after each action; a finished game is forgotten. A file
    that cannot take it is said on the page (for a while: a busy file or a full disk; the save waits with
    the session's other writes, :class:`tutor.app.state.SavedProgress`); the game goes on in this session."""
    if GUIDED.get():
        return  # the guided deal is a script, started again from its link: never in place of a real game
    db = state.database()
    if db is None:
        UNSAVED.set(_not_saved(state.problem(language()) or ""))
        return
    if not owners():
        UNSAVED.set(_not_saved(guest.blocked(language())))
        return
    (owner,) = owners()
    progress = state.progress()
    try:
        write = clear_write(db, owner) if match.phase == "game-over" else game_write(db, owner, snapshot(match))
        saved = True
        if write is not None:
            if isinstance(progress, state.SavedProgress):
                saved = progress.save(write)  # after what waits, or waits with it
            else:
                with db.using(write=True) as conn:
                    write.apply(conn)
    except (ProgressUnavailable, SavedGameError) as problem:
        UNSAVED.set(_not_saved(_why(problem)))
        return
    if saved:
        UNSAVED.set(None)
    elif isinstance(progress, state.SavedProgress) and progress.problem is not None:
        UNSAVED.set(_not_saved(progress.problem.words(language())))
    elif isinstance(progress, state.SavedProgress) and progress.waiting is not None:
        why = state.reason_words(progress.waiting, language())
        # Translators: {problem} names the progress file and why it cannot take the game now (busy, disk full).
        UNSAVED.set(ui.gettext(language(), "The game is waiting to be saved: {problem}", problem=why))


def _not_saved(problem: str) -> str:
    return ui.gettext(language(), "The game is not being saved: {problem}", problem=problem)


def is_saved() -> bool:
    """Whether the game on the page is in the progress file as it stands (said beside the game)."""
    return UNSAVED.get() is None and not GUIDED.get() and state.database() is not None


def _why(problem: Exception) -> str:
    """Why a game was not saved or read, in the page's language: the progress file's problem or the saved
    game's own."""
    if isinstance(problem, ProgressUnavailable | SavedGameError):
        return problem.words(language())
    return str(problem)


@dataclass(frozen=True)
class Waiting:
    """A saved game found on opening the page: whose, the match (or why it cannot be read)."""

    owner: Owner
    match: Match | None
    problem: str | None


def waiting_game() -> Waiting | None:
    """The saved game this session may resume (the learner's first, then the guest's), if any."""
    db = state.database()
    if db is None:
        return None
    for owner in owners():
        try:
            data = load_game(db, owner)
            if data is None:
                continue
            match, _, _, _ = restore(data)
        except (ProgressUnavailable, SavedGameError) as problem:
            return Waiting(owner, None, _why(problem))
        except RuleViolation as problem:
            return Waiting(owner, None, problem.message)
        return Waiting(owner, match, None)
    return None


def resume_game() -> None:
    """Resume button: the saved game, as it was after the last action."""
    db = state.database()
    found = waiting_game()
    if db is None or found is None or found.match is None:
        return
    data = load_game(db, found.owner)
    assert data is not None
    match, logged, action, shown = restore(data)
    forget(HINT_RESULT, SAVED, ADVICE, ERROR)
    MATCH.set(match)
    GUIDED.set(False)
    LOG.set(logged)
    ACTION.set(action)
    DRAW_SHOWN.set(shown)
    MORDIENNE.set(match.mordienne)
    persist(match)


def discard_waiting() -> None:
    """Forget the saved game and stay on the start screen."""
    db = state.database()
    if db is None:
        return
    for owner in owners():
        try:
            clear_game(db, owner)
        except ProgressUnavailable as problem:
            ERROR.set(_why(problem))


def waiting_summary(match: Match) -> str:
    """Where a saved game stands, in one line."""
    _ = t()
    ns, ew = match.scores()[Team.NS], match.scores()[Team.EW]
    state_now = match.state
    if match.phase == "play" and state_now is not None:
        return _(
            "game number {seed}, deal {deal} of {total}, trick {trick}, waiting for your card; score North–South {ns}, "
            "East–West {ew}",
            seed=match.seed,
            deal=match.deal_number,
            total=DEALS_PER_GAME,
            trick=len(state_now.tricks) + 1,
            ns=ns,
            ew=ew,
        )
    if match.deal_number:
        return _(
            "game number {seed}, deal {deal} of {total}, waiting for {waiting}; score North–South {ns}, East–West {ew}",
            seed=match.seed,
            deal=match.deal_number,
            total=DEALS_PER_GAME,
            waiting=waiting_for(match.phase),
            ns=ns,
            ew=ew,
        )
    return _("game number {seed}, before the first deal, waiting for the partnership draw", seed=match.seed)


def unsaved() -> str | None:
    return UNSAVED.get()


# --- the guided first deal ------------------------------------------------------------------------------------

GUIDED_PARAM = "guided"  # ?guided=1 opens the guided first deal (Home and the lessons link to it)


def is_guided() -> bool:
    return bool(GUIDED.get()) and game() is not None


def guide(match: Match) -> guided.Expected | None:
    """What the guided deal expects next (``None`` in a free game)."""
    return guided.expected(match) if is_guided() else None


def start_guided() -> None:
    """The scripted deal: the draw is made and shown whole; the guide then leads click by click."""
    name = str(NAME.get() or "").strip() or default_name()
    forget(LOG, ACTION, HINT_RESULT, SAVED, ADVICE, ERROR)
    coach_view.forget()
    match = guided.start(name, bot_names(name))
    MATCH.set(match)
    GUIDED.set(True)
    DRAW_SHOWN.set(len(match.draw_cards))
    _record(match)


def guide_box(match: Match) -> None:
    """The guided deal's one instruction, and why, from the engine's facts."""
    wanted = guide(match)
    if wanted is None:
        return
    with st.container(border=True, key="play-guide"):
        _ = t()
        st.markdown(_("**Learn to play: a guided first deal.** One step at a time; only the step asked for works."))
        st.info(f"**{step_md(wanted.instruction)}**", icon=":material/touch_app:")
        for why in wanted.why:
            st.markdown(f"- {step_md(why)}")


def leave_guided() -> None:
    """From the guided deal to the start screen of a free game."""
    GUIDED.set(False)
    forget(MATCH, LOG, ACTION, DRAW_SHOWN, HINT_RESULT, SAVED, ADVICE, ERROR)
    SEED.set(random.randrange(1_000_000))


def latest() -> list[Event]:
    """The events of the learner's last action, in the order they happened, as the learner may see them."""
    action = ACTION.value()
    return _visible([entry.event for entry in log() if entry.action == action])


def see_everything() -> bool:
    return bool(SEE.value())


def _visible(events: Iterable[Event]) -> list[Event]:
    shown = (event.visible(see_everything()) for event in events)
    return [event for event in shown if event is not None]


def error() -> str | None:
    return ERROR.get()


def _act(action: str, *args: object) -> None:
    """Run a learner action on the match; a refusal is kept to be shown, the state is then unchanged."""
    match = game()
    if match is None:
        return
    ERROR.set(None)
    wanted = guide(match)
    if wanted is not None and not _as_guided(wanted, action, args):
        instruction = render(wanted.instruction, language())
        ERROR.set(ui.gettext(language(), "In the guided deal: {instruction}", instruction=instruction))
        return
    try:
        getattr(match, action)(*args)
    except RuleViolation as refusal:
        ERROR.set(refusal_text(refusal))
        return
    _record(match)


def refusal_text(refusal: RuleViolation) -> str:
    """A refused action in the learner's language where the match says why as data; else its own words."""
    if isinstance(refusal, StepRefusal):
        return render(refusal.step, language())
    if isinstance(refusal, WrongPhase) and refusal.phase:
        return ui.gettext(
            language(), "That can't be done now: the game is waiting for {waiting}.", waiting=waiting_for(refusal.phase)
        )
    return refusal.message


def _as_guided(wanted: guided.Expected, action: str, args: tuple[object, ...]) -> bool:
    """Whether the learner's action is the one the guided deal expects."""
    if action == "next_deal":
        return wanted.action == "deal"
    if action == "learner_agrees":
        return wanted.action == "chant" and args == (wanted.agree,)
    # the discards' and the signals' actions take one collection: the cards, the signals' ids
    if action == "learner_discards":
        return wanted.action == "discard" and set(cast(Iterable[object], args[0])) == set(wanted.cards)
    if action == "learner_signals":
        return wanted.action == "signals" and set(cast(Iterable[object], args[0])) == set(wanted.signals)
    if action == "learner_plays":
        return wanted.action == "play" and args == (wanted.cards[0],)
    return False


# --- callbacks --------------------------------------------------------------------------------------------


def start_game() -> None:
    """Start button: the draw is made at once; the page then steps through it."""
    name = str(NAME.get() or "").strip() or default_name()
    seed = int(SEED.get() or 0)
    ERROR.set(None)
    if len(name) > NAME_LIMIT:
        ERROR.set(ui.gettext(language(), "A player's name has at most {limit} characters.", limit=NAME_LIMIT))
        return
    try:
        match = Match.start(bot_names(name), name, seed, bool(MORDIENNE.value()))
    except RuleViolation as refusal:
        ERROR.set(refusal.message)
        return
    forget(LOG, ACTION, DRAW_SHOWN, HINT_RESULT, SAVED, ADVICE)
    MATCH.set(match)
    GUIDED.set(False)
    _record(match)


def new_game() -> None:
    """Back to the start screen with a fresh seed; the saved game is forgotten (not when leaving the guided
    deal, which never replaced it)."""
    if not GUIDED.get():
        discard_waiting()
    GUIDED.set(False)
    forget(MATCH, LOG, ACTION, DRAW_SHOWN, HINT_RESULT, SAVED, ADVICE, ERROR)
    SEED.set(random.randrange(1_000_000))


def draw_step(how: str) -> None:
    """Step through the draw: the next card, up to the next top card, or all."""
    match = game()
    if match is None:
        return
    cards = match.draw_cards
    shown = DRAW_SHOWN.value()
    if how == "card":
        shown += 1
    elif how == "top":
        shown = next((i + 1 for i in range(shown, len(cards)) if cards[i] in TOP_CARDS), len(cards))
    else:
        shown = len(cards)
    DRAW_SHOWN.set(min(shown, len(cards)))
    persist(match)


def next_deal() -> None:
    ADVICE.pop()
    _act("next_deal")


def answer_chant(agree: bool) -> None:
    _act("learner_agrees", agree)


def discard_key(match: Match, c: Card) -> Key[bool]:
    return DISCARD(match.deal_number, c)


def chosen_discards(match: Match) -> list[Card]:
    return [c for c in match.learner_hand() if discard_key(match, c).get()]


def advise_discards() -> None:
    """The engine's "keep the highest": tick its six discards and keep its explanation to show."""
    match = game()
    if match is None or match.phase != "discard":
        return
    advice = match.discard_advice()
    for c in match.learner_hand():
        discard_key(match, c).set(c in advice.discarded)
    ADVICE.set(("discard", match.deal_number, advice.explanation))


def confirm_discards() -> None:
    match = game()
    if match is None:
        return
    ADVICE.pop()
    _act("learner_discards", chosen_discards(match))


def signals_key(match: Match) -> Key[list[str]]:
    return CHOSEN_SIGNALS(match.deal_number)


def advise_signals() -> None:
    """The engine's signals for the learner's hand, pre-selected, with the explanation kept to show."""
    match = game()
    if match is None or match.phase != "signals":
        return
    advice = match.signal_advice()
    signals_key(match).set([s.id for s in advice.signals])
    ADVICE.set(("signals", match.deal_number, advice.explanation))


def confirm_signals() -> None:
    match = game()
    if match is None:
        return
    chosen = list(signals_key(match).get() or [])
    ADVICE.pop()
    _act("learner_signals", chosen)


def play_card(code: str, turn: int) -> None:
    """A card button: played only if no card was played since the button was drawn (``turn`` cards then).
    A second click of a double-click, or a click on a page drawn before the last card, does nothing."""
    match = game()
    if match is None or match.deal is None or len(match.deal.plays) != turn:
        return
    _act("learner_plays", parse_card(code))


def set_mordienne() -> None:
    """The setting changed: it applies to the deals scored from now on."""
    match = game()
    if match is not None:
        match.set_mordienne(bool(MORDIENNE.value()))
        persist(match)


def save() -> None:
    """Save the last finished deal as a scenario file; remember the path and the text for the download."""
    match = game()
    if match is None:
        return
    ERROR.set(None)
    number = match.deal_number
    try:
        path = save_deal(match, saved_deals.folder(), number)
        text = path.read_text(encoding="utf-8")
    except (RuleViolation, OSError) as problem:
        reason = str(getattr(problem, "message", problem))
        ERROR.set(ui.gettext(language(), "The deal could not be saved: {reason}", reason=reason))
        return
    SAVED.setdefault()[number] = (str(path), text)


def saved(match: Match) -> tuple[Path, str] | None:
    """The file this deal was saved to and its text, if it was saved."""
    found = SAVED.value().get(match.deal_number)
    return (Path(found[0]), found[1]) if found else None


# --- the hint ---------------------------------------------------------------------------------------------


def hint_request(match: Match) -> HintRequest:
    """What the learner knows now, asked as the coach asks it after the deal (:mod:`tutor.play.asking`)."""
    deal, state = match.deal, match.state
    assert deal is not None and state is not None
    return asking.hint_request(match, deal, state)


def _hint_key(match: Match) -> tuple[int, int, int]:
    deal = match.deal
    return (match.seed, match.deal_number, len(deal.plays) if deal else 0)


def current_hint(match: Match) -> Hint | None:
    """The hint computed for this very moment of the deal, if the learner asked for it."""
    stored = HINT_RESULT.get()
    return stored[1] if stored and stored[0] == _hint_key(match) else None


def compute_hint(match: Match) -> Hint:
    """Run the playouts (seeded by the game and the position, so the same moment gives the same hint)."""
    key = _hint_key(match)
    result = hint(hint_request(match), playouts=HINT_PLAYOUTS, seed=hash(key) & 0xFFFF_FFFF)
    HINT_RESULT.set((key, result))
    return result


def _locale() -> str:
    lang_now = language()
    return SOURCE_LANGUAGE if lang_now == PSEUDO_LANGUAGE else lang_now


def pct(x: float) -> str:
    """A chance as a whole percentage, written as the learner's language writes one ("35%", "35 %")."""
    return format_percent(x, locale=_locale())


def points(x: float) -> str:
    """A chance's margin in percentage points, one decimal, with the language's decimal sign ("1.4", "1,4")."""
    return format_decimal(round(100 * x, 1), format="0.0", locale=_locale())


# --- drawing: small pieces --------------------------------------------------------------------------------


def team_names(match: Match, team: Team) -> str:
    names = match.names
    a, b = team.seats
    # Translators: two players' names, a partnership. (Names are shown as typed: escaped for Markdown.)
    return ui.gettext(language(), "{first} and {second}", first=md(names[a]), second=md(names[b]))


def scores(match: Match) -> dict[Team, int]:
    """The game score, worked out by the match once per finished deal (not on every rerun)."""
    key = (match.seed, match.learner, tuple(deal.mordienne for deal in match.deals))
    cached = SCORES.get()
    if cached is None or cached[0] != key:
        cached = (key, match.scores())
        SCORES.set(cached)
    return cached[1]


def score_line(match: Match) -> str:
    """``North-South (Alex and Bastien) 2 – East-West (Anne and Colette) 1``."""
    scores_now = scores(match)
    return ui.gettext(
        language(),
        "North–South ({ns_names}) **{ns}** – East–West ({ew_names}) **{ew}**",
        ns_names=team_names(match, Team.NS),
        ns=scores_now[Team.NS],
        ew_names=team_names(match, Team.EW),
        ew=scores_now[Team.EW],
    )


def signal_icons(shown: Sequence[SignalShown], seat: Seat) -> str:
    """The signals a seat gave, as icons with the gesture as tooltip and accessible name."""
    parts = []
    for s in shown:
        if s.seat is seat:
            parts.append(gesture_svg(s.id, width=26, label=render(s.step, language())))
    return f'<div class="alu-sigs">{"".join(parts)}</div>' if parts else ""


def signals_html(shown: Sequence[SignalShown]) -> str:
    """Signals as rows: a big icon, who does what, and what it says."""
    rows = []
    for s in shown:
        rows.append(
            f'<div class="alu-sig-row" data-signal="{_e(s.id)}" data-seat="{s.seat.value}">'
            f'<span class="alu-sig-icon">{gesture_svg(s.id, width=36, label=gesture_word(s.id))}</span>'
            f"<span>{_e(render(s.step, language()))}</span></div>"
        )
    return "".join(rows)


def events_markdown(events: Sequence[Event]) -> str:
    """Events as Markdown: a bold title, then the engine's steps as a list (rendered, shown literally)."""
    blocks = []
    for event in events:
        blocks.append(f"**{step_md(event.title)}**\n\n{steps_md(event.steps)}")
    return "\n\n".join(blocks)


def _fan(count: int, width: int, label: str) -> str:
    """``count`` backs overlapping like a held hand."""
    if not count:
        return ""
    step = max(8, width // 4)
    # the slots before the last shrink (down to 2 px) in a narrow seat, so East's fan stays inside the table
    slots = "".join(
        f'<div style="{f"width:{width}px;flex:none" if i == count - 1 else f"flex:0 1 {step}px;min-width:2px"}">'
        f"{card_svg(None, width=width)}</div>"
        for i in range(count)
    )
    return f'<div class="alu-fan alu-hand" role="group" aria-label="{_e(label)}" style="display:flex">{slots}</div>'


# --- the table --------------------------------------------------------------------------------------------


def table_html(match: Match) -> str:
    """The table: N top, S bottom, W left, E right; names, who deals and who is eldest, tricks won,
    signals, the hidden hands face down (face up with "see everything"), the trick under way in the middle.

    South's own hand is drawn under the table by the page (as buttons in the play phase).
    """
    see = see_everything()
    _ = t()
    here = lang()
    table = match.table(see_everything=see)
    state = match.state
    leader = state.leader if state is not None and match.phase == "play" else None
    cells: dict[Seat, str] = {}
    for seat in SEAT_ORDER_DRAWN:
        badges = [views.seat_chip(seat)]
        # Translators: the badges beside a player's name at the table: keep them short.
        if seat is table.dealer:
            badges.append(views.badge(ui.pgettext(here, "a badge: this player deals", "deals"), "dealer"))
        if seat is table.eldest:
            badges.append(views.badge(ui.pgettext(here, "a badge: this player is the eldest", "eldest"), "eldest"))
        if seat is leader:
            badges.append(views.badge(ui.pgettext(here, "a badge: this player leads the trick", "leads"), "leader"))
        if seat is table.to_play:
            badges.append(views.badge(_("your turn") if seat is LEARNER else _("to play"), "turn"))
        if state is not None:
            won = table.tricks_won.get(seat, 0)
            badges.append(views.badge(ui.ngettext(here, "{n} trick", "{n} tricks", won)))
        head = (
            f'<div class="alu-seat-head"><span class="alu-seat-name">{_e(table.names[seat])} '
            f'<span class="alu-who">{_e(relation_label(seat))}</span></span>'
            f"{''.join(badges)}</div>"
        )
        body = signal_icons(table.signals, seat)
        if seat is not LEARNER and table.deal_number:
            hand = table.hands.get(seat)
            size = table.hand_sizes.get(seat, 0)
            if hand is not None:
                body += cards_html(list(hand), width=40, label=_("{name}'s hand", name=table.names[seat]), gap=2)
            else:
                fan = ui.ngettext(
                    here, "{name}: {n} face-down card", "{name}: {n} face-down cards", size, name=table.names[seat]
                )
                body += _fan(size, 40, fan)
        cells[seat] = head + body
    centre = _centre(match)
    aria = _("the table")
    parts = [f'<div class="alu-table alu-wide alu-play" role="group" aria-label="{_e(aria)}">']
    for seat in (Seat.N, Seat.W):
        parts.append(
            f'<div class="alu-seat alu-seat-{seat.value.lower()}" data-seat="{seat.value}">{cells[seat]}</div>'
        )
    parts.append(f'<div class="alu-centre">{centre}</div>')
    for seat in (Seat.E, Seat.S):
        parts.append(
            f'<div class="alu-seat alu-seat-{seat.value.lower()}" data-seat="{seat.value}">{cells[seat]}</div>'
        )
    parts.append("</div>")
    return "".join(parts)


def _centre(match: Match) -> str:
    """The middle of the table: the trick under way, each card on its player's side, numbered in order."""
    state = match.state
    phase = match.phase
    _ = t()
    number, total = match.deal_number, DEALS_PER_GAME
    if phase == "chant":
        note = _("Deal {number} of {total}: the chant?", number=number, total=total)
        return f'<div class="alu-turn-note">{_e(note)}</div>'
    if phase == "discard":
        note = _("Deal {number} of {total}: your discards", number=number, total=total)
        return f'<div class="alu-turn-note">{_e(note)}</div>'
    if state is None:
        return ""
    if phase == "signals":
        note = _("Signals before the first trick")
        return f'<div class="alu-turn-note">{_e(note)}</div>'
    if state.finished:
        note = _("The deal is over")
        return f'<div class="alu-turn-note">{_e(note)}</div>'
    trick_number = len(state.tricks) + 1
    plays = dict(state.current_plays)
    order = {seat: n for n, (seat, _) in enumerate(state.current_plays)}
    spot = {}
    for seat in (Seat.N, Seat.W, Seat.E, Seat.S):
        if seat in plays:
            spot[seat] = card_svg(plays[seat], width=64, caption=ordinal(order[seat]))
        else:
            spot[seat] = '<div class="alu-cross-empty"></div>'
    names = match.names
    if not plays and state.leader is LEARNER:
        label = _("Trick {number} of {total}: you lead", number=trick_number, total=TRICKS)
    elif not plays:
        label = _(
            "Trick {number} of {total}: {name} leads", number=trick_number, total=TRICKS, name=names[state.leader]
        )
    else:
        label = _(
            "Trick {number} of {total}, led by {name}", number=trick_number, total=TRICKS, name=names[state.leader]
        )
    aria = _("the trick under way")
    return (
        f'<div class="alu-cross-label">{_e(label)}</div>'
        f'<div class="alu-cross" role="group" aria-label="{_e(aria)}">'
        f'<div></div><div data-seat="N">{spot[Seat.N]}</div><div></div>'
        f'<div data-seat="W">{spot[Seat.W]}</div><div></div><div data-seat="E">{spot[Seat.E]}</div>'
        f'<div></div><div data-seat="S">{spot[Seat.S]}</div><div></div></div>'
    )


def trick_html(match: Match, number: int, width: int = 48) -> str:
    """Finished trick ``number`` (1-based) of the current deal: the four cards in play order, the winner
    highlighted or the tied cards marked, and who won."""
    state = match.state
    assert state is not None
    trick = state.tricks[number - 1]
    names = match.names
    items = []
    for n, (seat, c) in enumerate(trick.plays):
        mark = card_svg(
            c,
            width=width,
            highlight=seat is trick.winner,
            spoiled=seat in trick.tied_seats,
            caption=f"{n + 1} {seat.value}",
        )
        items.append(f'<div data-seat="{seat.value}">{mark}</div>')
    _ = t()
    result = (
        views.seat_chip(None, text=ui.pgettext(lang(), "a trick with no winner", "spoiled"))
        if trick.winner is None
        else views.seat_chip(trick.winner, text=_("{name} wins", name=names[trick.winner]))
    )
    return (
        f'<div class="alu-block" data-trick="{number}"><div class="alu-row" style="align-items:center">'
        f"{''.join(items)}<div>{result}</div></div></div>"
    )


def tricks_grid_html(match: Match) -> str:
    """Every finished trick of the deal as a row: who led, each seat's card (numbered in play order), result."""
    state = match.state
    if state is None or not state.tricks:
        return ""
    return views.tricks_grid_html(state.tricks, names=match.names, width=44)


# --- the draw ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawView:
    """The draw as far as it has been stepped through."""

    shown: int  # cards dealt so far
    total: int
    html: str
    steps: tuple[Step, ...]  # the engine's steps for the cards shown (all steps once complete)
    complete: bool


def draw_view(match: Match, shown: int) -> DrawView:
    """The players (in the order they receive cards) with the first ``shown`` cards, numbered."""
    draw = match.draw()
    cards = match.draw_cards
    shown = max(0, min(shown, len(cards)))
    number = {c: i for i, c in enumerate(cards, start=1)}
    dealt = set(cards[:shown])
    boxes = []
    seats = match.seats
    complete = shown == len(cards)
    _ = t()
    nothing_yet = _("no card yet")
    for name in match.draw_players:
        got = [c for c in draw.received[name] if c in dealt]
        has_top = any(c in TOP_CARDS for c in got)
        row = (
            cards_html(
                got,
                width=44,
                captions=[str(number[c]) for c in got],
                highlight=[c for c in got if c in TOP_CARDS],
                label=_("{name}'s cards", name=name),
                gap=2,
            )
            if got
            else f'<div class="alu-note">{_e(nothing_yet)}</div>'
        )
        mine = name == match.learner
        if complete and mine:
            heading = _("{name} (you) → {seat}", name=name, seat=seats[name])
        elif complete:
            heading = f"{name} → {format_value(seats[name], '', language())}"
        else:
            heading = _("{name} (you)", name=name) if mine else name
        extra = " alu-player-top" if has_top else ""
        boxes.append(
            f'<div class="alu-player{extra}" data-player="{_e(name)}"><div class="alu-player-name">'
            f"{_e(heading)}</div>{row}</div>"
        )
    # The engine explains the draw one step per card dealt (each marked with its card's number), then the
    # partnerships and the first dealer: part way through, only the steps of the cards dealt so far.
    steps = draw.explanation
    shown_steps = steps if complete else tuple(s for s in steps if s.draw_card is not None and s.draw_card <= shown)
    return DrawView(shown, len(cards), f'<div class="alu-drawn">{"".join(boxes)}</div>', shown_steps, complete)


def seating_html(match: Match) -> str:
    """Who sits where after the draw, and who deals first (no hands yet)."""
    names = match.names
    first = match.first_dealer
    _ = t()
    cells = {}
    for seat in (Seat.N, Seat.W, Seat.E, Seat.S):
        badges = [views.seat_chip(seat)]
        if seat is first:
            badges.append(views.badge(_("deals first"), "dealer"))
        cells[seat] = (
            f'<div class="alu-seat-head"><span class="alu-seat-name">{_e(names[seat])} '
            f'<span class="alu-who">{_e(relation_label(seat))}</span></span>'
            f"{''.join(badges)}</div>"
        )
    aria = _("the seating")
    parts = [f'<div class="alu-table alu-play" role="group" aria-label="{_e(aria)}">']
    for seat in (Seat.N, Seat.W):
        parts.append(f'<div class="alu-seat alu-seat-{seat.value.lower()}">{cells[seat]}</div>')
    parts.append('<div class="alu-centre"></div>')
    for seat in (Seat.E, Seat.S):
        parts.append(f'<div class="alu-seat alu-seat-{seat.value.lower()}">{cells[seat]}</div>')
    parts.append("</div>")
    return "".join(parts)


# --- widgets ----------------------------------------------------------------------------------------------


def settings(in_game: bool) -> None:
    """The two settings; in a game, mordienne applies from the next deal scored."""
    _ = t()
    rule = _(
        "Optional rule: the deal's point is worth 2 when the player who wins it did not win the first trick, "
        "won no trick before their first win, and from then on won every trick to the ninth."
    )
    st.toggle(
        _("Mordienne rule"),
        key=MORDIENNE,
        on_change=set_mordienne,
        persist_state="session",
        help=rule + (" " + _("A change applies from the next deal scored.") if in_game else ""),
    )
    st.toggle(
        _("See everything"),
        key=SEE,
        persist_state="session",
        help=_("Show every hand, the opponents' signals and the hidden steps of the explanations (for study)."),
    )


def show_error() -> None:
    message = error()
    if message:
        st.error(md(message), icon=":material/block:")  # it may quote a name: shown as typed


def hand_slots(match: Match) -> list[Card]:
    """South's cards in fixed places: in play, the nine of the deal, each keeping its place after it is played
    (so a second click where a card was lands on nothing, not on the next card)."""
    deal = match.deal
    if deal is None:
        return []
    if match.phase in ("play", "deal-over", "game-over"):
        return list(ordered(deal.hand(LEARNER)))
    return list(match.learner_hand())


def card_key(match: Match, c: Card) -> Key[bool]:
    """A card button's key names the deal and the cards played so far: a button drawn before the last card
    is another widget than the one drawn after it."""
    deal = match.deal
    return CARD(match.deal_number, len(deal.plays) if deal else 0, c)


def hand_row(match: Match, clickable: bool, chances: Hint | None = None) -> None:
    """South's hand under the table, a wrapping grid (one row on a desktop, three on a phone): each card
    drawn above its Play button (only on the learner's turn); a card played leaves an empty place."""
    slots = hand_slots(match)
    if not slots:
        return
    in_hand = set(match.learner_hand())
    legal = set(match.legal_cards()) if clickable else set()
    wanted = guide(match)
    if wanted is not None:
        legal &= set(wanted.cards)  # the guided deal accepts only its card
    deal = match.deal
    turn = len(deal.plays) if deal else 0
    _ = t()
    with st.container(horizontal=True, gap="small", key=f"{P}hand"):
        for c in slots:
            with st.container(width=SLOT_PX, gap="small"):
                if c not in in_hand:
                    played = _("{card:label}: played", card=c)
                    st.markdown(
                        f'<div class="alu-slot-empty" title="{_e(played)}" aria-hidden="true"></div>',
                        unsafe_allow_html=True,
                    )
                    continue
                best = chances is not None and c == chances.best
                st.markdown(
                    f'<div class="alu-slot-card">{card_svg(c, width=CARD_PX, highlight=best)}</div>',
                    unsafe_allow_html=True,
                )
                if chances is not None and c in chances.chances:
                    err = chances.standard_errors.get(c, 0.0)
                    label = f"{pct(chances.chances[c])} ± {points(err)}"
                    st.caption(f"★ **{label}**" if best else label)
                if clickable:
                    st.button(
                        card_words(c, _.lang),  # the code in English, the card in words in any other language
                        key=card_key(match, c),
                        on_click=play_card,
                        args=(str(c), turn),
                        disabled=c not in legal,
                        type="primary" if best else "secondary",
                        width="stretch",
                        help=_("Play {card:label}", card=c),
                    )


def discard_grid(match: Match) -> None:
    """The fifteen cards of a chanter as a wrapping grid, each with its "discard" tick box."""
    with st.container(horizontal=True, gap="small", key=f"{P}discards"):
        for c in match.learner_hand():
            with st.container(width=SLOT_PX, gap="small"):
                gone = bool(discard_key(match, c).get())
                picture = card_svg(c, width=CARD_PX, dimmed=gone)
                st.markdown(f'<div class="alu-slot-card">{picture}</div>', unsafe_allow_html=True)
                st.checkbox(card_words(c, t().lang), key=discard_key(match, c))


def signal_options() -> dict[str, str]:
    """Each signal's id and its meaning in the learner's language: the choices of the signals widget (a
    lookup made once per run, so the widget's labels never depend on where they are read)."""
    lang_now = language()
    return {s.id: format_value(s, "meaning", lang_now) for s in SIGNALS}


def gesture_word(sid: str) -> str:
    """A signal's gesture in the learner's language (the accessible name of its picture)."""
    s = next(s for s in SIGNALS if s.id == sid)
    return format_value(s, "gesture", language())


def is_chanter(match: Match) -> bool:
    """Whether the learner receives talon cards if the chant happens (the eldest and the dealer do)."""
    return match.dealer is not None and bots.is_chanter(LEARNER, match.dealer)


def game_log() -> None:
    """Everything so far this game, newest first, as the learner may see it."""
    entries = list(reversed(log()))
    if not entries:
        return
    _ = t()
    with st.expander(_("Game log: every explanation so far, newest first")):
        current = None
        for entry in entries:
            shown = entry.event.visible(see_everything())
            if shown is None:
                continue
            if entry.deal != current:
                current = entry.deal
                heading = _("The draw") if entry.deal == 0 else _("Deal {number}", number=entry.deal)
                st.markdown(f"### {heading}")
            st.markdown(events_markdown([shown]))


def trick_number(event: Event) -> int | None:
    """The trick a ``trick`` event explains (a field of the event's title, never read from its words)."""
    return event.trick if event.kind == "trick" else None


def latest_panel(match: Match, kinds: Sequence[str]) -> None:
    """What the learner's last action caused (events of ``kinds``), in order; a finished trick is drawn
    above its explanation."""
    for event in latest():
        if event.kind not in kinds:
            continue
        number = trick_number(event)
        with st.container(border=True):
            if number is not None and match.state is not None and number <= len(match.state.tricks):
                st.markdown(f"**{step_md(event.title)}**")
                st.markdown(trick_html(match, number), unsafe_allow_html=True)
                st.markdown(steps_md(event.steps))
            else:
                st.markdown(events_markdown([event]))


def chosen_signal_ids(match: Match) -> list[str]:
    return list(signals_key(match).get() or [])


def advice(kind: str, match: Match) -> tuple[Step, ...] | None:
    """The advice explanation the learner asked for in this deal, if any."""
    stored = ADVICE.get()
    if stored and stored[0] == kind and stored[1] == match.deal_number:
        return tuple(stored[2])
    return None


def winner_line(match: Match) -> str:
    """The game's result in one line, from the engine's total."""
    result = match.game()
    if result is None:
        return ""
    ns, ew = result.scores[Team.NS], result.scores[Team.EW]
    _ = t()
    if result.winner is None:
        return _("A drawn game, {ns}–{ew}.", ns=ns, ew=ew)
    high, low = max(ns, ew), min(ns, ew)
    names = team_names(match, result.winner)
    if result.winner is Team.NS:
        return _("North–South ({names}) win the game {high}–{low}. You win!", names=names, high=high, low=low)
    return _("East–West ({names}) win the game {high}–{low}.", names=names, high=high, low=low)


def draw_summary(match: Match) -> list[Event]:
    """The draw's conclusion: the engine's steps after the card-by-card ones (those about a card of the draw),
    the seating and the first dealer."""
    events = []
    for entry in log():
        if entry.deal != 0:
            continue
        event = entry.event
        keep = [n for n, s in enumerate(event.steps) if s.draw_card is None]
        if len(keep) < len(event.steps):
            steps, secret = tuple(event.steps[n] for n in keep), tuple(event.secret[n] for n in keep)
            event = Event(event.kind, event.title, steps, secret)
        events.append(event)
    return _visible(events)


def partner_signals(match: Match) -> None:
    """The signals of this deal: the partner's; the opponents' with "see everything". (The learner's own are
    the icons under South on the table.)"""
    shown = match.signals_shown(see_everything=see_everything())
    names = match.names
    _ = t()
    groups = (
        (_("{name}'s signals (your partner, North)", name=names[PARTNER]), [s for s in shown if s.seat is PARTNER]),
        (
            _("East and West's signals (seen because “see everything” is on)"),
            [s for s in shown if s.seat.team is Team.EW],
        ),
    )
    with st.container(border=True):
        for title, group in groups:
            if group:
                st.markdown(f"**{md(title)}**")
                st.markdown(signals_html(group), unsafe_allow_html=True)
        if match.phase == "signals" and not any(s.seat is PARTNER for s in shown):
            st.markdown("**" + _("{name} gives no signal.", name=md(names[PARTNER])) + "**")
