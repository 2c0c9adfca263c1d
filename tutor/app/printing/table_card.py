"""The table card: the nineteen tiers drawn with the cards, and the eleven signals, on one page to keep beside the game.

Laid out for one page of A4, A5 or US Letter: every length is in millimetres times the paper's scale, so the
smaller sheets hold the same card, smaller. The tiers run in two columns (1-10, 11-19), each tier's cards side
by side (the groups of equal cards together), its name and each card in words in the sheet's language; the
signals follow in two columns, each with its pictogram, what it says, the gesture and the cards it announces.
Nothing is told by colour alone: the suits have their own shapes, the tier number leads every row, and the
plain threes and nines are marked with a sign and explained in words.
"""

from __future__ import annotations

from datetime import date

from tutor.app.cardsvg import VIEW_H, VIEW_W, card_svg, card_words, suit_symbol
from tutor.app.gestures import gesture_svg
from tutor.app.markup import escape
from tutor.app.pagelang import speaking
from tutor.app.printing.sheet import document, footer_text, image, render_pdf
from tutor.content import drills
from tutor.engine import SIGNALS, Tier
from tutor.engine.cards import RANKS, Suit
from tutor.i18n import ui
from tutor.i18n.sentences import format_value

# How much smaller than A4 each paper draws the card (A5 is A4 folded; Letter is 18 mm shorter).
SCALE = {"a4": 1.0, "a5": 0.67, "letter": 0.93}
CARD_MM = 7.8  # a tier's card, on A4
SIGNAL_CARD_MM = 5.0
GESTURE_MM = 9.0
TRAP = "⚠"
# The cards are drawn as the app draws them below 60 px: one large suit symbol, not the pips, which would be
# specks at 9 mm (and ten times the shapes to print).
DRAWN_PX = 52


def rank_words(lang: str) -> list[tuple[str, str]]:
    """Each rank's letter and its word in ``lang``: ``("A", "ace")`` ... ``("K", "king")`` (the words of the
    cards' names, :func:`tutor.app.cardsvg.card_words`)."""
    words = {
        "A": ui.pgettext(lang, "card rank A", "ace"),
        "2": ui.pgettext(lang, "card rank 2", "two"),
        "3": ui.pgettext(lang, "card rank 3", "three"),
        "4": ui.pgettext(lang, "card rank 4", "four"),
        "5": ui.pgettext(lang, "card rank 5", "five"),
        "6": ui.pgettext(lang, "card rank 6", "six"),
        "7": ui.pgettext(lang, "card rank 7", "seven"),
        "8": ui.pgettext(lang, "card rank 8", "eight"),
        "9": ui.pgettext(lang, "card rank 9", "nine"),
        "J": ui.pgettext(lang, "card rank J", "jack"),
        "C": ui.pgettext(lang, "card rank C", "cavalier"),
        "K": ui.pgettext(lang, "card rank K", "king"),
    }
    return [(rank, words[rank]) for rank in RANKS]


def suit_words(lang: str) -> dict[Suit, str]:
    """Each suit's name on its own, in ``lang``: ``coins``, ``deniers``, ``mince``."""
    # Translators: a suit's name on its own, in the printed card's key to the pack (plural where the language says
    # "coins"); the card's words use "of coins" elsewhere.
    return {
        Suit.COINS: ui.pgettext(lang, "suit name", "coins"),
        Suit.CUPS: ui.pgettext(lang, "suit name", "cups"),
        Suit.SWORDS: ui.pgettext(lang, "suit name", "swords"),
        Suit.CLUBS: ui.pgettext(lang, "suit name", "clubs"),
    }


def _suit_picture(suit: Suit, mm: float) -> str:
    box = 100
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {box} {box}" width="{box}" height="{box}">'
        f"{suit_symbol(suit, box / 2, box / 2, box * 0.92)}</svg>"
    )
    return image(svg, "suit").replace("<img ", f'<img style="width:{mm:.2f}mm;height:{mm:.2f}mm" ', 1)


def _css(scale: float) -> str:
    def mm(value: float) -> str:
        return f"{value * scale:.2f}mm"

    card_h = CARD_MM * VIEW_H / VIEW_W
    small_h = SIGNAL_CARD_MM * VIEW_H / VIEW_W
    pt = 9.5 * scale if scale < 1 else 9.5
    return (
        f"html{{font-size:{pt:.2f}pt}}"
        f"h1{{font-size:{15 * min(1.0, scale + 0.1):.2f}pt}}"
        f"h2{{font-size:{11 * min(1.0, scale + 0.1):.2f}pt;margin:{mm(2.5)} 0 {mm(1)} 0}}"
        f".lead{{margin-bottom:{mm(1.5)}}}"
        f".pack{{font-size:.86em;margin:0 0 {mm(1)} 0}}"
        f".pack span.word{{white-space:nowrap;margin-right:{mm(2.2)}}}"
        f".pack b{{margin-right:{mm(0.6)}}}"
        f".columns{{width:100%;border-collapse:collapse;table-layout:fixed}}"
        f".columns>tbody>tr>td{{vertical-align:top;padding:0}}"
        f".columns>tbody>tr>td.gap{{width:{mm(4)}}}"
        f".tiers{{width:100%;border-collapse:collapse}}"
        f".tiers td{{border-top:0.3mm solid #999;padding:{mm(0.7)} {mm(0.8)};vertical-align:middle}}"
        f".tiers tr:first-child td{{border-top:none}}"
        f".tiers td.n{{font-weight:800;font-size:1.35em;text-align:center;width:{mm(7)}}}"
        f".tiers td.c{{width:{mm(4 * CARD_MM + 3.2)};white-space:nowrap}}"
        f".tiers td.c img.card{{width:{mm(CARD_MM)};height:{mm(card_h)};margin-right:{mm(0.6)}}}"
        f".tiers .name{{font-weight:700}}"
        f".tiers .words{{font-size:.78em;color:#222;line-height:1.2}}"
        f".trap-note{{font-size:.8em;margin-top:{mm(1)}}}"
        f".signals{{width:100%;border-collapse:collapse;table-layout:fixed}}"
        f".signals td{{vertical-align:top;padding:{mm(0.9)} {mm(1)} {mm(0.9)} 0;border-top:0.3mm solid #999}}"
        f".signals td.pic{{width:{mm(GESTURE_MM + 1)}}}"
        f".signals td.pic img{{width:{mm(GESTURE_MM)};height:{mm(GESTURE_MM)}}}"
        f".signals td.gap{{width:{mm(4)};border-top:none}}.signals td.empty{{border-top:none}}"
        f".signals td.sc{{width:{mm(4 * SIGNAL_CARD_MM + 2)};text-align:right}}"
        f".signals .meaning{{font-weight:700}}"
        f".signals .gesture{{font-size:.85em}}"
        f".signals img.card{{width:{mm(SIGNAL_CARD_MM)};height:{mm(small_h)};margin:{mm(0.4)} {mm(0.4)} 0 0}}"
    )


