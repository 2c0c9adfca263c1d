"""A fold (``st.expander``) whose contents are drawn only while it is open.

Why: Streamlit sends every element inside a closed fold on every run, so a form folded away on every page (the
sidebar's "Join a class", Practice's worksheet builder) cost each learner's page load its widgets. Opening or
closing the fold reruns the page, which draws the contents once it is open. Streamlit forgets the value of a
widget it did not draw: what must outlive a closed fold, the caller keeps under a key of its own.
"""

from __future__ import annotations

import streamlit as st
from streamlit.elements.lib.mutable_expander_container import ExpanderContainer


def opened(label: str, key: str, icon: str) -> ExpanderContainer | None:
    """The fold titled ``label``, its open state under ``key``: its container while open, None while closed."""
    fold = st.expander(label, icon=icon, key=key, on_change="rerun")
    return fold if fold.open else None
