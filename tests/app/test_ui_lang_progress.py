"""The Progress page and Review's words about time in the learner's language: every own string of the page
wrapped in the pseudo-language (the chart's titles and days, the tables' columns and names, the hardest items,
an import's problems), Czech plural forms and Babel's Czech day and month names, an import problem named in Czech
with its values."""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from helpers import open_page
from page_text import outside
from streamlit.testing.v1 import AppTest
from test_learners import add_learner, choose, go, ok, open_app
from test_progress_page import history

from tutor.app import progress_view, quiz, state
from tutor.app.markup import md
from tutor.content.localize import localize_lesson, localize_scenario
from tutor.i18n import LANGUAGES, ui
from tutor.i18n.pseudo import OPEN
from tutor.progress.memory import MemoryProgress
from tutor.progress.review import AGAIN, DUE, NEW, ReviewItem
from tutor.progress.transfer import ImportRejected, parse_export

PAGE = "screens/progress.py"
ENGLISH = re.compile(r"[A-Za-z]{3,}")
# Notation the page shows as it is: the file's own keys and values in an import problem, the uploaded name.
NOTATION = {"answers", "uid", "kind", "given", "correct", "seconds", "JSON", "aluette", "tutor", "progress"}
BAD_FILE = {"format": "aluette-tutor-progress", "version": 1, "learner": "X", "answers": [{"uid": "ab1"}, 3]}


def english_words(texts: list[str]) -> list[str]:
    """Runs of three ASCII letters or more outside ⟦…⟧ that are not notation."""
    return [w for text in texts for w in ENGLISH.findall(outside(text)) if w not in NOTATION]


def page_texts(at: AppTest) -> list[str]:
    """Everything the page shows in words: headings, paragraphs, messages, metrics, buttons, tabs, the tables'
    columns and their word cells, the chart's titles and day labels."""
    main = at.main
    texts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error"):
        texts += [str(e.value) for e in getattr(main, kind)]
    texts += [m.label for m in main.metric] + [str(m.value) for m in main.metric]
    texts += [m.proto.help for m in main.metric if m.proto.help]
    texts += [b.label for b in main.button]
    texts += [t.label for t in main.tabs]
    texts += [str(d.proto.label) for d in main.get("download_button")]
    texts += [str(u.proto.label) for u in main.get("file_uploader")]
    for table in at.dataframe:
        frame = table.value
        texts += [str(c) for c in frame.columns]
        texts += [str(v) for c in frame.columns for v in frame[c] if isinstance(v, str)]
        config = json.loads(table.proto.columns)  # the columns' labels and helps, as the table shows them
        texts += [str(c[part]) for c in config.values() for part in ("label", "help") if part in c]
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        texts += re.findall(r'"title": "([^"]*)"', json.dumps(spec, ensure_ascii=False))
    return texts


def progress_in_qps(db_path: Path) -> AppTest:
    """Ann, who answered over three days (wrong ones among them), on the Progress page in ``qps``, after
    importing a bad file."""
    history(db_path, "Ann")
    at = open_app()
    choose(at, "Ann")
    go(at, PAGE, lang="qps")
    at.get("file_uploader")[0].upload("bad.json", json.dumps(BAD_FILE).encode(), "application/json")
    return ok(at.run())


def test_the_progress_page_in_the_pseudo_language_has_no_english_left(db_path: Path) -> None:
    at = progress_in_qps(db_path)
    texts = page_texts(at)
    assert at.error, "the bad file's problems show"
    assert at.get("vega_lite_chart") and len(at.dataframe) == 2
    assert any("Ṁáš" in t for t in texts), "the tables' columns are worded"
    assert english_words(texts) == []
    assert at.title[0].value.startswith(OPEN)
    assert all(b.label.startswith(OPEN) for b in at.main.button)


def test_the_page_of_a_guest_with_no_answers_in_the_pseudo_language_has_no_english_left() -> None:
    at = open_page(PAGE, query={"lang": "qps"})
    texts = page_texts(at)
    assert at.info and len(at.main.button) >= 2, "the empty state: its message and its two buttons"
    assert len(at.caption) >= 2, "the guest's caption and the export's"
    assert english_words(texts) == []
    assert str(at.metric[2].value) == ui.ngettext("qps", "{n} day", "{n} days", 0)


