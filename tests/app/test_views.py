"""Scenario setups drawn as HTML: every setup card where it belongs, the answer hidden until the reveal."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.app import scenario_view, views
from tutor.content.kind import Setup
from tutor.content.kinds.chant import ChantSetup
from tutor.content.kinds.dealing import CutAndDealSetup
from tutor.content.kinds.game import GameSetup
from tutor.content.kinds.signal import SignalSetup
from tutor.content.kinds.trick import TrickSetup
from tutor.content.scenario import Scenario, load_scenario
from tutor.content.solve import solve
from tutor.engine import PACK, SEATS, DealPoint, Seat, Team, card, cards

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "scenarios" / "examples"
SVG = "{http://www.w3.org/2000/svg}"


def example(name: str) -> Scenario:
    return load_scenario(EXAMPLES / f"{name}.yaml")


def made(kind: str, setup: Setup, ask: tuple[str, ...]) -> Scenario:
    return Scenario(f"test-{kind}", f"A {kind}", kind, "test", setup, ask)


def draw(scenario: Scenario, reveal: bool) -> ET.Element:
    html = scenario_view.setup_html(scenario, solve(scenario), reveal)
    assert "\n" not in html, "one line: Streamlit's Markdown must not see indented code or blank lines"
    root = ET.fromstring(html)
    assert root.get("data-kind") == scenario.kind
    assert root.get("data-answer") == ("revealed" if reveal else "hidden")
    return root


def svgs(element: ET.Element) -> list[ET.Element]:
    return list(element.iter(f"{SVG}svg"))


def shown_cards(element: ET.Element) -> list[str]:
    return [s.get("data-card", "") for s in svgs(element) if s.get("data-card")]


def classes_of(element: ET.Element, marker: str) -> list[str]:
    return [s.get("data-card", "") for s in svgs(element) if marker in s.get("class", "").split()]


def visible_text(element: ET.Element) -> str:
    """The HTML text a reader sees, without the SVG pictures' own titles and captions."""

    def walk(node: ET.Element) -> Iterator[str]:
        if node.tag.startswith(SVG):
            return
        if node.text:
            yield node.text
        for child in node:
            yield from walk(child)
            if child.tail:
                yield child.tail

    return " ".join(walk(element))


def seat_cell(root: ET.Element, seat: str) -> ET.Element:
    cells = [e for e in root.iter("div") if e.get("data-seat") == seat and "alu-seat" in e.get("class", "")]
    assert len(cells) == 1
    return cells[0]


def badges(element: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in element.iter("span") if "alu-badge" in e.get("class", "")]


def all_examples() -> list[Path]:
    return sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", all_examples(), ids=lambda p: p.stem)
@pytest.mark.parametrize("reveal", [False, True])
def test_every_example_draws_as_well_formed_html(path: Path, reveal: bool) -> None:
    scenario = load_scenario(path)
    root = draw(scenario, reveal)
    if not reveal:
        assert classes_of(root, "card-highlight") == []
        assert classes_of(root, "card-spoiled") == []


# --- trick ------------------------------------------------------------------------------------


def test_trick_places_each_card_at_its_seat_with_the_order_of_play() -> None:
    scenario = example("spoiled-aces")  # N leads A-swords, E 5-cups, S A-coins, W 9-clubs
    root = draw(scenario, reveal=False)
    expected = {"N": "A-swords", "E": "5-cups", "S": "A-coins", "W": "9-clubs"}
    for seat, code in expected.items():
        cell = seat_cell(root, seat)
        assert shown_cards(cell) == [code]
        assert cell.get("class", "").split()[-1] == f"alu-seat-{seat.lower()}"
    assert badges(seat_cell(root, "N")) == ["1", "leads"]
    assert badges(seat_cell(root, "E")) == ["2"]
    assert badges(seat_cell(root, "S")) == ["3"]
    assert badges(seat_cell(root, "W")) == ["4"]
    # the table's DOM order puts North first and South last, so it reads sensibly without CSS
    order = [e.get("data-seat") for e in root.iter("div") if "alu-seat" in e.get("class", "").split()]
    assert order == ["N", "W", "E", "S"]


