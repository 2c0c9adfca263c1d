"""The Signals page, the drawings' words (card and gesture names, table headers) and generated scenarios'
questions in the learner's language: every own string wrapped in the pseudo-language, known Czech and
Gujarati translations where they belong, and the scenario files still English."""

from __future__ import annotations

import re

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app.cardsvg import card_label
from tutor.app.gestures import gesture_label
from tutor.app.signal_search import EXAMPLES, example_label, search
from tutor.content.generate import generate, generate_scenarios
from tutor.content.localize import localize_generated
from tutor.engine import card
from tutor.i18n import LANGUAGES, ui
from tutor.i18n.sentences import format_value

WRAPPED = re.compile(r"⟦.*⟧", re.DOTALL)
# The signal each example chip must find, in every language (the rules' table, section 10).
EXAMPLE_FINDS = {
    "monsieur": {"monsieur"},
    "3-coins": {"monsieur"},
    "aces": {"aces"},
    "useless": {"useless-hand"},
    "mordienne": {"mordienne"},
    "wink": {"borgne"},
    "thumb": {"grand-neuf"},
    "lip": {"vache", "mordienne"},  # pursed lips or the bitten lip
}


def signals_page(lang: str, tab: str | None = None) -> AppTest:
    session = {"signals.tab": tab} if tab else None
    return open_page("screens/signals.py", query={"lang": lang}, session=session)


def wrapped(text: str) -> bool:
    return bool(WRAPPED.search(text))


# --- the pseudo-language: nothing of the page's own is left in plain English -------------------------------


def test_look_up_tab_in_qps_wraps_title_labels_tabs_and_results() -> None:
    at = signals_page("qps")
    assert not at.exception
    assert wrapped(at.title[0].value) and wrapped(at.caption[0].value)
    search = at.text_input(key="signals.search")
    assert wrapped(search.label) and wrapped(search.placeholder or "")
    assert at.session_state["signals.tab"] in (None, ui.gettext("qps", "Look up"))
    assert wrapped(at.button_group(key="signals.example").label)
    chips = at.button_group(key="signals.example").options
    assert len(chips) == len(EXAMPLES) and all(wrapped(c) for c in chips if c != "3-coins")  # a card code stays
    text = "\n".join(m.value for m in at.markdown)
    assert text.startswith("## ⟦")  # the heading
    # each signal's meaning, gesture line and picture's accessible name
    gesture_lines = [m.value for m in at.markdown if m.value.startswith("⟦Ĝ")]
    assert len(gesture_lines) == 11
    meanings = re.findall(r"^\*\*(.*)\*\*$", text, re.MULTILINE)
    assert len(meanings) == 11 and all(wrapped(m) for m in meanings)
    names = re.findall(r'<svg[^>]*role="img" aria-label="([^"]*)" class="gesture"', text)
    assert len(names) == 11 and all(wrapped(n) for n in names)
    cards = re.findall(r'<svg[^>]*role="img" aria-label="([^"]*)" class="card', text)
    assert cards and all(wrapped(c) for c in cards)


def test_search_echo_in_qps_is_wrapped_and_still_escaped() -> None:
    at = signals_page("qps")
    at.text_input(key="signals.search").input("**zz** <b>").run()
    assert at.warning
    warning = at.warning[0].value
    assert wrapped(warning)
    assert "\\*\\*zz\\*\\*" in warning and "\\<b\\>" in warning  # what was typed is shown literally


def test_table_tab_in_qps_wraps_headers_meanings_and_the_decision() -> None:
    at = signals_page("qps", ui.gettext("qps", "All signals"))
    assert not at.exception
    table = next(m.value for m in at.markdown if "signals-table" in m.value)
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", table)
    assert len(heads) == 4 and all(wrapped(h) for h in heads)  # picture, meaning, gesture, cards: no ids
    cells = re.findall(r'<td role="cell">([^<]*)</td>', table)
    assert len(cells) == 11 and all(wrapped(c) for c in cells)  # the eleven meanings
    assert at.info and wrapped(at.info[0].value)


def test_quiz_and_hand_tabs_in_qps_wrap_every_label() -> None:
    at = signals_page("qps", ui.gettext("qps", "Quiz"))
    assert not at.exception
    assert all(wrapped(r.label) for r in at.radio) and len(at.radio) == 5
    assert all(wrapped(option) for r in at.radio for option in r.options)
    assert wrapped(at.button(key="signals.quiz.check").label)
    at = signals_page("qps", ui.gettext("qps", "What should I signal?"))
    assert not at.exception
    mode = at.segmented_control(key="signals.hand.mode")
    assert wrapped(mode.label) and all(wrapped(option) for option in mode.options)
    assert wrapped(at.button(key="signals.deal").label)
    assert any(wrapped(m.value) for m in at.markdown if m.value.startswith("### "))  # "Signal this"
    mode.set_value("test").run()
    assert wrapped(at.button(key="signals.hand.check").label)
    assert wrapped(at.text_input(key="signals.typed").label)
    assert wrapped(at.multiselect[0].label) and wrapped(at.number_input[0].label)
    assert all(wrapped(option) for option in at.multiselect[0].options)


