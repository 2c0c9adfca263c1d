"""The phones' page of a live round (``/round?code=CODE``): join, answer on the cards, see your own verdict.

The page draws the round as the database has it (:mod:`tutor.progress.rounds`), never as one process
remembers it: a phone served by another instance than the projector's, or one that reloaded, slept or lost its
connection, draws the same. It follows the round by itself: a small fragment reads the round's ``revision``
every :data:`POLL_SECONDS` (one indexed query) and reruns the page only when the teacher acted, so the
phone's own clicks on the cards are never disturbed by other people's answers.

* Joining: each code a session opens and each name a guest gives is a try counted for the client, with
  /join's (:func:`tutor.progress.rounds.open_round`): too many in a minute, and one line says to wait.
  The browser's learner joins as they are; a guest is first asked for a name (a name a learner
  already has is refused: nobody answers as someone else). Anyone with the code may join, a class's member or
  not.
* Lobby: "You are in" and the name. Question: the scenario asked on the cards exactly as Practice asks it
  (:func:`tutor.app.quiz.play`, with a recorder that sends the answer to the round); once sent, "Answer sent",
  read back from the store after a reload. A second answer (another tab) is refused with a line. Reveal:
  the person's own verdict and the engine's explanation, Practice's reveal (:func:`tutor.app.reveal.show`),
  graded again from the answer kept in the store. Summary: the person's score (and place, when the teacher
  shows a leaderboard). Ended: a line and a link Home.
"""

from __future__ import annotations

import streamlit as st

from tutor.app import cardfiles, client, learners, quiz, reveal, scenario_view, state, views
from tutor.app import kinds as app_kinds
from tutor.app import lang as app_lang
from tutor.app.markup import md
from tutor.app.session import Key
from tutor.content.grading import grade
from tutor.content.scenario import Scenario
from tutor.engine import Explained
from tutor.i18n import ui
from tutor.progress import classes, rounds
from tutor.progress.classes import typed_code
from tutor.progress.db import ProgressUnavailable
from tutor.progress.records import Answer
from tutor.progress.rounds import Round
from tutor.progress.store import LearnerError, ProgressDB

PREFIX = "round"  # the scenario's attempt and widgets (tutor.app.quiz) under it
POLL_SECONDS = 1.0  # how often a phone looks whether the teacher acted: a Reveal reaches it within about this
CODE = Key[str]("round.code")  # the code typed when the address had none
NAME = Key[str]("round.name")  # a guest's name, typed to join
JOIN = Key[bool]("round.join")
GO = Key[bool]("round.go")
ERROR = Key[str | None]("round.error")  # why the name or the code was refused: one line
JOINED = Key[int]("round.joined")  # the round this session joined (its id)
TRIED = Key[str]("round.tried")  # the code whose try this session counted (its reruns are no new tries)
SEEN = Key[int]("round.seen")  # the round's revision the page was drawn at
SENT = Key[tuple[int, int, str]]("round.sent")  # (round, position, what happened to the answer sent)
SOLVED = Key[tuple[str, str, Explained]]("round.solved")  # (scenario id, language, its solved result)

KEPT, REFUSED, FAILED = "kept", "refused", "failed"


# --- who answers ------------------------------------------------------------------------------------------------


def learner_id() -> int | None:
    """The id of the session's named learner in the store; None for a guest (or a store not in use)."""
    progress = state.progress()
    if learners.is_guest(progress) or not isinstance(progress, state.SavedProgress):
        return None
    store = progress.store
    return None if store is None else store.id


def _join_as_new(db: ProgressDB, lang: str) -> None:
    """The name form's callback: a new learner with the typed name, chosen for this browser. It counts as a
    try of the client's, as on /join: a script cannot make learners (or probe names) by the hundred."""
    try:
        classes.counted_try(db, client.key(), rounds.too_many_round_joins())
        name = db.create_learner(NAME.get() or "")
    except (LearnerError, ProgressUnavailable) as error:
        ERROR.set(error.words(lang))
        return
    ERROR.set(None)
    learners.choose(name)


def _go(lang: str) -> None:
    """The code form's callback: the page's address takes the code typed."""
    typed = typed_code(CODE.get() or "")
    if typed is None:
        ERROR.set(no_round(lang))
        return
    ERROR.set(None)
    st.query_params["code"] = typed


