"""One word for one thing: every catalog uses the term list's word wherever the English names a checked term,
quotes a button exactly as the button is translated, and the translators' guide shows the same list.

The term list (:mod:`tutor.i18n.terms`) is the one place the words live; ``docs/translating.md`` carries its
table and this test reads both.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.app import quiz
from tutor.i18n import terms
from tutor.i18n.runtime import DOMAINS, LOCALES, po_path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "translating.md"
# The quotation marks each language's catalogs put around a quoted label.
QUOTES = {"fr": ("« ", " »"), "cs": ("„", "“"), "sq": ("“", "”"), "mk": ("„", "“"), "ms": ("“", "”"), "gu": ("“", "”")}


def catalog(lang: str) -> list[tuple[str, str, str]]:
    """(domain, English, translation) of every translated entry of one language; plural forms joined."""
    found = []
    for domain in DOMAINS:
        with po_path(LOCALES, lang, domain).open("rb") as f:
            for message in read_po(f):
                if not message.id or not message.string:
                    continue
                english = message.id if isinstance(message.id, str) else " ".join(message.id)
                text = message.string if isinstance(message.string, str) else " ".join(message.string)
                found.append((domain, english, text))
    return found


# --- the term list itself, checked against hand-made sentences -----------------------------------------------


def test_a_term_is_found_as_a_whole_word_outside_placeholders_and_code() -> None:
    trick = terms.TERMS[0]
    assert trick.english == "trick"
    assert trick.found_in("North wins the trick.") and trick.found_in("Nine tricks")
    assert not trick.found_in("A trickster")  # not a whole word
    assert not trick.found_in("{trick} is led")  # a placeholder is filled in, not translated
    spoiled = next(t for t in terms.TERMS if t.english.startswith("spoiled"))
    assert not spoiled.found_in("Results `S, W, spoiled, E`.")  # notation stays as it is


def test_misses_names_the_entries_that_lack_the_chosen_word() -> None:
    entries = [
        ("Save this scenario", "Uložit tuto úlohu"),  # the chosen word, inflected
        ("Next scenario", "Další scénář"),  # the other word: drift
        ("Who partners whom?", "Kdo hraje s kým?"),  # the verb of the draw, not the term
        ("Your partner signalled", "Váš partner signalizoval"),  # "partner" is not the Czech term
    ]
    assert [(t, en) for t, en, _ in terms.misses("cs", entries)] == [
        ("scenario", "Next scenario"),
        ("partner", "Your partner signalled"),
    ]


def test_a_listed_exception_is_excused_and_only_that_one() -> None:
    discard = "to discard, the discards"
    assert ("*", discard, "Discard it") in terms.EXCEPTIONS  # a saved game, not cards
    assert terms.misses("fr", [("Discard it", "L'abandonner")]) == []
    assert terms.misses("fr", [("Discard these six", "Abandonner ces six")]) != []


def test_every_term_has_a_word_in_every_language_and_checked_terms_have_stems() -> None:
    for term in terms.TERMS:
        assert set(term.words) == set(terms.LANGS) and all(term.words.values()), term.english
        if term.pattern is not None:
            assert set(term.stems) == set(terms.LANGS), term.english
            for lang in terms.LANGS:  # the word shown to translators is the word the test looks for
                assert term.used_in(lang, term.words[lang]), (term.english, lang)


def test_the_core_terms_are_checked() -> None:
    checked = {t.english for t in terms.TERMS if t.pattern is not None}
    assert {"trick", "scenario", "lesson", "tier", "named card", "partner"} <= checked
    assert any(name.startswith("spoiled") for name in checked)


# --- the catalogs follow the list -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", terms.LANGS)
def test_every_entry_naming_a_checked_term_uses_the_chosen_word(lang: str) -> None:
    missed = terms.misses(lang, [(english, text) for _, english, text in catalog(lang)])
    assert missed == [], "\n".join(f"[{t}] {en[:80]!r} -> {tr[:120]!r}" for t, en, tr in missed[:20])


@pytest.mark.parametrize("lang", terms.LANGS)
def test_a_quoted_label_is_the_labels_own_translation(lang: str) -> None:
    """An English text that quotes an app label in curly quotes (“Discard these six”, “My deals”, “see
    everything”) quotes the label's translation, exactly, in the language's own quotation marks."""
    entries = catalog(lang)
    labels: dict[str, set[str]] = {}  # by the English in lower case: a sentence may quote "See everything" so
    for domain, english, text in entries:
        if domain == "ui":
            labels.setdefault(english.lower(), set()).add(text)
    start, end = QUOTES[lang]
    quoted = 0
    for _, english, text in entries:
        for label in re.findall(r"“([^”]+)”", english):
            if label.lower() in labels and label != english:
                quoted += 1
                wanted = labels[label.lower()]
                assert any(f"{start}{t}{end}" in text for t in wanted), (label, sorted(wanted), text)
    # the guided deal's five instructions name seven buttons; Practice names My deals; Play names See everything
    assert quoted >= 9


# Labels a text names without curly quotes: (the entry's English as it begins, the label's English).
NAMED_LABELS = [
    # the mordienne lesson names the Play page's switch in bold
    ("The mordienne is an **optional** rule.", "Mordienne rule"),
]


@pytest.mark.parametrize("lang", terms.LANGS)
def test_a_text_naming_a_label_unquoted_uses_the_labels_translation(lang: str) -> None:
    entries = catalog(lang)
    for begins, label in NAMED_LABELS:
        translations = {text for domain, english, text in entries if domain == "ui" and english == label}
        assert len(translations) == 1, (label, translations)  # the label has one translation
        (wanted,) = translations
        (text,) = [text for _, english, text in entries if english.startswith(begins)]
        assert wanted in text, (lang, label, wanted, text[:200])


@pytest.mark.parametrize("lang", terms.LANGS)
def test_a_page_named_in_the_menu_has_the_same_title_on_the_page(lang: str) -> None:
    """The same English label with and without a context (the menu's entry and the page's heading) is the same
    translation, so a learner who clicks "X" lands on a page titled "X"."""
    by_label: dict[str, set[str]] = {}
    for domain, english, text in catalog(lang):
        if domain == "ui" and english in ("Play a game", "Ranking trainer"):
            by_label.setdefault(english, set()).add(text)
    assert {label: len(texts) for label, texts in by_label.items()} == {"Play a game": 1, "Ranking trainer": 1}


@pytest.mark.parametrize("lang", terms.LANGS)
def test_a_topic_has_one_name_in_practices_menu_and_in_a_scenarios_caption(lang: str) -> None:
    """Practice's Topic menu, a scenario's caption and Progress all name topics through ``quiz.topic_title``:
    the catalog holds no second, context-bound naming of a topic that could drift from it, and each topic's
    name there is the catalog's one translation of its English."""
    plain: dict[str, str] = {}
    with po_path(LOCALES, lang, "ui").open("rb") as f:
        catalog = read_po(f)
    for message in catalog:
        assert not (message.context or "").startswith("scenario topic "), message.id
        if isinstance(message.id, str) and isinstance(message.string, str) and message.context is None:
            plain[message.id] = message.string
    english = quiz.topic_titles("en")
    shown = quiz.topic_titles(lang)
    assert {"Ranking", "Scoring", "Spoiled tricks", "Mordienne"} <= set(english.values())
    assert {t: shown[t] for t in english} == {t: plain[english[t]] for t in english}


@pytest.mark.parametrize("lang", terms.LANGS)
def test_a_lessons_title_is_the_same_wherever_its_english_is(lang: str) -> None:
    """A lesson's title, the Rules page's heading and the Practice kind named like it ("The ranking",
    "Scoring a deal") read the same."""
    titles: dict[str, str] = {}
    elsewhere: list[tuple[str, str]] = []
    for domain in DOMAINS:
        with po_path(LOCALES, lang, domain).open("rb") as f:
            for message in read_po(f):
                if not isinstance(message.id, str) or not isinstance(message.string, str) or not message.id:
                    continue
                context = message.context or ""
                if domain == "content" and context.endswith(":title") and not context.startswith("rules:"):
                    titles[message.id] = message.string
                else:
                    elsewhere.append((message.id, message.string))
    shared = [(english, text) for english, text in elsewhere if english in titles]
    assert len(shared) >= 5  # The ranking, Scoring a deal, The pack, Spoiled tricks, The partnership draw...
    assert [(en, text) for en, text in shared if text != titles[en]] == []


# --- the translators' guide shows the list --------------------------------------------------------------------


def test_the_translators_guide_shows_the_term_list() -> None:
    assert terms.table() in GUIDE.read_text(encoding="utf-8")
