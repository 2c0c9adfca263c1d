"""After a prediction: right or wrong per key, the correct answer, the engine's explanation and the note.

Everything shown here comes from the grader (:mod:`tutor.content.grading`) and the engine's result; this
module only words values for a reader (``N`` -> ``North``, ``null`` -> ``nobody``) and lays them out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from tutor.app import mistakes, scenario_view, views
from tutor.app.kinds import shown
from tutor.app.markup import escape, md
from tutor.app.pagelang import page_language
from tutor.app.predict import card_label, result_labels, short
from tutor.app.questions import members
from tutor.content.grading import PARTED, Grade
from tutor.content.kinds import shape_of
from tutor.content.outcomes import Shape
from tutor.content.scenario import Scenario
from tutor.engine import SEATS, SIGNALS, Explained
from tutor.engine.steps import Step
from tutor.i18n import ui
from tutor.i18n.sentences import format_value, render
from tutor.i18n.ui import Translator

_SEATS = {s.value: s for s in SEATS}
_TOP_NAMES = {"monsieur": "Monsieur", "madame": "Madame", "borgne": "Le Borgne", "vache": "La Vache"}
_SIGNALS = {s.id: s for s in SIGNALS}  # a signal as the question offered it: its meaning, not its id


def _null_word(kind: str, key: str, _: Translator) -> str:
    """How an empty answer reads for this key, as its kind says it: nobody won, the trick was spoiled, the game
    drawn."""
    nobody = shown(kind).nobody_for(key, _)
    return nobody.shown if nobody is not None and nobody.shown is not None else _("nobody")


def _title(code: object, lang: str) -> str:
    """A seat's code as its title in ``lang`` (``N`` -> ``North``); anything else as it is."""
    seat = _SEATS.get(str(code))
    return format_value(seat, "", lang) if seat is not None else str(code)


def _meaning(signal: object, lang: str) -> str:
    found = _SIGNALS.get(str(signal))
    return format_value(found, "meaning", lang) if found is not None else str(signal)


def language() -> str:
    """The language the engine's explanations are shown in: the learner's (:mod:`tutor.app.lang`), or a printed
    sheet's (:func:`tutor.app.pagelang.speaking`)."""
    return page_language()


def step_md(step: Step) -> str:
    """An engine step as a sentence in the learner's language, shown literally (never as Markdown)."""
    return md(render(step, language()))


def steps_md(steps: Sequence[Step], numbered: bool = False) -> str:
    """Steps as a Markdown list, bulleted or numbered, each shown literally."""
    return "\n".join(f"{f'{n}.' if numbered else '-'} {step_md(s)}" for n, s in enumerate(steps, start=1))


def describe(scenario: Scenario, key: str, value: object) -> str:
    """A value of an outcome key (the engine's or the learner's) in words, in the learner's language."""
    try:
        return _describe(scenario.kind, key, shape_of(scenario.kind, key), value, ui.translator(language()))
    except (AttributeError, TypeError, ValueError, KeyError):  # an answer that could not be read: as given
        return str(value)


def _seat(value: object, null: str, lang: str) -> str:
    if value is None or str(value).lower() in ("none", "spoiled", "null"):
        return null
    return _title(value, lang)


def _cards(values: Any, _: Translator) -> str:
    items = [card_label(str(c)) for c in values]
    lang = _.lang
    # Translators: a list of cards with no card in it.
    return ", ".join(items) if items else ui.pgettext(lang, "no cards", "none")


