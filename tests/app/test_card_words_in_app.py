"""Cards reach a learner in the learner's words, never as codes: the Practice page's card choices and the reveal
of a play puzzle in French and Czech name each card as the explanations do (``l'as d'épées``, ``eso mečů``);
English keeps the codes, as its explanations do. Codes stay in outcomes, files and stored answers.

The scenarios are hand-worked from rules.md: spoiled-aces is North A-swords, East 5-cups, South A-coins, West
9-clubs; play-keep-the-run's best card for South is 4-coins (the scenario file)."""

from __future__ import annotations

import re

from helpers import fill_answers, open_page
from reveal_read import reveal_of
from streamlit.testing.v1 import AppTest

from tutor.app import card_answer, quiz

PREFIX = "practice"
# A card code as the notation writes it: rank, hyphen, suit.
CODE = re.compile(r"(?<![\w-])(?:[2-9AJCK])-(?:coins|cups|swords|clubs)(?![\w-])")


def practice(lang: str, scenario: str) -> AppTest:
    at = open_page("screens/practice.py", query={"lang": lang, "scenario": scenario})
    assert not at.exception, at.exception
    return at


def card_buttons(at: AppTest) -> list[str]:
    attempt: quiz.Attempt = at.session_state[f"{PREFIX}.attempt"]
    labels = []
    for q in attempt.questions:
        for part in q.parts:
            if part.pick is None:
                continue
            key = q.widget_key(attempt.fields, part.suffix)
            if part.pick.in_form:  # one card: a radio group, its options' words
                labels += at.radio(key=key).options
                continue
            labels += [at.button(key=card_answer.button_key(key, i)).label for i in range(len(part.pick.choices))]
    return labels


def submit(at: AppTest) -> str:
    at.button(key=f"{PREFIX}.submit").click()
    at.run()
    assert not at.exception, at.exception
    return "\n".join([str(m.value) for m in at.markdown] + [str(h.proto.body) for h in at.get("html")])


NOTE = re.compile(r'<div class="alu-note">([^<]*)</div>')


def plain(text: str) -> str:
    # French sets a (narrow) no-break space before ":"; the words are what is checked here
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def table_rows(at: AppTest) -> list[str]:
    """The reveal's grade table, a row a line: "| question | given |"."""
    shown = reveal_of(at)
    assert shown is not None
    return [plain(f"| {r.question} | {r.given} |") for r in shown.rows]


def test_a_tricks_card_buttons_name_the_cards_and_seats_in_french_and_czech() -> None:
    # North A-swords, East 5-cups, South A-coins, West 9-clubs: "which card wins?" draws one button per card
    assert card_buttons(practice("fr", "spoiled-aces"))[:4] == [
        "l'as d'épées (Nord)",
        "le cinq de coupes (Est)",
        "l'as de deniers (Sud)",
        "le neuf de bâtons (Ouest)",
    ]
    assert card_buttons(practice("cs", "spoiled-aces"))[:4] == [
        "eso mečů (Sever)",
        "pětka pohárů (Východ)",
        "eso mincí (Jih)",
        "devítka holí (Západ)",
    ]
    # English keeps the notation, as its explanations do
    assert card_buttons(practice("en", "spoiled-aces"))[:2] == ["A-swords (North)", "5-cups (East)"]


def test_a_play_puzzles_buttons_and_reveal_name_the_cards_in_the_learners_words() -> None:
    expected = {
        "cs": (["král mečů", "čtyřka mincí"], "Nejlepší pro Sever: čtyřka mincí", "| Karta k zahrání | čtyřka mincí |"),
        "fr": (
            ["le roi d'épées", "le quatre de deniers"],
            "Le meilleur pour Nord : le quatre de deniers",
            "| Carte à jouer | le quatre de deniers |",
        ),
        "en": (["K-swords", "4-coins"], "Best for North: 4-coins", "| Card to play | 4-coins |"),
    }
    for lang, (buttons, best, row) in expected.items():
        at = practice(lang, "play-keep-the-run")
        shown_buttons = card_buttons(at)
        assert shown_buttons == buttons
        fill_answers(at, {"best": ["4-coins"], "value": {"team": "NS", "points": 2}}, PREFIX)
        shown = submit(at)
        assert [plain(n) for n in NOTE.findall(shown)] == [best]
        rows = table_rows(at)
        assert any(row in r for r in rows), rows
        if lang != "en":
            assert [r for r in rows if CODE.search(r)] == []
            assert [b for b in shown_buttons if CODE.search(b)] == []
