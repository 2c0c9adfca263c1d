"""The rules page: the whole of rules.md, with the tier chart and the signals table drawn."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import open_page
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_COPY = ROOT / "tutor" / "app" / "rules.md"


def rules_page() -> AppTest:
    return open_page("screens/rules.py")


def test_the_package_copy_is_docs_rules_md() -> None:
    assert PACKAGE_COPY.read_text(encoding="utf-8") == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_every_heading_of_rules_md_is_on_the_page() -> None:
    at = rules_page()
    headings = re.findall(r"^#{1,2} (.+)$", PACKAGE_COPY.read_text(encoding="utf-8"), flags=re.MULTILINE)
    shown = [t.value for t in at.title] + [h.value for h in at.header]
    assert shown == headings
    contents = next(m.value for m in at.markdown if m.value.startswith("- [1."))
    for heading in headings[1:]:
        assert heading in contents


def test_the_text_is_all_there() -> None:
    at = rules_page()
    text = "\n".join(m.value for m in at.markdown)
    body = PACKAGE_COPY.read_text(encoding="utf-8")
    for line in body.splitlines():
        if line.strip() and not line.startswith("#"):
            assert line in text


def test_the_chart_follows_section_3_and_the_signals_table_section_10() -> None:
    at = rules_page()
    values = [m.value for m in at.markdown]
    chart = next(i for i, v in enumerate(values) if 'class="tier-chart"' in v)
    signals = next(i for i, v in enumerate(values) if 'class="signals-table"' in v)
    assert "| 19 | 3-swords, 3-clubs | |" in values[chart - 1]  # the end of section 3
    assert values[chart].count('class="tier-row') == 19 and values[chart].count("<svg") == 48
    assert "stick out the little finger" in values[signals] and 'aria-label="Gesture: wink"' in values[signals]
    assert [s.value for s in at.subheader] == ["The 19 tiers, drawn", "The signals, with pictures"]