def test_the_chart_in_the_pseudo_language_words_its_titles_and_days(db_path: Path) -> None:
    at = progress_in_qps(db_path)
    spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
    titles = re.findall(r'"title": "([^"]*)"', json.dumps(spec, ensure_ascii=False))
    assert titles and all(t.startswith(OPEN) for t in titles)
    frame = progress_view.accuracy_frame([], datetime(2025, 3, 5).date(), "qps")
    assert all(label.startswith(OPEN) for label in frame["label"]) and all(s.startswith(OPEN) for s in frame["short"])
    axis = spec["layer"][0]["encoding"]["x"]["axis"]["labelExpr"]
    assert "utcFormat" not in axis and "⟦" in axis, "the axis reads the localized short labels, not d3's English"


def test_in_czech_topics_lessons_and_the_hardest_items_are_named_in_czech(db_path: Path) -> None:
    history(db_path, "Ann")
    at = open_app()
    choose(at, "Ann")
    go(at, PAGE, lang="cs")
    course = state.course()
    topics = next(t.value for t in at.dataframe if t.value.columns[0] == "Téma")
    names = list(topics["Téma"])
    assert quiz.topic_title("spoiled-tricks", "cs") == "Zkažené štychy"
    assert "Zkažené štychy" in names and "Fakta o pořadí" in names, "a course topic and a drill topic"
    assert {quiz.topic_title(t, "cs") for t in course.topics} <= set(names), "as Practice's menu names them"
    lessons = next(t.value for t in at.dataframe if t.value.columns[0] == "Lekce")
    first = course.lessons[0]
    assert lessons["Lekce"].iloc[0] == f"{first.order}. {localize_lesson(first, 'cs').title}"
    assert list(lessons.columns) == ["Lekce", "Zvládnuto", "Zvládnuté položky", "Zodpovězeno", "Naposledy správně"]
    # spoiled-aces, wrong twice: its Czech title, and its figures worded in Czech
    title = localize_scenario(course.scenarios["spoiled-aces"], "cs").title
    assert title != course.scenarios["spoiled-aces"].title
    assert next(m.value for m in at.markdown if m.value.startswith("**")) == f"**{md(title)}**"
    assert "Úloha · špatně 2 z 3 · 33 % správně" in [c.value for c in at.caption]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mastery_tables_columns_stay_apart_in_every_language(lang: str) -> None:
    # The table's columns are named by these words: two the same would merge two columns into one.
    _ = ui.translator(lang)
    columns = progress_view.MasteryColumns.of(lang)
    words = [_("Lesson"), _("Topic"), columns.mastered, columns.items, columns.answered, columns.right]
    assert len(set(words)) == len(words)


# --- Czech: plural forms and Babel's names ------------------------------------------------------------------


@pytest.mark.parametrize(("n", "expected"), [(1, "1 den"), (2, "2 dny"), (4, "4 dny"), (5, "5 dní"), (22, "22 dní")])
def test_days_word_takes_the_czech_plural_form(n: int, expected: str) -> None:
    assert progress_view.days_word(n, "cs") == expected


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "Opakovat 1 položku na řadě"), (3, "Opakovat 3 položky na řadě"), (6, "Opakovat 6 položek na řadě")],
)
def test_the_review_button_counts_in_czech(n: int, expected: str) -> None:
    assert ui.ngettext("cs", "Review the {n} due now", "Review the {n} due now", n) == expected


@pytest.mark.parametrize(("days", "expected"), [(2, "před 2 dny"), (5, "před 5 dny"), (1, "včera")])
def test_ago_in_czech(days: int, expected: str) -> None:
    now = datetime(2025, 3, 12, 12, 0).timestamp()
    assert progress_view.ago(now - days * 86400, now, "cs") == expected


def test_ago_and_when_in_czech_count_minutes_and_hours_with_their_forms() -> None:
    now = datetime(2025, 3, 12, 12, 0).timestamp()
    assert progress_view.ago(now - 60, now, "cs") == "před 1 minutou"
    assert progress_view.ago(now - 5 * 60, now, "cs") == "před 5 minutami"
    assert progress_view.ago(now - 3 * 3600, now, "cs") == "před 3 hodinami"
    assert progress_view.when(now + 60, now, "cs") == "za 1 minutu"
    assert progress_view.when(now + 3 * 60, now, "cs") == "za 3 minuty"
    assert progress_view.when(now + 5 * 60, now, "cs") == "za 5 minut"
    assert progress_view.when(now + 2 * 3600, now, "cs") == "za 2 hodiny"