def _describe(kind: str, key: str, shape: Shape, value: Any, _: Translator) -> str:
    # ``value`` may be a learner's answer of any shape: a wrong one raises, and describe() shows it as given.
    null = _null_word(kind, key, _)
    lang = _.lang
    match shape:
        case Shape.BOOL:
            return _("yes") if value else _("no")
        case Shape.SEAT:
            return _seat(value, null, lang)
        case Shape.TEAM:
            return null if value is None or str(value).lower() == "none" else str(value)
        case Shape.INT | Shape.NAME | Shape.TEXT:
            return str(value)
        case Shape.CARD_SET | Shape.CARD_LIST:
            return _cards(value, _)
        case Shape.CARD_GROUPS:
            return " › ".join(" = ".join(card_label(str(c)) for c in group) for group in value)
        case Shape.TIER_MAP:
            return ", ".join(f"{card_label(str(c))}: {t}" for c, t in value.items())
        case Shape.SEAT_LIST:  # letters keep nine entries on a line: "1 N · 2 spoiled · 3 W"
            return " · ".join(f"{n} {v if v else null}" for n, v in enumerate(value, start=1))
        case Shape.SEAT_COUNT_MAP | Shape.TEAM_COUNT_MAP:
            return ", ".join(f"{_title(k, lang)} {v}" for k, v in value.items())
        case Shape.NAME_MAP:
            return ", ".join(f"{_TOP_NAMES.get(str(k), k)}: {v}" for k, v in value.items())
        case Shape.PAIRS:
            first, second = (" & ".join(str(p) for p in pair) for pair in value)
            # Translators: two partnerships, each written with seat letters ("N & S", "E & W").
            return _("{first} and {second}", first=first, second=second)
        case Shape.CARD_LIST_MAP | Shape.CARD_SET_MAP:
            return "; ".join(f"{_title(k, lang)}: {_cards(v, _)}" for k, v in value.items())
        case Shape.INT_LIST_MAP:
            return "; ".join(f"{_title(k, lang)}: {', '.join(str(t) for t in sorted(v))}" for k, v in value.items())
        case Shape.SIGNAL_LIST:
            # Translators: a list of signals with no signal in it.
            return "; ".join(_meaning(v, lang) for v in value) or ui.pgettext(lang, "no signals", "none")
        case Shape.RESULT:  # as the question offered it
            team, points = value.get("team"), int(value.get("points", 0))
            return result_labels(lang).get(
                "none" if team is None else f"{team} {points}", mistakes.result_words(team, points, lang)
            )
    return str(value)  # pragma: no cover


def entries(scenario: Scenario, key: str, value: object) -> list[tuple[str, str]]:
    """A value as rows: one per player or seat for a mapping, one row otherwise."""
    shape = shape_of(scenario.kind, key)
    if isinstance(value, Mapping) and shape in _ROW_PER_ENTRY:
        return [(entry_label(k), describe_entry(scenario, key, shape, v)) for k, v in value.items()]
    return [("", describe(scenario, key, value))]


def entry_label(entry: object) -> str:
    """An entry of a mapping answer as its row is named: a seat's title, a top card's name, a player's name."""
    return _title(entry, language()) if str(entry) in _SEATS else _TOP_NAMES.get(str(entry), str(entry))


_ROW_PER_ENTRY = PARTED  # each entry is a row of the table, marked and counted on its own


def describe_entry(scenario: Scenario, key: str, shape: Shape, value: object) -> str:
    if shape is Shape.NAME_MAP:
        return str(value)
    if shape is Shape.INT_LIST_MAP:
        return ", ".join(str(t) for t in sorted(members(value)))
    return _cards(value, ui.translator(language()))


@dataclass(frozen=True)
class GradeRow:
    """One row of the grade table, in plain text: a question (or one part of a parted one), the answer given and
    the right one. ``right`` says whether this row's answer was right; ``marked`` whether its ✓ or ✗ is drawn
    (only the first row of an answer marked as a whole carries the mark)."""

    right: bool
    marked: bool
    question: str
    given: str
    correct: str


