"""A scenario's setup drawn as HTML: the table, the cards, the order of play.

No rule logic lives here. Everything drawn comes from the scenario's setup and, once revealed, from the
engine result's typed fields (the winner, the spoiled cards, who received what). Before the reveal:

- nothing that answers the question is drawn (no winner highlight, no "spoiled", no partnerships);
- a supporting fact the engine computed (the eldest, the cutter, the first leader) is drawn only when the
  scenario does not ask for it, and only when the result is passed in.

Every function returns one string of well-formed XHTML (tests parse it with ``xml.etree``), with no blank
lines or indented lines, so Streamlit's Markdown passes it through untouched:
``st.markdown(views.css() + views.setup_html(scenario, result), unsafe_allow_html=True)``.
Call :func:`css` once per page; the layout degrades to a readable vertical list without it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

import streamlit as st

from tutor.app.cardsvg import card_svg, cards_html
from tutor.app.gestures import gesture_svg
from tutor.app.markup import escape
from tutor.app.pagelang import page_language
from tutor.content import drills
from tutor.content.scenario import (
    ChantSetup,
    CutAndDealSetup,
    DealScoringSetup,
    DrawSetup,
    GameSetup,
    PlaySetup,
    RankSetup,
    Scenario,
    SignalSetup,
    TrickSetup,
)
from tutor.engine import (
    SEATS,
    SIGNALS,
    TIERS,
    TOP_CARDS,
    Card,
    Chant,
    DealPoint,
    DealScore,
    Dealt,
    Draw,
    Explained,
    Game,
    HandSignals,
    PlayedDeal,
    Ranking,
    Seat,
    SignalLookup,
    Tier,
    Trick,
    signal,
)
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
@media (max-width:520px){.alu-table{padding:8px 4px;gap:4px}.alu-setup{font-size:14px}}
"""


def style() -> None:
    """Put :func:`css` on the page: as ``st.html`` (a style block alone goes to the page's head, without the
    Markdown parser that ``st.markdown`` runs first). Not for the drawings: ``st.html`` drops SVG."""
    st.html(css())


def show(drawing: str) -> None:
    """Put a drawing on the page: as ``st.html`` when every card in it is a picture served as a file
    (:mod:`tutor.app.cardfiles`), so the browser reads it natively rather than through Streamlit's Markdown (whose
    HTML parser is a large script, then not even loaded); as Markdown while it holds inline SVG, which ``st.html``
    drops."""
    if "<svg" in drawing:
        st.markdown(drawing, unsafe_allow_html=True)
    else:
        st.html(drawing)


def css() -> str:
    """The style block for everything drawn here; include it once per page."""
    return "<style>" + "".join(line.strip() for line in _CSS.strip().splitlines()) + "</style>"


# --- small pieces -----------------------------------------------------------------------------


def _e(text: object) -> str:
    # every value drawn here may come from a file or a learner (a player's name): always escaped
    return escape(text)


def _t() -> ui.Translator:
    """The page's language's translator: every word drawn here follows the learner's language."""
    return ui.translator(page_language())


def _title(seat: Seat) -> str:
    """A seat's title (North...) in the page's language."""
    return format_value(seat, "title", page_language())


def _ordinal(n: int) -> str:
    """``1st`` ... ``4th``: a place in the order of play, in the page's language."""
    _ = _t()
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
    return f'<span class="alu-chip alu-team-{team}" title="{_e(_title(seat))}">{_e(text or seat.value)}</span>'


def _block(title: str | None, body: str, kind: str = "") -> str:
    head = f'<div class="alu-block-title">{_e(title)}</div>' if title else ""
    extra = f" alu-block-{_e(kind)}" if kind else ""
    return f'<div class="alu-block{extra}">{head}{body}</div>'


def _note(text: str) -> str:
    return f'<div class="alu-note">{_e(text)}</div>'


def _wrap(kind: str, reveal: bool, body: str) -> str:
    state = "revealed" if reveal else "hidden"
    return f'<div class="alu-setup alu-kind-{_e(kind)}" data-kind="{_e(kind)}" data-answer="{state}">{body}</div>'


