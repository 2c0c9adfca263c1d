"""Teaching materials to print, as PDF: the table card, worksheets with their answer key, the partners' signals card.

Each document is one page of HTML laid out with CSS ``@page`` rules (:mod:`tutor.app.printing.sheet`) and made
into a PDF by WeasyPrint. The cards and gestures are the app's own pictures (:mod:`tutor.app.cardsvg`,
:mod:`tutor.app.gestures`), inline SVG, and a worksheet's scenarios are drawn by their kinds exactly as the app
draws them (:mod:`tutor.app.kinds`): the same drawing code prints, so the sheet and the screen never disagree.
Everything is worded in the language asked for (:func:`tutor.app.pagelang.speaking`), whatever the learner's.

The package draws; it never reads a page's session, so the command line (``aluette-tutor print``) and the app's
download buttons call the same functions.
"""

from __future__ import annotations

from tutor.app.printing.sheet import SIZES, Size, render_pdf
from tutor.app.printing.signals_card import signals_card_html, signals_card_pdf
from tutor.app.printing.table_card import table_card_html, table_card_pdf
from tutor.app.printing.worksheet import Worksheet, worksheet_html, worksheet_pdf

__all__ = [
    "SIZES",
    "Size",
    "Worksheet",
    "render_pdf",
    "signals_card_html",
    "signals_card_pdf",
    "table_card_html",
    "table_card_pdf",
    "worksheet_html",
    "worksheet_pdf",
]
