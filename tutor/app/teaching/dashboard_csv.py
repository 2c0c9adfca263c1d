"""The dashboard's table as CSV: one row per member (the name exactly as typed), when they were last active,
then two columns per assignment (its status, and the share of answers right).

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return, which
some read past) as a formula: such a cell gets a leading apostrophe, which spreadsheets show as text and hide
(OWASP's advice against CSV injection). Nothing else of a name is changed.

>>> neutral("=HYPERLINK(1)"), neutral("Ann")
("'=HYPERLINK(1)", 'Ann')
"""

from __future__ import annotations

import csv
import io
from datetime import date

from tutor.app.teaching import words
from tutor.content.course import Course
from tutor.i18n import ui
from tutor.progress.dashboard import Dashboard

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutral(cell: str) -> str:
    """A cell no spreadsheet runs as a formula."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def last_active(moment: float | None) -> str:
    """The day, ISO (a spreadsheet sorts it), or empty for never."""
    return "" if moment is None else date.fromtimestamp(moment).isoformat()


def csv_text(board: Dashboard, course: Course, lang: str) -> str:
    """The dashboard's table as CSV text (rows end with CRLF, as RFC 4180 has it)."""
    _ = ui.translator(lang)
    head = [_("Member"), _("Last active")]
    for work in board.assignments:
        title = words.title(work, course, lang)
        # Translators: CSV column headings; {work} is an assignment, e.g. "Lesson 2: Tricks".
        head += [_("{work}: status", work=title), _("{work}: right", work=title)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([neutral(cell) for cell in head])
    for row in board.rows:
        cells = [row.member.name, last_active(row.member.last_active)]
        for on in row.cells:
            cells += [words.status(on, lang), words.percent(on.accuracy, lang) if on.accuracy is not None else ""]
        writer.writerow([neutral(cell) for cell in cells])
    return out.getvalue()