def test_spoiled_trick_is_only_marked_after_the_reveal() -> None:
    scenario = example("spoiled-aces")
    before = draw(scenario, reveal=False)
    assert "spoiled" not in visible_text(before).lower()
    assert classes_of(before, "card-spoiled") == [] and classes_of(before, "card-highlight") == []
    after = draw(scenario, reveal=True)
    assert "spoiled" in visible_text(after).lower()
    assert sorted(classes_of(after, "card-spoiled")) == ["A-coins", "A-swords"]
    assert classes_of(after, "card-highlight") == []
    assert "North leads next" in visible_text(after)


def test_won_trick_highlights_the_winner_after_the_reveal() -> None:
    scenario = made("trick", TrickSetup(Seat.W, cards("A-cups K-clubs C-coins 9-cups")), ("winner",))
    before = draw(scenario, reveal=False)
    assert shown_cards(seat_cell(before, "W")) == ["A-cups"]
    assert shown_cards(seat_cell(before, "S")) == ["9-cups"]
    assert "leads" in badges(seat_cell(before, "W"))
    assert "wins" not in visible_text(before)
    assert classes_of(before, "card-highlight") == []
    after = draw(scenario, reveal=True)
    assert classes_of(after, "card-highlight") == ["9-cups"]
    assert "wins" in badges(seat_cell(after, "S"))
    assert "spoiled" not in visible_text(after).lower()


def test_reveal_without_a_result_shows_no_answer() -> None:
    scenario = example("spoiled-aces")
    root = ET.fromstring(scenario_view.setup_html(scenario, None, reveal=True))
    assert classes_of(root, "card-spoiled") == []


# --- deal -------------------------------------------------------------------------------------


def test_played_deal_grid_before_the_reveal() -> None:
    scenario = example("played-deal")  # asks for the leaders
    setup = scenario.setup
    root = draw(scenario, reveal=False)
    details = next(root.iter("details"))
    assert sorted(shown_cards(details)) == sorted(str(c) for hand in setup.hands.values() for c in hand)
    rows = [r for r in root.iter("tr") if r.get("data-trick")]
    assert len(rows) == 9
    for row, trick_cards in zip(rows, setup.plays, strict=True):
        assert shown_cards(row) == [str(c) for c in trick_cards], "in play order"
        # the leaders are the question: no seat is written under the cards
        assert not any(s.get("aria-label", "").endswith(tuple(f"; {seat}" for seat in "NESW")) for s in svgs(row))
    assert "leads" not in visible_text(root)
    assert classes_of(root, "card-highlight") == [] and classes_of(root, "card-spoiled") == []


def test_played_deal_shows_holders_when_the_leaders_are_not_asked() -> None:
    scenario = example("played-deal")
    scenario = Scenario(scenario.id, scenario.title, "deal", scenario.topic, scenario.setup, ("point_winner",))
    root = draw(scenario, reveal=False)
    first = next(r for r in root.iter("tr") if r.get("data-trick") == "1")
    labels = [s.get("aria-label", "") for s in svgs(first)]
    assert [label.rsplit("; ", 1)[1] for label in labels] == ["N", "E", "S", "W"]
    assert "North leads the first trick" in visible_text(root)


def test_played_deal_grid_after_the_reveal() -> None:
    scenario = example("played-deal")
    root = draw(scenario, reveal=True)
    rows = [r for r in root.iter("tr") if r.get("data-trick")]
    holder = {str(c): seat.value for seat, hand in scenario.setup.hands.items() for c in hand}
    for row in rows:
        for cell in row.iter("td"):
            if cell.get("data-seat"):
                (code,) = shown_cards(cell)
                assert holder[code] == cell.get("data-seat"), "each card in its player's column"
    # trick 2 is spoiled by the two aces; the eight others each have one winning card
    trick2 = rows[1]
    assert sorted(classes_of(trick2, "card-spoiled")) == ["A-coins", "A-cups"]
    assert "spoiled" in visible_text(trick2)
    assert len(classes_of(root, "card-highlight")) == 8
    assert classes_of(rows[0], "card-highlight") == ["K-coins"]
    assert "E wins" in visible_text(rows[0])


def test_deal_results_form_is_a_timeline() -> None:
    scenario = example("late-run-mordienne")
    before = draw(scenario, reveal=False)
    steps = [e for e in before.iter("div") if e.get("data-trick")]
    assert [next(s.iter("span")).text for s in steps] == ["E", "E", "W", "W", "N", "N", "N", "N", "N"]
    assert "point" not in visible_text(before)
    after = draw(scenario, reveal=True)
    assert "2 points (mordienne)" in visible_text(after)


