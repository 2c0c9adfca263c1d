"""The Play page through Streamlit's AppTest: a whole game from the draw to the fifth deal, the Hint, hidden
hands, the mordienne setting, saving a deal and practising it under Practice → My deals.

Nothing here re-derives a rule: the expected texts are the engine's explanations, read from the match the
page keeps in ``st.session_state``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import open_page, type_new_learner
from streamlit.testing.v1 import AppTest
from test_learners import another_browser

from tutor.app import guest, saved_deals
from tutor.app import play_view as pv
from tutor.app.reveal import step_md
from tutor.content.course import load_course
from tutor.content.solve import solve
from tutor.engine import Card, Seat
from tutor.engine.steps import Step
from tutor.play.match import LEARNER, Match

# With these choices (agree to the chant in odd deals, refuse in even ones, keep the highest, give the advised
# signals, always play the first card offered) seed 20 has the learner discard once and a mordienne in deal 3.
SEED = 20
NAME = "Alex"


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Saved deals and the progress file go to a temporary folder."""
    played = tmp_path / "played"
    monkeypatch.setenv(saved_deals.ENV, str(played))
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path / "progress.db"))
    yield played


def open_play() -> AppTest:
    return open_page("screens/play.py")


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click()
    run(at)


def start(seed: int = SEED, name: str = NAME, mordienne: bool = False, see: bool = False) -> AppTest:
    at = open_play()
    at.text_input(key="play.name").set_value(name)
    at.number_input(key="play.seed").set_value(seed)
    at.toggle(key="play.mordienne").set_value(mordienne)
    at.toggle(key="play.see").set_value(see)
    click(at, "play.start")
    return at


def match_of(at: AppTest) -> Match:
    return at.session_state["play.match"]


def page_text(at: AppTest) -> str:
    kinds = (at.markdown, at.caption, at.info, at.success, at.warning)
    return "\n".join(str(e.value) for kind in kinds for e in kind)


def shown(step: Step) -> str:
    """An engine step as the page writes it (rendered in English, Markdown-escaped)."""
    return step_md(step)


def to_play(at: AppTest) -> Match:
    """From the start screen through the draw to the first trick of deal 1 (refusing the chant)."""
    click(at, "play.draw.all")
    click(at, "play.deal")
    click(at, "play.chant.no")
    match = match_of(at)
    if match.phase == "discard":  # pragma: no cover - a refused chant never gets here
        raise AssertionError("no chant after a refusal")
    click(at, "play.signals.confirm")
    assert match_of(at).phase == "play"
    return match_of(at)


# --- a whole game ------------------------------------------------------------------------------------------


