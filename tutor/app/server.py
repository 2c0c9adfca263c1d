"""The served app: ``streamlit run tutor/app/server.py`` (``make run``, ``aluette-tutor app``, ``make cluster``) serves
:mod:`tutor.app.main` with the browser's HttpOnly cookie set by the server (:mod:`tutor.app.cookie`), the progress
file pruned at start-up and every hour (:mod:`tutor.app.upkeep`), and the route serving the card pictures from
memory (:mod:`tutor.app.cardroutes`), and the teacher's session cookie set and cleared by the server's routes
(:mod:`tutor.app.teaching.routes`), pinned to one core when ``ALUETTE_CPU`` says so (:mod:`tutor.app.affinity`),
with the proxies ``ALUETTE_PROXIES`` names read first (:mod:`tutor.app.client`).
``streamlit run tutor/app/main.py`` still works, with the cards drawn inline."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import streamlit as st
from starlette.middleware import Middleware
from streamlit import config

from tutor.app import affinity, cardroutes, client
from tutor.app.cookie import BrowserCookie
from tutor.app.teaching import routes as teaching_routes
from tutor.app.upkeep import lifespan

try:
    client.proxies_from(os.environ)  # a proxy list that does not read is refused now, not at a learner's first PIN
    # before the server starts its threads: each inherits the core from the one that starts it
    affinity.pin_from(os.environ)
except (affinity.AffinityError, client.ProxiesError) as error:
    print(f"aluette-tutor: {error}", file=sys.stderr)
    raise SystemExit(2) from None

app = st.App(
    Path(__file__).with_name("main.py"),
    middleware=[Middleware(BrowserCookie)],
    lifespan=lifespan,
    routes=[
        *cardroutes.routes(config.get_option("server.baseUrlPath")),
        *teaching_routes.routes(config.get_option("server.baseUrlPath")),
    ],
)
