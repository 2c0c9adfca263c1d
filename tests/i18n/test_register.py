"""One register per language: every catalog entry addresses the learner as docs/translating.md says (the
markers of the other register are in tutor/i18n/register.py), and the words a reviewer found drifting are gone
(tutor/i18n/terms.py, AVOIDED)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.i18n import TRANSLATED, terms
from tutor.i18n.register import EXCEPTIONS, REGISTERS
from tutor.i18n.runtime import DOMAINS, LOCALES, po_path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "translating.md"


def entries(lang: str) -> list[tuple[str, str]]:
    """(context, or the English where there is none; translation) of every translated entry, forms joined."""
    found = []
    for domain in DOMAINS:
        with po_path(LOCALES, lang, domain).open("rb") as f:
            for message in read_po(f):
                if not message.id or not message.string:
                    continue
                english = message.id if isinstance(message.id, str) else message.id[0]
                text = message.string if isinstance(message.string, str) else " || ".join(message.string)
                found.append((message.context or english, text))
    return found


def test_the_markers_tell_the_registers_apart_in_hand_made_sentences() -> None:
    assert REGISTERS["sq"].slips("Zgjidhni emrin tuaj") == ["Zgjidhni", "tuaj"]
    assert REGISTERS["sq"].slips("Zgjidh emrin tënd") == []
    assert REGISTERS["mk"].slips("Вашиот одговор") == ["Вашиот"]
    assert REGISTERS["mk"].slips("Твојот одговор; кликни на картата") == []
    assert REGISTERS["fr"].slips("Choisis ton nom") == ["ton"]
    assert REGISTERS["gu"].slips("તું પત્તું રમ") == ["તું"]  # "પત્તું" (a card) ends like "તું" but is no pronoun


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_keeps_its_register(lang: str) -> None:
    register = REGISTERS[lang]
    slips = [
        (key, register.slips(text), text[:80])
        for key, text in entries(lang)
        if register.slips(text) and (lang, key) not in EXCEPTIONS
    ]
    assert slips == []


def test_the_translators_guide_states_each_register() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    for lang, register in REGISTERS.items():
        assert f"| {lang} | {register.address} |" in guide


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_uses_a_word_the_review_found_wrong(lang: str) -> None:
    found = [
        (word, instead, text[:90])
        for key, text in entries(lang)
        for avoided_lang, word, instead, _ in terms.AVOIDED
        if avoided_lang == lang and re.search(word, text)
    ]
    assert found == []
