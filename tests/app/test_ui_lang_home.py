"""The app's own words on Home, Lessons, Review and the sidebar follow the learner's language (the ``ui`` domain).

In the pseudo-language ``qps`` every translated string is wrapped in ⟦…⟧: any plain English word left outside
the brackets did not go through the catalog. In Czech, a few translations written by hand must show, with the
plural form Czech grammar asks for.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest
from helpers import open_page
from page_text import outside
from streamlit.testing.v1 import AppTest

from tutor.app import state
from tutor.content.localize import localize_lesson
from tutor.i18n import ui
from tutor.i18n.pseudo import OPEN
from tutor.progress.memory import MemoryProgress

WORD = re.compile(r"[A-Za-z]{2,}")


def english_left(texts: Iterable[str]) -> list[str]:
    """Every text with a plain word of two letters or more outside the brackets."""
    return [text for text in texts if WORD.search(outside(text))]


def shown(at: AppTest, where: str = "main") -> list[str]:
    """The texts of a part of the page (``main`` or ``sidebar``): headings, paragraphs, labels, helps."""
    part = getattr(at, where)
    texts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning"):
        texts += [str(e.value) for e in getattr(part, kind)]
    texts += [b.label for b in part.button]
    texts += [m.label for m in part.metric] + [str(m.value) for m in part.metric]
    texts += [m.proto.help for m in part.metric if m.proto.help]
    texts += [str(e.proto.label) for e in part.get("page_link")]
    texts += [e.label for e in part.expander]
    texts += [s.label for s in part.selectbox] + [s.placeholder for s in part.selectbox if s.placeholder]
    texts += [t.label for t in part.text_input] + [t.placeholder for t in part.text_input if t.placeholder]
    texts += [r.label for r in part.radio]
    texts += [str(p.proto.text) for p in part.get("progress")]
    # Cards are pictures: only a row's name given by the page (the group's aria-label) is this page's words; each
    # card's own name is tutor.app.cardsvg's
    return [" ".join(re.findall(r'role="group" aria-label="([^"]*)"', t)) if "<svg" in t else t for t in texts]


def home_with_answers() -> AppTest:
    """Home for a guest who has answered (the progress block's buttons and figures show)."""
    progress = MemoryProgress()
    lesson = state.course().lessons[0]
    progress.mark_read(lesson.id, 0)
    return open_page(query={"lang": "qps"}, session={"progress": progress})


# --- qps: nothing left in English ---------------------------------------------------------------------


def test_home_in_the_pseudo_language_has_no_english_left() -> None:
    at = open_page(query={"lang": "qps"})
    texts = shown(at)
    assert english_left(texts) == []
    assert at.title[0].value.startswith(OPEN)
    assert all(b.label.startswith(OPEN) for b in at.main.button)
    assert all(m.label.startswith(OPEN) for m in at.main.metric)
    intro = next(t for t in texts if "48" in t and "19" in t)
    assert intro.startswith(OPEN) and "\n\n" in intro, "the three paragraphs are one message"
    caption = "The four top cards: Monsieur, Madame, Le Borgne and La Vache."
    assert ui.gettext("qps", caption) in [c.value for c in at.main.caption]


def test_home_for_a_learner_under_way_in_the_pseudo_language() -> None:
    at = home_with_answers()
    assert english_left(shown(at)) == []
    welcome = next(str(m.value) for m in at.markdown if "1:" in str(m.value))
    assert welcome.startswith(OPEN), "Continue's place is worded through the catalog"


def test_the_sidebar_in_the_pseudo_language_has_no_english_left() -> None:
    at = open_page(query={"lang": "qps"})
    texts = shown(at, "sidebar")
    assert texts, "the sidebar shows the learner block"
    assert english_left(texts) == []
    assert at.sidebar.selectbox[0].label.startswith(OPEN), "the language menu's label"
    # the languages keep their own names, whatever the page's language
    assert "Čeština" in at.sidebar.selectbox[0].options


def test_lessons_in_the_pseudo_language_have_no_english_left() -> None:
    at = open_page("screens/learn.py", query={"lang": "qps"})
    assert english_left(shown(at)) == []
    assert at.button(key="learn.next_section").label.startswith(OPEN)
    at.button(key="learn.skip").click().run()
    assert not at.exception
    # the scenario itself is Practice's form (another page's words); this page's own are checked here
    mine = [at.title[0].value, *(at.button(key=f"learn.{key}").label for key in ("prev_item", "to_text"))]
    mine += [str(p.proto.text) for p in at.main.get("progress")]
    assert english_left(mine) == []


def test_review_in_the_pseudo_language_has_no_english_left_in_its_own_words() -> None:
    at = open_page("screens/review.py", query={"lang": "qps"})
    mine = [at.title[0].value, *(m.label for m in at.metric), *(m.proto.help for m in at.metric)]
    assert len(mine) == 7
    assert english_left(mine) == []


# --- Czech: hand-known translations -------------------------------------------------------------------


def test_home_in_czech() -> None:
    at = open_page(query={"lang": "cs"})
    assert at.title[0].value == "Naučte se Aluette"
    assert at.button(key="home.practice").label == "Procvičovat"
    assert at.button(key="home.rules").label == "Pravidla"
    assert at.button(key="home.guided").label == "První rozdání s průvodcem"
    lesson = localize_lesson(state.course().lessons[0], "cs")
    assert at.button(key="home.start").label == f"Lekce 1: {lesson.title}"
    assert [h.value for h in at.header] == ["Kde začít", "Váš pokrok"]
    figures = {m.label: m.value for m in at.metric}
    assert figures["Dní v řadě"] == "0 dní", "Czech counts zero days with the form for five and more"
    assert "Hotové lekce" in figures and "K opakování dnes" in figures
    assert any(str(m.value).startswith("Aluette je štychová hra") for m in at.markdown)
    assert at.sidebar.selectbox[0].label == "Jazyk"


@pytest.mark.parametrize(("n", "expected"), [(1, "1 den"), (2, "2 dny"), (4, "4 dny"), (5, "5 dní"), (21, "21 dní")])
def test_the_day_streak_takes_the_czech_plural_form_for_its_count(n: int, expected: str) -> None:
    # Czech: one form for 1, another for 2-4, a third for 0 and 5 or more (21 included: the rule is not Polish)
    assert ui.ngettext("cs", "{n} day", "{n} days", n) == expected


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "Vaše 1 odpověď jako hosta se teď počítá pro Ann."),
        (3, "Vaše 3 odpovědi jako hosta se teď počítají pro Ann."),
        (7, "Vašich 7 odpovědí jako hosta se teď počítá pro Ann."),
    ],
)
def test_the_guests_answers_taken_over_are_counted_in_czech(n: int, expected: str) -> None:
    singular = "Your {n} answer as a guest now counts as {name}'s."
    plural = "Your {n} answers as a guest now count as {name}'s."
    assert ui.ngettext("cs", singular, plural, n, name="Ann") == expected


def test_lessons_in_czech() -> None:
    at = open_page("screens/learn.py", query={"lang": "cs"})
    lesson = localize_lesson(state.course().lessons[0], "cs")
    assert at.title[0].value == f"Lekce 1: {lesson.title}"
    assert at.button(key="learn.back").label == "← Zpět"
    assert at.button(key="learn.next_section").label == "Další oddíl →"
    assert at.button(key="learn.skip").label == "Přeskočit k úlohám"
    assert at.expander[0].label == "Co se naučíte"
    sections = len(lesson.sections)
    assert str(at.main.get("progress")[0].proto.text) == f"Oddíl 1 z {sections}"


def test_review_in_czech() -> None:
    at = open_page("screens/review.py", query={"lang": "cs"})
    assert at.title[0].value == "Opakování"
    assert [m.label for m in at.metric] == ["K opakování teď", "Zbývá nových", "Zkusit znovu"]


def test_the_lesson_map_marks_in_czech() -> None:
    at = open_page(query={"lang": "cs"})
    first = localize_lesson(state.course().lessons[0], "cs")
    links = [str(e.proto.label) for e in at.get("page_link")]
    assert f"1. {first.title} · nezačato" in links
