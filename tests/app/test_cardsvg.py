"""The card renderer: every card is valid SVG with the right accessible name, legible at small sizes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tutor.app.cardsvg import (
    MIN_CAPTION_PX,
    MIN_RANK_PX,
    MIN_TEXT_PX,
    SUIT_COLOURS,
    VIEW_W,
    card_label,
    card_svg,
    cards_html,
    drawn_words,
    suit_symbol,
)
from tutor.engine import NAMED_CARDS, PACK, TIERS, Card, Suit, card, cards

SVG = "{http://www.w3.org/2000/svg}"
WIDTHS = (40, 48, 56, 64, 72, 90, 120)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{SVG}text"))


def text_content(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in texts(root)]


def title(root: ET.Element) -> str:
    found = root.find(f"{SVG}title")
    assert found is not None
    return found.text or ""


def px(root: ET.Element, element: ET.Element) -> float:
    """The rendered pixel size of a text element: its font size in units times pixels per unit."""
    view_w = float(root.get("viewBox", "").split()[2])
    return float(element.get("font-size", "0")) * float(root.get("width", "0")) / view_w


def banner_text(root: ET.Element, name: str) -> str:
    """The name as written on the banner (its one or two lines joined back together)."""
    lines = [t for t in text_content(root) if t and t in name]
    joined = ""
    for line in lines:
        joined += ("" if not joined or joined.endswith("-") else " ") + line
    return joined


@pytest.mark.parametrize("c", PACK, ids=str)
def test_every_card_is_valid_svg_with_its_accessible_name(c: Card) -> None:
    svg = card_svg(c, width=64)
    root = parse(svg)
    label = root.get("aria-label")
    assert root.get("role") == "img"
    assert label == title(root)
    assert label is not None and label.startswith(f"{c.code}, {c.english}")
    assert root.get("data-card") == c.code
    if c.name:
        assert label == f"{c.code}, {c.english}, {c.name}"
    else:
        assert label == f"{c.code}, {c.english}"
    assert "tier" not in label  # the tier is named only when shown


@pytest.mark.parametrize("c", PACK, ids=str)
@pytest.mark.parametrize("width", (48, 90))
def test_every_card_shows_its_rank_and_tier_badge(c: Card, width: int) -> None:
    root = parse(card_svg(c, width=width, show_tier=True))
    content = text_content(root)
    assert c.rank in content, "the rank glyph is drawn"
    assert str(TIERS[c]) in content, "the tier badge is drawn"
    assert root.get("aria-label", "").endswith(f"(tier {TIERS[c]})")
    assert title(root) == root.get("aria-label")


def test_the_documented_label_of_monsieur() -> None:
    root = parse(card_svg(card("3-coins"), show_tier=True))
    assert root.get("aria-label") == "3-coins, three of coins, Monsieur (tier 1)"
    assert card_label(card("3-coins"), show_tier=True) == "3-coins, three of coins, Monsieur (tier 1)"
    assert card_label(card("A-swords")) == "A-swords, ace of swords"


@pytest.mark.parametrize("code", sorted(NAMED_CARDS))
@pytest.mark.parametrize("width", WIDTHS)
def test_named_cards_carry_their_name(code: str, width: int) -> None:
    c = card(code)
    root = parse(card_svg(c, width=width))
    assert banner_text(root, NAMED_CARDS[code]) == NAMED_CARDS[code]


def test_unnamed_cards_carry_no_name_and_show_name_false_hides_it() -> None:
    for c in PACK:
        if not c.name:
            assert not any(name in card_svg(c) for name in NAMED_CARDS.values())
    hidden = card_svg(card("3-cups"), show_name=False)
    assert "Madame" not in hidden, "a naming drill can hide the name, in the picture and in the label"
    assert parse(hidden).get("aria-label") == "3-cups, three of cups"


def test_named_card_names_with_apostrophes_are_escaped() -> None:
    root = parse(card_svg(card("2-swords"), width=90))
    assert banner_text(root, "Deux d'écrit") == "Deux d'écrit"


def test_suits_use_distinct_symbols_and_colours() -> None:
    bodies = {suit: re.sub(r"translate\([^)]*\) scale\([^)]*\)", "", suit_symbol(suit, 0, 0, 100)) for suit in Suit}
    assert len(set(bodies.values())) == 4
    # the shape differs, not only the colour: drop the colours and they are still four different drawings
    shapes = {re.sub(r"#[0-9a-f]{6}", "", body) for body in bodies.values()}
    assert len(shapes) == 4
    assert len({colours[0] for colours in SUIT_COLOURS.values()}) == 4
    for suit in Suit:
        face = card_svg(card(f"A-{suit.value}"), width=90)
        for other in Suit:
            assert (bodies[other].split(">", 1)[1] in face) == (other is suit)


def test_a_back_has_no_card_identity() -> None:
    back = card_svg(None, width=64)
    root = parse(back)
    assert root.get("aria-label") == "face-down card" == title(root)
    assert root.get("data-card") is None
    assert texts(root) == []
    for c in PACK:
        hidden = card_svg(c, width=64, face_down=True)
        assert hidden == back, "every face-down card draws exactly the same"
        for word in (c.code, c.english, c.name or c.code, c.suit.value):
            assert word not in hidden


def test_highlight_spoiled_and_dimmed_change_the_drawing_as_documented() -> None:
    c = card("A-coins")
    plain = card_svg(c, width=80)
    highlighted = card_svg(c, width=80, highlight=True)
    spoiled = card_svg(c, width=80, spoiled=True)
    dimmed = card_svg(c, width=80, dimmed=True)
    assert len({plain, highlighted, spoiled, dimmed}) == 4
    assert 'class="card"' in plain
    assert "card-highlight" in highlighted and 'stroke="#f2b705"' in highlighted
    assert "card-spoiled" in spoiled and "stroke-dasharray" in spoiled
    assert "TIE" in text_content(parse(spoiled))
    assert "card-dimmed" in dimmed and 'opacity="0.35"' in dimmed
    for state in (plain, dimmed, highlighted):
        assert "TIE" not in text_content(parse(state))
        assert "stroke-dasharray" not in state
    # a highlighted card keeps its size, so a row does not jump when the winner is shown
    assert parse(plain).get("height") == parse(highlighted).get("height") == parse(spoiled).get("height")


def test_caption_is_drawn_and_named() -> None:
    root = parse(card_svg(card("7-cups"), width=48, caption="3"))
    assert "3" in text_content(root)
    assert root.get("aria-label") == "7-cups, seven of cups; 3"
    assert float(root.get("height", 0)) > float(parse(card_svg(card("7-cups"), width=48)).get("height", 0))


@pytest.mark.parametrize("width", WIDTHS)
def test_text_stays_legible_at_every_width(width: int) -> None:
    for c in PACK:
        root = parse(card_svg(c, width=width, show_tier=True, caption="12 N", spoiled=True))
        assert root.get("width") == str(width)
        assert float(root.get("height", 0)) >= width * 1.4
        for t in texts(root):
            content = "".join(t.itertext())
            size = px(root, t)
            floor = MIN_TEXT_PX
            if content == c.rank and t.get("font-weight") == "800":
                floor = MIN_RANK_PX
            elif content == "12 N":
                floor = MIN_CAPTION_PX
            assert size >= floor - 0.01, f"{c} at {width}px: {content!r} is {size:.1f}px"


def test_sizes_scale_with_width() -> None:
    def rank_px(width: int) -> float:
        root = parse(card_svg(card("K-cups"), width=width))
        return max(px(root, t) for t in texts(root) if "".join(t.itertext()) == "K")

    sizes = [rank_px(w) for w in (40, 64, 90, 120)]
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0] * 2
    heights = [float(parse(card_svg(card("K-cups"), width=w)).get("height", 0)) for w in (40, 80)]
    assert heights[1] == pytest.approx(heights[0] * 2, abs=0.2)
    assert VIEW_W > 100  # the card body plus room for the glow


def test_output_is_deterministic_one_line_and_has_no_ids() -> None:
    c = card("9-cups")
    assert card_svg(c, width=72, highlight=True) == card_svg(c, width=72, highlight=True)
    row = cards_html(list(PACK), width=48, highlight=[c], spoiled=cards("A-coins A-cups"))
    assert "\n" not in row
    root = ET.fromstring(row)
    ids = [element.get("id") for element in root.iter() if element.get("id") is not None]
    assert len(ids) == len(set(ids)), "ids are unique across a row"
    assert not any("url(#" in value for element in root.iter() for value in element.attrib.values())


def test_cards_html_marks_the_given_cards() -> None:
    row = cards_html(
        cards("A-coins A-cups K-clubs"),
        width=56,
        highlight=cards("K-clubs"),
        spoiled=cards("A-coins"),
        captions=["1", "2", "3"],
        dimmed=cards("A-cups"),
        label="a trick",
    )
    root = ET.fromstring(row)
    assert root.tag == "div" and "cards-row" in root.get("class", "")
    assert root.get("aria-label") == "a trick"
    svgs = list(root.iter(f"{SVG}svg"))
    assert [s.get("data-card") for s in svgs] == ["A-coins", "A-cups", "K-clubs"]
    assert ["card-spoiled" in s.get("class", "") for s in svgs] == [True, False, False]
    assert ["card-dimmed" in s.get("class", "") for s in svgs] == [False, True, False]
    assert ["card-highlight" in s.get("class", "") for s in svgs] == [False, False, True]
    with pytest.raises(ValueError):
        cards_html(cards("A-coins A-cups"), captions=["1"])


def test_face_down_rows_hide_every_card() -> None:
    row = cards_html(cards("3-coins 3-cups"), face_down=True)
    assert "3-coins" not in row and "Monsieur" not in row
    assert row.count('aria-label="face-down card"') == 2


def test_court_cards_and_the_tie_sash_draw_their_words_in_the_language() -> None:
    # the words printed on the pictures follow the language, like the accessible name
    king = text_content(parse(card_svg(card("K-cups"), width=80, lang="cs")))
    assert "KRÁL" in king and "KING" not in king
    assert "JEZDEC" in text_content(parse(card_svg(card("C-swords"), width=80, lang="cs")))
    assert "VALET" in text_content(parse(card_svg(card("J-coins"), width=80, lang="fr")))
    assert "KING" in text_content(parse(card_svg(card("K-cups"), width=80, lang="en")))
    tied = text_content(parse(card_svg(card("A-coins"), width=80, spoiled=True, lang="fr")))
    assert "ÉGALITÉ" in tied and "TIE" not in tied
    # the pseudo-language wraps them, so a word drawn without the catalog would stand out
    assert drawn_words("qps").tie.startswith("⟦") and drawn_words("qps").king.startswith("⟦")


def test_a_long_sash_word_is_squeezed_to_the_band_and_tie_is_not() -> None:
    def sash(lang: str) -> ET.Element:
        root = parse(card_svg(card("A-coins"), width=80, spoiled=True, lang=lang))
        (text,) = [t for t in root.iter(f"{SVG}text") if "rotate(45" in (t.get("transform") or "")]
        return text

    assert sash("en").get("textLength") is None  # TIE fits the band as it is
    long = sash("mk")  # ИЗЕДНАЧЕНО: ten capitals
    assert long.text == "ИЗЕДНАЧЕНО" and long.get("lengthAdjust") == "spacingAndGlyphs"
    assert 40 < float(long.get("textLength") or 0) < 80  # the band's length, not the word's natural width
