"""The partners' signals card: the eleven gestures alone, on an A6 card to keep in a pocket, two to a sheet (one for
each partner).

Two A6 cards (105 x 148 mm) sit side by side on the sheet, each inside a thin dashed cut line: on A5 paper laid
landscape they fill it exactly; on A4 or US Letter they take the top of the sheet (a printer's own scaling then
never changes their size). Each card holds every signal of rules.md section 10: its pictogram, what it says and
the gesture, in the sheet's language.
"""

from __future__ import annotations

from datetime import date

from tutor.app.gestures import gesture_svg
from tutor.app.markup import escape
from tutor.app.pagelang import speaking
from tutor.app.printing.sheet import document, footer_text, image, render_pdf
from tutor.engine import SIGNALS
from tutor.i18n import ui
from tutor.i18n.sentences import format_value

CARD_W, CARD_H = 105.0, 148.0  # A6, in millimetres
COPIES = 2  # one for each partner

_CSS = f"""
.sheet{{width:{2 * CARD_W}mm;border-collapse:collapse;table-layout:fixed}}
.sheet td.a6{{width:{CARD_W - 0.6}mm;height:{CARD_H - 1.5}mm;vertical-align:top;padding:0;border:0.3mm dashed #777}}
.a6 .in{{padding:4mm 4.5mm 2mm 4.5mm}}
.a6 h1{{font-size:11pt;margin:0 0 1mm 0}}
.a6 p.lead{{font-size:7pt;margin:0 0 1.5mm 0}}
.a6 table.list{{width:100%;border-collapse:collapse}}
.a6 table.list td{{border-top:0.25mm solid #999;padding:0.45mm 0.8mm;vertical-align:middle}}
.a6 table.list td.pic{{width:9.5mm}}
.a6 table.list td.pic img{{width:8.6mm;height:8.6mm}}
.a6 .meaning{{font-weight:700;font-size:7.4pt;line-height:1.12}}
.a6 .gesture{{font-size:6.8pt;line-height:1.12}}
.a6 .foot{{font-size:6pt;color:#444;margin-top:1mm}}
"""


def _card(lang: str, footer: str) -> str:
    _ = ui.translator(lang)
    rows = []
    for s in SIGNALS:
        meaning, gesture = format_value(s, "meaning", lang), format_value(s, "gesture", lang)
        rows.append(
            f'<tr data-signal="{escape(s.id)}"><td class="pic">{image(gesture_svg(s.id, width=40), "gesture")}</td>'
            f'<td><div class="meaning">{escape(meaning)}</div><div class="gesture">{escape(gesture)}</div></td></tr>'
        )
    # Translators: the title of the printed pocket card of the partners' signals.
    title = _("Signals to your partner")
    # Translators: under the title of the printed pocket card of the signals (rules, section 10).
    lead = _("Discreetly, so that the other partnership does not notice. Signal nothing unimportant.")
    return (
        f'<td class="a6"><div class="in"><h1>{escape(title)}</h1><p class="lead">{escape(lead)}</p>'
        f'<table class="list"><tbody>{"".join(rows)}</tbody></table>'
        f'<div class="foot">{escape(footer)}</div></div></td>'
    )


def signals_card_html(lang: str, size: str = "a4", day: date | None = None) -> str:
    """The sheet of two signals cards, in ``lang``, on ``size`` paper (A5: landscape, the two cards filling it)."""
    footer = footer_text(lang, day)
    with speaking(lang):
        card = _card(lang, footer)
    title = ui.gettext(lang, "Signals to your partner")
    body = f'<table class="sheet"><tbody><tr>{card * COPIES}</tr></tbody></table>'
    if size == "a5":  # exactly two A6: no margin, no footer box (each card carries its own)
        return document(
            body, lang=lang, title=title, size=size, footer="", css=_CSS, landscape=True, margin="0", numbered=False
        )
    margin = "0 0 12mm 0" if size == "a4" else "0 3mm 12mm 3mm"
    return document(body, lang=lang, title=title, size=size, footer=footer, css=_CSS, margin=margin, numbered=False)


def signals_card_pdf(lang: str, size: str = "a4", day: date | None = None) -> bytes:
    """The signals cards as a one-page PDF."""
    return render_pdf(signals_card_html(lang, size, day))


__all__ = ["COPIES", "signals_card_html", "signals_card_pdf"]
