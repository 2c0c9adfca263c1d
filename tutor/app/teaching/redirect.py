"""Sending the browser to one of the server's own routes (:mod:`tutor.app.teaching.routes`), where the
cookie is set or cleared: at once by a script in the page (Streamlit's ``st.html`` runs it), and a primary
link beside it for a browser that runs no script."""

from __future__ import annotations

import json

import streamlit as st
from streamlit import config


def route(path: str, query: str = "") -> str:
    """The address of the server's route ``path`` under ``server.baseUrlPath``, from the site's root."""
    base = str(config.get_option("server.baseUrlPath") or "").strip("/")
    return ("/" + base if base else "") + "/" + path + (f"?{query}" if query else "")


def go(address: str, label: str) -> None:
    """Leave the page for ``address`` (a route of ours; the page's history keeps no entry of it)."""
    target = json.dumps(address).replace("<", "\\u003c")  # nothing in it can close the script
    st.html(f"<script>window.top.location.replace({target});</script>", unsafe_allow_javascript=True)
    st.link_button(label, address, type="primary", icon=":material/arrow_forward:")
