"""Cards served as files (tutor/app/cardfiles.py, tutor/app/cardroutes.py): an ``<img>`` whose alt text is the
card's name and whose file is the card's picture, one file for every language, kept in memory and served by a route
(the same bytes from every process, nothing written into the package); inline SVG wherever no route serves them;
the route mounted wherever the app is served; a picture's name says how to draw it, so a process that never drew it
serves it with the same bytes, and a name that is no picture's is a 404."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import open_page
from starlette.requests import Request

from tutor import cli
from tutor.app import card_answer, cardfiles, cardroutes
from tutor.app.cardsvg import card_label, card_svg, cards_html
from tutor.engine import card

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.found.append({k: v or "" for k, v in attrs})


def images(html: str) -> list[dict[str, str]]:
    parser = _Images()
    parser.feed(html)
    return parser.found


@pytest.fixture
def served() -> Iterator[None]:
    """As in a served app: the route serving the pictures is mounted."""
    cardfiles.serve()
    try:
        yield
    finally:
        cardfiles.serve(False)


def picture(src: str) -> ET.Element:
    assert src.startswith("cards/") and src.endswith(".svg")
    data = cardfiles.picture(src.removeprefix("cards/"))
    assert data is not None, f"{src} is not kept"
    return ET.fromstring(data.decode("utf-8"))


def fetched(path: str) -> tuple[int, dict[str, str], bytes]:
    """``GET path`` through the card route: status, headers, body."""
    (route,) = cardroutes.routes()
    scope = {"type": "http", "method": "GET", "path": path, "headers": [], "query_string": b""}
    match, child = route.matches(scope)
    if match.name != "FULL":
        return 404, {}, b""
    request = Request({**scope, **child})
    response = asyncio.run(route.endpoint(request))  # type: ignore[attr-defined]
    return response.status_code, dict(response.headers), bytes(response.body)


def test_a_card_served_as_a_file_is_an_img_named_by_its_alt_text(served: None) -> None:
    monsieur = card("3-coins")
    inline = ET.fromstring(card_svg(monsieur, width=64, highlight=True))
    with cardfiles.as_files():
        (img,) = images(card_svg(monsieur, width=64, highlight=True))
    assert img["alt"] == "3-coins, three of coins, Monsieur" == inline.get("aria-label")
    assert img["class"] == "card card-highlight" == inline.get("class")
    assert (img["width"], img["height"]) == ("64", "92.6") == (inline.get("width"), inline.get("height"))
    assert img["data-card"] == "3-coins"
    drawn = picture(img["src"])
    # the file is the card's picture: the same drawing as the inline card, labelled by its code alone
    assert drawn.get("data-card") == "3-coins" and drawn.get("aria-label") == "3-coins"
    assert [e.tag for e in drawn.iter()] == [e.tag for e in inline.iter()]


def test_one_file_serves_every_language_and_a_caption_is_drawn_and_named(served: None) -> None:
    two = card("2-coins")
    with cardfiles.as_files():
        (english,) = images(card_svg(two, width=48, caption="N", label=card_label(two, lang="en")))
        (french,) = images(card_svg(two, width=48, caption="N", label=card_label(two, lang="fr")))
    assert english["alt"] == "2-coins, two of coins, Le Borgne; N"
    assert french["alt"] == card_label(two, lang="fr") + "; N" != english["alt"]
    assert english["src"] == french["src"]  # one picture for both languages
    assert "N" in ["".join(t.itertext()) for t in picture(english["src"]).iter(f"{SVG}text")]


def test_a_row_and_a_back_keep_their_names(served: None) -> None:
    with cardfiles.as_files():
        row = cards_html([card("A-cups"), None], width=56, label="North hand")
    assert 'role="group" aria-label="North hand"' in row
    ace, back = images(row)
    assert ace["alt"] == "A-cups, ace of cups" and ace["data-card"] == "A-cups"
    assert back["alt"] == "face-down card" and "data-card" not in back and "card-back" in back["class"]
    assert "<svg" not in row


def test_without_the_route_cards_stay_inline() -> None:
    with cardfiles.as_files():  # no route mounted (as for AppTest)
        assert card_svg(card("K-cups")).startswith("<svg")
        assert card_answer._background("K-cups", 64).startswith("data:image/svg+xml;base64,")


def test_the_route_serves_the_pictures_drawn_cached_for_good_and_nothing_else(served: None) -> None:
    with cardfiles.as_files():
        src = card_answer._background("C-cups", 64)
    status, headers, body = fetched("/" + src)
    assert status == 200 and headers["content-type"].startswith("image/svg+xml")
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    # opened on its own, the picture may run, fetch and embed nothing
    assert headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    assert headers["x-content-type-options"] == "nosniff"
    assert body == cardfiles.picture(src.removeprefix("cards/")) and b'data-card="C-cups"' in body
    assert src == "cards/C-cups.64.n.en." + hashlib.sha256(body).hexdigest()[:16] + ".svg"  # how, then its digest
    assert fetched("/cards/" + "0" * 20 + ".svg")[0] == 404  # not a picture's name
    assert fetched("/cards/..%2Fserver.py")[0] == 404  # not a picture's name
    (under_base,) = cardroutes.routes("school/")
    assert under_base.path == "/school/cards/{name}"  # server.baseUrlPath comes first, as for the page


DRAW = """
import hashlib, json, sys
from tutor.app import cardfiles, card_answer
from tutor.app.cardsvg import card_svg
from tutor.engine import card
cardfiles.serve()
with cardfiles.as_files():
    srcs = [card_answer._background("A-cups", 48), card_svg(card("3-coins"), width=64, highlight=True)]
