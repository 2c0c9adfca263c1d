"""The pages' download buttons for the printed sheets (:mod:`tutor.app.printing`): the table card on the Rules and
Signals pages, the signals cards on the Signals page, and the worksheet builder on the Practice page.

Each button makes its PDF only when clicked (Streamlit runs the callable given as the button's data on a thread of
its own, so the page never waits for it), in the language and on the paper chosen beside it; a sheet made once is
kept for the day (the footer carries the date), so the next click is instant. The widgets' keys are the page's
(``<page>.print.paper``...), as for every module drawn on several pages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from functools import lru_cache

import streamlit as st

from tutor.app import folds, printing
from tutor.app.printing import selection
from tutor.app.session import Family
from tutor.content.course import Course
from tutor.i18n import LANGUAGES, native_name, ui

PAPER = Family[str]("{}.print.paper")
SHEET_LANG = Family[str]("{}.print.lang")
CARD_BUTTON = Family[bool]("{}.print.card")
SIGNALS_BUTTON = Family[bool]("{}.print.signals")
PICKED = Family[list[str]]("{}.print.picked")
OFFERED = Family[tuple[str, ...]]("{}.print.offered")  # the set the picks were made from
KEPT = Family[list[str]]("{}.print.kept")  # the picks, kept while the fold is closed and the menu not drawn
WORKSHEET_BUTTON = Family[bool]("{}.print.worksheet")
WORKSHEET_OPEN = Family[bool]("{}.print.open")  # whether the worksheet's fold is open
PAPERS = tuple(printing.SIZES)
PDF = "application/pdf"


def paper_names(lang: str) -> dict[str, str]:
    _ = ui.translator(lang)
    # Translators: the paper sizes a printed sheet can be made for.
    return {"a4": _("A4"), "a5": _("A5"), "letter": _("US Letter")}


@lru_cache(maxsize=64)
def _table_card(lang: str, size: str, day: date) -> bytes:
    return printing.table_card_pdf(lang, size, day)


@lru_cache(maxsize=64)
def _signals_card(lang: str, size: str, day: date) -> bytes:
    return printing.signals_card_pdf(lang, size, day)


_WORKSHEETS: dict[tuple[int, tuple[str, ...], str, str, date], bytes] = {}


def _worksheet(course: Course, ids: tuple[str, ...], lang: str, size: str, day: date) -> bytes:
    # kept by the course's identity (a server holds one course; a Course is not hashable), a few at a time
    key = (id(course), ids, lang, size, day)
    if key not in _WORKSHEETS:
        if len(_WORKSHEETS) >= 16:
            _WORKSHEETS.clear()
        title = ui.gettext(lang, "Worksheet")
        _WORKSHEETS[key] = printing.worksheet_pdf(selection.for_ids(course, ids, lang, title), size, day)
    return _WORKSHEETS[key]


def _paper(prefix: str, lang: str) -> str:
    names = paper_names(lang)
    chosen = st.selectbox(
        # Translators: the menu of paper sizes beside a printed sheet's download button.
        ui.gettext(lang, "Paper"),
        PAPERS,
        format_func=names.__getitem__,
        key=PAPER(prefix),
    )
    return chosen or PAPERS[0]


def _pdf_button(
    label: str, make: Callable[[], bytes], file_name: str, key: str, icon: str, help: str | None, disabled: bool = False
) -> None:
    """A PDF's download button: made by ``make`` only when clicked, and the page not rerun by the click."""
    st.download_button(
        label, data=make, file_name=file_name, mime=PDF, key=key, on_click="ignore", icon=icon, help=help,
        disabled=disabled,
    )  # fmt: skip


def table_card(prefix: str, lang: str) -> None:
    """The table card's download button, with its paper menu, in ``lang``."""
    _ = ui.translator(lang)
    paper, button = st.columns([1, 2], vertical_alignment="bottom")
    with paper:
        size = _paper(prefix, lang)
    with button:
        day = date.today()
        _pdf_button(
            # Translators: a button that downloads the printable table card (the ranking and the signals, one page).
            _("Download the table card to print (PDF)"),
            lambda: _table_card(lang, size, day),
            f"aluette-card-{lang}-{size}.pdf",
            CARD_BUTTON(prefix),
            ":material/print:",
            _("One page: the 19 tiers drawn with the cards and the 11 signals, to keep beside the game."),
        )