def test_when_in_czech_names_the_day_and_month_from_babel() -> None:
    now = datetime(2025, 3, 12, 12, 0).timestamp()  # a Wednesday
    friday = datetime(2025, 3, 14, 10, 0).timestamp()
    assert progress_view.when(friday, now, "cs") == "14. března (pátek)"
    tomorrow = datetime(2025, 3, 13, 9, 30).timestamp()
    assert progress_view.when(tomorrow, now, "cs") == "zítra v 9:30"
    later = datetime(2025, 3, 21, 10, 0).timestamp()
    assert progress_view.when(later, now, "cs") == "za 9 dní (21. března)"
    week = datetime(2025, 3, 14, 10, 0) + timedelta(days=8)
    assert progress_view.when(week.timestamp(), now, "cs") == "za 10 dní (22. března)"


def test_when_in_english_is_unchanged() -> None:
    now = datetime(2025, 3, 12, 12, 0).timestamp()
    assert progress_view.when(datetime(2025, 3, 13, 9, 30).timestamp(), now) == "tomorrow at 09:30"
    assert progress_view.when(datetime(2025, 3, 17, 9, 0).timestamp(), now) == "on Monday 17 March"
    assert progress_view.when(now + 8 * 60, now) == "in 8 minutes"


# --- import problems in the learner's language ----------------------------------------------------------------


def rejected(doc: object) -> ImportRejected:
    with pytest.raises(ImportRejected) as caught:
        parse_export(json.dumps(doc), now=time.time())
    return caught.value


def test_an_import_problem_is_named_in_czech_with_its_values() -> None:
    error = rejected(
        {
            **BAD_FILE,
            "answers": [
                {"uid": "ab1", "item": "x", "kind": "trick", "given": {}, "correct": {}, "at": 1.0, "seconds": -1}
            ],
        }
    )
    assert str(error) == (
        "Nothing was imported: answers[0] (uid ab1): 'seconds' must be a number of seconds from 0 to 1000000, not -1."
    )
    czech = progress_view.rejected_text(error, "cs")
    assert czech == (
        "Nic se nenaimportovalo: answers\\[0\\] (uid ab1): 'seconds' musí být počet sekund od 0 do 1000000, ne -1."
    )


def test_several_import_problems_in_french_count_the_rest_with_its_plural() -> None:
    error = rejected({"format": "aluette-tutor-progress", "version": 9, "answers": []})
    assert progress_view.rejected_text(error, "fr") == (
        "Rien n'a été importé : la version d'export 9 n'est pas lue par ce tuteur (1 à 1)."
    )
    many = rejected({**BAD_FILE, "answers": [{"uid": f"u{n}"} for n in range(3)]})
    text = progress_view.rejected_text(many, "fr")
    assert text.startswith("Rien n'a été importé : answers\\[0\\] (uid u0) : il manque 'item'")
    assert "(et 2 autres problèmes)." in text.splitlines()[0]
    assert "Tous les problèmes :" in text


def test_the_import_error_shows_in_czech_on_the_page(db_path: Path) -> None:
    at = open_app()
    add_learner(at, "Ann")
    go(at, PAGE, lang="cs")
    at.get("file_uploader")[0].upload("bad.json", b"{not json", "application/json")
    ok(at.run())
    assert at.error[0].value.startswith("Nic se nenaimportovalo: soubor není JSON (")
    assert "řádek 1, sloupec 2" in at.error[0].value


def test_reviews_reasons_in_czech_name_the_lesson_by_its_czech_title() -> None:
    course = state.course()
    first = course.lessons[0]
    progress = MemoryProgress()
    new = progress_view.reason(ReviewItem("spoiled-aces", NEW, lesson=first.id), course, progress, 0.0, "cs")
    assert new == f"**Nové**, z lekce 1: {localize_lesson(first, 'cs').title}."
    again = progress_view.reason(ReviewItem("spoiled-aces", AGAIN), course, progress, 0.0, "cs")
    assert again.startswith("**Znovu**:")
    qps = progress_view.reason(ReviewItem("spoiled-aces", DUE), course, progress, 0.0, "qps")
    assert qps.startswith(OPEN) and not english_words([qps])
