"""Text from files and learners inside the drawn cards and views: well-formed XML on one line, read back exactly.

Every caption, label, class, player's name and title the renderers accept is tried with the characters that
break hand-built markup (``& < > " '``, line breaks, text that is already an entity), then with any text
Hypothesis draws. The expected value is always the text as given: what a learner typed is shown as typed,
never as markup.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.app import scenario_view, views
from tutor.app.cardsvg import card_svg, cards_html, suit_symbol
from tutor.app.markup import escape
from tutor.content.kinds.draw import DrawSetup
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine import SEATS, Seat, Suit, card, cards, resolve_trick

SVG = "{http://www.w3.org/2000/svg}"

NASTY = (
    "&",
    "<",
    ">",
    '"',
    "'",
    'Anne & "Bob" <O\'Neil>',
    "&amp; &lt; &#39; &#x27;",  # already an entity: must come back as typed, not decoded
    "</title><script>alert(1)</script>",
    '" onload="alert(1)',
    "**bold** _it_ `code` [link](x)",
    "two\nlines",
    "blank\n\n    indented",  # a raw blank line would end Streamlit's HTML block
    "tab\tand\rreturn",
    "naïve ♠ 🂡 Deux d'écrit",
)
DRAW_CARDS = cards("5-cups 3-cups K-clubs 2-coins 7-cups 4-swords 3-coins 9-clubs 2-cups")


def xml_char(ch: str) -> bool:
    """The ``Char`` production of XML 1.0, written out from the specification."""
    c = ord(ch)
    return c in (0x9, 0xA, 0xD) or 0x20 <= c <= 0xD7FF or 0xE000 <= c <= 0xFFFD or 0x10000 <= c <= 0x10FFFF


def shown(text: str) -> str:
    """How a text reads back: as given, but a character XML cannot carry at all shows as U+FFFD."""
    return "".join(ch if xml_char(ch) else "\ufffd" for ch in text)


def parse(markup: str) -> ET.Element:
    assert "\n" not in markup and "\r" not in markup, "one line, or Streamlit's Markdown may read part of it"
    return ET.fromstring(markup)


def title(svg: ET.Element) -> str:
    found = svg.find(f"{SVG}title")
    assert found is not None
    return found.text or ""


def caption(svg: ET.Element) -> str:
    """The caption under a card: the only text drawn outside the card body."""
    (text,) = svg.findall(f"{SVG}text")
    return "".join(text.itertext())


def text_of(element: ET.Element) -> str:
    return "".join(element.itertext())


def names_on(root: ET.Element) -> list[str]:
    return [text_of(e) for e in root.iter("span") if e.get("class") == "alu-seat-name"]


# --- the cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", NASTY)
def test_a_caption_reads_back_in_the_picture_the_label_and_the_title(text: str) -> None:
    svg = parse(card_svg(card("3-coins"), width=64, caption=text))
    assert caption(svg) == text
    assert svg.get("aria-label") == title(svg) == f"3-coins, three of coins, Monsieur; {text}"
    back = parse(card_svg(None, width=40, caption=text))
    assert caption(back) == text and back.get("aria-label") == title(back) == f"face-down card; {text}"


@pytest.mark.parametrize("text", NASTY)
def test_a_label_and_a_class_read_back_exactly(text: str) -> None:
    svg = parse(card_svg(card("2-swords"), width=90, label=text, css_class=text, highlight=True))
    assert svg.get("aria-label") == title(svg) == text
    assert svg.get("class") == f"card card-highlight {text}"
    assert svg.get("data-card") == "2-swords"


@pytest.mark.parametrize("text", NASTY)
def test_a_row_keeps_its_label_classes_and_captions(text: str) -> None:
    row = parse(cards_html(cards("A-coins K-cups"), width=48, label=text, css_class=text, captions=[text, "2"]))
    assert row.get("aria-label") == text
    assert row.get("class") == " ".join(["cards-row", *text.split()])  # classes are words: blanks separate
    first, second = row.iter(f"{SVG}svg")
    assert caption(first) == text and caption(second) == "2"
    assert first.get("aria-label") == f"A-coins, ace of coins; {text}"


def test_a_caption_never_becomes_markup() -> None:
    svg = parse(card_svg(card("3-cups"), caption="<b>bold</b>"))
    assert list(svg.iter("b")) == [] and list(svg.iter(f"{SVG}b")) == []
    assert caption(svg) == "<b>bold</b>"


def test_characters_xml_cannot_carry_show_as_a_replacement_mark() -> None:
    svg = parse(card_svg(card("3-cups"), caption="a\x00b\x1bc\ufffe", label="x\x07"))
    assert caption(svg) == "a\ufffdb\ufffdc\ufffd"
    assert svg.get("aria-label") == title(svg) == "x\ufffd; a\ufffdb\ufffdc\ufffd"


def test_suit_symbols_are_well_formed() -> None:
    for suit in Suit:
        group = parse(suit_symbol(suit, 10.5, -3, 40))
        assert group.tag == "g" and group.get("transform") == "translate(10.5 -3) scale(0.4)"
        assert len(group) > 0


@given(st.text(max_size=40), st.text(max_size=40), st.text(max_size=40))
def test_any_text_reads_back_from_a_card(text: str, label: str, css_class: str) -> None:
    svg = parse(card_svg(card("K-clubs"), width=56, caption=text or None, label=label, css_class=css_class))
    assert svg.get("aria-label") == title(svg) == shown(f"{label}; {text}" if text else label)
    if text:
        assert caption(svg) == shown(text)
    assert svg.get("class") == ("card " + shown(css_class) if css_class else "card")


# --- the views ----------------------------------------------------------------------------------


def draw_scenario(players: tuple[str, ...]) -> Scenario:
    return Scenario("test-draw", "A draw", "draw", "draw", DrawSetup(players, DRAW_CARDS), ("partnerships",))


def check_draw(players: tuple[str, ...]) -> None:
    """Draw ``players`` with the example's cards: each name reads back exactly wherever it is shown."""
    scenario = draw_scenario(players)
    result = solve(scenario)
    names = [shown(p) for p in players]
    before = parse(scenario_view.setup_html(scenario, result, reveal=False))
    order = next(e for e in before.iter("div") if e.get("class") == "alu-row")
    assert text_of(order) == " ".join(f"{i} {name}" for i, name in enumerate(names, start=1))
    after = parse(scenario_view.setup_html(scenario, result, reveal=True))
    boxes = [e for e in after.iter("div") if e.get("data-player") is not None]
    assert [e.get("data-player") for e in boxes] == names
    assert [text_of(e[0]) for e in boxes] == names, "the name above each player's cards"
    # the example's deal order: the first player gets Monsieur, the second Madame (and so deals first), the
    # fourth Le Borgne and the third La Vache
    a, b, c, d = names
    assert f"{a} and {b} (Monsieur and Madame); {d} and {c} (Le Borgne and La Vache)." in text_of(after)
    dealer = [text_of(e) for e in after.iter("span") if e.get("class") == "alu-badge alu-badge-dealer"]
    assert dealer == [f"{b} deals first"]