def grade_rows(scenario: Scenario, result: Explained, grade: Grade, answers: Mapping[str, object]) -> list[GradeRow]:
    """Per asked key (and per player for mappings): right or wrong, the answer given, the right one."""
    outcome = result.outcome()
    rows: list[GradeRow] = []
    for k in grade.keys:
        name = short(scenario.kind, k.key)
        given = entries(scenario, k.key, answers[k.key]) if k.key in answers else [("", k.given)]
        correct = dict(entries(scenario, k.key, outcome[k.key]))
        labels = list(correct) + [label for label, _ in given if label not in correct]
        given_by = dict(given)
        # A parted answer marks each row: the ✗ goes beside the entry that is wrong, a ✓ beside each right one.
        parts = {entry_label(entry): right for entry, right in k.parts}
        for n, label in enumerate(labels):
            mine = given_by.get(label, "–")
            if k.problem and n == 0:
                mine += f" ({k.problem})"
            right = parts.get(label, False) if parts else k.correct
            question = f"{name}: {label}" if label else name
            rows.append(GradeRow(right, bool(parts) or n == 0, question, mine, correct.get(label, "–")))
    return rows


def grade_table_html(rows: Sequence[GradeRow], _: Translator) -> str:
    """The grade table as XHTML: the mark as a sign and a colour (colour is never the only one); the right
    answer in bold where it was missed."""
    # Translators: the reveal table's column headings (after a ✓/✗ column and the question's column).
    given_heading, correct_heading = escape(_("Your answer")), escape(_("Correct answer"))
    head = (
        "<thead><tr><td></td><td></td>"
        f'<th scope="col">{given_heading}</th><th scope="col">{correct_heading}</th></tr></thead>'
    )
    body = []
    for row in rows:
        mark = "" if not row.marked else _RIGHT_MARK if row.right else _WRONG_MARK
        correct = escape(row.correct) if row.right else f"<strong>{escape(row.correct)}</strong>"
        body.append(
            f'<tr><td>{mark}</td><th scope="row">{escape(row.question)}</th><td>{escape(row.given)}</td>'
            f"<td>{correct}</td></tr>"
        )
    return f'<table class="alu-grades">{head}<tbody>{"".join(body)}</tbody></table>'


# A sign and a colour (colour is never the only one).
_RIGHT_MARK = '<span class="alu-mark alu-mark-right">✓</span>'
_WRONG_MARK = '<span class="alu-mark alu-mark-wrong">✗</span>'


def mistake_lines(scenario: Scenario, result: Explained, grade: Grade, answers: Mapping[str, object]) -> list[str]:
    """For each wrong answer, what this mistake was (from the engine's facts), where there is something
    particular to say."""
    lines = []
    for k in grade.keys:
        if not k.correct and k.key in answers:
            line = mistakes.mistake(scenario, result, k.key, answers[k.key], language())
            if line:
                lines.append(line)
    return lines


def verdict_words(grade: Grade, lang: str) -> str:
    """The verdict, counting each part of an answer given entry by entry (a top card's holder, a player's cards)."""
    _ = ui.translator(lang)
    total = grade.total
    if grade.all_correct:
        # Translators: {total} is 2 or more, the answers the learner gave (one per question, or per part of one).
        return _("Right! All {total} answers are right.", total=total) if total > 1 else _("Right!")
    # Translators: {right} of {n} answers were right; {n} counts each question, or each part of one.
    return ui.ngettext(lang, "Not quite: {right} of {n} right.", "Not quite: {right} of {n} right.", total,
                       right=grade.right)  # fmt: skip


def verdict_html(grade: Grade) -> str:
    """The verdict as an alert a screen reader announces when it appears, with a sign beside its colour."""
    words = escape(verdict_words(grade, language()))
    tone, sign = ("right", "✓") if grade.all_correct else ("wrong", "✗")
    return (
        f'<p class="alu-verdict alu-verdict-{tone}" role="alert">'
        f'<span class="alu-verdict-sign" aria-hidden="true">{sign}</span> {words}</p>'
    )


def mistakes_html(lines: Sequence[str]) -> str:
    if not lines:
        return ""
    return '<ul class="alu-mistakes">' + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"