names = [cardfiles.URL + "/" + n for n in sorted(cardfiles._PICTURES)]
print(json.dumps({n: hashlib.sha256(cardfiles.picture(n.split("/")[1])).hexdigest() for n in names} | {"srcs": srcs}))
"""


def package_files() -> dict[str, float]:
    return {
        str(p.relative_to(ROOT)): p.stat().st_mtime for p in (ROOT / "tutor").rglob("*") if "__pycache__" not in p.parts
    }


def test_two_processes_draw_the_same_pictures_and_write_nothing_into_the_package() -> None:
    before = package_files()
    runs = [
        json.loads(
            subprocess.run([sys.executable, "-c", DRAW], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        )
        for _ in range(2)
    ]
    assert runs[0] == runs[1], "the same names and the same bytes in both processes"
    assert len(runs[0]) == 3  # a button's picture and a card's, plus the sources they were drawn with
    assert runs[0]["srcs"][0] in runs[0]
    assert package_files() == before, "nothing was written into tutor/"
    assert not (ROOT / "tutor" / "app" / "static").exists()


def test_card_buttons_point_at_their_picture_files(served: None) -> None:
    with cardfiles.as_files():
        url = card_answer._background("A-swords", 48)
    assert url.startswith("cards/")
    assert picture(url).get("data-card") == "A-swords"


def test_the_practice_panel_draws_its_cards_as_files_with_their_names(served: None) -> None:
    # spoiled-aces: North A-swords, East 5-cups, South A-coins, West 9-clubs; the two aces tie.
    at = open_page("screens/practice.py", query={"scenario": "spoiled-aces"})
    drawn = [e.proto.body for e in at.get("html") if e.proto.body.startswith('<div class="alu-setup')]
    assert len(drawn) == 1 and "<svg" not in drawn[0]
    assert sorted(img["alt"] for img in images(drawn[0])) == [
        "5-cups, five of cups",
        "9-clubs, nine of clubs",
        "A-coins, ace of coins",
        "A-swords, ace of swords",
    ]
    styles = [e.proto.body for e in at.get("html") if 'stRadioGroup"]>div:nth-child(' in e.proto.body]
    assert len(styles) == 1 and "data:image" not in styles[0]  # the winner's radio group, drawn as the cards
    options = re.findall(r'url\("(cards/[0-9A-Za-z.-]+\.[0-9a-f]{16}\.svg)"\)', styles[0])
    assert len(options) == 4  # the four cards' options ("Spoiled" has no picture)
    assert [picture(src).get("data-card") for src in options] == ["A-swords", "5-cups", "A-coins", "9-clubs"]


def test_the_card_route_mounted_and_magic_collection_and_file_watching_off_wherever_the_app_is_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "streamlit run tutor/app/server.py" in make
    with (ROOT / ".streamlit" / "config.toml").open("rb") as f:  # make run reads it, from the project's root
        config_file = tomllib.load(f)
    runner = config_file["runner"]
    assert runner["magicEnabled"] is False
    assert config_file["server"]["fileWatcherType"] == "none"
    assert runner["postScriptGC"] is False
    commands: list[list[str]] = []
    monkeypatch.setattr(subprocess, "call", lambda command, env: commands.append(command) or 0)
    assert cli.main(["app", "--port", "8599"]) == 0  # from anywhere: the flags themselves
    (command,) = commands
    assert Path(command[command.index("run") + 1]) == ROOT / "tutor" / "app" / "server.py"
    assert command[command.index("--runner.magicEnabled") + 1] == "false"
    assert command[command.index("--runner.postScriptGC") + 1] == "false"
    assert command[command.index("--server.fileWatcherType") + 1] == "none"
    served_app = (ROOT / "tests" / "served_app.py").read_text(encoding="utf-8")
    assert '"tutor/app/server.py"' in served_app  # the browser tests serve it too
    assert "cardroutes.routes(" in (ROOT / "tutor" / "app" / "server.py").read_text(encoding="utf-8")


def test_a_picture_is_named_by_how_to_draw_it_and_a_caption_travels_in_the_name(served: None) -> None:
    with cardfiles.as_files():
        (img,) = images(card_svg(card("K-cups"), width=64, highlight=True, dimmed=True, caption="1 North"))
        (back,) = images(card_svg(None, width=40, lang="fr"))
    # K-cups, 64 pixels, highlight + dimmed + show_name, court word in English, "1 North" in url-safe base64
    head, digest, svg = img["src"].removeprefix("cards/").rsplit(".", 2)
    assert head == "K-cups.64.hdn.en.MSBOb3J0aA" and svg == "svg" and re.fullmatch("[0-9a-f]{16}", digest)
    assert re.fullmatch(r"cards/back\.40\.n\.fr\.[0-9a-f]{16}\.svg", back["src"]), back["src"]


FRESH = """
import hashlib, json, sys
from tutor.app import cardroutes
from tutor.app.cardroutes import _find
cardroutes.routes()
print(json.dumps({n: hashlib.sha256(_find(n) or b"").hexdigest() for n in json.loads(sys.argv[1])}))
"""


def test_a_process_that_never_drew_a_picture_serves_it_with_the_same_bytes(served: None) -> None:
    drawn = json.loads(
        subprocess.run([sys.executable, "-c", DRAW], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    )
    names = [n for n in drawn if n != "srcs"]
    # a card with a caption, a back and a court card in French: their own spec fields, drawn in the same run
    with cardfiles.as_files():
        more = [
            images(card_svg(card("2-coins"), width=48, caption="N", spoiled=True))[0]["src"],
            images(card_svg(None, width=64))[0]["src"],
            images(card_svg(card("C-swords"), width=90, show_tier=True, lang="fr"))[0]["src"],
        ]
    expected = {n: hashlib.sha256(cardfiles.picture(n.removeprefix("cards/")) or b"").hexdigest() for n in more}
    asked = [n.removeprefix("cards/") for n in names + more]
    fresh = json.loads(
        subprocess.run(
            [sys.executable, "-c", FRESH, json.dumps(asked)], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    )
    empty = hashlib.sha256(b"").hexdigest()
    assert all(fresh[n] != empty for n in asked), fresh  # each one drawn from its name
    assert {f"cards/{n}": h for n, h in fresh.items()} == {n: drawn[n] for n in names} | expected


def test_names_that_are_no_picture_are_404_with_one_plain_line(served: None) -> None:
    with cardfiles.as_files():
        good = card_answer._background("3-coins", 64).removeprefix("cards/")
    cardfiles._PICTURES.pop(good)  # as on another instance: drawn from the name alone
    assert fetched("/cards/" + good)[0] == 200
    spec, digest = good.removesuffix(".svg").rsplit(".", 1)
    assert spec == "3-coins.64.n.en"
    caption = base64.urlsafe_b64encode(b"x" * (cardfiles.CAPTION_MAX + 1)).decode().rstrip("=")
    bad = {
        "a wrong digest": f"{spec}.{'0' * 16}.svg",
        "no such card": f"X-coins.64.n.en.{digest}.svg",
        "no such suit": f"3-coinz.64.n.en.{digest}.svg",
        "a card spelled otherwise": f"3-COINS.64.n.en.{digest}.svg",
        "a huge width": f"3-coins.999.n.en.{digest}.svg",
        "too narrow": f"3-coins.4.n.en.{digest}.svg",
        "a width spelled otherwise": f"3-coins.064.n.en.{digest}.svg",
        "an unknown language": f"3-coins.64.n.de.{digest}.svg",
        "an overlong caption": f"3-coins.64.n.en.{caption}.{digest}.svg",
        "a caption that is no base64 text": f"3-coins.64.n.en.gA.{digest}.svg",
        "unknown flags": f"3-coins.64.nx.en.{digest}.svg",
        "flags out of order": f"3-coins.64.nh.en.{digest}.svg",
    }
    for why, name in bad.items():
        status, headers, body = fetched("/cards/" + name)
        assert (status, body) == (404, b"no such card picture"), why
        assert headers["content-type"].startswith("text/plain"), why


def test_pictures_drawn_for_requests_are_kept_in_a_bounded_cache(served: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cardfiles, "ON_DEMAND_MAX", 3)
    monkeypatch.setattr(cardfiles, "_ON_DEMAND", type(cardfiles._ON_DEMAND)())
    names = []
    with cardfiles.as_files():
        for width in (41, 42, 43, 44, 45):
            names.append(card_answer._background("4-cups", width).removeprefix("cards/"))
    for name in names:
        cardfiles._PICTURES.pop(name)
        assert fetched("/cards/" + name)[0] == 200
    assert list(cardfiles._ON_DEMAND) == names[2:]  # the three served last, the first two let go
    assert fetched("/cards/" + names[0])[0] == 200  # drawn again when asked again
    assert list(cardfiles._ON_DEMAND) == [*names[3:], names[0]]