def test_a_whole_game(folders: Path) -> None:
    at = start(mordienne=True)
    match = match_of(at)
    assert match.learner == NAME and match.mordienne is True
    # The draw, card by card, with the engine's explanation of each card.
    draw = match.draw()
    click(at, "play.draw.card")
    assert [e.value for e in at.info] == [shown(draw.explanation[0])]
    click(at, "play.draw.top")
    assert at.session_state["play.draw_shown"] >= 2
    click(at, "play.draw.all")
    text = page_text(at)
    for step in draw.explanation[len(match.draw_cards) :]:
        assert shown(step) in text  # the partnerships and who deals first
    assert f"{NAME} sits South" in text
    # The seating: the learner South, the partner North, the opponents East and West.
    seating = match.names
    assert seating[LEARNER] == NAME and set(seating.values()) == {NAME, *pv.bot_names(NAME)}
    click(at, "play.deal")

    discarded = saved = 0
    worth_two = False
    for number in range(1, 6):
        match = match_of(at)
        assert match.deal_number == number and match.phase == "chant"
        click(at, "play.chant.yes" if number % 2 else "play.chant.no")
        match = match_of(at)
        if match.phase == "discard":
            discarded += 1
            click(at, "play.discard.advice")
            advice = match.discard_advice()
            ticked = [c for c in match.learner_hand() if at.checkbox(key=pv.discard_key(match, c)).value]
            assert set(ticked) == set(advice.discarded)
            assert all(shown(step) in at.info[0].value for step in advice.explanation)
            click(at, "play.discard.confirm")
            match = match_of(at)
            assert "You kept the highest" in page_text(at)
        assert match.phase == "signals"
        click(at, "play.signals.advice")
        assert at.pills(key=pv.signals_key(match)).value == [s.id for s in match.signal_advice().signals]
        click(at, "play.signals.confirm")
        match = match_of(at)
        while match.phase == "play":
            hand = match.learner_hand()
            assert match.legal_cards() == hand  # any card in hand may be played on the learner's turn
            click(at, pv.card_key(match, match.legal_cards()[0]))
            match = match_of(at)
        assert match.phase in ("deal-over", "game-over")
        # The deal's scoring explanation, from the engine, is on the page.
        score = match.deal_scores()[number - 1]
        text = page_text(at)
        assert f"Deal {number}: the score" in text
        assert all(shown(step) in text for step in score.explanation)
        worth_two |= score.points == 2
        if number == 1:
            click(at, "play.save")
            saved += 1
            files = sorted(folders.glob("*.yaml"))
            assert len(files) == 1
            assert f"Saved to `{files[0]}`" in page_text(at)
            assert at.get("download_button")  # the YAML is offered for download too
            course = load_course([str(folders)], verify=True)
            assert course.problems == ()
            (scenario,) = course.scenarios.values()
            outcome = solve(scenario).outcome()
            tricks = match.deals[0].replay().tricks
            assert outcome["trick_winners"] == [t.winner.value if t.winner else None for t in tricks]
        if number < 5:
            click(at, "play.deal")
    assert discarded >= 1 and saved == 1
    assert worth_two  # the mordienne rule was on, and one deal was a mordienne
    # Game over: the engine's game explanation and the winner (or draw) line.
    match = match_of(at)
    assert match.phase == "game-over"
    game = match.game()
    assert game is not None
    text = page_text(at)
    assert all(shown(step) in text for step in game.explanation)
    assert re.search(r"win the game \d–\d|A drawn game, \d–\d", text)
    click(at, "play.again")
    assert match_of_or_none(at) is None
    assert at.button(key="play.start")


def match_of_or_none(at: AppTest) -> Match | None:
    return at.session_state["play.match"] if "play.match" in at.session_state else None  # noqa: SIM401


# --- the hint --------------------------------------------------------------------------------------------


def test_hint_shows_a_chance_for_every_card_and_names_the_best() -> None:
    at = start(seed=7)
    to_play(at)
    click(at, "play.hint")
    hint = at.session_state["play.hint_result"][1]  # what the page computed, for this moment of the deal
    hand = match_of(at).learner_hand()
    assert set(hint.chances) == set(hand)
    captions = [c.value for c in at.caption if "%" in str(c.value)]
    assert len(captions) == len(hand)
    assert all(re.search(r"\d+% ± \d+\.\d", c) for c in captions)
    assert f"Hint: play {hint.best.label}" in page_text(at)
    assert at.button(key=pv.card_key(match_of(at), hint.best)).proto.type == "primary"  # the best card stands out
    # Playing on clears the hint (it was for that moment only).
    click(at, pv.card_key(match_of(at), hand[0]))
    assert "Hint: play" not in page_text(at)


# --- hidden hands ------------------------------------------------------------------------------------------


def faces(at: AppTest) -> set[str]:
    """Every card drawn face up anywhere on the page."""
    return {code for e in at.markdown for code in re.findall(r'data-card="([^"]+)"', str(e.value))}


def test_opponents_hands_are_face_down_unless_see_everything() -> None:
    at = start(seed=4)
    match = to_play(at)
    state = match.state
    assert state is not None
    hidden = {str(c) for seat in (Seat.E, Seat.W) for c in state.hands[seat]}
    partner = {str(c) for c in state.hands[Seat.N]}
    up = faces(at)
    assert not (hidden & up) and not (partner & up)
    assert {str(c) for c in state.hands[LEARNER]} <= up
    assert "face-down card" in page_text(at)
    assert "East receives cards" not in page_text(at)  # a secret step of the dealing explanation
    at.toggle(key="play.see").set_value(True)
    run(at)
    up = faces(at)
    assert hidden <= up and partner <= up
    assert "East receives cards" in page_text(at)


