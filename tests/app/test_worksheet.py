"""The printed worksheet and its answer key (tutor/app/printing/worksheet.py, selection.py): one scenario of every kind
of the course, in every language; its questions are the app's, its answers and steps the engine's.

Each language's sheet is made once (a module-scoped fixture) and read back with pdftotext (tests/pdf_text.py).
"""

from __future__ import annotations

from datetime import date

import pytest
from pdf_text import comparable, missing, page_count, text_of

from tutor.app.pagelang import speaking
from tutor.app.predict import question
from tutor.app.printing import selection, worksheet_html, worksheet_pdf
from tutor.app.reveal import describe
from tutor.app.state import content_paths
from tutor.content.course import Course, load_course
from tutor.content.grading import asked
from tutor.content.solve import solve
from tutor.engine import RuleViolation
from tutor.i18n import LANGUAGES, ui
from tutor.i18n.sentences import render_all

DAY = date(2026, 12, 2)


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(list(content_paths()))


def one_of_each_kind(course: Course) -> list[str]:
    """The first scenario of each kind the course has, ``spoiled-aces`` first (worked out by hand below)."""
    firsts: dict[str, str] = {"trick": "spoiled-aces"}
    for sid, scenario in course.scenarios.items():
        firsts.setdefault(scenario.kind, sid)
    return list(firsts.values())


@pytest.fixture(scope="module")
def sheets(course: Course) -> dict[str, tuple[selection.Worksheet, bytes]]:
    ids = one_of_each_kind(course)
    made = {}
    for lang in LANGUAGES:
        sheet = selection.for_ids(course, ids, lang)
        made[lang] = (sheet, worksheet_pdf(sheet, "a4", DAY))
    return made


def key_page(pdf: bytes, title: str, lang: str) -> int:
    """The first page whose text holds the answer key's heading."""
    heading = ui.gettext(lang, "Answer key: {title}", title=title)
    pages = page_count(pdf)
    return next(
        n for n in range(1, pages + 1) if comparable(text_of(pdf, n, n), lang).startswith(comparable(heading, lang))
    )


def test_the_course_has_a_scenario_of_every_kind_the_app_shows(course: Course) -> None:
    kinds = {course.scenarios[sid].kind for sid in one_of_each_kind(course)}
    assert kinds == {"rank", "draw", "trick", "deal", "chant", "signal", "game", "dealing", "play"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_question_is_on_the_sheet_and_every_answer_and_step_in_the_key(
    sheets: dict[str, tuple[selection.Worksheet, bytes]], lang: str
) -> None:
    sheet, pdf = sheets[lang]
    if lang == "gu":  # poppler reads Gujarati too loosely to find where the key starts (tests/pdf_text.py)
        questions = key = text_of(pdf)
    else:
        start = key_page(pdf, sheet.title, lang)
        assert 1 < start < page_count(pdf)  # the key on pages of its own, after the questions
        questions, key = text_of(pdf, 1, start - 1), text_of(pdf, start)
    wanted_questions, wanted_answers = [], []
    with speaking(lang):
        for scenario in sheet.scenarios:
            result = solve(scenario)
            wanted_questions.append(scenario.title)
            wanted_questions += [question(scenario, result, k, lang).text for k in asked(scenario)]
            outcome = result.outcome()
            wanted_answers += [describe(scenario, k, outcome[k]) for k in asked(scenario)]
            wanted_answers += render_all(result.explanation, lang)
    assert missing(questions, wanted_questions, lang) == []
    assert missing(key, wanted_answers, lang) == []


def test_the_french_key_answers_spoiled_aces_as_worked_out_by_hand(
    sheets: dict[str, tuple[selection.Worksheet, bytes]],
) -> None:
    # A-swords (N), 5-cups, A-coins, 9-clubs: the two aces tie at the top, nobody wins, North leads again
    sheet, pdf = sheets["fr"]
    assert sheet.scenarios[0].id == "spoiled-aces"
    key = comparable(text_of(pdf, key_page(pdf, sheet.title, "fr")), "fr")
    first = key[: key.index(comparable("2. ", "fr") + comparable(sheet.scenarios[1].title, "fr"))]
    assert comparable("Gagnant personne (pourrie)", "fr") in first
    assert comparable("Prochain à entamer Nord", "fr") in first


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_question_or_title_is_left_in_english(
    sheets: dict[str, tuple[selection.Worksheet, bytes]], course: Course, lang: str
) -> None:
    sheet, pdf = sheets[lang]
    text = comparable(text_of(pdf), lang)
    english = selection.for_ids(course, [s.id for s in sheet.scenarios], "en")
    left = []
    for mine, theirs in zip(sheet.scenarios, english.scenarios, strict=True):
        result = solve(theirs)
        for k in asked(theirs):
            words = question(theirs, result, k, "en").text
            if words != question(mine, result, k, lang).text and comparable(words, lang) in text:
                left.append(words)
        if mine.title != theirs.title and comparable(theirs.title, lang) in text:
            left.append(theirs.title)
    assert left == []


def test_the_answers_in_the_key_are_the_engines_results_it_is_given(course: Course) -> None:
    sheet = selection.for_ids(course, ["spoiled-aces"], "en")
    html = worksheet_html(sheet, "a4", DAY, results=[solve(sheet.scenarios[0])])
    assert "nobody (spoiled)" in html
    assert html == worksheet_html(sheet, "a4", DAY)  # solved again: the same engine, the same key


def test_a_generated_worksheet_is_repeatable_by_its_seed() -> None:
    first = selection.generated("trick", 3, 7, "en")
    assert [s.setup for s in first.scenarios] == [s.setup for s in selection.generated("trick", 3, 7, "en").scenarios]
    assert [s.setup for s in first.scenarios] != [s.setup for s in selection.generated("trick", 3, 8, "en").scenarios]
    assert first.title == "Tricks (set 7)"


def test_an_unknown_lesson_is_one_line_naming_the_lessons(course: Course) -> None:
    with pytest.raises(RuleViolation) as raised:
        selection.for_lesson(course, "spoiled-trick", "fr")
    message = raised.value.message
    assert "\n" not in message and "no lesson 'spoiled-trick'" in message
    assert all(lesson.id in message for lesson in course.lessons)
    lesson = selection.for_lesson(course, "spoiled-tricks", "fr")
    assert lesson.title.startswith("Leçon 6") and len(lesson.scenarios) == len(course.practice(course.lessons[5]))
