"""The route that serves the card pictures (:mod:`tutor.app.cardfiles`) from this process's memory.

``GET <base>/cards/<digest>.svg`` answers the picture's bytes, cached by the browser for good (a name always means
the same bytes: it is their digest), or 404 for a name this process never drew. Every instance behind a proxy
draws the same picture under the same name, so a browser moved to another instance finds what it had.
"""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from tutor.app import cardfiles

_NAME = re.compile(r"[0-9a-f]{20}\.svg")  # what cardfiles names a picture; anything else is not one
CACHED = "public, max-age=31536000, immutable"


async def _picture(request: Request) -> Response:
    name = str(request.path_params["name"])
    data = cardfiles.picture(name) if _NAME.fullmatch(name) else None
    if data is None:
        return Response("no such card picture", status_code=404, media_type="text/plain")
    return Response(data, media_type="image/svg+xml", headers={"Cache-Control": CACHED})


def routes(base_url: str = "") -> list[BaseRoute]:
    """The route, under the server's ``server.baseUrlPath`` (``base_url``); cards are drawn as files from now on."""
    base = base_url.strip("/")
    cardfiles.serve()
    return [Route(f"{'/' + base if base else ''}/{cardfiles.URL}/{{name}}", _picture, methods=["GET", "HEAD"])]


__all__ = ["CACHED", "routes"]