# --- draw -------------------------------------------------------------------------------------


def test_draw_numbers_the_cards_and_shows_who_got_them_only_after_the_reveal() -> None:
    scenario = example("draw-with-skips")
    before = draw(scenario, reveal=False)
    assert shown_cards(before) == [str(c) for c in scenario.setup.cards]
    labels = [s.get("aria-label", "") for s in svgs(before)]
    assert labels[0].endswith("; 1") and labels[1].endswith("; 2 top")
    assert not [e for e in before.iter("div") if e.get("data-player")]
    assert "partner" not in visible_text(before).lower()
    after = draw(scenario, reveal=True)
    got = {e.get("data-player"): shown_cards(e) for e in after.iter("div") if e.get("data-player")}
    assert got == {
        "Ann": ["5-cups", "7-cups", "3-coins"],
        "Bob": ["3-cups"],
        "Cat": ["K-clubs", "4-swords", "9-clubs", "2-cups"],
        "Dan": ["2-coins"],
    }
    assert sorted(classes_of(after, "card-highlight")) == ["2-coins", "2-cups", "3-coins", "3-cups"]
    assert "Bob deals first" in visible_text(after)


# --- chant ------------------------------------------------------------------------------------


def test_chant_marks_dealer_eldest_agreement_and_numbers_the_talon() -> None:
    scenario = example("one-refusal")  # S deals, E refuses; asks only 'happens'
    before = draw(scenario, reveal=False)
    assert "deals" in badges(seat_cell(before, "S"))
    assert "eldest" in badges(seat_cell(before, "W")), "not asked, so the engine's eldest is shown"
    assert "refuses" in badges(seat_cell(before, "E"))
    assert all("agrees" in badges(seat_cell(before, s)) for s in "NSW")
    assert shown_cards(before) == [str(c) for c in scenario.setup.talon]
    assert [s.get("aria-label", "").rsplit("; ", 1)[1] for s in svgs(before)] == [str(n) for n in range(1, 13)]
    assert "no chant" not in visible_text(before)
    assert "no chant" in visible_text(draw(scenario, reveal=True))


def test_chant_hides_the_eldest_when_asked_and_deals_the_talon_on_reveal() -> None:
    talon = cards("A-cups 4-clubs 7-coins K-swords 2-clubs 8-cups 5-swords J-clubs 6-coins C-cups 9-clubs 4-cups")
    hand = cards("3-coins 5-cups 6-cups 7-cups 8-coins 9-swords J-cups 4-swords 3-swords")
    scenario = made("chant", ChantSetup(Seat.S, talon, {}, {Seat.W: hand}), ("eldest", "received", "keep"))
    before = draw(scenario, reveal=False)
    assert not any("eldest" in badges(seat_cell(before, s)) for s in "NESW")
    assert "keeps" not in visible_text(before)
    after = draw(scenario, reveal=True)
    assert "eldest" in badges(seat_cell(after, "W"))
    talon_labels = [s.get("aria-label", "").rsplit("; ", 1)[1] for s in svgs(after)[:12]]
    assert talon_labels == [f"{n} {'W' if n % 2 else 'S'}" for n in range(1, 13)]
    assert "West keeps nine" in visible_text(after)
    assert len(classes_of(after, "card-dimmed")) == 6


# --- rank, signal, game, dealing --------------------------------------------------------------


def test_rank_groups_by_tier_only_after_the_reveal() -> None:
    scenario = example("madame-over-plain-threes")
    before = draw(scenario, reveal=False)
    assert shown_cards(before) == ["3-clubs", "9-swords", "J-cups", "3-cups"]
    assert "tier" not in visible_text(before)
    after = draw(scenario, reveal=True)
    tiers = [(e.get("data-tier"), shown_cards(e)) for e in after.iter("div") if e.get("data-tier")]
    assert tiers == [("2", ["3-cups"]), ("12", ["J-cups"]), ("13", ["9-swords"]), ("19", ["3-clubs"])]
    assert classes_of(after, "card-highlight") == ["3-cups"]