def _details(summary: str, body: str, open_: bool = False) -> str:
    opened = ' open="open"' if open_ else ""
    return f'<details class="alu-details"{opened}><summary>{_e(summary)}</summary>{body}</details>'


# --- the table ----------------------------------------------------------------------------------


def _table(cells: Mapping[Seat, str], centre: str, *, label: str, extra_class: str = "") -> str:
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


def _seat_head(seat: Seat, name: str | None, badges: Sequence[str]) -> str:
    _ = _t()
    # Translators: a seat's heading on the table with the player's name, e.g. "North (Anna)".
    title = _("{seat} ({name})", seat=seat, name=name) if name else _title(seat)
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
    _ = _t()
    order = {seat: n for n, seat in enumerate(leader.clockwise_from(), start=1)} if leader else {}
    cells = {}
    for seat in SEATS:
        badges = []
        if show_order and seat in order and seat in plays:
            # Translators: the tooltip of a seat's place in the order of play; {place} is "1st" ... "4th".
            plays_at = _("plays {place}", place=_ordinal(order[seat]))
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
        head = _seat_head(seat, (names or {}).get(seat), badges)
        body = ""
        if seat in plays:
            body = card_svg(plays[seat], width=width, highlight=seat is winner, spoiled=seat in spoiled)
        cells[seat] = head + body
    # Translators: the accessible name of the drawn card table.
    return _table(cells, centre or "", label=label if label is not None else _("the table"))


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
    _ = _t()
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
        cells[seat] = _seat_head(seat, (names or {}).get(seat), badges) + body
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
    return _table(
        cells, middle + (centre or ""), label=label if label is not None else _("the table"), extra_class="alu-wide"
    )


