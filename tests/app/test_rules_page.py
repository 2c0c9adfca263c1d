"""The rules page: the whole of rules.md, with the tier chart and the signals table drawn."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import open_page
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_COPY = ROOT / "tutor" / "app" / "rules.md"


def rules_page() -> AppTest:
    return open_page("screens/rules.py")


AUTHORS_WORDS = (
    "Decision",
    "issue note",
    "seeds",
    "match the engine",
    "Game seed",
    "`players`",
    "`aces`",
    "deux-de-chene",
)


def test_the_learners_copy_has_the_rules_of_docs_rules_md_without_the_authors_words() -> None:
    """docs/rules.md is the authors' binding page (its decisions and where they come from); the page learners
    read says the same rules in the learner's words: the same sections, no author's notes, no internal ids."""
    learners = PACKAGE_COPY.read_text(encoding="utf-8")
    authors = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    heading = re.compile(r"^#{1,2} .+$", flags=re.MULTILINE)
    assert heading.findall(learners) == heading.findall(authors)
    for words in AUTHORS_WORDS:
        assert words not in learners, words
    # every rule is still there: the section 8 decision on all-spoiled deals, the drawn game of section 9
    assert "- If every trick was spoiled (nobody won a trick), nobody scores." in learners
    assert "Equal points is a drawn game." in learners


def test_no_authors_words_reach_the_page() -> None:
    at = rules_page()
    # what a reader sees: the drawn tables' markup (a picture's data-signal attribute) is no text
    text = re.sub(r"<[^>]+>", " ", "\n".join([m.value for m in at.markdown] + [e.label for e in at.expander]))
    for words in AUTHORS_WORDS:
        assert words not in text, words


def test_every_heading_of_rules_md_is_on_the_page() -> None:
    at = rules_page()
    headings = re.findall(r"^#{1,2} (.+)$", PACKAGE_COPY.read_text(encoding="utf-8"), flags=re.MULTILINE)
    shown = [t.value for t in at.title] + [h.value for h in at.header]
    assert shown == headings
    contents = next(m.value for m in at.markdown if m.value.startswith("- [1."))
    for heading in headings[1:]:
        assert heading in contents


def test_the_text_is_all_there() -> None:
    at = rules_page()
    text = "\n".join(m.value for m in at.markdown)
    body = PACKAGE_COPY.read_text(encoding="utf-8")
    for line in body.splitlines():
        if line.strip() and not line.startswith("#") and not line.startswith("|"):
            assert line in text
    # the tables name the cards: "3-coins" in the file is "three of coins" on the page
    assert "| 1 | three of coins | Monsieur |" in text and "| 13 | nine of swords, nine of clubs | |" in text


def test_the_chart_follows_section_3_and_the_signals_table_section_10() -> None:
    at = rules_page()
    values = [m.value for m in at.markdown]
    chart = next(i for i, v in enumerate(values) if 'class="tier-chart"' in v)
    signals = next(i for i, v in enumerate(values) if 'class="signals-table"' in v)
    assert "| 19 | three of swords, three of clubs | |" in values[chart - 1]  # the end of section 3
    assert values[chart].count('class="tier-row') == 19 and values[chart].count("<svg") == 48
    assert "stick out the little finger" in values[signals] and 'aria-label="Gesture: wink"' in values[signals]
    assert [s.value for s in at.subheader] == ["The 19 tiers, drawn", "The signals, with pictures"]
