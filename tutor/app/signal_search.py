"""The Signals page's search: the engine's (card codes and names, English words), then the signals' own
words in the learner's language, and the example searches shown as chips, in that language too."""

from __future__ import annotations

import unicodedata

from tutor.content import drills
from tutor.engine import SIGNALS, Tier
from tutor.i18n import ui
from tutor.i18n.sentences import format_value


def _words(text: str) -> list[str]:
    """The words of ``text``, case-folded: letters, digits, hyphens and combining marks (Gujarati's vowel
    signs and virama are marks, not letters); anything else, apostrophes too ("l'œil" holds "œil"), splits."""
    kept = (c if c.isalnum() or c == "-" or unicodedata.category(c).startswith("M") else " " for c in text.casefold())
    return "".join(kept).split()


EXAMPLES = ("monsieur", "3-coins", "aces", "useless", "mordienne", "wink", "thumb", "lip")


def example_label(example: str, language: str) -> str:
    """An example search, in ``language``: words the signals' own text holds in that language."""
    if example == "monsieur":
        return format_value(Tier(1), "name", language)  # the card's name as the language writes it
    if example == "3-coins":
        return example  # a card code: the notation, the same in every language
    words = {
        # Translators: it must start a word of the translation of "I hold aces" or "open the mouth once for each
        # ace held" (the search looks for it there); the same for the other example searches.
        "aces": ui.pgettext(language, "example search aces", "aces"),
        "useless": ui.pgettext(language, "example search useless", "useless"),
        "mordienne": ui.pgettext(language, "example search mordienne", "mordienne"),
        "wink": ui.pgettext(language, "example search wink", "wink"),
        "thumb": ui.pgettext(language, "example search thumb", "thumb"),
        "lip": ui.pgettext(language, "example search lip", "lip"),
    }
    return words[example]


def search(text: str, language: str) -> drills.SignalSearch:
    """The engine's search (card codes and names, English words), then the signals' words in ``language``:
    each word typed starts a word of the signal's meaning or gesture as the learner reads them."""
    found = drills.search_signals(text)
    if found.card is not None or found.signals or not text.strip():
        return found
    typed = _words(text)
    matches = []
    for s in SIGNALS:
        words = _words(format_value(s, "meaning", language) + " " + format_value(s, "gesture", language))
        if typed and all(any(w.startswith(t) for w in words) for t in typed):
            matches.append(s)
    return drills.SignalSearch(None, tuple(matches))