def test_the_example_draw_is_what_check_draw_expects() -> None:
    # the worked example the checks above rely on (scenarios/examples/draw-with-skips.yaml)
    draw = solve(draw_scenario(("Ann", "Bob", "Cat", "Dan")))
    assert draw.outcome()["partnerships"] == [["Ann", "Bob"], ["Dan", "Cat"]]
    assert draw.outcome()["first_dealer"] == "Bob"


@pytest.mark.parametrize("start", range(0, len(NASTY), 4))
def test_player_names_in_a_draw_read_back_exactly(start: int) -> None:
    names = [*NASTY[start : start + 4], "Ann", "Bob", "Cat"][:4]
    check_draw(tuple(names))


@given(st.lists(st.text(min_size=1, max_size=20).filter(str.strip), min_size=4, max_size=4, unique=True))
def test_any_player_names_read_back_from_a_draw(players: list[str]) -> None:
    check_draw(tuple(players))


@pytest.mark.parametrize("name", NASTY)
def test_names_at_the_table_read_back_exactly(name: str) -> None:
    names = {seat: f"{name} {seat.value}" for seat in SEATS}
    expected = [f"{seat.title} ({names[seat]})" for seat in (Seat.N, Seat.W, Seat.E, Seat.S)]  # DOM order
    table = parse(views.table_html(names=names, hands={Seat.S: cards("A-coins 3-cups")}, leader=Seat.N))
    assert names_on(table) == expected
    trick = parse(views.trick_table_html({Seat.N: card("A-coins")}, leader=Seat.N, names=names, label=name))
    assert names_on(trick) == expected
    assert trick.get("aria-label") == name
    tricks = [resolve_trick(Seat.N, cards("A-coins K-cups 3-cups 2-clubs"))]
    grid = parse(views.tricks_grid_html(tricks, names=names))
    heads = [text_of(th) for th in grid.iter("th")][2:6]  # after "trick" and "led by"
    assert heads == [f"{names[seat]} ({seat.value})" for seat in SEATS]


@given(st.text(max_size=30))
def test_any_name_at_the_table_reads_back(name: str) -> None:
    table = parse(views.table_html(names={Seat.S: name}, leader=Seat.N))
    south = next(e for e in table.iter("span") if e.get("class") == "alu-seat-name" and "South" in text_of(e))
    assert text_of(south) == (f"South ({shown(name)})" if name else "South")


@pytest.mark.parametrize("text", NASTY)
def test_badges_and_chips_read_back_exactly(text: str) -> None:
    assert text_of(parse(views.badge(text, "leader"))) == text
    chip = parse(views.seat_chip(Seat.N, text=text))
    assert text_of(chip) == text and chip.get("title") == "North"


def test_escape_writes_every_special_character_as_a_reference() -> None:
    assert escape("&<>\"'\n\r\t") == "&amp;&lt;&gt;&quot;&#x27;&#10;&#13;&#9;"
    assert escape("\x00") == "\ufffd"
    assert escape(12) == "12"
