"""Every name the engine prints for a card reads back as that card (one notation everywhere)."""

from __future__ import annotations

import pytest

from tutor.engine import PACK, Card, parse_card


@pytest.mark.parametrize("c", PACK, ids=str)
def test_printed_names_read_back(c: Card) -> None:
    assert parse_card(c.english) == c
    assert parse_card(c.spanish) == c
    assert parse_card(c.french) == c
    assert parse_card(c.code.upper()) == c


def test_worked_examples_of_foreign_names() -> None:
    # Spanish: sota = jack (10), caballo = cavalier (11), rey = king (12); oros coins, copas cups,
    # espadas swords, bastos clubs. French: deniers, coupes, épées, bâtons.
    assert str(parse_card("sota de oros")) == "J-coins"
    assert str(parse_card("caballo de copas")) == "C-cups"
    assert str(parse_card("rey de bastos")) == "K-clubs"
    assert str(parse_card("trois de deniers")) == "3-coins"
    assert str(parse_card("as d'épées")) == "A-swords"
    assert str(parse_card("valet de bâtons")) == "J-clubs"
