"""The Play page's own words (the ``ui`` domain) follow the learner's language.

In the pseudo-language ``qps`` every translated text is wrapped in ⟦…⟧: the page's buttons, labels, help
texts, captions, headings and the words of its table must all be wrapped, whatever phase the game is in. In
Czech, a few translations known by hand appear, the plural forms follow Czech grammar, and the guided first
deal names buttons by the labels they really have on the page.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app import play_view as pv
from tutor.app import saved_deals
from tutor.app.markup import md
from tutor.engine import SIGNALS
from tutor.i18n import ui
from tutor.i18n.sentences import render
from tutor.play import guided
from tutor.play.match import Match, StepRefusal, WrongPhase
from tutor.play.messages import step

OPEN, CLOSE = "⟦", "⟧"
# Words a page may show unwrapped: the players' names (typed, or the computer players') and the named cards,
# which keep their French names in every language.
NAMES = {"Alex", "Anne", "Bastien", "Colette", "Monsieur", "Madame", "Borgne", "Vache", "Grand", "Petit", "neuf"}
SEED = 20  # agreeing to the chant in deal 1 of this game leaves the learner's hand as it is: no discard


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(saved_deals.ENV, str(tmp_path / "played"))
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path / "progress.db"))
    yield tmp_path


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click()
    run(at)


def match_of(at: AppTest) -> Match:
    return at.session_state["play.match"]


def unwrapped(text: str) -> list[str]:
    """The words of ``text`` outside every ⟦…⟧ (nested ones too), HTML tags, pictures and names left out."""
    text = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    kept, depth = [], 0
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth -= 1
        elif depth == 0:
            kept.append(ch)
    return [w for w in re.findall(r"[A-Za-z]{3,}", "".join(kept)) if w not in NAMES]


def attributes(text: str) -> list[str]:
    """The accessible names and tooltips this page's own HTML gives (the card pictures' and the seat chips'
    are the shared views' own)."""
    text = re.sub(r"<svg.*?</svg>|<span class=\"alu-chip[^>]*>", " ", text, flags=re.S)
    return re.findall(r'(?:aria-label|title)="([^"]*)"', text)


def own_texts(at: AppTest) -> list[str]:
    """Every text the Play page itself writes in the main area: widget labels and help, headings, Markdown,
    captions and notes. The card buttons are card codes (notation, never translated) and the trick grid is
    the shared views module's: left out."""
    found: list[str] = []
    main = at.main
    for button in [*main.get("button"), *main.get("download_button")]:
        key = str(getattr(button, "key", "") or "")
        if not key.startswith("play.card."):
            found += [str(getattr(button, "label", "")), str(getattr(button, "help", "") or "")]
    for widget in [*main.toggle, *main.text_input, *main.number_input]:
        found += [widget.label, widget.help or ""]
    found += [str(getattr(e, "label", "")) for e in main.get("expander")]
    for kind in ("title", "markdown", "caption", "info", "success", "warning", "error"):
        for element in main.get(kind):
            value = str(getattr(element, "value", ""))
            if "alu-grid" not in value:
                found += [value, *attributes(value)]
    return [text for text in found if text]


def assert_all_wrapped(at: AppTest, where: str) -> None:
    plain = {text[:90]: words for text in own_texts(at) if (words := unwrapped(text))}
    assert not plain, f"{where}: English left unwrapped: {plain}"


# --- qps: nothing the page says is left in plain English ------------------------------------------------------


def test_the_start_screen_in_qps_wraps_every_label_and_help() -> None:
    at = open_page("screens/play.py", query={"lang": "qps"})
    assert at.title[0].value.startswith(OPEN)
    for key in ("play.start", "play.guided.start"):
        assert at.button(key=key).label.startswith(OPEN)
    assert at.text_input(key="play.name").label.startswith(OPEN)
    seed = at.number_input(key="play.seed")
    assert seed.label.startswith(OPEN) and (seed.help or "").startswith(OPEN)
    for key in ("play.mordienne", "play.see"):
        toggle = at.toggle(key=key)
        assert toggle.label.startswith(OPEN) and (toggle.help or "").startswith(OPEN)
    assert_all_wrapped(at, "start screen")


