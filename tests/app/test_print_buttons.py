"""The pages' buttons for the printed sheets (tutor/app/print_buttons.py): the table card on Rules and Signals, the
signals cards on Signals, the worksheet builder on Practice, each in the learner's language; and the PDF a button
hands over."""

from __future__ import annotations

from datetime import date

from helpers import open_page
from pdf_text import comparable, page_count, text_of

from tutor.app import print_buttons
from tutor.app.state import content_paths
from tutor.content.course import load_course


def labels(at: object, kind: str) -> list[str]:
    return [element.proto.label for element in at.get(kind)]  # type: ignore[attr-defined]


def test_the_rules_page_offers_the_table_card_in_the_learners_language() -> None:
    at = open_page("screens/rules.py", query={"lang": "fr"})
    assert labels(at, "download_button") == ["Télécharger la fiche de table à imprimer (PDF)"]
    assert at.selectbox(key="rules.print.paper").options == ["A4", "A5", "Letter (États-Unis)"]


def test_the_signals_page_offers_the_table_card_and_the_pocket_cards() -> None:
    at = open_page("screens/signals.py", query={"lang": "cs"})
    assert labels(at, "download_button") == [
        "Stáhnout kartu ke stolu k tisku (PDF)",
        "Stáhnout kapesní karty znamení (PDF)",
    ]


OPEN = {"practice.print.open": True}  # the worksheet's fold opened


def test_the_worksheet_is_drawn_only_once_its_fold_is_opened() -> None:
    at = open_page("screens/practice.py", query={"lesson": "spoiled-tricks"})
    assert "Print a worksheet" in [e.label for e in at.get("expander")]
    assert "Download the worksheet (PDF)" not in labels(at, "download_button")
    assert not [m for m in at.multiselect if ".print." in str(m.key)]
    at.session_state["practice.print.open"] = True  # as the browser's click on the fold sets it
    at.run()
    assert "Download the worksheet (PDF)" in labels(at, "download_button")
    at.multiselect(key="practice.print.picked").set_value(["spoiled-aces", "spoil-three-cavaliers"]).run()
    at.session_state["practice.print.open"] = False
    at.run()
    assert "Download the worksheet (PDF)" not in labels(at, "download_button")
    at.session_state["practice.print.open"] = True  # opened again: the teacher's picks are still there
    at.run()
    assert at.multiselect(key="practice.print.picked").value == ["spoiled-aces", "spoil-three-cavaliers"]


def test_the_practice_page_builds_a_worksheet_of_the_lesson_chosen() -> None:
    at = open_page("screens/practice.py", query={"lesson": "spoiled-tricks"}, session=OPEN)
    course = load_course(list(content_paths()))
    lesson = course.lesson("spoiled-tricks")
    assert lesson is not None
    picked = at.multiselect(key="practice.print.picked")
    assert picked.value == [sid for sid in lesson.scenarios if sid in course.scenarios]
    assert at.selectbox(key="practice.print.lang").value == "en"
    assert "Download the worksheet (PDF)" in labels(at, "download_button")


def test_the_worksheet_a_button_hands_over_is_the_scenarios_picked_in_the_language_picked() -> None:
    course = load_course(list(content_paths()))
    pdf = print_buttons._worksheet(course, ("spoiled-aces",), "sq", "a5", date(2026, 12, 2))
    assert pdf.startswith(b"%PDF") and page_count(pdf) >= 2
    text = comparable(text_of(pdf), "sq")
    assert comparable("Fletë pune", "sq") in text and comparable("2 dhjetor 2026", "sq") in text
    assert print_buttons._worksheet(course, ("spoiled-aces",), "sq", "a5", date(2026, 12, 2)) is pdf  # kept


def test_the_worksheet_builder_counts_the_scenarios_picked() -> None:
    # The spoiled-tricks lesson lists 18 scenarios (lessons/06-spoiled-tricks.yaml), all picked to begin with.
    at = open_page("screens/practice.py", query={"lesson": "spoiled-tricks", "lang": "fr"}, session=OPEN)
    captions = [element.value for element in at.caption]
    assert "18 scénarios choisis (au plus 60)" in captions
    at.multiselect(key="practice.print.picked").set_value(["spoiled-aces"]).run()
    assert "1 scénario choisi (au plus 60)" in [element.value for element in at.caption]
