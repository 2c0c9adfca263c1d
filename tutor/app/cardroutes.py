"""The route that serves the card pictures (:mod:`tutor.app.cardfiles`), drawing any it is asked for.

``GET <base>/cards/<spec>.<digest>.svg`` answers the picture's bytes, cached by the browser for good (a name always
means the same bytes: it ends in their digest). A picture this process drew is served from memory; any other name
is read (:func:`tutor.app.cardfiles.parse`), drawn by the function the page draws with
(:func:`tutor.app.cardsvg.named_picture`) and served only if its bytes have the name's digest. So every instance
behind a proxy answers every name any instance wrote, even one that never drew that page; a name from another
version of the drawing code, or one made up, is a 404 with a short plain-text body.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from tutor.app import cardfiles
from tutor.app.cardsvg import named_picture
from tutor.engine.errors import RuleViolation

CACHED = "public, max-age=31536000, immutable"
# A picture opened on its own is a document of this origin: it may fetch, run and embed nothing (a name may carry
# a caption anyone wrote, drawn as escaped text; this keeps it text).
LOCKED = "default-src 'none'; style-src 'unsafe-inline'; sandbox"


def _find(name: str) -> bytes | None:
    """The picture named ``name``: kept, or drawn from its name; ``None`` if the name is no picture's."""
    data = cardfiles.picture(name)
    if data is not None:
        return data
    named = cardfiles.parse(name)
    if named is None:
        return None
    spec, digest = named
    try:
        data = named_picture(spec).encode("utf-8")
    except (RuleViolation, ValueError):  # not a card's code, or a drawing the spec's bounds still refuse
        return None
    if cardfiles.digest(data) != digest:  # drawn by other code than ours: not the bytes the name means
        return None
    cardfiles.keep_drawn(name, data)
    return data


async def _picture(request: Request) -> Response:
    data = _find(str(request.path_params["name"]))
    if data is None:
        return Response("no such card picture", status_code=404, media_type="text/plain")
    return Response(
        data,
        media_type="image/svg+xml",
        headers={"Cache-Control": CACHED, "Content-Security-Policy": LOCKED, "X-Content-Type-Options": "nosniff"},
    )


def routes(base_url: str = "") -> list[BaseRoute]:
    """The route, under the server's ``server.baseUrlPath`` (``base_url``); cards are drawn as files from now on."""
    base = base_url.strip("/")
    cardfiles.serve()
    return [Route(f"{'/' + base if base else ''}/{cardfiles.URL}/{{name}}", _picture, methods=["GET", "HEAD"])]


__all__ = ["CACHED", "routes"]