def signals_card(prefix: str, lang: str) -> None:
    """The signals cards' download button (paper from the same menu as the table card's)."""
    _ = ui.translator(lang)
    size = PAPER(prefix).get() or PAPERS[0]
    day = date.today()
    _pdf_button(
        # Translators: a button that downloads two pocket cards of the signals, one for each partner.
        _("Download the pocket signals cards (PDF)"),
        lambda: _signals_card(lang, size, day),
        f"aluette-signals-{lang}-{size}.pdf",
        SIGNALS_BUTTON(prefix),
        ":material/print:",
        _("Two A6 cards of the gestures on one sheet, one for each partner."),
    )


def worksheet_builder(
    prefix: str, course: Course, offered: Sequence[str], first: Sequence[str], titles: dict[str, str], lang: str
) -> None:
    """Pick scenarios (``offered``, by id, shown by ``titles``; ``first`` picked to begin with), a language and a
    paper; download the worksheet."""
    _ = ui.translator(lang)
    # Drawn only while open (tutor.app.folds): every learner's page load would otherwise send its five widgets,
    # a tenth of the load's messages (benchmarks/load.py), for the few who print.
    # Translators: the folded part of the Practice page where a teacher makes a worksheet to print.
    fold = folds.opened(_("Print a worksheet"), WORKSHEET_OPEN(prefix), ":material/print:")
    if fold is None:
        return
    with fold:
        st.caption(
            _(
                "The scenarios drawn as here, with boxes to tick and lines to write, then an answer key with the "
                "engine's explanations on pages of their own."
            )
        )
        fresh = OFFERED(prefix).get() != tuple(offered)
        if fresh:  # another lesson or topic: its scenarios, afresh
            OFFERED(prefix).set(tuple(offered))
            KEPT(prefix).set([sid for sid in first if sid in offered][: selection.MOST])
        if fresh or PICKED(prefix).get() is None:  # None: the fold was closed, Streamlit forgot the menu
            PICKED(prefix).set(list(KEPT(prefix).get() or []))
        picked = st.multiselect(
            # Translators: the menu of the scenarios a printed worksheet holds.
            _("Scenarios on the sheet"),
            list(offered),
            format_func=lambda sid: titles.get(sid, sid),
            key=PICKED(prefix),
            max_selections=selection.MOST,
        )
        KEPT(prefix).set(list(picked))
        # A lesson's many picks scroll inside the menu, out of sight: the count says what the sheet will hold.
        st.caption(
            # Translators: under the menu of a worksheet's scenarios: {n} how many are picked, {most} the limit.
            ui.ngettext(
                lang, "{n} scenario picked (at most {most})", "{n} scenarios picked (at most {most})", len(picked),
                most=selection.MOST,
            )
        )  # fmt: skip
        speech, paper = st.columns(2)
        with speech:
            sheet_lang = st.selectbox(
                # Translators: the menu of the language a printed sheet is in.
                _("Language of the sheet"),
                LANGUAGES,
                index=LANGUAGES.index(lang) if lang in LANGUAGES else 0,
                format_func=native_name,
                key=SHEET_LANG(prefix),
            )
        with paper:
            size = _paper(prefix, lang)
        ids = tuple(picked)
        day = date.today()
        chosen_lang = sheet_lang or lang
        _pdf_button(
            # Translators: the button that downloads the worksheet made of the scenarios picked.
            _("Download the worksheet (PDF)"),
            lambda: _worksheet(course, ids, chosen_lang, size, day),
            f"aluette-worksheet-{chosen_lang}.pdf",
            WORKSHEET_BUTTON(prefix),
            ":material/download:",
            None if ids else _("Pick at least one scenario."),
            disabled=not ids,
        )


__all__ = ["paper_names", "signals_card", "table_card", "worksheet_builder"]