def test_signal_hand_and_lookup() -> None:
    scenario = example("hand-to-signal")
    before = draw(scenario, reveal=False)
    assert shown_cards(before) == [str(c) for c in scenario.setup.hand]
    assert "monsieur" not in visible_text(before)
    assert badges(draw(scenario, reveal=True))[-3:] == ["monsieur", "deux-de-chene", "aces"]
    lookup = made("signal", SignalSetup(signal="grand-neuf"), ("meaning",))
    before = draw(lookup, reveal=False)
    assert "grand-neuf" in badges(before) and "thumb" not in visible_text(before)
    after = draw(lookup, reveal=True)
    assert "stick out the thumb" in visible_text(after)


def test_game_shows_the_dealers_only_after_the_reveal() -> None:
    scenario = example("drawn-game")
    before = draw(scenario, reveal=False)
    assert "East" in visible_text(before)
    rows = [r for r in before.iter("tr") if r.get("data-deal")]
    assert len(rows) == 5 and "dealer" not in visible_text(before)
    after = draw(scenario, reveal=True)
    rows = [r for r in after.iter("tr") if r.get("data-deal")]
    assert [next(r.iter("td")).findtext("span") for r in rows] == ["E", "S", "W", "N", "E"]
    assert "a drawn game" in visible_text(after)
    nine = made(
        "game",
        GameSetup(Seat.N, (DealPoint(Team.NS, 1),) * 4 + ((Seat.E,) * 5 + (None,) * 4,)),
        ("winner",),
    )
    assert "spoiled" in visible_text(draw(nine, reveal=False))


def test_dealing_draws_the_pack_and_the_cut() -> None:
    scenario = made("dealing", CutAndDealSetup(Seat.E, PACK, 17), ("hands",))
    before = draw(scenario, reveal=False)
    assert shown_cards(before) == [str(c) for c in PACK]
    cut = [e for e in before.iter("span") if "alu-cut" in e.get("class", "")]
    assert len(cut) == 1
    pack = next(e for e in before.iter("div") if e.get("class") == "alu-pack")
    children = list(pack)
    assert children.index(cut[0]) == 17, "the cut mark sits after the 17th card"
    assert "deals" in badges(seat_cell(before, "E"))
    assert "cuts" in badges(seat_cell(before, "N")) and "eldest" in badges(seat_cell(before, "S"))
    assert "hand" not in visible_text(before)
    hidden = made("dealing", CutAndDealSetup(Seat.E, PACK, None), ("eldest", "cutter"))
    quiet = draw(hidden, reveal=False)
    assert not any({"cuts", "eldest"} & set(badges(seat_cell(quiet, s))) for s in "NESW")
    after = draw(scenario, reveal=True)
    labels = [s.get("aria-label", "").rsplit("; ", 1)[1] for s in svgs(after)[:48]]
    assert labels[17] == "18 S", "after the cut, card 18 is the first dealt, to the eldest"
    assert "South's hand" in visible_text(after)


# --- the play table ---------------------------------------------------------------------------


def test_table_html_shows_and_hides_hands() -> None:
    hands = {seat: PACK[i * 9 : (i + 1) * 9] for i, seat in enumerate(SEATS)}
    html = views.table_html(
        names={Seat.S: "You"}, hands=hands, face_up={Seat.S}, trick={Seat.N: card("A-swords")}, leader=Seat.N
    )
    root = ET.fromstring(html)
    south = seat_cell(root, "S")
    assert shown_cards(south) == [str(c) for c in hands[Seat.S]]
    assert "South (You)" in visible_text(south)
    for seat in "NEW":
        cell = seat_cell(root, seat)
        assert shown_cards(cell) == []
        assert [s.get("aria-label") for s in svgs(cell)] == ["face-down card"] * 9
    centre = next(e for e in root.iter("div") if e.get("class") == "alu-centre")
    assert shown_cards(centre) == ["A-swords"]


def test_trick_table_html_marks_winner_and_ties() -> None:
    plays = {Seat.N: card("A-coins"), Seat.E: card("A-cups"), Seat.S: None}
    root = ET.fromstring(views.trick_table_html(plays, leader=Seat.N, spoiled={Seat.N, Seat.E}))
    assert classes_of(root, "card-spoiled") == ["A-coins", "A-cups"]
    assert [s.get("aria-label") for s in svgs(seat_cell(root, "S"))] == ["face-down card"]
    assert svgs(seat_cell(root, "W")) == [] and badges(seat_cell(root, "W")) == []


def test_css_is_one_style_block() -> None:
    style = views.css()
    assert style.startswith("<style>") and style.endswith("</style>")
    assert "\n" not in style and ".alu-table" in style