def no_round(lang: str) -> str:
    return ui.gettext(lang, "No round is under way with this code: check it on the projector.")


# --- following the round ----------------------------------------------------------------------------------------


@st.fragment(run_every=POLL_SECONDS)
def follow(round_id: int) -> None:
    """Rerun the page when the teacher acted since it was drawn (a bump of the round's revision)."""
    db = state.database()
    if db is None:
        return
    try:
        now = rounds.revision(db, round_id)
    except ProgressUnavailable:
        return  # the store is busy or gone for a moment: the next look may find it
    if now != SEEN.get():
        st.rerun(scope="app")


# --- the page ---------------------------------------------------------------------------------------------------


def page() -> None:
    lang = app_lang.current()
    _ = ui.translator(lang)
    # Translators: the title of the phones' page of a live round.
    st.title(_("Live round"))
    db = state.database()
    if db is None:
        st.error(state.problem(lang) or _("Progress cannot be saved here, so a live round cannot be joined."))
        return
    sent = st.query_params.get("code", "")
    code = typed_code(sent)
    if code is None:
        if sent:  # a code that cannot be one (a typo, a pasted paragraph): said, then asked again
            st.warning(no_round(lang))
        _ask_code(lang)
        return
    try:
        if TRIED.get() != code:  # a code new to this session: a try, counted for the client as /join's are
            rounds.open_round(db, code, client=client.key())
            TRIED.set(code)
        found = _the_round(db, code)
    except rounds.RoundError as limited:
        st.error(limited.words(lang))
        return
    except ProgressUnavailable as error:
        st.error(error.words(lang))
        return
    if found is None:
        st.warning(no_round(lang))
        _home_link(lang)
        return
    who = learner_id()
    if who is None:
        _ask_name(db, found, lang)
        return
    if JOINED.get() != found.id and found.live:
        try:
            rounds.join_round(db, found.id, who)
        except (rounds.RoundError, ProgressUnavailable) as error:
            st.error(error.words(lang))
            return
        JOINED.set(found.id)
    SEEN.set(found.revision)
    # Translators: under the live round's title: the round's code and the name the person plays as.
    st.caption(md(_("Round {code} · you play as {name}", code=found.code, name=state.progress().learner)))
    _phase(db, found, who, lang)
    if found.live:
        follow(found.id)


def _the_round(db: ProgressDB, code: str) -> Round | None:
    """The live round with ``code``; or the round this session joined under that code, ended since."""
    live = rounds.live_round(db, code)
    if live is not None:
        return live
    joined = JOINED.get()
    before = rounds.round_of(db, joined) if joined is not None else None
    return before if before is not None and before.code == code else None


def _ask_code(lang: str) -> None:
    _ = ui.translator(lang)
    with st.form("round.code_form"):
        # Translators: the field for the 6-character code the projector shows.
        st.text_input(_("The round's code"), key=CODE, max_chars=24, placeholder="ABCD23")
        st.form_submit_button(_("Join the round"), type="primary", key=GO, on_click=_go, args=(lang,))
    _error()


def _ask_name(db: ProgressDB, found: Round, lang: str) -> None:
    _ = ui.translator(lang)
    st.markdown(_("Round {code}: tell the room who you are.", code=found.code))
    with st.form("round.name_form"):
        # Translators: the name a guest gives to join a live round (shown on the projector).
        st.text_input(_("Your name"), key=NAME, max_chars=learners.TYPED_LIMIT)
        st.form_submit_button(_("Join the round"), type="primary", key=JOIN, on_click=_join_as_new, args=(db, lang))
    _error()


def _error() -> None:
    said = ERROR.get()
    if said:
        st.error(md(said))


def _home_link(lang: str) -> None:
    st.page_link("screens/home.py", label=ui.pgettext(lang, "menu", "Home"), icon=":material/home:")