# --- Czech, Gujarati: hand-known translations -------------------------------------------------------------


def test_czech_page_searches_in_czech_and_counts_with_czech_plurals() -> None:
    at = signals_page("cs")
    assert at.title[0].value == "Znamení"
    at.text_input(key="signals.search").input("mrknout").run()  # the gesture's Czech word finds Le Borgne
    text = "\n".join(m.value for m in at.markdown)
    assert "Mám Le Borgne" in text and "Gesto: **mrknout**" in text
    assert 'aria-label="Gesto: mrknutí"' in text
    assert "Nalezeno 1 znamení." in [c.value for c in at.caption]
    plural = [ui.ngettext("cs", "{n} signal found.", "{n} signals found.", n) for n in (1, 2, 5)]
    assert plural == ["Nalezeno 1 znamení.", "Nalezena 2 znamení.", "Nalezeno 5 znamení."]


def test_a_tab_chosen_in_english_stays_open_in_czech() -> None:
    at = signals_page("cs", "All signals")
    assert not at.exception
    assert any("signals-table" in m.value for m in at.markdown)
    assert at.session_state["signals.tab"] == "Všechna znamení"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_search_finds_its_signal_in_every_language(lang: str) -> None:
    for example, expected in EXAMPLE_FINDS.items():
        found = {s.id for s in search(example_label(example, lang), lang).signals}
        assert found and found <= expected, (lang, example, example_label(example, lang), found)


def test_card_and_gesture_names_in_czech_and_gujarati() -> None:
    assert card_label(card("3-coins"), show_tier=True, lang="cs") == "3-coins, trojka mincí, Monsieur (stupeň 1)"
    assert card_label(card("A-swords"), lang="cs") == "A-swords, eso mečů"
    # Gujarati puts the suit first, its suffix agreeing with the rank word (તીરી is feminine: સિક્કાની),
    # and writes the named card's name in its own script
    assert card_label(card("3-coins"), lang="gu") == "3-coins, સિક્કાની તીરી, મસ્યૂ"
    assert format_value(card("3-coins"), "label", "gu") == "સિક્કાની તીરી (મસ્યૂ)"  # the card in words
    assert card_label(None, lang="cs") == "karta lícem dolů"
    # a gesture is "ઇશારો" in Gujarati, as in the signals lesson (docs/translating.md, the term list)
    assert gesture_label("grand-neuf", "gu") == "ઇશારો: બહાર કાઢેલો અંગૂઠો"
    # outside a page the drawings speak English, as the scenario files and tests expect
    assert card_label(card("2-cups")) == "2-cups, two of cups, La Vache"


# --- generated scenarios ------------------------------------------------------------------------------------


def test_generated_titles_and_hints_show_in_the_language_and_the_files_stay_english() -> None:
    written = generate("trick", 12, 5)
    made = generate_scenarios("trick", 12, 5)
    czech = {
        "Who wins this trick?": "Kdo bere tento štych?",
        "Who leads the next trick?": "Kdo vynáší do dalšího štychu?",
        "Is this trick spoiled? Who leads next?": "Je tento štych zkažený? Kdo vynáší dál?",
        "Who wins this trick, and who leads next?": "Kdo bere tento štych a kdo vynáší dál?",
        "Who wins this trick, and with which card?": "Kdo bere tento štych a kterou kartou?",
    }
    for data, scenario in zip(written, made, strict=True):
        assert data["title"] == scenario.title and data["title"] in czech  # the file: English
        shown = localize_generated(scenario, "cs")
        assert shown.title == czech[data["title"]]
        assert shown.hint == ("Najděte nejlepší zahraný stupeň; mají-li ho dvě karty, štych nebere nikdo.")
        assert localize_generated(scenario, "en") is scenario


def test_a_generated_play_puzzle_names_the_seat_in_the_language() -> None:
    seats_cs = {"North": "Sever", "East": "Východ", "South": "Jih", "West": "Západ"}
    checked = 0
    for seed in range(6):
        scenario = generate_scenarios("play", 1, seed)[0]
        match = re.fullmatch(r"Which card should (\w+) play\?", scenario.title)
        if match:
            shown = localize_generated(scenario, "cs")
            assert shown.title == f"Kterou kartu má zahrát {seats_cs[match.group(1)]}?"
            checked += 1
    assert checked, "no seed gave the question 'Which card should ... play?'"