def test_a_whole_deal_in_qps_leaves_no_plain_english_in_the_pages_own_words() -> None:
    at = open_page("screens/play.py", query={"lang": "qps"})
    at.number_input(key="play.seed").set_value(SEED)
    click(at, "play.start")
    assert_all_wrapped(at, "draw")
    click(at, "play.draw.card")
    assert_all_wrapped(at, "draw, one card shown")
    click(at, "play.draw.all")
    assert_all_wrapped(at, "draw complete")
    click(at, "play.deal")
    assert match_of(at).phase == "chant"
    assert_all_wrapped(at, "chant")
    click(at, "play.chant.yes")
    assert match_of(at).phase == "signals"
    assert_all_wrapped(at, "signals")
    click(at, "play.signals.advice")
    assert_all_wrapped(at, "signals with advice")
    click(at, "play.signals.confirm")
    assert match_of(at).phase == "play"
    click(at, "play.hint")
    assert_all_wrapped(at, "play, with the hint")
    while match_of(at).phase == "play":
        match = match_of(at)
        click(at, pv.card_key(match, match.legal_cards()[0]))
    assert match_of(at).phase == "deal-over"
    assert_all_wrapped(at, "deal over, with the coach")
    assert at.button(key="play.deal").label.startswith(OPEN)  # "Deal 2 of 5"


def test_the_guided_deal_in_qps_wraps_its_box_and_buttons() -> None:
    at = open_page("screens/play.py", query={"guided": "1", "lang": "qps"})
    assert_all_wrapped(at, "guided deal, first step")
    assert at.button(key="play.deal").label.startswith(OPEN)


# --- Czech: known translations, plural forms, refusals -----------------------------------------------------------


def test_the_start_screen_in_czech() -> None:
    at = open_page("screens/play.py", query={"lang": "cs"})
    assert at.title[0].value == "Zahrát si hru"
    assert at.button(key="play.start").label == "Začít hru"
    assert at.button(key="play.guided.start").label == "První rozdání s průvodcem"
    assert at.toggle(key="play.see").label == "Ukázat vše"
    assert at.toggle(key="play.mordienne").label == "Pravidlo mordienne"


def test_czech_counts_take_the_form_czech_grammar_asks_for() -> None:
    # Czech: one form for 1, one for 2 to 4, one for 0 and 5 or more.
    assert [ui.ngettext("cs", "{n} trick", "{n} tricks", n) for n in (1, 2, 4, 5, 0)] == [
        "1 štych",
        "2 štychy",
        "4 štychy",
        "5 štychů",
        "0 štychů",
    ]
    cards = "{name}: {n} face-down card", "{name}: {n} face-down cards"
    assert ui.ngettext("cs", *cards, 1, name="Anne") == "Anne: 1 karta lícem dolů"
    assert ui.ngettext("cs", *cards, 3, name="Anne") == "Anne: 3 karty lícem dolů"
    assert ui.ngettext("cs", *cards, 9, name="Anne") == "Anne: 9 karet lícem dolů"


def test_the_table_in_czech_counts_tricks_and_hidden_cards_in_czech() -> None:
    at = open_page("screens/play.py", query={"lang": "cs"})
    at.number_input(key="play.seed").set_value(SEED)
    click(at, "play.start")
    click(at, "play.draw.all")
    click(at, "play.deal")
    table = next(str(e.value) for e in at.markdown if "alu-table alu-wide" in str(e.value))
    match = match_of(at)
    for seat in ("N", "E", "W"):
        name = match.names[next(s for s in match.names if s.value == seat)]
        assert f'aria-label="{name}: 9 karet lícem dolů"' in table  # nine cards each before the chant
    assert ">rozdává<" in table and ">forhont<" in table  # the dealer's and the eldest's badges
    click(at, "play.chant.yes")
    click(at, "play.signals.confirm")
    while match_of(at).phase == "play":
        match = match_of(at)
        click(at, pv.card_key(match, match.legal_cards()[0]))
    table = next(str(e.value) for e in at.markdown if "alu-table alu-wide" in str(e.value))
    won = match_of(at).table(see_everything=False).tricks_won
    for count in won.values():
        word = "štych" if count == 1 else ("štychy" if 2 <= count <= 4 else "štychů")
        assert f">{count} {word}<" in table


def test_a_signal_the_hand_does_not_call_for_is_refused_in_czech() -> None:
    at = open_page("screens/play.py", query={"lang": "cs"})
    at.number_input(key="play.seed").set_value(SEED)
    click(at, "play.start")
    click(at, "play.draw.all")
    click(at, "play.deal")
    click(at, "play.chant.yes")
    match = match_of(at)
    refusals = {}
    for s in SIGNALS:
        try:
            copy.deepcopy(match).learner_signals([s.id])
        except StepRefusal as refusal:
            refusals[s.id] = refusal.step
    assert refusals, "the hand calls for every signal: pick another seed"
    sid, why = next(iter(refusals.items()))
    at.pills(key=pv.signals_key(match)).set_value([sid])
    run(at)
    assert at.pills(key=pv.signals_key(match)).value == [sid]
    click(at, "play.signals.confirm")
    assert match_of(at).phase == "signals"  # refused: nothing changed
    errors = [str(e.value) for e in at.error]
    assert errors == [md(render(why, "cs"))] and render(why, "cs") != render(why, "en")