def _phase(db: ProgressDB, found: Round, who: int, lang: str) -> None:
    _ = ui.translator(lang)
    if found.phase == "lobby":
        st.info(_("You are in: wait for the first question."), icon=":material/hourglass_top:")
        return
    if found.phase == "ended":
        st.info(_("This round has ended. Thank you for playing!"))
        _home_link(lang)
        return
    if found.phase == "summary":
        _summary(db, found, who, lang)
        return
    scenario = state.course().scenarios.get(found.scenario_id or "")
    if scenario is None:
        st.error(_("This round's scenario is not in this tutor's course."))
        return
    # Translators: where the round is: "Question 2 of 5".
    where = _("Question {number} of {total}", number=found.position + 1, total=len(found.scenario_ids))
    mine = rounds.answer_of(db, found.id, found.position, who)
    if found.phase == "question":
        _question(db, found, who, scenario, where, mine is not None, lang)
    else:
        _reveal(found, scenario, where, mine, lang)


def _question(
    db: ProgressDB, found: Round, who: int, scenario: Scenario, where: str, answered: bool, lang: str
) -> None:
    _ = ui.translator(lang)
    sent = SENT.get()
    happened = sent[2] if sent is not None and sent[:2] == (found.id, found.position) else None
    if happened == REFUSED:
        st.warning(_("You have answered this question already: your first answer is the one that counts."))
    if answered:
        st.success(_("Answer sent: wait for the reveal."), icon=":material/done:")
        return
    if happened == FAILED:
        st.error(_("Your answer could not be sent: check it and send it again."))

    def send(answer: Answer) -> None:
        attempt = quiz.ATTEMPT(PREFIX).get()
        choice = attempt.answers if attempt is not None else {}
        try:
            kept = rounds.submit(db, found.id, found.position, who, answer, choice)
        except ProgressUnavailable:
            kept = None
        if kept is None and attempt is not None:
            attempt.grade = None  # the form again, the widgets as they were: "send it again"
        SENT.set((found.id, found.position, FAILED if kept is None else KEPT if kept else REFUSED))

    quiz.play(PREFIX, scenario, f"{found.id}:{found.position}", where, record=send)


def _solved(scenario: Scenario, lang: str) -> Explained:
    """The scenario's solved result, kept while the round stays on it (a rerun solves nothing again)."""
    kept = SOLVED.get()
    if kept is not None and kept[:2] == (scenario.id, lang):
        return kept[2]
    result = app_kinds.shown(scenario.kind).solved(scenario)
    SOLVED.set((scenario.id, lang, result))
    return result


def _reveal(found: Round, scenario: Scenario, where: str, mine: rounds.RoundAnswer | None, lang: str) -> None:
    # The cards as pictures served as files, as the question before it drew them (quiz.play): thirty phones
    # revealing at once would each be sent every card's whole SVG again, and build each shape of it.
    with cardfiles.as_files():
        _revealed(found, scenario, where, mine, lang)


def _revealed(found: Round, scenario: Scenario, where: str, mine: rounds.RoundAnswer | None, lang: str) -> None:
    _ = ui.translator(lang)
    shown = app_lang.scenario(scenario)
    result = _solved(scenario, lang)
    quiz.heading(shown, where)
    side_by_side = not app_kinds.shown(shown.kind).full_width
    if mine is None:
        st.info(_("You did not answer this one. Here is why the answer is what it is."))
        drawing, why = st.columns(2, gap="large") if side_by_side else (st.container(), st.container())
        with drawing:
            views.show(scenario_view.setup_html(shown, result, reveal=True))
        with why:
            reveal.explanation(result, shown)
        return
    answers: dict[str, object] = dict(mine.choice)
    reveal.show(shown, result, grade(shown, result, answers), answers, side_by_side)


def _summary(db: ProgressDB, found: Round, who: int, lang: str) -> None:
    _ = ui.translator(lang)
    right, answered = rounds.score(db, found.id, who)
    total = len(found.scenario_ids)
    # Translators: a person's score at the end of a live round.
    words = ui.ngettext(
        lang, "You got {right} of {n} question right.", "You got {right} of {n} questions right.", total, right=right
    )
    st.success(words)
    if answered < total:
        st.caption(ui.ngettext(lang, "You answered {n} question.", "You answered {n} questions.", answered))
    if found.leaderboard:
        board = rounds.leaderboard(db, found.id)
        place = next((n for n, standing in enumerate(board, start=1) if standing.learner_id == who), None)
        if place is not None:
            # Translators: the person's place on the round's leaderboard, e.g. "Your place: 3 of 17."
            st.markdown(_("Your place: {place} of {count}.", place=place, count=len(board)))
    st.info(_("Wait for your teacher to end the round."))
