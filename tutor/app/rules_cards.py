"""The cards the Rules page's tables name, in the learner's language.

The tables of rules.md name a few cards by their code ("3-coins", "9-swords, 9-clubs"), and their translations
keep the codes as they are. On the page each code is replaced by the card's name in the learner's language
("trois de deniers"), as the rest of the page reads; the chart drawn under section 3 shows each card's code
with its picture.
"""

from __future__ import annotations

import re

from tutor.i18n import ui

_CODE = re.compile(r"\b([0-9AKCJ])-(coins|cups|swords|clubs)\b")


def card_names(lang: str) -> dict[str, str]:
    """The name of every card the rules' tables name, in ``lang``."""
    # Translators: a card's name in a cell of the Rules page's tables ("three of coins"). The extractor reads
    # literal calls only, hence one call per card.
    return {
        "3-coins": ui.pgettext(lang, "a card in the rules' tables", "three of coins"),
        "3-cups": ui.pgettext(lang, "a card in the rules' tables", "three of cups"),
        "2-coins": ui.pgettext(lang, "a card in the rules' tables", "two of coins"),
        "2-cups": ui.pgettext(lang, "a card in the rules' tables", "two of cups"),
        "9-cups": ui.pgettext(lang, "a card in the rules' tables", "nine of cups"),
        "9-coins": ui.pgettext(lang, "a card in the rules' tables", "nine of coins"),
        "2-clubs": ui.pgettext(lang, "a card in the rules' tables", "two of clubs"),
        "2-swords": ui.pgettext(lang, "a card in the rules' tables", "two of swords"),
        "9-swords": ui.pgettext(lang, "a card in the rules' tables", "nine of swords"),
        "9-clubs": ui.pgettext(lang, "a card in the rules' tables", "nine of clubs"),
        "3-swords": ui.pgettext(lang, "a card in the rules' tables", "three of swords"),
        "3-clubs": ui.pgettext(lang, "a card in the rules' tables", "three of clubs"),
    }


def named_cards(table: str, lang: str) -> str:
    """A Markdown table with every card code the tables use replaced by the card's name in ``lang``."""
    names = card_names(lang)
    return _CODE.sub(lambda m: names.get(m.group(0), m.group(0)), table)