# --- settings ------------------------------------------------------------------------------------------------


def test_the_mordienne_setting_reaches_the_match() -> None:
    at = start(seed=3, mordienne=True)
    assert match_of(at).mordienne is True
    at.toggle(key="play.mordienne").set_value(False)
    run(at)
    assert match_of(at).mordienne is False
    at = start(seed=3, mordienne=False)
    assert match_of(at).mordienne is False


def test_a_name_taken_by_a_computer_player_is_fine() -> None:
    at = start(name="Anne")
    match = match_of(at)
    assert match.learner == "Anne" and "Anne" not in match.bot_names and len(set(match.names.values())) == 4


def test_a_click_from_before_the_last_card_plays_nothing() -> None:
    """One click, one card: the second click of a double-click (or a click on a page drawn before another
    tab played) reaches a button drawn for an earlier turn, and is ignored without a word."""
    at = start(seed=9)
    match = to_play(at)
    first, second = match.learner_hand()[:2]
    stale = at.button(key=pv.card_key(match, second))
    click(at, pv.card_key(match, first))
    played = plays(at)
    assert first in played
    stale.click()
    run(at)
    assert plays(at) == played and second in match_of(at).learner_hand()
    assert not at.error
    # Behind the page's back (another tab): the page's buttons for this turn are stale too.
    match = match_of(at)
    card = match.learner_hand()[0]
    stale = at.button(key=pv.card_key(match, card))
    match.learner_plays(card)
    before = plays(at)
    stale.click()
    run(at)
    assert plays(at) == before


def plays(at: AppTest) -> list[Card]:
    """Every card played so far in the current deal."""
    deal = match_of(at).deal
    assert deal is not None
    return list(deal.plays)


def test_a_played_card_leaves_its_place_empty() -> None:
    """The hand keeps each card in its place for the whole deal, so the hand never shifts under the mouse."""
    at = start(seed=9)
    match = to_play(at)
    nine = match.learner_hand()
    assert len(nine) == 9
    click(at, pv.card_key(match, nine[0]))
    html = "".join(str(e.value) for e in at.markdown)
    assert html.count('class="alu-slot-empty"') == 1
    assert f'title="{nine[0].label}: played"' in html


# --- Practice → My deals ---------------------------------------------------------------------------------


def test_saved_deals_are_practised_in_my_deals(folders: Path) -> None:
    at = start(seed=5)
    to_play(at)
    while match_of(at).phase == "play":
        click(at, pv.card_key(match_of(at), match_of(at).legal_cards()[0]))
    click(at, "play.save")
    (path,) = folders.glob("*.yaml")
    (folders / "broken.yaml").write_text("id: broken\nkind: deal\n", encoding="utf-8")
    at.switch_page("screens/practice.py")
    run_practice = at.run
    run_practice()
    assert not at.exception, at.exception
    at.segmented_control(key="practice.mode").set_value(saved_deals.MODE)
    at.run()
    assert not at.exception, at.exception
    warnings = [w.value for w in at.warning]
    assert any(w.startswith("broken.yaml skipped:") for w in warnings)
    queue = at.session_state["practice.queue"]
    assert queue.mode == saved_deals.MODE and [s.id for s in queue.items] == [path.stem]
    assert any("A played deal" in str(h.value) for h in at.header)


# --- a game survives a reload -----------------------------------------------------------------------------


def test_a_new_session_resumes_the_game_with_its_log() -> None:
    at = start(seed=SEED)
    match = to_play(at)
    click(at, pv.card_key(match, match.legal_cards()[0]))
    before = match_of(at)
    # A reload: a new session of the same browser (its cookie).
    again = open_page("screens/play.py")
    assert "play.match" not in again.session_state
    waiting = "\n".join(str(e.value) for e in again.markdown)
    assert "A game is waiting:" in waiting and f"game number {SEED}, deal 1 of 5, trick 2" in waiting
    click(again, "play.resume")
    resumed = match_of(again)
    assert resumed == before and resumed is not before
    assert len(pv_log(again)) == len(pv_log(at))  # the game log came back too
    # The resumed game goes on, and is saved as it goes.
    click(again, pv.card_key(resumed, resumed.legal_cards()[0]))
    third = open_page("screens/play.py")
    click(third, "play.resume")
    assert match_of(third) == match_of(again)


