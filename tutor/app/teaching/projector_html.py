"""The projector's pieces as HTML, from plain values: read from the back of a room on a 1920x1080 screen (big
type, dark text on white, nothing told by colour alone).

Every value from outside (a name someone typed, a scenario's title) is escaped (:func:`tutor.app.markup.escape`);
each function returns one line of well-formed XHTML for ``st.markdown(..., unsafe_allow_html=True)`` (cards may
be inline SVG, which ``st.html`` would drop).

>>> print(answered_html(14, 17, "en"))
<div class="alu-proj-count" role="status">14 of 17 answered</div>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.app.markup import escape
from tutor.i18n import ui

CSS = """
[data-testid="stMainBlockContainer"]{padding-top:3.75rem;padding-bottom:1rem;max-width:none}
[data-testid="stMain"] button{min-height:64px}
[data-testid="stMain"] button p{font-size:28px;font-weight:700}
[data-testid="stMain"] h1{font-size:56px}
[data-testid="stMain"] h2{font-size:40px}
.alu-proj{color:#111;font-size:30px;line-height:1.3}
.alu-proj-code{font-size:150px;font-weight:800;letter-spacing:.12em;font-family:ui-monospace,monospace;
line-height:1;margin:0 0 16px 0;color:#000}
.alu-proj-link{font-size:34px;font-weight:600;word-break:break-all;margin:8px 0}
.alu-proj-joined{font-size:44px;font-weight:700;margin:16px 0 8px 0}
.alu-proj-names{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:8px 14px;
list-style:none;padding:0 !important;margin:0 !important}
.alu-proj-names li{font-size:28px;font-weight:600;background:#eef2f6;border:2px solid #44505c;border-radius:10px;
padding:4px 10px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.alu-proj-count{font-size:72px;font-weight:800;margin:8px 0;color:#000}
.alu-proj-head{display:flex;align-items:baseline;gap:12px 40px;flex-wrap:wrap}
.alu-proj-head h1{padding:0 0 8px 0;margin:0}
.alu-proj-where{font-size:30px;font-weight:600;color:#333}
.alu-proj-question{font-size:40px;font-weight:700;margin:8px 0}
.alu-proj-setup{zoom:1.7}
.alu-proj-setup.alu-proj-wide{zoom:1.35}
.alu-proj-bars{list-style:none;padding:0;margin:0}
.alu-proj-bar{display:grid;grid-template-columns:minmax(260px,2fr) 5fr auto;gap:18px;align-items:center;
margin:10px 0;padding:8px 12px;border:3px solid transparent;border-radius:12px}
.alu-proj-bar.alu-proj-right{border-color:#1b5e20;background:#eef7ee}
.alu-proj-choice{font-size:32px;font-weight:700}
.alu-proj-track{background:#e4e7eb;border-radius:8px;height:56px;overflow:hidden}
.alu-proj-fill{background:#37474f;height:100%}
.alu-proj-right .alu-proj-fill{background:#1b5e20}
.alu-proj-n{font-size:44px;font-weight:800;min-width:3ch;text-align:right}
.alu-proj-mark{display:inline-block;font-size:28px;font-weight:800;color:#fff;background:#1b5e20;border-radius:8px;
padding:2px 12px;margin-left:10px;vertical-align:middle}
.alu-proj-steps{font-size:34px;line-height:1.35;margin:8px 0 8px 1.4em;padding:0}
.alu-proj-steps li{font-size:34px;line-height:1.35;margin:0 0 12px 0}
.alu-proj-steps li.alu-proj-latest{font-weight:700}
li.alu-proj-group{font-size:30px;font-style:italic;margin:10px 0 4px 0}
.alu-proj-table{border-collapse:collapse;font-size:32px;margin:8px 0}
.alu-proj-table th,.alu-proj-table td{padding:8px 20px;border-bottom:2px solid #c5cbd1;text-align:left}
.alu-proj-table td.alu-proj-num{text-align:right;font-variant-numeric:tabular-nums}
"""


def css() -> str:
    """The projector's style block; once per page, beside :func:`tutor.app.views.css` (the cards' table)."""
    return "<style>" + "".join(line.strip() for line in CSS.strip().splitlines()) + "</style>"


def lobby_html(code: str, link: str, qr: str, names: Sequence[str], lang: str) -> str:
    """The join code huge, the join address and its QR code (``qr``: SVG), and who has joined, by name."""
    _ = ui.translator(lang)
    # Translators: the accessible name of the join code; {letters} is the code spelt letter by letter.
    spelt = _("Join code {letters}", letters=" ".join(code))
    # Translators: the line under the join code on the projector: the address to open (or the QR code to scan).
    go_to = _("Open {address} or scan the code", address=link)
    joined = ui.ngettext(lang, "{n} has joined", "{n} have joined", len(names))
    chips = "".join(f"<li>{escape(name)}</li>" for name in names)
    return (
        '<div class="alu-proj" style="display:flex;gap:48px;align-items:flex-start;flex-wrap:wrap">'
        '<div style="flex:1 1 900px;min-width:0">'
        f'<div class="alu-proj-code" role="img" aria-label="{escape(spelt)}">{escape(code)}</div>'
        f'<div class="alu-proj-link">{escape(go_to)}</div>'
        f'<div class="alu-proj-joined" role="status">{escape(joined)}</div>'
        f'<ul class="alu-proj-names" aria-label="{escape(joined)}">{chips}</ul>'
        "</div>"
        f'<div style="flex:0 0 auto">{qr}</div>'
        "</div>"
    )


def answered_html(answered: int, total: int, lang: str) -> str:
    """ "14 of 17 answered": how many of those who joined have answered, never what they answered."""
    # Translators: on the projector while the room answers; {total} is the number who joined the round.
    words = ui.npgettext(lang, "projector", "{answered} of {n} answered", "{answered} of {n} answered", total,
                         answered=answered)  # fmt: skip
    return f'<div class="alu-proj-count" role="status">{escape(words)}</div>'


@dataclass(frozen=True)
class Bar:
    """One choice of the room's answers: how it is shown (``choice``: HTML, cards or words), its words for a
    screen reader, how many gave it, and whether it is the engine's answer."""

    choice: str
    words: str
    count: int
    right: bool


def split_html(bars: Sequence[Bar], answered: int, lang: str) -> str:
    """A bar per choice, longest first as given; the right one framed and marked in words ("✓ right"), not by
    colour alone; each bar's length is its share of ``answered``."""
    _ = ui.translator(lang)
    # Translators: the accessible name of the projector's bars after Reveal.
    title = _("How the room answered")
    # Translators: the mark beside the engine's answer among the room's answers on the projector.
    right = _("right")
    rows = []
    for bar in bars:
        share = 0 if answered == 0 else round(100 * bar.count / answered)
        mark = f'<span class="alu-proj-mark">✓ {escape(right)}</span>' if bar.right else ""
        # Translators: a bar's accessible name on the projector: {choice} in words, given by {count} of {n}.
        said = ui.ngettext(lang, "{choice}: {count} of {n} answer", "{choice}: {count} of {n} answers", answered,
                           choice=bar.words, count=bar.count)  # fmt: skip
        if bar.right:
            said += " · " + _("the right answer")
        classes = "alu-proj-bar alu-proj-right" if bar.right else "alu-proj-bar"
        rows.append(
            f'<li class="{classes}">'
            f'<div class="alu-proj-choice">{bar.choice}{mark}</div>'
            f'<div class="alu-proj-track" role="img" aria-label="{escape(said)}">'
            f'<div class="alu-proj-fill" style="width:{share}%"></div></div>'
            f'<div class="alu-proj-n" aria-hidden="true">{bar.count}</div>'
            "</li>"
        )
    return f'<ul class="alu-proj alu-proj-bars" aria-label="{escape(title)}">{"".join(rows)}</ul>'


def steps_html(steps: Sequence[tuple[str, str]], shown: int) -> str:
    """The first ``shown`` of the explanation's steps (each ``(its group's heading or "", the sentence)``),
    numbered, the newest in bold; a group's heading before its first step."""
    items: list[str] = []
    heading = ""
    for number, (group, sentence) in enumerate(steps[:shown], start=1):
        if group and group != heading:
            heading = group
            items.append(f'<li style="list-style:none" class="alu-proj-group">{escape(group)}</li>')
        latest = ' class="alu-proj-latest"' if number == shown else ""
        items.append(f'<li value="{number}"{latest}>{escape(sentence)}</li>')
    return f'<ol class="alu-proj alu-proj-steps">{"".join(items)}</ol>'


def table_html(caption: str, headings: Sequence[str], rows: Sequence[Sequence[object]], numeric: int) -> str:
    """A plain table: ``caption``, the column ``headings``, then ``rows`` of values; the last ``numeric``
    columns are figures (aligned right)."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headings)
    body = []
    first_figure = len(headings) - numeric
    for row in rows:
        cells = "".join(
            f'<td class="alu-proj-num">{escape(value)}</td>' if n >= first_figure else f"<td>{escape(value)}</td>"
            for n, value in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    return (
        f'<table class="alu-proj alu-proj-table"><caption style="text-align:left;font-weight:700">'
        f"{escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
