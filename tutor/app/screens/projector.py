"""The projector: a live round on the big screen, ``/projector?round=<id>``, for the round's teacher only.

Nothing of the round shows without the teacher's session (:func:`tutor.app.teaching.gate.signed_in`): a
signed-out browser, another teacher, a learner's cookie or a round that does not exist all get the same one
line, which tells nothing of the round.
"""

from __future__ import annotations

import streamlit as st

from tutor.app import lang, state
from tutor.app.teaching import gate, projector_view
from tutor.i18n import ui

# The big screen needs its width: the menu and the learner's sidebar start folded (the arrow opens them).
st.set_page_config(initial_sidebar_state="collapsed")
language = lang.current()
_ = ui.translator(language)
teacher = gate.signed_in()
db = state.database()
live = None if teacher is None or db is None else projector_view.round_for(db, teacher, st.query_params.get("round"))
if db is None or teacher is None or live is None:
    # Translators: the projector page's title for anyone but the teacher running the round.
    st.title(ui.pgettext(language, "menu", "Projector"))
    # Translators: the projector page's only line for anyone but the teacher running the round.
    st.info(_("This page shows a live round to the teacher running it: sign in on the Teach page."))
else:
    projector_view.draw(db, teacher, live, language)
