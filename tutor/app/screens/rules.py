"""Rules: the whole of rules.md for reading, with the 19-tier chart and the signals table drawn with cards.

The text is the package's copy of rules.md (``tutor/app/rules.md``, identical to ``docs/rules.md``), read
and split into sections once per server; the chart follows section 3 and the signals table section 10.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import streamlit as st

from tutor.app.views import signals_table_html, tier_chart_html

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


def table_of_contents(parts: tuple[Section, ...]) -> None:
    """Links to every section, at the top of the page and in the sidebar (the page is long)."""
    links = "\n".join(f"- [{section.title}](#{section.anchor})" for section in parts if section.level == 2)
    with st.container(border=True):
        st.markdown("**Contents**")
        st.markdown(links)
    with st.sidebar.expander("Contents of the rules", expanded=True):
        st.markdown(links)


LEARNER_INTRO = (
    "These are the rules this tutor teaches: every lesson, every exercise and every explanation follows them. "
    "They restate, in English, the short rules pages that survive in several languages. Where those sources "
    "are silent or unclear, the page says so and records the choice made here: look for **Decision**."
)


# --- the page ---------------------------------------------------------------------------------------------

parts = sections()
for section in parts:
    if section.level == 1:
        st.title(section.title, anchor=section.anchor)
        st.markdown(LEARNER_INTRO)
        # The page's own preface speaks to the tutor's authors; it stays readable, folded away.
        with st.expander("About this page (for lesson authors)"):
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
