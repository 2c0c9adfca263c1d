"""The printed signals cards (tutor/app/printing/signals_card.py): two A6 cards on one page, in every language, each
with every signal's meaning and gesture."""

from __future__ import annotations

from datetime import date

import pytest
from pdf_text import comparable, missing, page_count, text_of

from tutor.app.printing import signals_card_pdf
from tutor.app.printing.signals_card import COPIES
from tutor.engine import SIGNALS
from tutor.i18n import LANGUAGES, ui
from tutor.i18n.sentences import format_value

DAY = date(2026, 12, 2)


@pytest.fixture(scope="module")
def sheets() -> dict[str, tuple[int, str]]:
    made = {lang: signals_card_pdf(lang, "a4", DAY) for lang in LANGUAGES}
    return {lang: (page_count(pdf), text_of(pdf)) for lang, pdf in made.items()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_page_holds_two_cards_each_with_every_signal(sheets: dict[str, tuple[int, str]], lang: str) -> None:
    pages, text = sheets[lang]
    assert pages == 1
    assert COPIES == 2  # one card for each partner
    have = comparable(text, lang)
    wanted = [format_value(signal, field, lang) for signal in SIGNALS for field in ("meaning", "gesture")]
    assert missing(text, wanted, lang) == []
    if lang != "gu":  # a Gujarati phrase is found word by word (tests/pdf_text.py): not counted
        assert all(have.count(comparable(words, lang)) >= COPIES for words in wanted)
        assert have.count(comparable(ui.gettext(lang, "Signals to your partner"), lang)) == COPIES


def test_the_macedonian_card_by_hand(sheets: dict[str, tuple[int, str]]) -> None:
    have = comparable(sheets["mk"][1], "mk")
    for words in ("Го имам Monsieur", "намигни", "Сигнали за партнерот", "2 декември 2026"):
        assert comparable(words, "mk") in have, words


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_meaning_is_left_in_english(sheets: dict[str, tuple[int, str]], lang: str) -> None:
    have = comparable(sheets[lang][1], lang)
    english = [format_value(s, field, "en") for s in SIGNALS for field in ("meaning", "gesture")]
    english.append("Signals to your partner")
    assert [words for words in english if comparable(words, lang) in have] == []  # Latin letters: read exactly


@pytest.mark.parametrize("size", ["a5", "letter"])
def test_every_paper_holds_the_two_cards_on_one_page(size: str) -> None:
    pdf = signals_card_pdf("mk", size, DAY)
    assert page_count(pdf) == 1
    meaning = comparable(format_value(SIGNALS[-1], "meaning", "mk"), "mk")
    assert comparable(text_of(pdf), "mk").count(meaning) == COPIES
