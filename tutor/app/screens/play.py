"""Play a game: the learner (South) and three computer players, from the partnership draw to the fifth deal.

The page is thin: the game is :class:`tutor.play.match.Match` (every rule, every explanation), the drawing
and the callbacks live in :mod:`tutor.app.play_view`. Each phase of the match has its own section below.
"""

from __future__ import annotations

import random

import streamlit as st

from tutor.app import coach_view, saved_deals
from tutor.app import play_view as pv
from tutor.app.markup import md
from tutor.app.reveal import step_md, steps_md
from tutor.engine.game import DEALS_PER_GAME
from tutor.i18n import ui
from tutor.play.match import LEARNER, PARTNER, Match

P = pv.P
st.markdown(pv.css(), unsafe_allow_html=True)
pv.SEED.setdefault(random.randrange(1_000_000))


def start_screen() -> None:
    _ = pv.t()
    st.title(_("Play a game"))
    st.markdown(
        _(
            "You sit South with three computer players. The partnership draw decides who partners you; then five "
            "deals, each with the chant, signals and nine tricks. After every trick the engine explains who won "
            "and why; a **Hint** estimates each card's chance by playing the deal out thousands of times."
        )
    )
    waiting = pv.waiting_game()
    if waiting is not None:
        with st.container(border=True, width=520, key=f"{P}waiting"):
            if waiting.match is not None:
                st.markdown(_("**A game is waiting:** {summary}.", summary=md(pv.waiting_summary(waiting.match))))
                with st.container(horizontal=True):
                    st.button(
                        _("Resume the game"),
                        key=pv.RESUME,
                        type="primary",
                        on_click=pv.resume_game,
                        icon=":material/play_circle:",
                    )
                    st.button(_("Discard it"), key=pv.DISCARD_SAVED, on_click=pv.discard_waiting)
            else:
                st.warning(
                    _("A saved game could not be read: {problem}", problem=md(waiting.problem or "")),
                    icon=":material/warning:",
                )
                st.button(_("Discard it"), key=pv.DISCARD_SAVED, on_click=pv.discard_waiting)
    with st.container(border=True, width=520):
        st.markdown(
            _("**New to the game?** Play one deal with a guide who says what to click and why, then carry on alone.")
        )
        st.button(
            _("Learn to play: a guided first deal"),
            key=pv.GUIDED_START,
            on_click=pv.start_guided,
            icon=":material/school:",
        )
    pv.NAME.setdefault(pv.default_name())
    with st.container(border=True, width=520):
        st.text_input(
            _("Your name (the explanations speak of players by name)"),
            key=pv.NAME,
            max_chars=pv.NAME_LIMIT,
            persist_state="session",
        )
        st.number_input(
            # Translators: the number that decides the random draw and deals (a "random seed", in the learner's words).
            _("Game number"),
            min_value=0,
            max_value=999_999_999,
            step=1,
            key=pv.SEED,
            help=_("The same game number gives the same draw and the same deals: note it to replay a game."),
        )
        pv.settings(in_game=False)
        st.button(_("Start game"), key=pv.START, type="primary", on_click=pv.start_game, icon=":material/play_arrow:")
    pv.show_error()


def header(match: Match) -> None:
    """Where the game is, the score and the settings, on one band."""
    _ = pv.t()
    where, toggles, again = st.columns([6, 3, 2], vertical_alignment="center")
    with where:
        if match.deal_number:
            dealer = md(match.names[match.dealer]) if match.dealer else ""
            # Translators: the heading of a game in progress; {dealer} is a player's name.
            deal = _(
                "Deal {number} of {total} · {dealer} deals",
                number=match.deal_number,
                total=DEALS_PER_GAME,
                dealer=dealer,
            )
            st.markdown(f"## {deal}")
            st.markdown(_("Score: {score}", score=pv.score_line(match)))
        else:
            st.markdown("## " + _("The partnership draw"))
        unsaved = pv.unsaved()
        # "Saved" is said only while true: else the line below says why it is not, or what waits.
        if pv.is_saved() and not pv.is_guided():
            st.caption(
                _("Game number {seed}: the same number deals the same game. Saved after every move.", seed=match.seed)
            )
        else:
            st.caption(_("Game number {seed}: the same number deals the same game.", seed=match.seed))
        if unsaved:
            st.caption(md(unsaved))
    with toggles:
        pv.settings(in_game=True)
    with again:
        st.button(_("New game"), key=pv.NEW, on_click=pv.new_game, icon=":material/restart_alt:")
    pv.show_error()


