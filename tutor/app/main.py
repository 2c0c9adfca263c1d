"""Aluette tutor app entry point (a one-page ranking chart until the full app lands)."""

from __future__ import annotations

import streamlit as st

from tutor.engine import TIER_NAMES, cards_of_tier

st.set_page_config(page_title="Aluette tutor", page_icon="🂡")
st.title("Aluette: the ranking of the cards")
st.write("Suits decide nothing except which cards are named. Cards in the same tier are exactly equal.")
st.table(
    [{"tier": t, "cards": ", ".join(str(c) for c in cards_of_tier(t)), "name": name} for t, name in TIER_NAMES.items()]
)
