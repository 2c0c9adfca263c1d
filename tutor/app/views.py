"""The pieces a scenario's setup is drawn with, as HTML (the table, the cards, the order of play, badges), and
the reference tables of the ranking, signals and rules pages.

Each kind draws its setup from these pieces, in its module of :mod:`tutor.app.kinds`
(:func:`tutor.app.scenario_view.setup_html` picks the kind's drawing). No rule logic lives here or there.
Everything drawn comes from the scenario's setup and, once revealed, from the engine result's typed fields (the
winner, the spoiled cards, who received what). Before the reveal:

- nothing that answers the question is drawn (no winner highlight, no "spoiled", no partnerships);
- a supporting fact the engine computed (the eldest, the cutter, the first leader) is drawn only when the
  scenario does not ask for it, and only when the result is passed in.

Every function returns one string of well-formed XHTML (tests parse it with ``xml.etree``), with no blank
lines or indented lines, so Streamlit's Markdown passes it through untouched:
``st.markdown(scenario_view.setup_html(scenario, result), unsafe_allow_html=True)``. Their style (:func:`css`) is
on every page already, in :func:`theme`; the layout degrades to a readable vertical list without it.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

import streamlit as st

from tutor.app.cardsvg import card_svg, cards_html
from tutor.app.gestures import gesture_svg
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.content import drills
from tutor.engine import SEATS, SIGNALS, Card, Seat, Tier, Trick
from tutor.i18n import ui
from tutor.i18n.sentences import format_value, render

# Card widths in pixels for each use.
TRICK_WIDTH = 80
HAND_WIDTH = 56
SMALL_WIDTH = 40
ROW_WIDTH = 64

# Where each seat sits on the drawn table.
_AREA = {Seat.N: "n", Seat.E: "e", Seat.S: "s", Seat.W: "w"}

_CSS = """
.alu-setup{font-size:15px;line-height:1.35;color:#1f1f1f;margin:4px 0 12px 0}
.alu-setup .card{display:block}
.alu-block{margin:8px 0}
.alu-block-title{font-weight:600;margin:0 0 4px 0}
.alu-note{color:#555;font-size:13px;margin:4px 0}
.alu-table{display:grid;grid-template-columns:minmax(88px,1fr) minmax(120px,auto) minmax(88px,1fr);
grid-template-areas:". n ." "w c e" ". s .";gap:6px 10px;align-items:center;justify-items:center;
background:#2f6b47;border-radius:18px;padding:12px 10px;max-width:600px;box-sizing:border-box}
.alu-table.alu-wide{max-width:100%;grid-template-columns:minmax(100px,1fr) minmax(150px,auto) minmax(100px,1fr)}
.alu-seat{display:flex;flex-direction:column;align-items:center;gap:4px;min-width:0;max-width:100%}
.alu-seat>svg,.alu-seat>img,.alu-seat>figure{max-width:100%;height:auto}
.alu-fan{max-width:100%}
.alu-seat-head{max-width:100%}
.alu-seat-n{grid-area:n}.alu-seat-e{grid-area:e}.alu-seat-s{grid-area:s}.alu-seat-w{grid-area:w}
.alu-seat-head{display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:4px;color:#fff;
font-weight:600;font-size:14px}
.alu-centre{grid-area:c;color:#fff;text-align:center;font-weight:600;min-height:40px;display:flex;
flex-direction:column;align-items:center;justify-content:center;gap:6px}
.alu-centre-word{font-size:20px;letter-spacing:.04em;text-transform:uppercase;background:#c62828;color:#fff;
border-radius:8px;padding:2px 10px}
.alu-mini{max-width:300px;padding:8px;gap:4px 6px;grid-template-columns:minmax(70px,1fr) auto minmax(70px,1fr)}
.alu-badge{display:inline-block;border-radius:10px;padding:0 7px;font-size:12px;font-weight:700;line-height:18px;
background:#eceff1;color:#263238;white-space:nowrap}
.alu-badge-order{background:#fff;color:#263238;border:1px solid #90a4ae;border-radius:50%;padding:0;width:18px;
text-align:center;line-height:16px}
.alu-badge-leader{background:#ffd54f;color:#3e2c00}
.alu-badge-dealer{background:#90caf9;color:#0d2c54}
.alu-badge-eldest{background:#ce93d8;color:#3c0f45}
.alu-badge-cutter{background:#b0bec5;color:#1f2b30}
.alu-badge-winner{background:#f2b705;color:#2b1d00}
.alu-badge-spoiled{background:#c62828;color:#fff}
.alu-badge-agree{background:#c8e6c9;color:#16431a}
.alu-badge-refuse{background:#ffcdd2;color:#7f1010}
.alu-badge-top{background:#fff1c1;color:#5a4300;border:1px solid #8a6d1f}
.alu-chip{display:inline-block;min-width:24px;text-align:center;border-radius:6px;padding:1px 6px;font-weight:700;
font-size:13px;line-height:20px}
.alu-team-ns{background:#d7e8fb;color:#0d3a6e}
.alu-team-ew{background:#ffe2c2;color:#6b3200}
.alu-chip-spoiled{background:#c62828;color:#fff}
.alu-timeline{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end}
.alu-step{display:flex;flex-direction:column;align-items:center;gap:2px;font-size:12px;color:#555}
.alu-grid{border-collapse:collapse;font-size:14px}
.alu-grid th{font-weight:600;text-align:center;padding:2px 6px;color:#444}
.alu-grid td{padding:3px 4px;vertical-align:middle;text-align:center;border-top:1px solid #e3e3e3}
.alu-grid-wrap{overflow-x:auto;max-width:100%}
.alu-players{display:flex;flex-wrap:wrap;gap:12px}
.alu-player{border:1px solid #ddd;border-radius:10px;padding:6px 8px;background:#fafafa}
.alu-player-name{font-weight:700;margin-bottom:4px}
.alu-pack{display:flex;flex-wrap:wrap;gap:3px;align-items:flex-start;max-width:560px}
.alu-cut{width:5px;align-self:stretch;background:#c62828;border-radius:3px;margin:0 3px}
.alu-tier{display:flex;flex-direction:column;align-items:flex-start;gap:2px;margin-right:8px}
.alu-tier-label{font-size:12px;font-weight:700;color:#263238}
.alu-row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.alu-hand{margin:4px 0}
.alu-fan{display:flex}
details.alu-details summary{cursor:pointer;font-weight:600}
.alu-lesson-rows{display:flex;flex-wrap:wrap;gap:14px 36px;align-items:flex-end;margin:6px 0}
.alu-lesson-tiers{display:flex;flex-direction:column;gap:6px;margin:6px 0}
.alu-lesson-tier{display:flex;align-items:center;gap:12px;padding:2px 0;border-bottom:1px solid rgba(128,128,128,.25)}
.alu-lesson-tier-number{min-width:4.5em;font-weight:700}
.alu-reveal{line-height:1.5}
.alu-verdict{margin:0;padding:12px 16px;border-radius:8px;font-weight:600}
.alu-verdict-right{background:#e6f4ea;color:#14532d;border-left:5px solid #1e7b34}
.alu-verdict-wrong{background:#fdecec;color:#7f1d1d;border-left:5px solid #c62828}
.alu-verdict-sign{font-weight:700;margin-right:2px}
.alu-mistakes{margin:0 0 12px 0;padding-left:1.4em}
.alu-grades{border-collapse:collapse;margin:0 0 16px 0;max-width:100%}
.alu-reveal .alu-grades th,.alu-reveal .alu-grades td{text-align:left;vertical-align:top;padding:6px 10px;border:0;
border-bottom:1px solid #d9d9d9;background:none}
.alu-reveal .alu-grades thead th{font-weight:600;border-bottom:2px solid #bdbdbd}
.alu-reveal .alu-grades tbody th{font-weight:600}
.alu-reveal .alu-grades td:first-child{text-align:center;padding:6px 4px}
.alu-mark{font-weight:700}
.alu-mark-right{color:#1e7b34}
.alu-mark-wrong{color:#c62828}
.alu-reveal-cols{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px 48px}
.alu-reveal-rows{display:grid;grid-template-columns:minmax(0,1fr);gap:16px}
.alu-reveal-drawing{container-type:inline-size}
.alu-why ol,.alu-why ul{margin:0 0 8px 0;padding-left:1.6em}
.alu-why li{margin:2px 0}
.alu-step-group{font-style:italic;margin:8px 0 2px 0}
.alu-reveal-note{margin:12px 0 0 0;padding:12px 16px;border-radius:8px;background:#e8f1fb;color:#0d2c54}
.alu-reveal-note p{margin:0}.alu-reveal-note p+p{margin-top:8px}
@media (max-width:640px){.alu-reveal-cols{grid-template-columns:minmax(0,1fr)}
.alu-reveal .alu-grades th,.alu-reveal .alu-grades td{padding:5px 6px}}
@media (max-width:520px){.alu-table{padding:8px 4px;gap:4px}.alu-setup{font-size:14px}}
@container (max-width:400px){.alu-table,.alu-table.alu-wide{grid-template-columns:minmax(0,1fr) minmax(0,1fr);
grid-template-areas:"n n" "w e" "c c" "s s"}}
"""


def show(drawing: str) -> None:
    """Put a drawing on the page: as ``st.html`` when every card in it is a picture served as a file
    (:mod:`tutor.app.cardfiles`), so the browser reads it natively rather than through Streamlit's Markdown (whose
    HTML parser is a large script, then not even loaded); as Markdown while it holds inline SVG, which ``st.html``
    drops."""
    if "<svg" in drawing:
        st.markdown(drawing, unsafe_allow_html=True)
    else:
        st.html(drawing)


@functools.cache
def theme() -> str:
    """The app's global style sheet (``theme.css``: contrast, headings, the phone's layout) and the drawings'
    (:func:`css`) as one style block, read once per process: main.py puts it on every run of every page, as
    ``st.html`` (a style block alone goes where it takes no room, without the Markdown parser that ``st.markdown``
    runs first). One message rather than one per style sheet: a loaded server's limit is the messages it sends,
    not their bytes."""
    sheet = (Path(__file__).parent / "theme.css").read_text(encoding="utf-8")
    return "<style>" + sheet + "</style>" + css()


def css() -> str:
    """The style block for everything drawn here: on every page already, in :func:`theme`; for what is drawn
    elsewhere (a printed page)."""
    return "<style>" + "".join(line.strip() for line in _CSS.strip().splitlines()) + "</style>"


# --- small pieces -----------------------------------------------------------------------------


def _e(text: object) -> str:
    # every value drawn here may come from a file or a learner (a player's name): always escaped
    return escape(text)


def translator() -> ui.Translator:
    """The page's language's translator: every word drawn here follows the learner's language."""
    return ui.translator(page_language())


def seat_name(seat: Seat) -> str:
    """A seat's title (North...) in the page's language."""
    return format_value(seat, "title", page_language())


def ordinal(n: int) -> str:
    """``1st`` ... ``4th``: a place in the order of play, in the page's language."""
    _ = translator()
    # Translators: short column headers and tooltips: the first to fourth card played in a trick.
    return (_("1st"), _("2nd"), _("3rd"), _("4th"))[n - 1]


def badge(text: str, kind: str = "") -> str:
    """A small pill, e.g. ``badge("leads", "leader")``."""
    extra = f" alu-badge-{_e(kind)}" if kind else ""
    return f'<span class="alu-badge{extra}">{_e(text)}</span>'


def seat_chip(seat: Seat | None, *, text: str | None = None) -> str:
    """A seat letter coloured by partnership; ``None`` draws a red "spoiled" chip."""
    if seat is None:
        # Translators: a red chip standing for a spoiled trick (nobody won it).
        spoiled = ui.pgettext(page_language(), "a trick nobody won", "spoiled")
        return f'<span class="alu-chip alu-chip-spoiled" title="{_e(spoiled)}">{_e(text or spoiled)}</span>'
    team = "ns" if seat in (Seat.N, Seat.S) else "ew"
    return f'<span class="alu-chip alu-team-{team}" title="{_e(seat_name(seat))}">{_e(text or seat.value)}</span>'


def block(title: str | None, body: str, kind: str = "") -> str:
    """A part of a drawing: ``body`` (HTML) under a title, if any; ``kind`` adds a class (``hand``, ``score``)."""
    head = f'<div class="alu-block-title">{_e(title)}</div>' if title else ""
    extra = f" alu-block-{_e(kind)}" if kind else ""
    return f'<div class="alu-block{extra}">{head}{body}</div>'


def note(text: str) -> str:
    """A line of small grey text."""
    return f'<div class="alu-note">{_e(text)}</div>'


def details(summary: str, body: str, open_: bool = False) -> str:
    """``body`` (HTML) folded under ``summary``, open or not."""
    opened = ' open="open"' if open_ else ""
    return f'<details class="alu-details"{opened}><summary>{_e(summary)}</summary>{body}</details>'


# --- the table ----------------------------------------------------------------------------------


def table(cells: Mapping[Seat, str], centre: str, *, label: str, extra_class: str = "") -> str:
    """Four seat cells around a centre: N top, W left, E right, S bottom (DOM order N, W, centre, E, S)."""
    classes = "alu-table" + (f" {extra_class}" if extra_class else "")
    parts = [f'<div class="{classes}" role="group" aria-label="{_e(label)}">']
    for seat in (Seat.N, Seat.W):
        parts.append(_seat_cell(seat, cells.get(seat, "")))
    parts.append(f'<div class="alu-centre">{centre}</div>')
    for seat in (Seat.E, Seat.S):
        parts.append(_seat_cell(seat, cells.get(seat, "")))
    parts.append("</div>")
    return "".join(parts)


def _seat_cell(seat: Seat, content: str) -> str:
    return f'<div class="alu-seat alu-seat-{_AREA[seat]}" data-seat="{seat.value}">{content}</div>'


def seat_head(seat: Seat, name: str | None, badges: Sequence[str]) -> str:
    _ = translator()
    # Translators: a seat's heading on the table with the player's name, e.g. "North (Anna)".
    title = _("{seat} ({name})", seat=seat, name=name) if name else seat_name(seat)
    return f'<div class="alu-seat-head"><span class="alu-seat-name">{_e(title)}</span>{"".join(badges)}</div>'


def trick_table_html(
    plays: Mapping[Seat, Card | None],
    *,
    leader: Seat | None = None,
    winner: Seat | None = None,
    spoiled: Collection[Seat] = (),
    names: Mapping[Seat, str] | None = None,
    dealer: Seat | None = None,
    centre: str | None = None,
    show_order: bool = True,
    width: int = TRICK_WIDTH,
    label: str | None = None,
) -> str:
    """One trick on the table: each seat's card in its place, the order of play from the leader.

    ``plays`` maps seats to their card (``None``: a face-down card; a missing seat has not played yet).
    ``winner`` is highlighted and ``spoiled`` seats' cards get the tie mark: pass them only once the
    answer may be seen. ``centre`` is HTML for the middle of the table (e.g. the word "spoiled").
    """
    _ = translator()
    order = {seat: n for n, seat in enumerate(leader.clockwise_from(), start=1)} if leader else {}
    cells = {}
    for seat in SEATS:
        badges = []
        if show_order and seat in order and seat in plays:
            # Translators: the tooltip of a seat's place in the order of play; {place} is "1st" ... "4th".
            plays_at = _("plays {place}", place=ordinal(order[seat]))
            badges.append(f'<span class="alu-badge alu-badge-order" title="{_e(plays_at)}">{order[seat]}</span>')
        if seat is leader:
            # Translators: a small badge by a seat on the table: this player leads the trick.
            badges.append(badge(_("leads"), "leader"))
        if seat is dealer:
            # Translators: a small badge by a seat on the table: this player deals.
            badges.append(badge(_("deals"), "dealer"))
        if seat is winner:
            # Translators: a small badge by a seat on the table: this player wins the trick.
            badges.append(badge(_("wins"), "winner"))
        head = seat_head(seat, (names or {}).get(seat), badges)
        body = ""
        if seat in plays:
            body = card_svg(plays[seat], width=width, highlight=seat is winner, spoiled=seat in spoiled)
        cells[seat] = head + body
    # Translators: the accessible name of the drawn card table.
    return table(cells, centre or "", label=label if label is not None else _("the table"))


def table_html(
    *,
    names: Mapping[Seat, str] | None = None,
    hands: Mapping[Seat, Sequence[Card]] | None = None,
    face_up: bool | Collection[Seat] = True,
    trick: Mapping[Seat, Card] | None = None,
    leader: Seat | None = None,
    dealer: Seat | None = None,
    to_play: Seat | None = None,
    winner: Seat | None = None,
    spoiled: Collection[Seat] = (),
    tricks_won: Mapping[Seat, int] | None = None,
    centre: str | None = None,
    trick_width: int = 64,
    hand_width: int = HAND_WIDTH,
    label: str | None = None,
) -> str:
    """The whole table for the Play page: names, hands (face up or down), and the trick under way.

    ``face_up`` is ``True``/``False`` for every hand, or the seats whose hands are shown; other hands
    are drawn as overlapping backs. The trick's cards sit in a small cross in the middle, each on its
    player's side; ``winner``/``spoiled`` mark them once the trick is resolved.
    """
    _ = translator()
    lang = page_language()
    shown = set(SEATS) if face_up is True else (set() if face_up is False else set(face_up))
    trick = trick or {}
    cells = {}
    for seat in SEATS:
        badges = []
        if seat is dealer:
            badges.append(badge(_("deals"), "dealer"))
        if seat is leader:
            badges.append(badge(_("leads"), "leader"))
        if seat is to_play:
            # Translators: a small badge by a seat on the table: this player's turn.
            badges.append(badge(_("to play"), "winner"))
        if tricks_won is not None:
            # Translators: a small badge by a seat: how many tricks the player has won so far.
            badges.append(badge(ui.ngettext(lang, "{n} won", "{n} won", tricks_won.get(seat, 0))))
        body = ""
        if hands is not None and seat in hands:
            hand = list(hands[seat])
            if seat in shown:
                # Translators: the accessible name of a player's cards, e.g. "North's hand".
                body = cards_html(hand, width=hand_width, label=_("{seat}'s hand", seat=seat), css_class="alu-hand")
            else:
                # Translators: the accessible name of a hidden hand, e.g. "West: 5 face-down cards".
                count = ui.ngettext(
                    lang, "{seat}: {n} face-down card", "{seat}: {n} face-down cards", len(hand), seat=seat
                )
                body = _fan(len(hand), hand_width, count)
        cells[seat] = seat_head(seat, (names or {}).get(seat), badges) + body
    middle = ""
    if trick:
        spots = {
            seat: card_svg(trick[seat], width=trick_width, highlight=seat is winner, spoiled=seat in spoiled)
            if seat in trick
            else ""
            for seat in SEATS
        }
        middle = (
            '<div style="display:grid;grid-template-columns:auto auto auto;gap:2px;align-items:center;'
            'justify-items:center">'
            f'<div></div><div data-seat="{Seat.N.value}">{spots[Seat.N]}</div><div></div>'
            f'<div data-seat="{Seat.W.value}">{spots[Seat.W]}</div><div></div>'
            f'<div data-seat="{Seat.E.value}">{spots[Seat.E]}</div>'
            f'<div></div><div data-seat="{Seat.S.value}">{spots[Seat.S]}</div><div></div>'
            "</div>"
        )
    return table(
        cells, middle + (centre or ""), label=label if label is not None else _("the table"), extra_class="alu-wide"
    )


def _fan(count: int, width: int, label: str) -> str:
    """``count`` backs overlapping like a held hand: each sits in a slot narrower than the card."""
    step = max(8, width // 4)
    # the slots before the last shrink (down to 2 px) when the seat is narrow, so the fan stays inside the table
    slots = "".join(
        f'<div style="{f"width:{width}px;flex:none" if i == count - 1 else f"flex:0 1 {step}px;min-width:2px"}">'
        f"{card_svg(None, width=width)}</div>"
        for i in range(count)
    )
    return f'<div class="alu-fan alu-hand" role="group" aria-label="{_e(label)}" style="display:flex">{slots}</div>'


def tricks_grid_html(
    tricks: Sequence[Trick], *, names: Mapping[Seat, str] | None = None, width: int = SMALL_WIDTH + 8
) -> str:
    """Finished tricks as rows: who led, each seat's card in N E S W columns (numbered in play order), and the
    winner, or the tied cards marked when spoiled. Used by a revealed deal and by the Play page."""
    _ = translator()
    rows = []
    for n, trick in enumerate(tricks, start=1):
        cells = "".join(
            f'<td data-seat="{seat.value}">'
            + card_svg(
                trick.card_of(seat),
                width=width,
                caption=str(trick.play_order[seat]),
                highlight=seat is trick.winner,
                spoiled=seat in trick.tied_seats,
            )
            + "</td>"
            for seat in SEATS
        )
        # Translators: a trick's result in a narrow column: {seat} is a seat's letter (N, E, S, W).
        outcome = seat_chip(trick.winner, text=_("{seat:code} wins", seat=trick.winner) if trick.winner else None)
        rows.append(
            f'<tr data-trick="{n}"><th>{n}</th><td>{seat_chip(trick.leader)}</td>{cells}<td>{outcome}</td></tr>'
        )
    heads = "".join(f"<th>{_e(names[seat]) + f' ({seat.value})' if names else seat.value}</th>" for seat in SEATS)
    # Translators: column headers of the table of tricks: the trick's number (1-9), who led it, who won it.
    trick_head, led_head, result_head = _("trick"), _("led by"), _("result")
    grid = (
        f'<table class="alu-grid"><thead><tr><th>{_e(trick_head)}</th><th>{_e(led_head)}</th>{heads}'
        f"<th>{_e(result_head)}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    return f'<div class="alu-grid-wrap">{grid}</div>'


# --- reference tables shared by the ranking, signals and rules pages ---


def tier_chart_html(width: int = 52, lang: str | None = None) -> str:
    """The 19 tiers as a table of cards, the plain threes and nines marked with the engine's warning, in ``lang``
    (the page's language if not given)."""
    lang = lang or page_language()
    _ = ui.translator(lang)
    rows = []
    for row in drills.tier_chart():
        trap = " trap" if row.traps else ""
        warning = "".join(f'<div class="tier-trap">⚠ {escape(render(note, lang))}</div>' for note in row.traps)
        # Translators: the accessible name of a row of cards in the chart of the 19 tiers.
        label = _("tier {number}", number=row.number)
        name = format_value(Tier(row.number), "name", lang)
        rows.append(
            f'<tr class="tier-row{trap}"><td class="tier-number">{row.number}</td>'
            f'<td class="tier-cards">{cards_html(row.cards, width=width, label=label)}</td>'
            f'<td class="tier-name"><b>{escape(name)}</b>{warning}</td></tr>'
        )
    style = (
        "<style>.tier-chart{border-collapse:collapse;width:100%}.tier-chart td{padding:4px 10px;"
        "border-bottom:1px solid rgba(128,128,128,.25);vertical-align:middle}.tier-number{font-size:1.4em;"
        "font-weight:800;text-align:center;width:3em}.tier-row.trap{background:rgba(255,193,7,.16)}"
        ".tier-trap{font-size:.9em;margin-top:2px}"
        # the widest tier (four cards) on one line
        f".tier-cards{{min-width:{4 * width + 3 * max(3, width // 12) + 24}px}}"
        # on a phone the four cards of a tier wrap two by two, so the name and its warning keep room
        "@media (max-width:640px){.tier-chart td{padding:4px}"
        f".tier-cards{{min-width:{2 * width + max(3, width // 12) + 8}px}}}}</style>"
    )
    # Translators: the column headings of the chart of the 19 tiers (rank, the cards of that rank, its name).
    titles = (
        ui.pgettext(lang, "tier chart column", "tier"),
        ui.pgettext(lang, "tier chart column", "cards"),
        ui.pgettext(lang, "tier chart column", "name"),
    )
    head = "<thead><tr>" + "".join(f"<th>{escape(title)}</th>" for title in titles) + "</tr></thead>"
    return f'{style}<table class="tier-chart">{head}<tbody>{"".join(rows)}</tbody></table>'


def signals_table_html(lang: str | None = None) -> str:
    """The table of section 10 with an icon and the cards for each signal, its words in ``lang`` (the page's
    language if not given)."""
    lang = lang or page_language()
    _ = ui.translator(lang)
    rows = []
    for s in SIGNALS:
        shown = drills.signal_cards(s)
        pictures = cards_html(shown, width=44, gap=3) if shown else ""
        meaning, gesture = format_value(s, "meaning", lang), format_value(s, "gesture", lang)
        rows.append(
            f'<tr><td class="sig-icon">{gesture_svg(s.id, width=44)}</td>'
            f"<td>{escape(meaning)}</td><td><b>{escape(gesture)}</b></td>"
            f'<td class="sig-cards">{pictures}</td></tr>'
        )
    style = (
        "<style>.signals-table{border-collapse:collapse;width:100%}.signals-table td,.signals-table th"
        "{padding:4px 8px;border-bottom:1px solid rgba(128,128,128,.25);vertical-align:middle;text-align:left}"
        ".sig-icon{text-align:center;white-space:nowrap}.signals-table code{white-space:nowrap}"
        ".sig-cards{min-width:205px}"  # the four aces on one line
        # On a phone each signal is a block: the picture on the left, the rest stacked beside it (the roles keep
        # the table's meaning for screen readers, which a changed display would drop).
        "@media (max-width:640px){.signals-table thead{position:absolute;width:1px;height:1px;overflow:hidden;"
        "clip:rect(0 0 0 0)}.signals-table tr{display:grid;grid-template-columns:56px 1fr;column-gap:6px;"
        "padding:6px 0;border-bottom:1px solid rgba(128,128,128,.25)}.signals-table td{border:none!important;"
        "padding:1px 4px}.signals-table td.sig-icon{grid-row:span 3}.sig-cards{min-width:0}}</style>"
    )
    # Translators: the column headings of the signals table: a pictogram, its meaning, how it is given, the cards
    # it announces (a signal's internal id is no learner's word: the meaning names it).
    titles = (
        ui.pgettext(lang, "signals table column", "picture"),
        ui.pgettext(lang, "signals table column", "what it says"),
        ui.pgettext(lang, "signals table column", "gesture"),
        ui.pgettext(lang, "signals table column", "cards"),
    )
    head = "<thead><tr>" + "".join(f"<th>{escape(title)}</th>" for title in titles) + "</tr></thead>"
    table = f'<table class="signals-table" role="table">{head}<tbody>{"".join(rows)}</tbody></table>'
    return style + table.replace("<tr>", '<tr role="row">').replace("<td", '<td role="cell"').replace(
        "<th>", '<th role="columnheader">'
    )
