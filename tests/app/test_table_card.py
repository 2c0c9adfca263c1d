"""The printed table card (tutor/app/printing/table_card.py): one page in every language and on every paper, every
tier's cards and every signal in the sheet's language, nothing of it left in English.

Each card is made once per language and paper (module-scoped fixtures) and read back with pdftotext (tests/pdf_text.py).
"""

from __future__ import annotations

from datetime import date

import pytest
from pdf_text import comparable, missing, page_count, text_of

from tutor.app.cardsvg import card_words
from tutor.app.printing import table_card_pdf
from tutor.app.printing.table_card import rank_words, suit_words
from tutor.content import drills
from tutor.engine import NAMED_CARDS, SIGNALS, Tier
from tutor.i18n import LANGUAGES, ui
from tutor.i18n.sentences import format_value

DAY = date(2026, 12, 2)


@pytest.fixture(scope="module")
def a4() -> dict[str, tuple[int, str]]:
    """Each language's A4 card: its pages and its text."""
    made = {lang: table_card_pdf(lang, "a4", DAY) for lang in LANGUAGES}
    return {lang: (page_count(pdf), text_of(pdf)) for lang, pdf in made.items()}


def expected_words(lang: str) -> list[str]:
    """What the card must say in ``lang``: each tier's name and each of its cards in words, each signal's meaning and
    gesture, the ranks' and suits' words."""
    words = []
    for row in drills.tier_chart():
        words.append(format_value(Tier(row.number), "name", lang))
        words.extend(card_words(card, lang) for card in row.cards)
    for signal in SIGNALS:
        words += [format_value(signal, "meaning", lang), format_value(signal, "gesture", lang)]
    words += [word for _, word in rank_words(lang)] + list(suit_words(lang).values())
    return words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_a4_card_is_one_page_with_every_tier_and_every_signal_in_its_language(
    a4: dict[str, tuple[int, str]], lang: str
) -> None:
    pages, text = a4[lang]
    assert pages == 1
    assert missing(text, expected_words(lang), lang) == []
    assert len(expected_words(lang)) == 19 + 48 + 22 + 12 + 4  # every tier, card, signal (twice), rank and suit


def test_the_card_speaks_each_language_by_hand() -> None:
    # a few words worked out by hand from the catalogs, so the test does not only compare the code with itself
    assert card_words(drills.tier_chart()[0].cards[0], "cs") == "trojka mincí"
    assert format_value(Tier(9), "name", "fr") == "les as"
    assert suit_words("mk")[next(iter(suit_words("mk")))] == "злато"  # the review's word for coins


def test_the_french_card_by_hand(a4: dict[str, tuple[int, str]]) -> None:
    text = comparable(a4["fr"][1], "fr")
    for words in ("trois de deniers", "Monsieur", "les as", "cavalier d'épées", "Aluette : l'ordre des cartes",
                  "2 décembre 2026", "J'ai Monsieur"):  # fmt: skip
        assert comparable(words, "fr") in text, words


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_nothing_on_the_card_is_left_in_english(a4: dict[str, tuple[int, str]], lang: str) -> None:
    text = comparable(a4[lang][1], lang)
    headings = ("Aluette: the ranking and the signals", "The 19 tiers, drawn", "The signals, with pictures")
    english = [*expected_words("en"), *(ui.gettext("en", heading) for heading in headings)]
    translated = [*expected_words(lang), *(ui.gettext(lang, heading) for heading in headings)]
    # only words the language writes otherwise, long enough not to be part of another word; the eight named cards'
    # French names are on their pictures in every language (as at a real table), and are no English
    french = set(NAMED_CARDS.values())
    pairs = zip(english, translated, strict=True)
    left = [en for en, there in pairs if en != there and len(en) > 4 and en not in french]
    assert [en for en in left if comparable(en, lang) in text] == []


@pytest.mark.parametrize(("lang", "size"), [("en", "a5"), ("en", "letter"), ("gu", "a5"), ("mk", "a5"),
                                            ("gu", "letter"), ("mk", "letter")])  # fmt: skip
def test_the_smaller_papers_hold_the_whole_card_on_one_page(lang: str, size: str) -> None:
    pdf = table_card_pdf(lang, size, DAY)
    assert page_count(pdf) == 1
    assert missing(text_of(pdf), expected_words(lang), lang) == []
