"""Rules: the whole of rules.md for reading, in the learner's language, with the 19-tier chart and the signals
table drawn with cards.

The text is the learner's copy of rules.md (``tutor/app/rules.md``: the rules of ``docs/rules.md``, the authors'
binding page, without its notes to authors: where a decision came from, ids, "say so in your issue note"), read and
cut into blocks once per server (:mod:`tutor.i18n.rules_text`); each block is shown from the ``content``
catalog in the learner's language, or in English where it has no translation. Section numbers, not the
translated titles, are the anchors, so a link to ``#section-7`` works in every language. The chart follows
section 3 and the signals table section 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

import streamlit as st

from tutor.app import lang as app_lang
from tutor.app import print_buttons, rules_cards
from tutor.app.views import signals_table_html, tier_chart_html
from tutor.i18n import ui
from tutor.i18n.rules_text import PREFACE, Block, blocks, join, translated
from tutor.i18n.runtime import lookup

CHART_AFTER = "3"  # section numbers after which the pictures go
SIGNALS_AFTER = "10"


@dataclass(frozen=True)
class Section:
    """One heading of rules.md (level 1 or 2) and the blocks under it, up to the next such heading."""

    heading: Block
    body: tuple[Block, ...]

    @property
    def number(self) -> str:
        """ "3" for "## 3. The ranking", "" for the title."""
        return "" if self.heading.section == PREFACE else self.heading.section

    @property
    def anchor(self) -> str:
        return f"section-{self.number}" if self.number else "rules"

    def title(self, lang: str) -> str:
        """The heading as shown: its number (notation, never translated) and its words in ``lang``."""
        words = lookup(lang, "content", self.heading.context, self.heading.text)
        return f"{self.number}. {words}" if self.number else words

    def body_markdown(self, lang: str) -> str:
        return join([(block, _shown(block, lang)) for block in self.body])


def _shown(block: Block, lang: str) -> str:
    """A block as the page shows it: a table names its cards in the learner's language."""
    text = translated(block, lang)
    return rules_cards.named_cards(text, lang) if block.kind == "table" else text


@st.cache_resource(show_spinner=False)
def sections() -> tuple[Section, ...]:
    """rules.md cut at its headings of level 1 and 2; read once per server process."""
    text = resources.files("tutor.app").joinpath("rules.md").read_text(encoding="utf-8")
    found: list[Section] = []
    heading: Block | None = None
    body: list[Block] = []
    for block in blocks(text):
        if block.kind == "heading" and block.level <= 2:
            if heading is not None:
                found.append(Section(heading, tuple(body)))
            heading, body = block, []
        elif heading is not None:
            body.append(block)
    if heading is not None:
        found.append(Section(heading, tuple(body)))
    return tuple(found)


def table_of_contents(parts: tuple[Section, ...], lang: str) -> None:
    """Links to every section, at the top of the page and in the sidebar (the page is long)."""
    _ = ui.translator(lang)
    # The titles come from rules.md and the translators' catalog, never from a learner: Markdown as written.
    links = "\n".join(
        f"- [{section.title(lang)}](#{section.anchor})" for section in parts if section.heading.level == 2
    )
    with st.container(border=True):
        # Translators: the heading of the list of the rules' sections at the top of the Rules page.
        contents = _("Contents")
        st.markdown(f"**{contents}**")
        st.markdown(links)
    with st.sidebar.expander(_("Contents of the rules"), expanded=True):
        st.markdown(links)


# --- the page ---------------------------------------------------------------------------------------------

lang = app_lang.current()
_ = ui.translator(lang)
parts = sections()
for section in parts:
    if section.heading.level == 1:
        st.title(section.title(lang), anchor=section.anchor)
        st.markdown(
            # Translators: the introduction of the Rules page, above its contents.
            _(
                "These are the rules this tutor teaches: every lesson, every exercise and every explanation "
                "follows them. They restate the short rules pages that survive in several languages; where "
                "those pages are silent or unclear, the rules say which way the tutor plays."
            )
        )
        table_of_contents(parts, lang)
        print_buttons.table_card("rules", lang)
        continue
    st.header(section.title(lang), anchor=section.anchor, divider="gray")
    st.markdown(section.body_markdown(lang))
    if section.number == CHART_AFTER:
        st.subheader(_("The 19 tiers, drawn"), anchor="tier-chart")
        st.markdown(tier_chart_html(lang=lang), unsafe_allow_html=True)
    elif section.number == SIGNALS_AFTER:
        st.subheader(_("The signals, with pictures"), anchor="signals-table")
        st.markdown(signals_table_html(lang=lang), unsafe_allow_html=True)
