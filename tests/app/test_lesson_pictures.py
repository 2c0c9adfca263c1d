"""A lesson's pictures: a chart of tiers is drawn one row per tier, each labelled with its number (lesson 2's
plain nines stand in tier 13, in a row of their own, never beside the jacks of tier 12), and a lesson's trick is
drawn on the table with its seats and, when it is spoiled, the TIE mark on the tied cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from helpers import ROOT

from tutor.app import lesson_pictures
from tutor.content.course import load_course
from tutor.engine import parse_card


def lesson(lesson_id: str):  # type: ignore[no-untyped-def]
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")], verify=False)
    return next(each for each in course.lessons if each.id == lesson_id)


def test_lesson_two_charts_tiers_nine_to_nineteen_one_labelled_row_each() -> None:
    section = next(s for s in lesson("the-ranking").sections if s.caption and "9 to 19" in s.caption)
    root = ET.fromstring(lesson_pictures.cards_picture(section.cards, "en"))
    rows = root.findall("div")
    assert [row.get("data-tier") for row in rows] == [str(n) for n in range(9, 20)]
    assert [row.find("div").text for row in rows][4] == "tier 13"  # type: ignore[union-attr]
    codes = [[svg.get("data-card") for svg in row.iter() if svg.get("data-card")] for row in rows]
    assert codes[3] == ["J-coins", "J-cups", "J-swords", "J-clubs"]  # tier 12: the jacks alone
    assert codes[4] == ["9-swords", "9-clubs"]  # tier 13: the plain nines alone
    assert codes[10] == ["3-swords", "3-clubs"]  # tier 19


def test_the_labels_follow_the_language() -> None:
    picture = lesson_pictures.cards_picture(((parse_card("A-coins"),), (parse_card("K-coins"),)), "fr")
    assert "tier 9" not in picture and ">9<" not in picture
    assert 'data-tier="9"' in picture and 'data-tier="10"' in picture


def test_rows_that_are_not_tiers_stay_side_by_side_unlabelled() -> None:
    pairs = ((parse_card("9-swords"), parse_card("J-clubs")), (parse_card("3-clubs"), parse_card("3-cups")))
    picture = lesson_pictures.cards_picture(pairs, "en")
    assert "alu-lesson-rows" in picture and "data-tier" not in picture


def test_a_spoiled_trick_in_lesson_six_is_drawn_on_the_table_with_the_tie_mark() -> None:
    section = lesson("spoiled-tricks").sections[0]  # North and South play the two aces: spoiled
    assert section.trick is not None
    picture = lesson_pictures.trick_picture(section.trick)
    root = ET.fromstring(picture)
    seats = {cell.get("data-seat"): cell for cell in root.iter() if cell.get("data-seat")}
    assert set(seats) == {"N", "E", "S", "W"}
    tied = {seat for seat, cell in seats.items() if "card-spoiled" in ET.tostring(cell, encoding="unicode")}
    assert tied == {"N", "S"}  # A-swords and A-coins, tier 9
    assert "North" in picture and "spoiled" in picture.lower()