def _fan(count: int, width: int, label: str) -> str:
    """``count`` backs overlapping like a held hand: each sits in a slot narrower than the card."""
    step = max(8, width // 4)
    slots = "".join(
        f'<div style="width:{width if i == count - 1 else step}px;flex:none">{card_svg(None, width=width)}</div>'
        for i in range(count)
    )
    return f'<div class="alu-fan alu-hand" role="group" aria-label="{_e(label)}" style="display:flex">{slots}</div>'


# --- setups, one per kind -----------------------------------------------------------------------


def setup_html(scenario: Scenario, result: Explained | None = None, reveal: bool = False) -> str:
    """Draw a scenario's setup for its kind; with ``reveal=True`` and the engine's result, mark the answer.

    ``result`` may be passed before the reveal too: it then supplies only supporting facts the scenario
    does not ask about (the eldest of a chant, the cutter of a dealing, the first leader of a deal).
    """
    hidden = frozenset() if reveal else frozenset(scenario.ask)
    drawer = _DRAWERS.get(type(scenario.setup))
    if drawer is None:  # pragma: no cover - every setup type has a drawer
        return _wrap(scenario.kind, reveal, _note(f"(no drawing for {scenario.kind} scenarios)"))
    return _wrap(scenario.kind, reveal, drawer(scenario.setup, result, reveal, hidden))


def trick_html(
    setup: TrickSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The four cards around the table, numbered 1-4 from the leader; on reveal the winner or the tie."""
    plays = dict(zip(setup.leader.clockwise_from(), setup.plays, strict=True))
    winner: Seat | None = None
    spoiled: set[Seat] = set()
    centre = ""
    _ = _t()
    if reveal and isinstance(result, Trick):
        winner = result.winner
        if result.spoiled:
            spoiled = set(result.tied_seats)
            word = ui.pgettext(page_language(), "a trick nobody won", "spoiled")
            centre = f'<div class="alu-centre-word">{_e(word)}</div>'
        # The calls to _() are never inside an f-string: the extractor reads only literal calls.
        # Translators: under a trick's cards: who leads the next trick.
        next_leader = _("{seat} leads next", seat=result.next_leader)
        centre += f"<div>{_e(next_leader)}</div>"
    # Translators: the accessible name of a drawn trick.
    return trick_table_html(
        plays, leader=setup.leader, winner=winner, spoiled=spoiled, centre=centre, label=_("the trick")
    )


def deal_html(
    setup: DealScoringSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """A deal: the nine results as a timeline, or the hands and the nine tricks as a grid."""
    if setup.tricks is not None:
        return _deal_results(setup.tricks, result if reveal else None)
    return _deal_plays(setup, result, reveal, hidden)


def _deal_results(tricks: Sequence[Seat | None], result: Explained | None) -> str:
    steps = "".join(
        f'<div class="alu-step" data-trick="{n}">{seat_chip(winner)}<span>{n}</span></div>'
        for n, winner in enumerate(tricks, start=1)
    )
    _ = _t()
    body = _block(_("The nine tricks (who won each)"), f'<div class="alu-timeline">{steps}</div>')
    if isinstance(result, DealScore | PlayedDeal):
        body += _score_summary(result.score if isinstance(result, PlayedDeal) else result)
    return body


def _score_summary(score: DealScore) -> str:
    _ = _t()
    lang = page_language()
    counts = " ".join(f"{seat_chip(seat)} {score.tricks_won[seat]}" for seat in SEATS)
    if score.point_winner is None:
        point = _e(_("nobody scores"))
    else:
        team = score.scoring_team
        if score.mordienne:
            # Translators: after the winner's chip (e.g. "N"); {team} is NS or EW.
            words = ui.ngettext(
                lang,
                "wins the point for {team}: {n} point (mordienne)",
                "wins the point for {team}: {n} points (mordienne)",
                score.points,
                team=team,
            )
        else:
            # Translators: after the winner's chip (e.g. "N"); {team} is NS or EW.
            words = ui.ngettext(
                lang,
                "wins the point for {team}: {n} point",
                "wins the point for {team}: {n} points",
                score.points,
                team=team,
            )
        point = f"{seat_chip(score.point_winner)} {_e(words)}"
    return _block(_("Tricks won"), f'<div class="alu-row">{counts}</div><div class="alu-block">{point}</div>', "score")


def _deal_plays(setup: DealScoringSetup, result: Explained | None, reveal: bool, hidden: Collection[str]) -> str:
    assert setup.dealer is not None and setup.hands is not None and setup.plays is not None
    _ = _t()
    parts = []
    played = result if isinstance(result, PlayedDeal) else None
    if played is not None and "leaders" not in hidden:
        head = _("{dealer} deals; {leader} leads the first trick.", dealer=setup.dealer, leader=played.leaders[0])
    else:
        head = _("{dealer} deals.", dealer=setup.dealer)
    parts.append(_block(None, _e(head)))
    hands = "".join(
        _block(_title(seat), cards_html(list(setup.hands[seat]), width=HAND_WIDTH), "hand")
        for seat in SEATS
        if seat in setup.hands
    )
    parts.append(_details(_("The four hands"), hands))
    if reveal and played is not None:
        parts.append(_trick_grid_revealed(played))
        parts.append(_score_summary(played.score))
    else:
        # who played each card is read from the hands; hidden when the leaders are the question
        holder = {c: seat for seat, hand in setup.hands.items() for c in hand}
        show_seats = "leaders" not in hidden
        rows = []
        for n, trick_cards in enumerate(setup.plays, start=1):
            captions = [holder[c].value if show_seats and c in holder else None for c in trick_cards]
            cells = "".join(
                f"<td>{card_svg(c, width=SMALL_WIDTH + 8, caption=captions[i])}</td>" for i, c in enumerate(trick_cards)
            )
            rows.append(f'<tr data-trick="{n}"><th>{n}</th>{cells}</tr>')
        heads = "".join(f"<th>{_e(_ordinal(n))}</th>" for n in range(1, 5))
        # Translators: a column header: the trick's number (1-9).
        trick_head = _("trick")
        grid = (
            f'<table class="alu-grid"><thead><tr><th>{_e(trick_head)}</th>{heads}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
        parts.append(_block(_("The nine tricks, each in the order played"), f'<div class="alu-grid-wrap">{grid}</div>'))
    return "".join(parts)


def _trick_grid_revealed(played: PlayedDeal) -> str:
    _ = _t()
    return _block(_("The nine tricks (numbers: order of play)"), tricks_grid_html(played.tricks))


def tricks_grid_html(
    tricks: Sequence[Trick], *, names: Mapping[Seat, str] | None = None, width: int = SMALL_WIDTH + 8
) -> str:
    """Finished tricks as rows: who led, each seat's card in N E S W columns (numbered in play order), and the
    winner, or the tied cards marked when spoiled. Used by a revealed deal and by the Play page."""
    _ = _t()
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


def draw_html(
    setup: DrawSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The players in the order they receive cards and the cards as dealt, numbered; on reveal who got each."""
    _ = _t()
    order = " ".join(f"{badge(str(i), 'order')} {_e(name)}" for i, name in enumerate(setup.players, start=1))
    parts = [_block(_("Cards are dealt to, in turn"), f'<div class="alu-row">{order}</div>')]
    number = {c: i for i, c in enumerate(setup.cards, start=1)}
    draw = result if reveal and isinstance(result, Draw) else None
    if draw is None:
        # Translators: a short caption under a card: its number in the deal, and that it is a top card.
        captions = [_("{n} top", n=i) if c in TOP_CARDS else str(i) for i, c in enumerate(setup.cards, start=1)]
        parts.append(
            _block(
                _("The cards, face up, in the order dealt"),
                cards_html(list(setup.cards), width=SMALL_WIDTH + 8, captions=captions),
            )
        )
        return "".join(parts)
    players = []
    for name in setup.players:
        got = list(draw.received[name])
        row = cards_html(
            got,
            width=SMALL_WIDTH + 8,
            captions=[str(number[c]) for c in got],
            highlight=[c for c in got if c in TOP_CARDS],
        )
        players.append(
            f'<div class="alu-player" data-player="{_e(name)}"><div class="alu-player-name">{_e(name)}</div>{row}</div>'
        )
    parts.append(
        _block(_("Who received each card (numbers: order dealt)"), f'<div class="alu-players">{"".join(players)}</div>')
    )
    (a, b), (c, d) = draw.partnerships
    lang = page_language()
    names = [format_value(Tier(n), "name", lang) for n in range(1, 5)]
    # Translators: {a}, {b}, {c}, {d} are players' names; {monsieur} ... {vache} the four top cards' names.
    pairs = _(
        "{a} and {b} ({monsieur} and {madame}); {c} and {d} ({borgne} and {vache}).",
        a=a,
        b=b,
        c=c,
        d=d,
        monsieur=names[0],
        madame=names[1],
        borgne=names[2],
        vache=names[3],
    )
    first = _("{name} deals first", name=draw.first_dealer)
    parts.append(_block(_("Partnerships"), f"{_e(pairs)} {badge(first, 'dealer')}"))
    return "".join(parts)


def chant_html(
    setup: ChantSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """Dealer (and eldest) on a small table, who agrees, the talon numbered 1-12, the hands given."""
    _ = _t()
    chant = result if isinstance(result, Chant) else None
    eldest = chant.eldest if chant is not None and "eldest" not in hidden else None
    cells = {}
    for seat in SEATS:
        badges = []
        if seat is setup.dealer:
            badges.append(badge(_("deals"), "dealer"))
        if seat is eldest:
            # Translators: a small badge by a seat: the eldest (the player at the dealer's left).
            badges.append(badge(_("eldest"), "eldest"))
        agrees = setup.agree.get(seat, True)  # the contract's default: a seat not listed agrees
        # Translators: small badges by a seat: the player agrees to the chant, or refuses it.
        badges.append(badge(_("agrees"), "agree") if agrees else badge(_("refuses"), "refuse"))
        cells[seat] = _seat_head(seat, None, badges)
    talon = _e(_("talon: {n}", n=len(setup.talon)))
    parts = [_table(cells, talon, label=_("who deals and who agrees"), extra_class="alu-mini")]
    revealed = chant if reveal else None
    if revealed is not None and revealed.happens:
        to = {c: seat for seat, got in revealed.received.items() for c in got}
        captions = [f"{i} {to[c].value}" if c in to else str(i) for i, c in enumerate(setup.talon, start=1)]
    else:
        captions = [str(i) for i in range(1, len(setup.talon) + 1)]
    parts.append(
        _block(_("The talon, in order"), cards_html(list(setup.talon), width=SMALL_WIDTH + 8, captions=captions))
    )
    if revealed is not None and not revealed.happens:
        # Translators: a badge, then the sentence after it, when a player refused the chant.
        no_chant, undealt = _("no chant"), _("the talon stays undealt.")
        parts.append(_block(None, f"{badge(no_chant, 'spoiled')} {_e(undealt)}"))
    for seat, hand in setup.hands.items():
        keep = revealed.keeps.get(seat) if revealed is not None else None
        if keep is None:
            parts.append(_block(_("{seat}'s hand", seat=seat), cards_html(list(hand), width=HAND_WIDTH), "hand"))
        else:
            kept = cards_html(list(keep.kept), width=HAND_WIDTH, label=_("{seat} keeps", seat=seat))
            gone = cards_html(
                list(keep.discarded), width=HAND_WIDTH, dimmed=keep.discarded, label=_("{seat} discards", seat=seat)
            )
            parts.append(_block(_("{seat} keeps nine", seat=seat), kept, "hand"))
            parts.append(_block(_("{seat} discards six", seat=seat), gone, "hand"))
    return "".join(parts)


def rank_html(
    setup: RankSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The cards in a row; on reveal grouped by tier, best first, with the tier numbers."""
    ranking = result if reveal and isinstance(result, Ranking) else None
    if ranking is None:
        return _block(None, cards_html(list(setup.cards), width=ROW_WIDTH))
    _ = _t()
    groups = []
    for position, group in enumerate(ranking.order):
        tier = TIERS[group[0]]
        row = cards_html(list(group), width=ROW_WIDTH, highlight=group if position == 0 else ())
        tier_label = _("tier {tier}", tier=tier)
        groups.append(
            f'<div class="alu-tier" data-tier="{tier}"><span class="alu-tier-label">{_e(tier_label)}</span>{row}</div>'
        )
    return _block(_("Best first"), f'<div class="alu-row">{"".join(groups)}</div>')


def signal_html(
    setup: SignalSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The hand to signal, or the signal to look up; on reveal the signals or the meaning."""
    _ = _t()
    lang = page_language()
    if setup.hand is not None:
        parts = [_block(_("The hand"), cards_html(list(setup.hand), width=HAND_WIDTH))]
        if reveal and isinstance(result, HandSignals):
            pills = " ".join(badge(s.id, "leader") for s in result.signals)
            parts.append(_block(_("Signals"), f'<div class="alu-row">{pills}</div>'))
        return "".join(parts)
    assert setup.signal is not None
    if setup.gesture_seen is not None:  # asked from the gesture: the signal's name would give the answer away
        if setup.signal == "aces":  # seen at the table: the mouth opening, so many times
            # Translators: the aces' gesture as a partner is seen making it, once per ace held (1 to 4).
            seen = {
                1: _("Open the mouth once."),
                2: _("Open the mouth twice."),
                3: _("Open the mouth three times."),
                4: _("Open the mouth four times."),
            }.get(setup.times or 0, _("Open the mouth."))
        else:
            gesture = format_value(signal(setup.signal), "gesture", lang)
            seen = gesture[:1].upper() + gesture[1:] + "."
        parts = [_block(_("Your partner's gesture"), f"<p>{_e(seen)}</p>")]
    else:
        parts = [_block(_("The signal"), badge(setup.signal, "dealer"))]
    if reveal and isinstance(result, SignalLookup):
        meaning = format_value(result.signal, "meaning", lang)
        gesture = format_value(result.signal, "gesture", lang)
        # Translators: a signal's meaning in quotes, then its gesture.
        parts.append(_block(None, _e(_("“{meaning}”: {gesture}", meaning=meaning, gesture=gesture))))
        if result.signal.card is not None:
            parts.append(cards_html([result.signal.card], width=HAND_WIDTH))
    return "".join(parts)


def game_html(
    setup: GameSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """The first dealer and the five deals; on reveal each deal's dealer, its points and the score."""
    _ = _t()
    game = result if reveal and isinstance(result, Game) else None
    first = _("deals first")
    parts = [_block(None, f"{badge(first, 'dealer')} {seat_chip(setup.first_dealer)} {_e(_title(setup.first_dealer))}")]
    rows = []
    for n, entry in enumerate(setup.deals, start=1):
        if isinstance(entry, DealPoint):
            what = _deal_point(entry)
        else:
            what = '<div class="alu-timeline">' + "".join(seat_chip(w) for w in entry) + "</div>"
        cells = f"<th>{n}</th>"
        if game is not None:
            cells += f"<td>{seat_chip(game.dealers[n - 1])}</td>"
        cells += f"<td>{what}</td>"
        if game is not None:
            cells += f"<td>{_deal_point(game.deals[n - 1])}</td>"
        rows.append(f'<tr data-deal="{n}">{cells}</tr>')
    # Translators: column headers of a game's five deals.
    names = [_("deal"), _("dealer"), _("result"), _("points")] if game else [_("deal"), _("result")]
    heads = "".join(f"<th>{_e(n)}</th>" for n in names)
    parts.append(
        f'<div class="alu-grid-wrap"><table class="alu-grid"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    if game is not None:
        scores = " ".join(f"{team} {points}" for team, points in game.scores.items())
        if game.winner:
            # Translators: {scores} is e.g. "NS 3 EW 2"; {team} is NS or EW.
            verdict = _("{scores}: {team} wins the game.", scores=scores, team=game.winner)
        else:
            verdict = _("{scores}: a drawn game.", scores=scores)
        parts.append(_block(None, _e(verdict)))
    return "".join(parts)


def dealing_html(
    setup: CutAndDealSetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """Dealer (cutter, eldest) on a small table, the pack as four rows of twelve numbered cards, the cut."""
    _ = _t()
    dealt = result if isinstance(result, Dealt) else None
    cells = {}
    for seat in SEATS:
        badges = []
        if seat is setup.dealer:
            badges.append(badge(_("deals"), "dealer"))
        if dealt is not None and "cutter" not in hidden and seat is dealt.cutter:
            # Translators: a small badge by a seat: this player cuts the pack.
            badges.append(badge(_("cuts"), "cutter"))
        if dealt is not None and "eldest" not in hidden and seat is dealt.eldest:
            badges.append(badge(_("eldest"), "eldest"))
        cells[seat] = _seat_head(seat, None, badges)
    parts = [_table(cells, "", label=_("who deals"), extra_class="alu-mini")]
    goes_to: dict[Card, str] = {}
    if reveal and dealt is not None:
        goes_to = {c: seat.value for seat, hand in dealt.hands.items() for c in hand}
        goes_to.update({c: "T" for c in dealt.talon})
    items = []
    for i, c in enumerate(setup.pack, start=1):
        caption = f"{i} {goes_to[c]}" if c in goes_to else str(i)
        items.append(card_svg(c, width=SMALL_WIDTH, caption=caption))
        if setup.cut is not None and i == setup.cut:
            cut = ui.ngettext(page_language(), "the cut: {n} card lifted", "the cut: {n} cards lifted", i)
            items.append(f'<span class="alu-cut" role="separator" aria-label="{_e(cut)}"></span>')
    if setup.cut:
        title = ui.ngettext(
            page_language(),
            "The pack, top card first (the cut lifts the top card)",
            "The pack, top card first (the cut lifts the top {n})",
            setup.cut,
        )
    else:
        title = _("The pack, top card first")
    parts.append(_block(title, f'<div class="alu-pack">{"".join(items)}</div>'))
    if goes_to:
        # Translators: T is the letter written under the talon's cards; keep it as T.
        parts.append(_note(_("Under each card: its place in the pack and where it goes (T: the talon).")))
        order = dealt.eldest.clockwise_from() if dealt is not None else SEATS
        for seat in order:
            assert dealt is not None
            parts.append(
                _block(
                    _("{seat}'s hand", seat=seat), cards_html(list(dealt.hands[seat]), width=SMALL_WIDTH + 8), "hand"
                )
            )
    return "".join(parts)


def _deal_point(point: DealPoint) -> str:
    if point.team is None:
        _ = _t()
        return badge(_("nobody scores"))
    return f'<span class="alu-chip alu-team-{point.team.value.lower()}">{point.team.value} +{point.points}</span>'


def play_html(
    setup: PlaySetup, result: Explained | None = None, reveal: bool = False, hidden: Collection[str] = ()
) -> str:
    """A play puzzle: where the deal stands, and the table with the trick under way and every hand. Before the
    reveal the mover's hand is left out (it is the answer widget, drawn as buttons beside)."""
    mover = setup.to_play
    won = {seat: sum(1 for w in setup.tricks if w is seat) for seat in SEATS}
    spoiled = sum(1 for w in setup.tricks if w is None)
    number = len(setup.tricks) + 1
    _ = _t()
    lang = page_language()
    mordienne = getattr(getattr(result, "position", None), "mordienne", None)
    facts = [_("Trick {number} of 9", number=number)]
    if spoiled:
        facts.append(ui.ngettext(lang, "{n} spoiled so far", "{n} spoiled so far", spoiled))
    else:
        facts.append(_("none spoiled so far"))
    if mordienne is not None:
        facts.append(_("mordienne rule on: a run scores 2") if mordienne else _("mordienne rule off"))
    history = "".join(seat_chip(w) for w in setup.tricks)
    done = _e(_("tricks done"))
    head = _block(" · ".join(facts), f'<div class="alu-row" aria-label="{done}">{history}</div>' if history else "")
    hands = dict(setup.hands) if reveal else {s: h for s, h in setup.hands.items() if s is not mover}
    best = getattr(result, "best", ()) if reveal else ()
    # Translators: on an empty table: the seat (North...) who leads the trick's first card.
    leads = _("{seat} leads", seat=mover)
    table = table_html(
        hands=hands,
        trick=dict(zip(setup.leader.clockwise_from(), setup.plays, strict=False)),
        leader=setup.leader,
        to_play=mover,
        tricks_won=won,
        centre=None if setup.plays else f'<span class="alu-note" style="color:#fff">{_e(leads)}</span>',
        label=_("the table: {seat} to play", seat=mover),
    )
    if reveal and best:
        # Translators: {cards} lists card codes, e.g. "A-cups, 3-coins".
        table += _note(_("Best for {seat}: {cards}", seat=mover, cards=", ".join(str(c) for c in best)))
    return head + table


_Drawer = Callable[..., str]
_DRAWERS: dict[type, _Drawer] = {
    TrickSetup: trick_html,
    DealScoringSetup: deal_html,
    DrawSetup: draw_html,
    ChantSetup: chant_html,
    RankSetup: rank_html,
    SignalSetup: signal_html,
    GameSetup: game_html,
    CutAndDealSetup: dealing_html,
    PlaySetup: play_html,
}


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
            f'<tr><td class="sig-icon">{gesture_svg(s.id, width=44)}</td><td><code>{escape(s.id)}</code></td>'
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
        "padding:1px 4px}.signals-table td.sig-icon{grid-row:span 4}.sig-cards{min-width:0}}</style>"
    )
    # Translators: the column headings of the signals table: a pictogram, the signal's id, its meaning, how it
    # is given, the cards it announces.
    titles = (
        ui.pgettext(lang, "signals table column", "picture"),
        ui.pgettext(lang, "signals table column", "signal"),
        ui.pgettext(lang, "signals table column", "what it says"),
        ui.pgettext(lang, "signals table column", "gesture"),
        ui.pgettext(lang, "signals table column", "cards"),
    )
    head = "<thead><tr>" + "".join(f"<th>{escape(title)}</th>" for title in titles) + "</tr></thead>"
    table = f'<table class="signals-table" role="table">{head}<tbody>{"".join(rows)}</tbody></table>'
    return style + table.replace("<tr>", '<tr role="row">').replace("<td", '<td role="cell"').replace(
        "<th>", '<th role="columnheader">'
    )