def test_an_action_the_game_is_not_waiting_for_names_the_phase() -> None:
    match = Match.start(("Anne", "Bastien", "Colette"), "Alex", SEED)
    with pytest.raises(WrongPhase) as refused:
        match.learner_agrees(True)  # still the draw: no deal to answer the chant of
    assert refused.value.phase == "draw"
    assert refused.value.under("x").phase == "draw"  # located elsewhere, still the same refusal


# --- the guided deal quotes the buttons as they are labelled -------------------------------------------------------

QUOTES = {"fr": ("« ", " »"), "cs": ("„", "“"), "sq": ("“", "”"), "mk": ("„", "“"), "ms": ("“", "”"), "gu": ("“", "”")}
GUIDE_BUTTONS = {
    "guide.deal": ["Deal the first hand"],
    "guide.chant": ["Agree to the chant"],
    "guide.discard": ["Advice: keep the highest", "Discard these six"],
    "guide.signals": ["Advice: what should I signal?", "Give these signals"],
    "guide.over": ["Start a free game"],
}


def quoted(text: str, lang: str) -> list[str]:
    start, end = QUOTES[lang]
    return re.findall(re.escape(start) + "(.+?)" + re.escape(end), text)


@pytest.mark.parametrize("lang", sorted(QUOTES))
def test_every_languages_guide_quotes_the_buttons_translated_labels(lang: str) -> None:
    for context, buttons in GUIDE_BUTTONS.items():
        assert quoted(render(step(context), "en"), "sq") == buttons  # the English quotes these buttons
        labels = [ui.gettext(lang, b) for b in buttons]
        assert quoted(render(step(context), lang), lang) == labels, (lang, context)
        assert all(label != b for label, b in zip(labels, buttons, strict=True))


def labels_on(at: AppTest) -> set[str]:
    return {str(getattr(b, "label", "")) for b in at.main.get("button")}


def test_each_guided_instruction_in_czech_names_a_button_on_the_page() -> None:
    at = open_page("screens/play.py", query={"guided": "1", "lang": "cs"})
    match = match_of(at)
    first = render(guided.expected(match).instruction, "cs")
    assert first == "Klikněte na „Rozdat karty“."
    assert at.button(key="play.deal").label == "Rozdat karty"
    named = 0
    while match.phase != "deal-over":
        wanted = guided.expected(match)
        labels = quoted(render(wanted.instruction, "cs"), "cs")
        if wanted.action in ("deal", "chant", "discard", "signals"):
            assert labels and labels[0] in labels_on(at), (labels, sorted(labels_on(at)))
            named += 1
        if wanted.action == "deal":
            click(at, "play.deal")
        elif wanted.action == "chant":
            click(at, "play.chant.yes")
        elif wanted.action in ("discard", "signals"):
            click(at, f"play.{wanted.action}.advice")
            # The second button the instruction names, as labelled once the advice is taken.
            assert len(labels) == 2 and at.button(key=f"play.{wanted.action}.confirm").label == labels[1]
            named += 1
            click(at, f"play.{wanted.action}.confirm")
        else:
            assert labels == []  # a card is played by clicking the card: no button named
            click(at, pv.card_key(match, wanted.cards[0]))
        match = match_of(at)
    last = quoted(render(guided.expected(match).instruction, "cs"), "cs")
    assert last == ["Začít volnou hru"] and at.button(key="play.guided.leave").label == "Začít volnou hru"
    assert named >= 4  # the deal, the chant and both signals buttons at least (and the discard's, if any)


def test_the_hint_writes_its_chances_as_czech_writes_numbers() -> None:
    at = open_page("screens/play.py", query={"lang": "cs"})
    at.number_input(key="play.seed").set_value(SEED)
    for key in ("play.start", "play.draw.all", "play.deal", "play.chant.yes", "play.signals.confirm", "play.hint"):
        click(at, key)
    chances = [str(c.value) for c in at.caption if "±" in str(c.value)]
    assert len(chances) == len(match_of(at).learner_hand())
    # Czech: a no-break space before the percent sign, a decimal comma.
    assert all(re.fullmatch(r"(★ \*\*)?\d+\xa0% ± \d+,\d(\*\*)?", c) for c in chances), chances
    assert at.button(key="play.hint").label == "Nápověda"