def _tier_rows(lang: str) -> list[str]:
    rows = []
    for row in drills.tier_chart():
        pictures = "".join(image(card_svg(card, width=DRAWN_PX, lang=lang), "card") for card in row.cards)
        name = format_value(Tier(row.number), "name", lang)
        words = " · ".join(card_words(card, lang) for card in row.cards)
        mark = f"{TRAP} " if row.traps else ""
        rows.append(
            f'<tr data-tier="{row.number}"><td class="n">{row.number}</td><td class="c">{pictures}</td>'
            f'<td><div class="name">{escape(mark + name)}</div><div class="words">{escape(words)}</div></td></tr>'
        )
    return rows


def _signal_cells(lang: str) -> list[str]:
    cells = []
    for s in SIGNALS:
        cards = "".join(image(card_svg(card, width=DRAWN_PX, lang=lang), "card") for card in drills.signal_cards(s))
        meaning, gesture = format_value(s, "meaning", lang), format_value(s, "gesture", lang)
        cells.append(
            f'<td class="pic">{image(gesture_svg(s.id, width=44), "gesture")}</td>'
            f'<td data-signal="{escape(s.id)}"><div class="meaning">{escape(meaning)}</div>'
            f'<div class="gesture">{escape(gesture)}</div></td><td class="sc">{cards}</td>'
        )
    return cells


def table_card_html(lang: str, size: str = "a4", day: date | None = None) -> str:
    """The table card's page of HTML, in ``lang``, laid out for ``size`` paper."""
    _ = ui.translator(lang)
    with speaking(lang):
        tiers = _tier_rows(lang)
        signals = _signal_cells(lang)
        ranks = "".join(
            f'<span class="word"><b>{escape(letter)}</b>{escape(word)}</span>' for letter, word in rank_words(lang)
        )
        suits = "".join(
            f'<span class="word">{_suit_picture(suit, 3.6 * SCALE[size])} {escape(word)}</span>'
            for suit, word in suit_words(lang).items()
        )
    # Translators: the title of the printed table card (the ranking and the signals on one page).
    title = _("Aluette: the ranking and the signals")
    lead = _(
        "Tier 1 is the highest card, tier 19 the lowest. Cards in one tier are exactly equal, whatever their suits: "
        "when the best cards of a trick are equal, the trick is spoiled."
    )
    # Translators: the heading of the key to the pack on the printed table card: the ranks' and suits' words.
    pack = _("The pack: 48 cards")
    # Translators: explains the warning sign on the printed table card's tiers 13 and 19.
    trap = _(
        "{sign} Only the threes and nines of coins and cups are named cards: the other threes and nines are plain "
        "cards, far below them.",
        sign=TRAP,
    )
    half = 10
    left, right = tiers[:half], tiers[half:]
    signal_rows = []
    for i in range(0, len(signals), 2):
        pair = signals[i : i + 2]
        if len(pair) == 1:
            pair.append('<td class="pic empty"></td><td class="empty"></td><td class="sc empty"></td>')
        signal_rows.append(f'<tr>{pair[0]}<td class="gap"></td>{pair[1]}</tr>')
    body = (
        f'<h1>{escape(title)}</h1><p class="lead">{escape(lead)}</p>'
        f'<div class="pack"><b>{escape(pack)}</b> {ranks}</div><div class="pack">{suits}</div>'
        f"<h2>{escape(_('The 19 tiers, drawn'))}</h2>"
        '<table class="columns"><tbody><tr>'
        f'<td><table class="tiers"><tbody>{"".join(left)}</tbody></table></td><td class="gap"></td>'
        f'<td><table class="tiers"><tbody>{"".join(right)}</tbody></table>'
        f'<div class="trap-note">{escape(trap)}</div></td>'
        "</tr></tbody></table>"
        f"<h2>{escape(_('The signals, with pictures'))}</h2>"
        f'<table class="signals"><tbody>{"".join(signal_rows)}</tbody></table>'
    )
    return document(body, lang=lang, title=title, size=size, footer=footer_text(lang, day), css=_css(SCALE[size]))


def table_card_pdf(lang: str, size: str = "a4", day: date | None = None) -> bytes:
    """The table card as a one-page PDF."""
    return render_pdf(table_card_html(lang, size, day))


__all__ = ["SCALE", "rank_words", "suit_words", "table_card_html", "table_card_pdf"]
