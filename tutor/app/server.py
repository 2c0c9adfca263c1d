"""The served app: ``streamlit run tutor/app/server.py`` (``make run``, ``aluette-tutor app``) serves
:mod:`tutor.app.main` with the browser's HttpOnly cookie set by the server (:mod:`tutor.app.cookie`) and the
progress file pruned at start-up and every hour (:mod:`tutor.app.upkeep`)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from starlette.middleware import Middleware

from tutor.app.cookie import BrowserCookie
from tutor.app.upkeep import lifespan

app = st.App(Path(__file__).with_name("main.py"), middleware=[Middleware(BrowserCookie)], lifespan=lifespan)