def draw_phase(match: Match) -> None:
    _ = pv.t()
    st.caption(
        _(
            "Cards are dealt face up, one at a time, to the players in turn; a player who receives one of the four "
            "top cards gets no more. The holders of Monsieur and Madame are partners, and so are the holders of "
            "Le Borgne and La Vache."
        )
    )
    view = pv.draw_view(match, pv.draw_shown())
    with st.container(horizontal=True):
        st.button(_("Next card"), key=pv.DRAW_CARD, on_click=pv.draw_step, args=("card",), disabled=view.complete)
        st.button(
            _("To the next top card"),
            key=pv.DRAW_TOP,
            on_click=pv.draw_step,
            args=("top",),
            disabled=view.complete,
        )
        st.button(_("Show all"), key=pv.DRAW_ALL, on_click=pv.draw_step, args=("all",), disabled=view.complete)
    st.caption(
        _(
            "{shown} of {total} cards dealt. Numbers under the cards: the order dealt; gold: a top card.",
            shown=view.shown,
            total=view.total,
        )
    )
    st.markdown(view.html, unsafe_allow_html=True)
    if not view.complete:
        if view.steps:
            st.info(step_md(view.steps[-1]))
        return
    seating, why = st.columns([3, 2], gap="large")
    with seating:
        st.markdown("### " + _("Partners and seats"))
        st.markdown(pv.seating_html(match), unsafe_allow_html=True)
        st.button(_("Deal the first hand"), key=pv.DEAL, type="primary", on_click=pv.next_deal)
    with why, st.container(border=True):
        st.markdown(pv.events_markdown(pv.draw_summary(match)))
    with st.expander(_("The draw, card by card")):
        st.markdown(steps_md(view.steps))


def chant_phase(match: Match) -> None:
    deal = match.deal
    assert deal is not None
    names = match.names
    _ = pv.t()
    st.markdown(
        _(
            "**The chant.** If all four players agree, the twelve undealt cards (the talon) are shared between the "
            "eldest ({eldest}) and the dealer ({dealer}), six each, and each then discards six, back to nine. One "
            "refusal and there is no chant.",
            eldest=md(names[deal.eldest]),
            dealer=md(names[deal.dealer]),
        )
    )
    if pv.is_chanter(match) and deal.dealer is LEARNER:
        st.markdown(
            _("You are the dealer: if the chant happens, you receive six talon cards and choose six to discard.")
        )
    elif pv.is_chanter(match):
        st.markdown(
            _("You are the eldest: if the chant happens, you receive six talon cards and choose six to discard.")
        )
    else:
        st.markdown(_("You are neither the eldest nor the dealer: the chant would not change your hand."))
    with st.container(horizontal=True):
        st.button(_("Agree to the chant"), key=pv.CHANT_YES, type="primary", on_click=pv.answer_chant, args=(True,))
        # Translators: a button: refuse the chant.
        refuse = ui.pgettext(pv.lang(), "a button: refuse the chant", "Refuse")
        st.button(refuse, key=pv.CHANT_NO, on_click=pv.answer_chant, args=(False,), disabled=pv.is_guided())


