"""Join a class: /join?code=CODE (a teacher's join link and QR code) fills the code in."""

from __future__ import annotations

import streamlit as st

from tutor.app import joining, lang
from tutor.i18n import ui

_ = ui.translator(lang.current())
st.title(_("Join a class"))
st.markdown(_("Type the code your teacher shows, and your name if this browser does not know you yet."))
raw = st.query_params.get("code")
joining.form("page", raw if isinstance(raw, str) and len(raw) <= 40 else "")
joining.your_classes()
