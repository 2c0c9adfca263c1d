"""The draw's verdict: each top card's row is marked on its own, each part counts, the mistake is said, and the
draw's steps are grouped by round.

Hand-worked draw (rules.md section 4): Jeanne, Pierre, Rosalie and Goulven are dealt in turn.
Round 1: 1 5-coins Jeanne, 2 Monsieur Pierre (who is dealt no more), 3 7-cups Rosalie, 4 K-clubs Goulven.
Round 2: 5 4-swords Jeanne, Pierre skipped, 6 Le Borgne Rosalie (no more), 7 8-cups Goulven.
Round 3: 8 Madame Jeanne (no more), Pierre and Rosalie skipped, 9 La Vache Goulven: all four are out.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tutor.app import reveal
from tutor.app.mistakes import mistake
from tutor.content.grading import grade
from tutor.content.scenario import Scenario, scenario_from_document
from tutor.content.solve import solve
from tutor.content.yamlsafe import parse_document
from tutor.i18n.ui import translator

DRAW = (
    "id: d\ntitle: D\nkind: draw\ntopic: draw\nsetup:\n  players: [Jeanne, Pierre, Rosalie, Goulven]\n"
    "  cards: [5-coins, 3-coins, 7-cups, K-clubs, 4-swords, 2-coins, 8-cups, 3-cups, 2-cups]\nask: [holders]\n"
)
RIGHT = {"monsieur": "Pierre", "madame": "Jeanne", "borgne": "Rosalie", "vache": "Goulven"}


def draw() -> Scenario:
    return scenario_from_document(parse_document(DRAW.encode(), "d.yaml"))


def test_one_holder_wrong_marks_that_row_and_counts_three_of_four() -> None:
    s = draw()
    result = solve(s)
    answers = {"holders": {**RIGHT, "borgne": "Goulven"}}
    graded = grade(s, result, answers)
    rows = reveal.grade_rows(s, result, graded, answers)
    assert [(row.question, row.marked, row.right, row.given, row.correct) for row in rows] == [
        ("Top-card holders: Monsieur", True, True, "Pierre", "Pierre"),
        ("Top-card holders: Madame", True, True, "Jeanne", "Jeanne"),
        ("Top-card holders: Le Borgne", True, False, "Goulven", "Rosalie"),
        ("Top-card holders: La Vache", True, True, "Goulven", "Goulven"),
    ]
    # As drawn: each row carries its own sign, and only the missed answer is in bold.
    table = ET.fromstring(reveal.grade_table_html(rows, translator("en")))
    drawn = [("".join(tr[0].itertext()), "".join(tr[1].itertext()), tr[3].find("strong") is not None)
             for tr in table.iter("tr")][1:]  # fmt: skip
    assert drawn == [
        ("✓", "Top-card holders: Monsieur", False),
        ("✓", "Top-card holders: Madame", False),
        ("✗", "Top-card holders: Le Borgne", True),
        ("✓", "Top-card holders: La Vache", False),
    ]
    assert reveal.verdict_words(graded, "en") == "Not quite: 3 of 4 right."
    assert not graded.all_correct  # the scenario as a whole is still wrong (Review brings it back)


def test_the_mistake_says_who_received_the_card_and_why() -> None:
    s = draw()
    result = solve(s)
    # Goulven's turn came after Rosalie's: card 6 was hers.
    assert mistake(s, result, "holders", {**RIGHT, "borgne": "Goulven"}) == (
        "Le Borgne went to Rosalie: it was card 6, dealt to Rosalie before Goulven's turn came."
    )
    # Pierre held Monsieur from card 2 on: the dealing passed him over.
    assert mistake(s, result, "holders", {**RIGHT, "borgne": "Pierre"}) == (
        "Le Borgne went to Rosalie: Pierre already held Monsieur and was dealt no more cards."
    )
    assert mistake(s, result, "holders", RIGHT) is None
    # Two holders wrong: a line for each, in the top cards' order.
    assert mistake(s, result, "holders", {**RIGHT, "madame": "Goulven", "vache": "Rosalie"}) == (
        "Madame went to Jeanne: it was card 8, dealt to Jeanne before Goulven's turn came. "
        "La Vache went to Goulven: Rosalie already held Le Borgne and was dealt no more cards."
    )


def test_a_right_draw_counts_every_part() -> None:
    s = draw()
    graded = grade(s, solve(s), {"holders": RIGHT})
    assert reveal.verdict_words(graded, "en") == "Right! All 4 answers are right."


def test_the_draws_steps_are_grouped_by_round() -> None:
    s = draw()
    groups = reveal.step_groups(s, solve(s), "en")
    assert [heading for heading, _steps in groups] == ["Round 1", "Round 2", "Round 3", "The partnerships"]
    numbers = [[step.draw_card for step in steps] for _heading, steps in groups]
    assert numbers[:3] == [[1, 2, 3, 4], [5, 6, 7], [8, 9]]
    assert len(groups[3][1]) == 3  # the draw ends; who partners whom; who deals first


HOSTILE = "<b>Jo</b> **x** :material/home: &amp;"


def test_typed_names_and_the_note_are_shown_as_typed_in_the_reveal() -> None:
    """A player's name and the scenario's note are text someone typed: in the reveal's HTML each reads exactly as
    typed (no element made of it, no Markdown, no icon), and the note's blank line starts a second paragraph."""
    document = DRAW.replace("Jeanne", '"' + HOSTILE + '"') + 'note: "First <i>line</i>.\\n\\nSecond :red[one]."\n'
    s = scenario_from_document(parse_document(document.encode(), "d.yaml"))
    result = solve(s)
    answers = {"holders": {**RIGHT, "madame": "Pierre"}}
    graded = grade(s, result, answers)
    root = ET.fromstring(reveal.reveal_html(s, result, graded, answers))
    assert root.find(".//b") is None and root.find(".//i") is None, "no element made of typed text"
    [madame] = [tr for tr in root.iter("tr") if "".join(tr[1].itertext()) == "Top-card holders: Madame"]
    assert "".join(madame[3].itertext()) == HOSTILE
    [note] = [e for e in root.iter("div") if e.get("class") == "alu-reveal-note"]
    assert ["".join(p.itertext()) for p in note] == ["First <i>line</i>.", "Second :red[one]."]
    # the source keeps the colon of ":material/" as a reference: Streamlit would otherwise draw the icon
    assert ":material/" not in reveal.reveal_html(s, result, graded, answers)