def discard_phase(match: Match) -> None:
    hand = list(match.learner_hand())
    chosen = pv.chosen_discards(match)
    wanted = pv.guide(match)
    _ = pv.t()
    st.markdown(
        _(
            "**Choose six cards to discard** from your {count}: they go face down and take no further part. "
            "The usual advice is to keep the highest.",
            count=len(hand),
        )
    )
    pv.discard_grid(match)
    st.markdown(_("{chosen} of 6 chosen.", chosen=len(chosen)))
    with st.container(horizontal=True):
        st.button(_("Advice: keep the highest"), key=pv.DISCARD_ADVICE, on_click=pv.advise_discards)
        st.button(
            _("Discard these six"),
            key=pv.DISCARD_CONFIRM,
            type="primary",
            on_click=pv.confirm_discards,
            disabled=len(chosen) != 6 or (wanted is not None and set(chosen) != set(wanted.cards)),
        )
    steps = pv.advice("discard", match)
    if steps:
        st.info(steps_md(steps))


def signals_phase(match: Match) -> None:
    partner = md(match.names[PARTNER])
    _ = pv.t()
    st.markdown(
        _(
            "**Your signals to {partner}.** Tell your partner about your important cards with the gestures of the "
            "signals table; signal nothing unimportant. Your partner plays with what you tell them.",
            partner=partner,
        )
    )
    meanings = pv.signal_options()
    st.pills(
        _("Signals to give"),
        list(meanings),
        selection_mode="multi",
        format_func=meanings.__getitem__,
        key=pv.signals_key(match),
        label_visibility="collapsed",
    )
    chosen = pv.chosen_signal_ids(match)
    wanted = pv.guide(match)
    with st.container(horizontal=True):
        st.button(_("Advice: what should I signal?"), key=pv.SIGNALS_ADVICE, on_click=pv.advise_signals)
        st.button(
            _("Give these signals") if chosen else _("Give no signal"),
            key=pv.SIGNALS_CONFIRM,
            type="primary",
            on_click=pv.confirm_signals,
            disabled=wanted is not None and set(chosen) != set(wanted.signals),
        )
    steps = pv.advice("signals", match)
    if steps:
        st.info(steps_md(steps))


def play_phase(match: Match) -> None:
    state = match.state
    assert state is not None
    hint = pv.current_hint(match)
    _ = pv.t()
    turn, button = st.columns([4, 1], vertical_alignment="center")
    with turn:
        position = len(state.current)
        trick = len(state.tricks) + 1
        if position == 0:
            st.markdown(_("**Your turn: you lead trick {trick}.** Click a card to play it.", trick=trick))
        else:
            # Translators: {place} is an ordinal of the trick ("2nd", "3rd", "4th"), translated on its own.
            st.markdown(
                _(
                    "**Your turn: you play {place} in trick {trick}.** Click a card to play it.",
                    place=pv.ordinal(position),
                    trick=trick,
                )
            )
    with button:
        # Translators: a narrow button (about 10 characters) that estimates each card's chance.
        hint_label = ui.pgettext(pv.lang(), "a button: ask for a hint", "Hint")
        if not pv.is_guided() and st.button(hint_label, key=pv.HINT, icon=":material/lightbulb:", width="stretch"):
            with st.spinner(_("Playing the deal out {count} times...", count=pv.HINT_PLAYOUTS)):
                hint = pv.compute_hint(match)
    pv.hand_row(match, clickable=True, chances=hint)
    if hint is not None:
        best = hint.best
        margin = pv.points(hint.standard_errors.get(best, 0.0))
        # Translators: {chance} is a percentage ("62%"), {error} its margin in points ("1.4").
        st.markdown(
            _(
                "**Hint: play {card:label}**: it gives North–South an estimated {chance} chance (± {error}) of "
                "winning this deal's point. Under each card: its estimated chance.",
                card=best,
                chance=pv.pct(hint.chances[best]),
                error=margin,
            )
        )
        with st.expander(_("How the hint works it out")):
            st.markdown(steps_md(hint.explanation))