def show(
    scenario: Scenario, result: Explained, grade: Grade, answers: Mapping[str, object], side_by_side: bool = True
) -> None:
    """The whole reveal: the verdict, the grades, the setup with the answer drawn, the steps, the note.

    Two blocks of HTML, not an element each: every element Streamlit draws costs the server a message and the
    browser a render (its Markdown measures each one for truncation, forcing a layout). The verdict (what the
    learner waits for after Check) is the first and a small one, drawn before the rest is even sent: in
    Chromium it came 12-36 ms sooner than inside one block (two runs of 15, ``benchmarks/submit_bench.py``)."""
    st.html(verdict_html(grade))
    views.show(reveal_html(scenario, result, grade, answers, side_by_side))


def reveal_html(
    scenario: Scenario, result: Explained, grade: Grade, answers: Mapping[str, object], side_by_side: bool = True
) -> str:
    """The reveal under its verdict as one string of XHTML (:func:`show`)."""
    _ = ui.translator(language())
    drawing = scenario_view.setup_html(scenario, result, reveal=True) + shown(scenario.kind).revealed(result)
    why = explanation_html(result, scenario) + note_html(scenario)
    columns = "alu-reveal-cols" if side_by_side else "alu-reveal-rows"
    return (
        '<div class="alu-reveal">'
        + mistakes_html(mistake_lines(scenario, result, grade, answers))
        + grade_table_html(grade_rows(scenario, result, grade, answers), _)
        + f'<div class="{columns}"><div class="alu-reveal-drawing">{drawing}</div>'
        + f'<div class="alu-reveal-why">{why}</div></div></div>'
    )


def step_groups(scenario: Scenario, result: Explained, lang: str) -> list[tuple[str, tuple[Step, ...]]]:
    """The engine's steps in the groups its kind reads them in (the draw's rounds), each with its heading; one
    group without a heading for a kind that has none."""
    grouped = shown(scenario.kind).groups_of(result, ui.translator(lang))
    return grouped if grouped is not None else [("", tuple(result.explanation))]


def steps_html(steps: Sequence[Step], numbered: bool = False) -> str:
    """Steps as an HTML list, numbered or bulleted, each sentence in the learner's language and escaped."""
    tag = "ol" if numbered else "ul"
    lang = language()
    return f"<{tag}>" + "".join(f"<li>{escape(render(s, lang))}</li>" for s in steps) + f"</{tag}>"


def explanation_html(result: Explained, scenario: Scenario | None = None) -> str:
    """The engine's steps, numbered; grouped under headings where the kind groups them (the draw by round)."""
    # Translators: the heading of the engine's explanation, step by step, after an answer.
    heading = escape(ui.gettext(language(), "Why"))
    groups = step_groups(scenario, result, language()) if scenario is not None else [("", tuple(result.explanation))]
    if len(groups) == 1:
        body = steps_html(groups[0][1], numbered=True)
    else:
        body = "".join(f'<p class="alu-step-group">{escape(title)}</p>{steps_html(steps)}' for title, steps in groups)
    return f'<div class="alu-why"><p class="alu-block-title">{heading}</p>{body}</div>'


def explanation(result: Explained, scenario: Scenario | None = None) -> None:
    """Put the engine's steps on the page (:func:`explanation_html`)."""
    st.html(explanation_html(result, scenario))


def note_html(scenario: Scenario) -> str:
    """The scenario's note (plain text, docs/authoring.md), set apart for a reader."""
    if not scenario.note:
        return ""
    # As Markdown read it before: a blank line starts a paragraph, a single line break is a space.
    paragraphs = "".join(f"<p>{escape(p)}</p>" for p in _PARAGRAPHS.split(scenario.note.strip()))
    return f'<div class="alu-reveal-note" role="note">{paragraphs}</div>'


_PARAGRAPHS = re.compile(r"\n[ \t]*\n\s*")