def pv_log(at: AppTest) -> list[pv.Logged]:
    return list(at.session_state["play.log"])


def test_a_finished_or_abandoned_game_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    at = start(seed=5)
    click(at, "play.new")  # a new game: the old one is forgotten
    again = open_page("screens/play.py")
    assert not [b for b in again.button if b.key == "play.resume"]
    # Another guest (another browser) never sees this one's game.
    at = start(seed=5)
    another_browser(monkeypatch)
    other = open_page("screens/play.py")
    assert not [b for b in other.button if b.key == "play.resume"]


def test_a_damaged_saved_game_is_said_and_can_be_discarded(browser_cookie: str) -> None:
    from tutor.app import state
    from tutor.progress.games import Owner, save_game

    at = open_play()
    db = at.session_state[state.DB]
    save_game(db, Owner(guest=browser_cookie), {"match": {"version": 99}})
    at = open_page("screens/play.py")
    warnings = [str(w.value) for w in at.warning]
    assert warnings == ["A saved game could not be read: the saved game is damaged: unknown saved-game version 99"]
    click(at, "play.discard_saved")
    assert not at.warning


# --- the coach after a deal ----------------------------------------------------------------------------------


def test_the_coach_reviews_the_deal_and_saves_a_position_to_practise(folders: Path) -> None:
    from tutor.app import coach_view
    from tutor.play import coach

    at = start(seed=SEED)
    to_play(at)
    while match_of(at).phase == "play":
        click(at, pv.card_key(match_of(at), match_of(at).legal_cards()[0]))
    decisions = at.session_state[f"{coach_view.P}review"][1]
    assert decisions == coach.review(match_of(at))  # what the page shows is the coach's review of this deal
    text = page_text(at)
    assert "Coach: your cards this deal" in text
    for d in decisions:
        assert step_md(d.step) in text
        if d.why is not None:
            assert step_md(d.why) in text
    # A button for each large mistake the solver can check (seven tricks left or fewer): here trick 3.
    offered = [(n, d) for n, d in enumerate(decisions) if d.large and d.practisable]
    assert [d.trick for _, d in offered] == [3]
    assert [b.key for b in at.button if str(b.key).startswith(f"{coach_view.P}practise.")] == [
        f"{coach_view.P}practise.1.{n}" for n, _ in offered
    ]
    index = offered[-1][0]
    click(at, f"{coach_view.P}practise.1.{index}")
    (path,) = folders.glob("position-*.yaml")
    assert f"Saved to `{path}`" in page_text(at).replace("\\", "")
    course = load_course([str(folders)], verify=True)
    assert course.problems == ()
    (scenario,) = course.scenarios.values()
    assert scenario.kind == "play" and scenario.expect["to_play"] == "S"


# --- the guided first deal -------------------------------------------------------------------------------------


def test_the_guided_deal_accepts_only_the_step_it_asks_for_then_hands_over() -> None:
    from tutor.play import guided

    at = open_page("screens/play.py", query={"guided": "1"})
    match = match_of(at)
    assert match.seed == guided.SEED and at.session_state["play.guided"] is True
    assert "Learn to play: a guided first deal." in page_text(at)
    steps = 0
    while match.phase not in ("deal-over", "game-over"):
        wanted = guided.expected(match)
        assert step_md(wanted.instruction) in page_text(at)
        if wanted.action == "deal":
            click(at, "play.deal")
        elif wanted.action == "chant":
            assert at.button(key="play.chant.no").disabled  # only the step asked for can be clicked
            click(at, "play.chant.yes")
        elif wanted.action == "discard":
            click(at, "play.discard.advice")
            click(at, "play.discard.confirm")
        elif wanted.action == "signals":
            click(at, "play.signals.advice")
            click(at, "play.signals.confirm")
        else:
            others = [c for c in match.learner_hand() if c not in wanted.cards]
            if others:
                assert at.button(key=pv.card_key(match, others[0])).disabled  # only the guide's card works
            click(at, pv.card_key(match, wanted.cards[0]))
        match = match_of(at)
        steps += 1
    assert steps == 4 + 9 and match.phase == "deal-over"
    assert step_md(guided.expected(match).instruction) in page_text(at)
    assert "Coach: your cards this deal" not in page_text(at)
    click(at, "play.guided.leave")
    assert match_of_or_none(at) is None and at.button(key="play.start")


