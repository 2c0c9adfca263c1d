"""A live round on a phone: ``/round?code=CODE`` (:mod:`tutor.app.live_phone`)."""

from __future__ import annotations

from tutor.app import live_phone

live_phone.page()
