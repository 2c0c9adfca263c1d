"""Every page of the app in the pseudo-language ``qps``: no English left that did not go through the catalogs,
and every ``ui`` string the pages look up is in the template.

One tour (a module fixture, so that it runs once) opens every page of ``tutor/app/main.py``'s navigation in
``qps`` with AppTest, in the states a learner meets: Home for a guest and for a learner, a lesson with each
kind of section and its scenarios, a wrong answer to a scenario of every topic and of every Endless kind (the
mistake lines, "Try again", "A similar one"), a right one, My deals, Review (a scenario, a ranking fact),
Progress after those answers, a game from the draw to its end with a hint and a saved deal, the guided first
deal's first steps, each tab of the Ranking trainer and of Signals, answered, the Rules, the sidebar's learner
block (a name refused) and Home's picker. After every step it takes every text a learner sees
(:mod:`page_text`) and, while it runs,
every ``ui`` lookup. Its random draws are seeded: every run sees the same scenarios, drills and deals.

In ``qps`` a translated string is wrapped in ⟦…⟧ with its letters accented, so a run of three plain ASCII
letters left outside the brackets (markup and notation stripped) is a string no catalog saw. And since
``qps`` pseudo-translates any msgid, even one the extractor never saw (an English literal inside an
f-string given to ``_()``), the second test compares the msgids looked up with ``ui.pot``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers import fill_answers, new_session, type_new_learner
from page_text import Shown, english_left, shown
from streamlit.testing.v1 import AppTest

from tutor.app import lang, lessons, quiz, state
from tutor.app import play_view as pv
from tutor.content import drills
from tutor.content.kinds import draw
from tutor.i18n import LANGUAGE_NAMES, PSEUDO_LANGUAGE, ui
from tutor.i18n.pseudo import CLOSE, OPEN
from tutor.i18n.runtime import LOCALES, pot_path
from tutor.play.match import DEFAULT_BOTS

LEARNER = "Ann"  # the name the tour types in the sidebar
TYPED = ("zzqx", "zz-cups")  # what it types on Signals: a search no signal matches, a card that is not one
SEED = 20  # Play: agreeing to the chant in deal 1 of this game leaves the learner's hand as it is
# Words every language shows as they are: people's names (the tour's, the computer players', Play's default
# name), the languages' own names in the sidebar's menu (the pseudo-language's entry is the test aid's own).
NAMES = frozenset(
    {
        LEARNER,
        pv.DEFAULT_NAME,
        *DEFAULT_BOTS,
        *pv.SPARE_BOTS,
        *TYPED,
        *LANGUAGE_NAMES.values(),
        lang.name(PSEUDO_LANGUAGE),
    }
)


def names_in_the_course() -> frozenset[str]:
    """The players' names the scenarios' authors and the generator gave: the same in every language."""
    found: set[str] = set(draw.NAMES)
    for scenario in state.course().scenarios.values():
        found.update(str(p) for p in getattr(scenario.setup, "players", ()) or ())
        found.update(str(p) for p in getattr(scenario.setup, "names", ()) or ())
    return frozenset(found)


@dataclass(frozen=True)
class Allowed:
    """English a page may still show, for the reason given: ``words`` in a text of a widget whose description
    (page_text.Shown.widget) holds ``widget``."""

    widget: str
    words: frozenset[str]
    why: str

    def covers(self, where: Shown, word: str) -> bool:
        return self.widget in where.widget and word in self.words


# Nothing is allowed today; an entry names the widget, the words and why they are left in English.
ALLOWED: tuple[Allowed, ...] = ()


@dataclass
class Tour:
    """What the tour saw: every text, at the step it was shown, and every ``ui`` lookup."""

    texts: list[tuple[str, Shown]] = field(default_factory=list)
    lookups: set[tuple[str | None, str, str | None]] = field(default_factory=set)
    steps: list[str] = field(default_factory=list)

    def see(self, step: str, at: AppTest) -> AppTest:
        assert not at.exception, f"{step}: {at.exception}"
        self.steps.append(step)
        self.texts += [(step, s) for s in shown(at)]
        return at


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click()
    return run(at)


def go(at: AppTest, page: str, **query: str) -> AppTest:
    for name, value in query.items():
        at.query_params[name] = value
    at.switch_page(page)
    return run(at)


def qps_session() -> AppTest:
    """A new session in ``qps``, its random draws seeded (the same scenarios, drills and hands every run)."""
    at = new_session()
    at.query_params["lang"] = PSEUDO_LANGUAGE
    for page in ("practice", "ranking", "signals", "learn", "review"):
        at.session_state[f"{page}.seed"] = SEED
        at.session_state[f"{page}.similar_seed"] = SEED  # "A similar one"
    return run(at)


# --- answering a scenario (Practice, Lessons, Review share the form) --------------------------------------------


def right_answers(at: AppTest, prefix: str) -> quiz.Attempt:
    attempt: quiz.Attempt = at.session_state[f"{prefix}.attempt"]
    outcome = attempt.result.outcome()
    fill_answers(at, {q.key: outcome[q.key] for q in attempt.questions}, prefix)
    return attempt


def wrong_answers(at: AppTest, prefix: str) -> quiz.Attempt:
    """The right answers but one: the first part of a question (cards, a menu, a number...) set otherwise."""
    attempt = right_answers(at, prefix)
    for question in attempt.questions:
        for part in question.parts:
            key = question.widget_key(attempt.fields or prefix, part.suffix)
            if part.widget == "cards" and part.pick is not None and part.pick.in_form:  # one card: a radio group
                radio = at.radio(key=key)
                best = attempt.result.outcome()[question.key]  # a play puzzle may have several best cards
                rights = {str(c) for c in best} if isinstance(best, list | tuple) else {radio.value}
                radio.set_value(next(c.value for c in part.pick.choices if c.value not in rights))
                return attempt
            if part.widget == "cards" and part.pick is not None:
                right = at.session_state[key]
                if part.pick.mode == "order" and len(right) > 1:
                    at.session_state[key] = right[::-1]  # the worst first
                    return attempt
                if part.pick.mode == "many":
                    at.session_state[key] = [next(c.value for c in part.pick.choices if [c.value] != right)]
                    return attempt
            if part.widget == "number":
                box = at.number_input(key=key)
                box.set_value(box.value + 1 if box.value < part.high else box.value - 1)
                return attempt
            if part.widget == "tiers":  # nine tier numbers typed: the first one changed
                box = at.text_input(key=key)
                first, _, rest = str(box.value).replace(",", " ").strip().partition(" ")
                box.input(f"{int(first) % 19 + 1} {rest}")
                return attempt
            if part.widget in ("pills", "multiselect"):
                chosen = at.pills(key=key) if part.widget == "pills" else at.multiselect(key=key)
                right = list(chosen.value or [])
                more = [o for o in part.options if o not in right][:1]
                chosen.set_value(right + more if more else right[1:])
                return attempt
            if part.widget not in ("radio", "selectbox"):
                continue
            widget = at.radio(key=key) if part.widget == "radio" else at.selectbox(key=key)
            right = widget.value
            widget.set_value(next(o for o in part.options if o != right))
            return attempt
    raise AssertionError(f"{attempt.scenario.id}: no menu to answer wrong")


def submit(at: AppTest, prefix: str, *, right: bool) -> quiz.Attempt:
    attempt = (right_answers if right else wrong_answers)(at, prefix)
    click(at, f"{prefix}.submit")
    done: quiz.Attempt = at.session_state[f"{prefix}.attempt"]
    assert done.grade is not None, f"{attempt.scenario.id}: not graded ({done.missing})"
    assert done.grade.all_correct is right, attempt.scenario.id
    return done


# --- the pages ---------------------------------------------------------------------------------------------------


def home_and_lessons(tour: Tour, at: AppTest) -> None:
    tour.see("Home, a new guest", at)
    course = state.course()
    # a lesson section of each kind the course has: text alone, text with cards, with a caption...
    kinds: dict[str, tuple[str, int]] = {}
    for lesson in course.lessons:
        for n, section in enumerate(lesson.sections):
            extras = [*(["cards"] if section.cards else []), *(["a caption"] if section.caption else [])]
            kind = " and ".join(["text", *extras])
            kinds.setdefault(kind, (lesson.id, n))
    assert "text" in kinds and len(kinds) > 1, kinds
    go(at, "screens/learn.py")
    for kind, (lesson_id, n) in kinds.items():
        at.session_state["learn.lesson"] = lesson_id
        at.session_state[lessons.STEP(lesson_id)] = n
        tour.see(f"Lessons, a section with {kind}", run(at))
    first = course.lessons[0]
    at.session_state["learn.lesson"] = first.id
    at.session_state[lessons.STEP(first.id)] = len(first.sections)
    tour.see("Lessons, the scenarios", run(at))
    submit(at, "learn", right=False)
    tour.see("Lessons, a wrong answer", at)
    click(at, "learn.retry")
    submit(at, "learn", right=True)
    tour.see("Lessons, a right answer", at)


def practice(tour: Tour, at: AppTest) -> None:
    course = state.course()
    for topic in sorted(course.topics):
        scenario = course.topics[topic][0]
        go(at, "screens/practice.py", scenario=scenario.id)
        tour.see(f"Practice, {scenario.id}", at)
        submit(at, "practice", right=False)
        tour.see(f"Practice, {scenario.id}, a wrong answer", at)
    click(at, "practice.similar")
    tour.see("Practice, a similar one", at)
    go(at, "screens/practice.py", scenario="spoiled-aces")
    submit(at, "practice", right=True)
    tour.see("Practice, a right answer", at)
    click(at, "practice.retry")
    tour.see("Practice, Try again", at)
    for mode in ("Lesson", "Topic", "Mixed"):
        at.segmented_control(key="practice.mode").set_value(mode)
        tour.see(f"Practice, {mode}", run(at))
    at.segmented_control(key="practice.mode").set_value("Endless")
    tour.see("Practice, Endless", run(at))
    at.toggle(key="practice.everything").set_value(True)  # every kind, not only the lessons' (none read yet)
    for kind in quiz.ENDLESS_KINDS:
        at.selectbox(key="practice.kind").set_value(kind)
        tour.see(f"Practice, Endless {kind}", run(at))
        submit(at, "practice", right=False)
        tour.see(f"Practice, Endless {kind}, a wrong answer", at)


def review(tour: Tour, at: AppTest) -> None:
    go(at, "screens/review.py")
    tour.see("Review: an item", at)
    if "review.attempt" in at.session_state and at.session_state["review.attempt"].grade is None:
        submit(at, "review", right=False)
    tour.see("Review: answered", at)
    go(at, "screens/review.py", item="beats:3-clubs:4-coins")  # a ranking fact, asked with the trainer's widgets
    tour.see("Review: a ranking fact", at)
    current = at.session_state["review.drill"]
    click(at, f"review.drill.{current.token}.pick.0")
    tour.see("Review: a ranking fact answered", at)


def ranking(tour: Tour, at: AppTest) -> None:
    go(at, "screens/ranking.py")
    labels = {kind: ui.gettext(PSEUDO_LANGUAGE, english) for kind, english in RANKING_TABS.items()}
    for kind, label in labels.items():
        at.session_state["ranking.tab"] = label
        tour.see(f"Ranking trainer, {kind}", run(at))
        if kind == "chart":
            continue
        current = at.session_state[f"ranking.{kind}.drill"]
        prefix = f"ranking.{kind}.drill.{current.token}"
        drill = current.drill
        if isinstance(drill, drills.OrderDrill):
            click(at, f"{prefix}.check")  # no place given yet: the reminder
            tour.see("Ranking trainer, order, a place missing", at)
            for n, card in enumerate(drill.cards):  # 1, 2, 3...: right only if none tie
                at.selectbox(key=f"{prefix}.place.{card}").set_value(n + 1)
            click(at, f"{prefix}.check")
        elif isinstance(drill, drills.TierDrill):
            at.pills(key=f"{prefix}.tier").set_value(drill.choices[0])
            run(at)
        else:
            wrong = next(i for i, c in enumerate(drill.choices) if c != drill.answer)
            click(at, f"{prefix}.pick.{wrong}")
        assert at.session_state[f"ranking.{kind}.drill"].answered, kind
        tour.see(f"Ranking trainer, {kind}, answered", at)


RANKING_TABS = {
    "beats": "Which wins?",
    "order": "Put in order",
    "tier": "Which tier?",
    "name": "Named cards",
    "chart": "The 19 tiers",
}
SIGNALS_TABS = {"lookup": "Look up", "table": "All signals", "quiz": "Quiz", "hand": "What should I signal?"}


def signals(tour: Tour, at: AppTest) -> None:
    go(at, "screens/signals.py")
    tab = {kind: ui.gettext(PSEUDO_LANGUAGE, english) for kind, english in SIGNALS_TABS.items()}
    tour.see("Signals, Look up", at)
    for text in ("wink", "5-cups", "monsieur", *TYPED):
        at.text_input(key="signals.search").input(text)
        tour.see(f"Signals, Look up {text!r}", run(at))
    at.session_state["signals.tab"] = tab["table"]
    tour.see("Signals, All signals", run(at))
    at.session_state["signals.tab"] = tab["quiz"]
    run(at)
    click(at, "signals.quiz.check")
    tour.see("Signals, Quiz, nothing answered", at)
    for radio in at.radio:
        if str(radio.key).startswith("signals.quiz."):
            radio.set_value(_first_option(at, radio.key))
    click(at, "signals.quiz.check")
    assert at.session_state["signals.quiz.verdicts"] is not None
    tour.see("Signals, Quiz, checked", at)
    at.session_state["signals.tab"] = tab["hand"]
    tour.see("Signals, What should I signal?", run(at))
    at.text_input(key="signals.typed").input("3-coins, zz-cups")
    tour.see("Signals, a hand that cannot be read", run(at))
    at.segmented_control(key="signals.hand.mode").set_value("test")
    tour.see("Signals, What should I signal?, the quiz on the hand", run(at))
    click(at, "signals.hand.check")
    tour.see("Signals, a hand checked", at)


def _first_option(at: AppTest, key: str | None) -> object:
    """A quiz radio's first choice, as the page's session state holds it (its drill's choices)."""
    questions = at.session_state["signals.quiz"]
    index = int(str(key).rsplit(".q", 1)[1])
    return questions[index].choices[0]


def rules(tour: Tour, at: AppTest) -> None:
    tour.see("Rules", go(at, "screens/rules.py"))


def progress(tour: Tour, at: AppTest) -> None:
    """After the answers above: the figures, the chart, mastery by lesson and topic, the hardest items."""
    tour.see("Progress, after answers right and wrong", go(at, "screens/progress.py"))


def play(tour: Tour, at: AppTest) -> None:
    go(at, "screens/play.py")
    tour.see("Play, the start screen", at)
    at.number_input(key="play.seed").set_value(SEED)
    click(at, "play.start")
    tour.see("Play, the draw", at)
    click(at, "play.draw.card")
    tour.see("Play, the draw, one card", at)
    click(at, "play.draw.all")
    tour.see("Play, the draw complete", at)
    click(at, "play.deal")
    tour.see("Play, the chant", at)
    click(at, "play.chant.yes")
    tour.see("Play, the signals", at)
    click(at, "play.signals.advice")
    tour.see("Play, the signals' advice", at)
    click(at, "play.signals.confirm")
    tour.see("Play, the first trick", at)
    click(at, "play.hint")
    tour.see("Play, a hint", at)
    at.toggle(key="play.see").set_value(True)
    tour.see("Play, every hand shown", run(at))
    while (match := at.session_state["play.match"]).phase == "play":
        click(at, pv.card_key(match, match.legal_cards()[0]))
    tour.see("Play, the deal over", at)
    click(at, "play.save")
    tour.see("Play, the deal saved", at)
    to_the_end(tour, at)
    go(at, "screens/practice.py")
    at.segmented_control(key="practice.mode").set_value("My deals")
    tour.see("Practice, My deals", run(at))
    submit(at, "practice", right=False)
    tour.see("Practice, My deals, a wrong answer", at)


def to_the_end(tour: Tour, at: AppTest) -> None:
    """The four deals left, each phase seen once (a discard when the learner is a chanter), to the game's end."""
    seen: set[str] = set()
    while (match := at.session_state["play.match"]).phase != "game-over":
        phase = match.phase
        if phase not in seen:
            seen.add(phase)
            tour.see(f"Play, a later deal: {phase}", at)
        if phase == "play":
            click(at, pv.card_key(match, match.legal_cards()[0]))
        elif phase == "discard":
            click(at, "play.discard.advice")
            click(at, "play.discard.confirm")
        else:
            click(at, {"deal-over": "play.deal", "chant": "play.chant.yes", "signals": "play.signals.confirm"}[phase])
    tour.see("Play, the game over", at)


def guided(tour: Tour) -> None:
    at = new_session()
    at.query_params["lang"] = PSEUDO_LANGUAGE
    at.query_params["guided"] = "1"
    at.switch_page("screens/play.py")
    tour.see("Play, the guided deal", run(at))
    for key in ("play.deal", "play.chant.yes"):
        click(at, key)
        tour.see(f"Play, the guided deal after {key}", at)


def learners(tour: Tour, at: AppTest) -> None:
    """A guest names themselves in the sidebar; a name taken is refused; a new visitor gets Home's picker."""
    go(at, "screens/home.py")
    type_new_learner(at, LEARNER)
    click(at, "learner.create")
    tour.see("Home, a learner who has answered", at)
    type_new_learner(at, LEARNER)
    click(at, "learner.create")
    tour.see("Home, a name already taken", at)
    visitor = qps_session()
    tour.see("Home, a guest on an install with learners", visitor)


def take_the_tour(tour: Tour) -> None:
    at = qps_session()
    home_and_lessons(tour, at)
    practice(tour, at)
    review(tour, at)
    progress(tour, at)
    ranking(tour, at)
    signals(tour, at)
    rules(tour, at)
    play(tour, at)
    learners(tour, at)
    guided(tour)


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tour]:
    folder: Path = tmp_path_factory.mktemp("pseudo-tour")
    seen = Tour()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ALUETTE_DB", str(folder / "progress.db"))
        patch.setenv("ALUETTE_PLAYED", str(folder / "played"))
        looked_up = ui.lookup

        @functools.wraps(looked_up)
        def recording(lang: str, domain: str, context: str | None, msgid: str, *args: object, **kw: object) -> str:
            if domain == ui.DOMAIN:
                seen.lookups.add((context, msgid, args[0] if args else kw.get("plural")))  # type: ignore[arg-type]
            return looked_up(lang, domain, context, msgid, *args, **kw)  # type: ignore[arg-type]

        patch.setattr(ui, "lookup", recording)
        take_the_tour(seen)
    yield seen