def test_home_opens_the_guided_deal() -> None:
    from tutor.play import guided

    at = open_page()
    at.button(key="home.guided").click()
    run(at)
    assert match_of(at).seed == guided.SEED and at.session_state["play.guided"] is True


def test_the_lessons_on_tricks_and_on_the_game_link_to_the_guided_deal() -> None:
    course = load_course([str(Path(__file__).resolve().parents[2] / "lessons")])
    linked = {lesson.id for lesson in course.lessons if any("](play?guided=1)" in s.text for s in lesson.sections)}
    assert {"tricks", "the-game"} <= linked


def test_a_step_the_guide_does_not_ask_for_is_refused() -> None:
    from tutor.play import guided

    match = guided.start()
    wanted = guided.expected(match)
    assert pv._as_guided(wanted, "next_deal", ())
    guided.act(match, wanted)
    wanted = guided.expected(match)
    assert pv._as_guided(wanted, "learner_agrees", (True,)) and not pv._as_guided(wanted, "learner_agrees", (False,))
    assert not pv._as_guided(wanted, "learner_plays", (match.learner_hand()[0],))


def resume_offered(at: AppTest) -> bool:
    return bool([b for b in at.button if b.key == "play.resume"])


def test_a_learner_s_game_is_theirs_in_any_new_session(monkeypatch: pytest.MonkeyPatch) -> None:
    at = start(seed=SEED)
    to_play(at)
    type_new_learner(at, "Ann")
    at.button(key="learner.create").click()
    run(at)
    if "play.match" not in at.session_state:  # choosing a learner starts a fresh session: the game waits
        click(at, "play.resume")
    click(at, pv.card_key(match_of(at), match_of(at).legal_cards()[0]))  # saved under Ann from now on
    before = match_of(at)
    # The same browser, reloaded: it goes on as Ann, whose game waits.
    reloaded = open_page("screens/play.py")
    click(reloaded, "play.resume")
    assert match_of(reloaded) == before
    # Another browser (another computer, another day) that chooses Ann finds her game.
    another_browser(monkeypatch)
    later = open_page("screens/play.py")
    assert not resume_offered(later)
    later.selectbox(key="learner.choice").set_value("Ann")
    run(later)
    click(later, "play.resume")
    assert match_of(later) == before


def test_a_game_link_opens_nothing_of_someone_else_s(monkeypatch: pytest.MonkeyPatch, browser_cookie: str) -> None:
    at = start(seed=SEED)
    game = to_play(at)
    links = [str(at.query_params["game"])] if "game" in at.query_params else []  # where the game used to be found
    assert "game" not in at.query_params, "a guest's game is found by the browser's cookie, never by the address"
    another_browser(monkeypatch)
    for link in [*links, browser_cookie, "0123456789abcdef"]:  # even the cookie's own value, seen somewhere
        stranger = open_page("screens/play.py", query={"game": link})
        assert not resume_offered(stranger), "a link alone opens nobody's game"
        assert "game" not in stranger.query_params, "and is taken off the address"
    named = open_page("screens/play.py", query={"game": browser_cookie})
    type_new_learner(named, "Bob")
    named.button(key="learner.create").click()
    run(named)
    assert not resume_offered(named), "a learner opening the link takes nothing over"
    monkeypatch.setattr(guest, "cookies", lambda: {guest.COOKIE: browser_cookie})  # the guest's own browser
    own = open_page("screens/play.py")
    click(own, "play.resume")
    assert match_of(own).to_dict() == game.to_dict()


def test_the_start_form_speaks_of_a_game_number_not_a_seed() -> None:
    """ "Seed" is the authors' word: the learner notes a game number to replay a game."""
    at = open_page("screens/play.py")
    labels = [n.label for n in at.number_input] + [n.help or "" for n in at.number_input]
    assert "Game number" in labels
    assert not [text for text in labels if "seed" in text.lower()]