def deal_over(match: Match) -> None:
    """The engine's scoring (and, after the fifth deal, the game), then save and go on."""
    _ = pv.t()
    for event in pv.latest():
        if event.kind in ("score", "game"):
            with st.container(border=True):
                st.markdown(pv.events_markdown([event]))
    if match.phase == "game-over":
        st.success(f"### {pv.winner_line(match)}", icon=":material/trophy:")
    else:
        st.markdown(
            _(
                "Score after {done} of {total} deals: {score}",
                done=match.deal_number,
                total=DEALS_PER_GAME,
                score=pv.score_line(match),
            )
        )
    found = pv.saved(match)
    if found is None:
        st.button(
            _("Save this deal as a scenario"),
            key=pv.SAVE,
            on_click=pv.save,
            icon=":material/save:",
            # Translators: {folder} is a folder on the computer, {variable} an environment variable's name.
            help=_(
                "Writes a `deal` scenario to {folder} (set {variable} to change the folder); it appears in "
                "Practice under “My deals”.",
                folder=str(saved_deals.folder()),
                variable=saved_deals.ENV,
            ),
        )
    else:
        path, text = found
        st.success(
            _(
                "Saved to `{path}`. It is a `deal` scenario that `aluette-tutor check` accepts; practise it in "
                "Practice → My deals.",
                path=str(path),
            ),
            icon=":material/check_circle:",
        )
        st.download_button(
            _("Download the scenario (YAML)"), text, file_name=path.name, mime="text/yaml", key=pv.DOWNLOAD
        )
    if not pv.is_guided():  # the guide plays the bots' simple rules, which the coach's estimate may fault
        coach_view.panel(match)
    if pv.is_guided():
        st.button(
            _("Start a free game"),
            key=pv.GUIDED_LEAVE,
            type="primary",
            on_click=pv.leave_guided,
            icon=":material/play_arrow:",
        )
    elif match.phase == "deal-over":
        # Translators: the button that deals the next deal.
        label = _("Deal {number} of {total}", number=match.deal_number + 1, total=DEALS_PER_GAME)
        st.button(label, key=pv.DEAL, type="primary", on_click=pv.next_deal, icon=":material/playing_cards:")
    else:
        st.button(_("New game"), key=pv.AGAIN, type="primary", on_click=pv.new_game)


# --- the page ---------------------------------------------------------------------------------------------

if st.query_params.get(pv.GUIDED_PARAM) and not pv.is_guided():
    pv.start_guided()  # the link from Home or a lesson: the guided deal at once
pv.drop_game_link()
if pv.GUIDED_PARAM in st.query_params:
    del st.query_params[pv.GUIDED_PARAM]
pv.carry_on()  # a browser moved here from an instance that died mid-game: the game, as it was
match = pv.game()
if match is None:
    start_screen()
    st.stop()

header(match)
pv.guide_box(match)
if match.phase == "draw":
    draw_phase(match)  # the draw's own step-through; the game log would give it away
    st.stop()

over = match.phase in ("deal-over", "game-over")
# On a phone the columns stack; the page's CSS (play_view) then puts the talk column after the learner's hand, so
# the trick on the table and the cards to play it from are in view together.
table, talk = st.columns([3, 2], gap="medium")
with table:
    st.markdown(pv.table_html(match), unsafe_allow_html=True)
    if over:
        pv.latest_panel(match, kinds=("trick",))
with talk, st.container(key=pv.TALK):
    if over:
        deal_over(match)
    elif match.phase == "play":
        pv.latest_panel(match, kinds=("trick",))  # the trick just finished, drawn, with the engine's why
        pv.partner_signals(match)
    else:
        if match.phase == "signals":
            pv.partner_signals(match)
        # The signals are in the box above; the rest of what the last action caused, in order.
        pv.latest_panel(match, kinds=("deal", "chant", "discard", "trick"))
# The learner's hand and what to do with it, full width under the table.
if match.phase == "play":
    play_phase(match)
elif match.phase == "discard":
    discard_phase(match)
elif match.phase in ("chant", "signals"):
    st.markdown("**" + ui.gettext(pv.lang(), "Your hand") + "**")
    pv.hand_row(match, clickable=False)
    if match.phase == "chant":
        chant_phase(match)
    else:
        signals_phase(match)
with st.container(key=pv.AFTER):
    if match.phase != "chant" and match.state is not None and match.state.tricks:
        with st.expander(ui.gettext(pv.lang(), "Tricks so far this deal"), expanded=over):
            st.markdown(pv.tricks_grid_html(match), unsafe_allow_html=True)
    pv.game_log()
