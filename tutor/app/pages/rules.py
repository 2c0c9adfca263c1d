"""Rules: the whole of rules.md for reading, with the 19-tier chart and the signals table drawn with cards.

The text is the package's copy of rules.md (``tutor/app/rules.md``, identical to ``docs/rules.md``), read
and split into sections once per server; the chart follows section 3 and the signals table section 10.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from importlib import resources

import streamlit as st

from tutor.app.cardsvg import cards_html
from tutor.content import drills
from tutor.engine import SIGNALS

CHART_AFTER = "3"  # section numbers after which the pictures go
SIGNALS_AFTER = "10"
_HEADING = re.compile(r"^(#{1,2}) (.+)$")


@dataclass(frozen=True)
class Section:
    """One heading of rules.md and the Markdown under it, up to the next heading."""

    level: int  # 1 for the title, 2 for a numbered section
    title: str
    number: str  # "3" for "## 3. The ranking", "" for the title
    anchor: str
    body: str


@st.cache_resource(show_spinner=False)
def sections() -> tuple[Section, ...]:
    """rules.md split at its headings; read once per server process."""
    text = resources.files("tutor.app").joinpath("rules.md").read_text(encoding="utf-8")
    found: list[Section] = []
    title, level, lines = "", 0, []
    for line in [*text.splitlines(), "# END"]:
        match = _HEADING.match(line)
        if not match:
            lines.append(line)
            continue
        if title:
            number = title.split(".", 1)[0] if level == 2 and title[0].isdigit() else ""
            anchor = f"section-{number}" if number else "rules"
            found.append(Section(level, title, number, anchor, "\n".join(lines).strip()))
        title, level, lines = match.group(2), len(match.group(1)), []
    return tuple(found)


def tier_chart_html(width: int = 52) -> str:
    """The 19 tiers as a table of cards, the plain threes and nines marked with the engine's warning."""
    rows = []
    for row in drills.tier_chart():
        trap = " trap" if row.traps else ""
        warning = "".join(f'<div class="tier-trap">⚠ {escape(note)}</div>' for note in row.traps)
        rows.append(
            f'<tr class="tier-row{trap}"><td class="tier-number">{row.number}</td>'
            f'<td class="tier-cards">{cards_html(row.cards, width=width, label=f"tier {row.number}")}</td>'
            f'<td class="tier-name"><b>{escape(row.name)}</b>{warning}</td></tr>'
        )
    style = (
        "<style>.tier-chart{border-collapse:collapse;width:100%}.tier-chart td{padding:4px 10px;"
        "border-bottom:1px solid rgba(128,128,128,.25);vertical-align:middle}.tier-number{font-size:1.4em;"
        "font-weight:800;text-align:center;width:3em}.tier-row.trap{background:rgba(255,193,7,.16)}"
        ".tier-trap{font-size:.9em;margin-top:2px}"
        # the widest tier (four cards) on one line
        f".tier-cards{{min-width:{4 * width + 3 * max(3, width // 12) + 24}px}}</style>"
    )
    head = "<thead><tr><th>tier</th><th>cards</th><th>name</th></tr></thead>"
    return f'{style}<table class="tier-chart">{head}<tbody>{"".join(rows)}</tbody></table>'


def signals_table_html() -> str:
    """The table of section 10 with an icon and the cards for each signal."""
    rows = []
    for s in SIGNALS:
        shown = drills.signal_cards(s)
        pictures = cards_html(shown, width=44, gap=3) if shown else ""
        rows.append(
            f'<tr><td class="sig-icon">{drills.SIGNAL_ICONS.get(s.id, "")}</td><td><code>{escape(s.id)}</code></td>'
            f'<td>{escape(s.meaning)}</td><td><b>{escape(s.gesture)}</b></td><td class="sig-cards">{pictures}</td></tr>'
        )
    style = (
        "<style>.signals-table{border-collapse:collapse;width:100%}.signals-table td,.signals-table th"
        "{padding:4px 8px;border-bottom:1px solid rgba(128,128,128,.25);vertical-align:middle;text-align:left}"
        ".sig-icon{font-size:1.8em;text-align:center;white-space:nowrap}.signals-table code{white-space:nowrap}"
        ".sig-cards{min-width:205px}</style>"  # the four aces on one line
    )
    head = "<thead><tr><th></th><th>signal</th><th>what it says</th><th>gesture</th><th>cards</th></tr></thead>"
    return f'{style}<table class="signals-table">{head}<tbody>{"".join(rows)}</tbody></table>'


def table_of_contents(parts: tuple[Section, ...]) -> None:
    """Links to every section, at the top of the page and in the sidebar (the page is long)."""
    links = "\n".join(f"- [{section.title}](#{section.anchor})" for section in parts if section.level == 2)
    with st.container(border=True):
        st.markdown("**Contents**")
        st.markdown(links)
    with st.sidebar.expander("Contents of the rules", expanded=True):
        st.markdown(links)


# --- the page ---------------------------------------------------------------------------------------------

parts = sections()
for section in parts:
    if section.level == 1:
        st.title(section.title, anchor=section.anchor)
        st.markdown(section.body)
        table_of_contents(parts)
        continue
    st.header(section.title, anchor=section.anchor, divider="gray")
    st.markdown(section.body)
    if section.number == CHART_AFTER:
        st.subheader("The 19 tiers, drawn", anchor="tier-chart")
        st.markdown(tier_chart_html(), unsafe_allow_html=True)
    elif section.number == SIGNALS_AFTER:
        st.subheader("The signals, with pictures", anchor="signals-table")
        st.markdown(signals_table_html(), unsafe_allow_html=True)
