"""The app as served: ``streamlit run tutor/app/server.py`` (``make run``, ``aluette-tutor app``, ``make cluster``).

The pages are ``main.py``'s; this entry point adds the route serving the card pictures from memory
(:mod:`tutor.app.cardroutes`). ``streamlit run tutor/app/main.py`` still works, with the cards drawn inline.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from streamlit import config

from tutor.app import cardroutes

app = st.App(Path(__file__).with_name("main.py"), routes=cardroutes.routes(config.get_option("server.baseUrlPath")))