# --- the tests ---------------------------------------------------------------------------------------------------


def leftovers(tour: Tour, allowed: tuple[Allowed, ...] = ALLOWED) -> list[str]:
    found: dict[tuple[str, str], list[str]] = {}
    names = NAMES | names_in_the_course()
    for step, where in tour.texts:
        words = [w for w in english_left(where.text, names) if not any(a.covers(where, w) for a in allowed)]
        if words:
            found.setdefault((where.widget, where.text), []).append(f"{step}: {', '.join(dict.fromkeys(words))}")
    return [f"{widget}: {text[:160]!r}\n    seen at {steps[0]}" for (widget, text), steps in found.items()]


def test_every_page_in_the_pseudo_language_has_no_english_left(tour: Tour) -> None:
    assert len(tour.steps) > 60, tour.steps
    left = leftovers(tour)
    assert not left, f"{len(left)} texts with English left:\n" + "\n".join(left)


def test_the_tour_reads_what_a_screen_reader_and_a_picture_say(tour: Tour) -> None:
    # the collector itself: the menus' options, the widgets' labels, helps and placeholders, the pictures' names
    where = {w.widget.rsplit(".", 1)[-1] for _, w in tour.texts}
    assert {"body[aria-label]", "options", "label", "help", "placeholder"} <= where, sorted(where)
    # a card's accessible name (an inline SVG's aria-label, or an image's alt): its code (notation), then its
    # rank and suit in words through the catalog
    names = [w.text for _, w in tour.texts if w.widget.endswith(("[aria-label]", "[alt]"))]
    assert any(text.startswith("⟦3-coins, ⟦") for text in names)
    # the Progress chart's titles and the mastery tables' column labels are read out of their JSON settings
    chart = {w.text for _, w in tour.texts if w.widget.endswith("vega_lite_chart.spec")}
    columns = {w.text for _, w in tour.texts if w.widget.endswith("dataframe.columns")}
    assert chart and all(text.startswith(OPEN) for text in chart), chart
    assert any(text.startswith(OPEN) and text.endswith(CLOSE) for text in columns), columns


def test_the_ranking_trainers_card_buttons_name_the_card_in_words(tour: Tour) -> None:
    # a card's button says "three of clubs" in the learner's language, not only its code (notation)
    picks = [w.text for step, w in tour.texts if step.startswith("Ranking trainer") and ".pick." in w.widget]
    assert len(picks) >= 4, picks
    assert all(text.startswith(OPEN) and text.endswith(CLOSE) for text in picks), picks


def test_every_ui_string_the_pages_look_up_is_in_the_template(tour: Tour) -> None:
    with pot_path(LOCALES, ui.DOMAIN).open("rb") as file:
        template = read_po(file)
    known = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in template if m.id}
    assert len(tour.lookups) > 300, len(tour.lookups)
    missing = sorted({(c, m) for c, m, _ in tour.lookups} - known, key=str)
    assert not missing, "looked up but never extracted:\n" + "\n".join(map(repr, missing))
