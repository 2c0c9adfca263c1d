"""A worksheet to hand out: each scenario drawn as in the app, numbered, its questions with room to answer; then the
answer key on pages of its own, each answer and the engine's explanation step by step.

The questions are the app's own (:func:`tutor.app.predict.question`): the same wording and the same choices,
each choice printed with a box to tick (beside its card where the answer is a card), a number with a box to write
it in; each scenario ends with lines for the reasoning. The key's answers are the engine's outcome for the asked
keys (:func:`tutor.content.solve.solve`), worded as the app's reveal words them (:func:`tutor.app.reveal.describe`),
and its steps are the engine's explanation rendered in the sheet's language: nothing is worked out a second time.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from tutor.app.cardsvg import card_svg, few_shapes
from tutor.app.kinds import shown
from tutor.app.markup import escape
from tutor.app.pagelang import speaking
from tutor.app.predict import question, short
from tutor.app.printing.selection import Worksheet
from tutor.app.printing.sheet import as_images, document, footer_text, image, render_pdf
from tutor.app.questions import Part, Question
from tutor.app.reveal import describe
from tutor.app.scenario_view import setup_html
from tutor.app.views import css as drawing_css
from tutor.content.grading import asked
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine import Explained, card
from tutor.i18n import ui
from tutor.i18n.sentences import render_all

BOX = "☐"
TICK_UP_TO = 12  # a part with more choices than this (tiers 1-19) is a box to write the answer in
CHOICE_CARD_PX = 40

# The app's drawings, made for print: white paper instead of the green table, black type, nothing cut at a page end.
# For speed (benchmarks/print_bench.py): the writing lines are solid grey, as WeasyPrint draws a dotted border dot
# by dot (a fifth of the worksheet's time); the drawing-beside-questions table has fixed columns, so WeasyPrint
# need not lay every scenario out twice to measure it.
_CSS = """
.alu-setup{font-size:9pt;margin:1mm 0 2mm 0}
.alu-setup img.card{width:12mm;height:auto;display:inline-block!important;margin:0 0.6mm 0.6mm 0}
.alu-setup .cards-row,.alu-setup .alu-seat,.alu-setup .alu-seat-head,.alu-setup .alu-centre,.alu-setup .alu-row,
.alu-setup .alu-timeline,.alu-setup .alu-players,.alu-setup .alu-pack,.alu-setup .alu-fan{display:block!important}
.alu-setup .alu-seat{text-align:center}
.alu-setup .alu-seat-head>*{margin:0 0.5mm}
.alu-setup .alu-tier,.alu-setup .alu-step,.alu-setup .alu-player{display:inline-block!important;vertical-align:top}
.alu-table{background:#fff!important;border:0.4mm solid #444;max-width:135mm;padding:1.5mm;gap:1mm 2mm!important}
table.side{width:100%;border-collapse:collapse;table-layout:fixed}
table.side>tbody>tr>td{vertical-align:top;padding:0}
table.side td.drawing{width:88mm;padding-right:4mm}
.alu-table.alu-wide{max-width:100%}
.alu-seat-head,.alu-centre{color:#111!important}
.alu-centre-word{background:#fff!important;color:#111!important;border:0.4mm solid #111}
.alu-badge{border:0.25mm solid #555}
.alu-grid-wrap{overflow:visible}
.sheet-head{border-bottom:0.4mm solid #444;padding-bottom:2mm;margin-bottom:3mm}
.sheet-head .who{margin-top:2mm}
.sheet-head .who span{display:inline-block;width:80mm;border-bottom:0.3mm solid #444;margin-right:6mm}
.sheet-head .who span.day{width:40mm}
.how{font-size:8.5pt;color:#333}
.scenario{break-inside:avoid;margin:0 0 4mm 0;padding-top:2mm;border-top:0.3mm solid #999}
.scenario h2{font-size:11pt;margin:0 0 1mm 0}
.scenario .hint{font-size:8.5pt;font-style:italic;color:#333}
ol.questions{margin:1mm 0 0 0;padding-left:6mm}
ol.questions>li{margin:0 0 2mm 0;break-inside:avoid}
.q-text{font-weight:600;margin-bottom:1mm}
.part-label{font-size:8.5pt;margin:1mm 0 0.5mm 0}
.choices{margin:0.5mm 0}
.choice{display:inline-block;vertical-align:bottom;white-space:nowrap;font-size:8.5pt;margin:0 4mm 1.5mm 0}
.choice.card{white-space:normal;text-align:center;max-width:24mm}
.choice.card img.card{display:block;margin:0 auto 0.5mm auto;width:10mm;height:auto}
.box{font-size:13pt;line-height:1}
.write{display:inline-block;min-width:22mm;height:6mm;border:0.3mm solid #444;vertical-align:middle}
.lines{margin-top:1mm}
.lines div{border-bottom:0.3mm solid #999;height:7mm}
.lines .label{font-size:8pt;color:#444;border:none;height:auto}
.key{break-before:page}
.key h1{margin-bottom:3mm}
.answer{break-inside:avoid;margin:0 0 3mm 0;padding-top:1.5mm;border-top:0.3mm solid #999}
.answer h2{font-size:10.5pt;margin:0 0 1mm 0}
.answer table{border-collapse:collapse;margin:0 0 1mm 0}
.answer td{padding:0.4mm 2mm 0.4mm 0;vertical-align:top}
.answer td.k{font-weight:600;white-space:nowrap}
.answer ol{margin:0.5mm 0 0 0;padding-left:6mm;font-size:8.5pt}
.answer .note{font-size:8.5pt;font-style:italic;margin-top:1mm}
"""


_A5_CSS = """
.scenario{break-inside:auto}
.alu-setup{break-inside:avoid}
.alu-setup img.card{width:10mm}
.alu-table{max-width:100%}
.sheet-head .who span{width:45mm;margin-right:3mm}
.sheet-head .who span.day{width:25mm}
"""


def _part_html(part: Part, many: bool) -> str:
    label = f'<div class="part-label">{escape(part.label)}</div>' if many else ""
    if part.picture:
        label += image(card_svg(card(part.picture), width=CHOICE_CARD_PX), "card")
    if part.pick is not None:
        choices = []
        for choice in part.pick.choices:
            if choice.card is not None:
                picture = image(card_svg(choice.card, width=CHOICE_CARD_PX), "card")
                choices.append(
                    f'<span class="choice card">{picture}<span><span class="box">{BOX}</span> '
                    f"{escape(choice.name)}</span></span>"
                )
            else:
                choices.append(f'<span class="choice"><span class="box">{BOX}</span> {escape(choice.name)}</span>')
        if part.pick.mode == "order":  # a place to write beside each card instead of a tick
            choices = [c.replace(f'<span class="box">{BOX}</span>', '<span class="write" style="min-width:8mm">'
                                 "</span>") for c in choices]  # fmt: skip
        return f'{label}<div class="choices">{"".join(choices)}</div>'
    if part.options and len(part.options) <= TICK_UP_TO and part.widget != "number":
        ticks = "".join(
            f'<span class="choice"><span class="box">{BOX}</span> {escape(part.show(option))}</span>'
            for option in part.options
        )
        return f'{label}<div class="choices">{ticks}</div>'
    return f'{label}<div class="choices"><span class="write"></span></div>'


def _question_html(q: Question) -> str:
    many = len(q.parts) > 1
    parts = "".join(_part_html(part, many) for part in q.parts)
    return f'<li data-key="{escape(q.key)}"><div class="q-text">{escape(q.text)}</div>{parts}</li>'


def _scenario_html(number: int, scenario: Scenario, result: Explained, lang: str, beside: bool) -> str:
    _ = ui.translator(lang)
    questions = "".join(_question_html(question(scenario, result, key, lang)) for key in asked(scenario))
    drawing = setup_html(scenario, result, reveal=False)
    hint = f'<div class="hint">{escape(scenario.hint)}</div>' if scenario.hint else ""
    # Translators: on a printed worksheet, above the lines left for the learner's reasoning.
    why = _("Why (in your own words):")
    asking = f'{hint}<ol class="questions">{questions}</ol>'
    if beside and not shown(scenario.kind).full_width:  # the questions beside the drawing, as the app sets them
        cells = f'<td class="drawing">{drawing}</td><td>{asking}</td>'
        asking = f'<table class="side"><tbody><tr>{cells}</tr></tbody></table>'
    else:
        asking = drawing + asking
    return (
        f'<section class="scenario" data-scenario="{escape(scenario.id)}"><h2>{number}. {escape(scenario.title)}</h2>'
        f'{asking}<div class="lines"><div class="label">{escape(why)}</div><div></div><div></div></div></section>'
    )


def _answer_html(number: int, scenario: Scenario, result: Explained, lang: str) -> str:
    outcome = result.outcome()
    rows = "".join(
        f'<tr data-key="{escape(key)}"><td class="k">{escape(short(scenario.kind, key, lang))}</td>'
        f"<td>{escape(describe(scenario, key, outcome[key]))}</td></tr>"
        for key in asked(scenario)
    )
    steps = "".join(f"<li>{escape(step)}</li>" for step in render_all(result.explanation, lang))
    note = f'<div class="note">{escape(scenario.note)}</div>' if scenario.note else ""
    heading = ui.gettext(lang, "Why")
    return (
        f'<section class="answer" data-scenario="{escape(scenario.id)}"><h2>{number}. {escape(scenario.title)}</h2>'
        f'<table><tbody>{rows}</tbody></table><div class="q-text">{escape(heading)}</div><ol>{steps}</ol>{note}'
        "</section>"
    )


def worksheet_html(
    sheet: Worksheet,
    size: str = "a4",
    day: date | None = None,
    results: Sequence[Explained] | None = None,
) -> str:
    """The worksheet's pages of HTML, then its answer key; ``results`` (the engine's, one per scenario) if already
    solved."""
    lang = sheet.lang
    _ = ui.translator(lang)
    solved = list(results) if results is not None else [solve(scenario) for scenario in sheet.scenarios]
    with speaking(lang), few_shapes():
        body = "".join(
            _scenario_html(n, scenario, result, lang, beside=size != "a5")  # A5 is too narrow for two columns
            for n, (scenario, result) in enumerate(zip(sheet.scenarios, solved, strict=True), start=1)
        )
        key = "".join(
            _answer_html(n, scenario, result, lang)
            for n, (scenario, result) in enumerate(zip(sheet.scenarios, solved, strict=True), start=1)
        )
    # Translators: on a printed worksheet, the lines for the learner's name and the day.
    name, day_label = _("Name:"), _("Date:")
    how = _(
        "Answer on the sheet: where a question says to click, tick the box beside the card or the answer instead; "
        "write numbers in the boxes. The answers and the engine's explanations are in the key at the end."
    )
    # Translators: the heading of the pages of answers at the end of a printed worksheet.
    key_title = _("Answer key: {title}", title=sheet.title)
    page = (
        f'<div class="sheet-head"><h1>{escape(sheet.title)}</h1><p class="how">{escape(how)}</p>'
        f'<div class="who">{escape(name)} <span></span> {escape(day_label)} <span class="day"></span></div></div>'
        f'{body}<div class="key"><h1>{escape(key_title)}</h1>{key}</div>'
    )
    html = document(
        as_images(page), lang=lang, title=sheet.title, size=size, footer=footer_text(lang, day),
        css=drawing_css().removeprefix("<style>").removesuffix("</style>") + _CSS + (_A5_CSS if size == "a5" else ""),
    )  # fmt: skip
    return html


def worksheet_pdf(sheet: Worksheet, size: str = "a4", day: date | None = None) -> bytes:
    """The worksheet and its answer key as a PDF."""
    return render_pdf(worksheet_html(sheet, size, day))


__all__ = ["Worksheet", "worksheet_html", "worksheet_pdf"]
