"""Cards served as files (tutor/app/cardfiles.py): an ``<img>`` whose alt text is the card's name and whose file
is the card's picture, one file for every language; inline SVG wherever files cannot be served; static serving
turned on wherever the app is served."""

from __future__ import annotations

import re
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import open_page
from streamlit import config

from tutor import cli
from tutor.app import card_answer, cardfiles
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
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Static serving on, the pictures written to a temporary folder."""
    folder = tmp_path / "static" / "cards"
    monkeypatch.setattr(cardfiles, "FOLDER", folder)
    config.set_option("server.enableStaticServing", True)
    try:
        yield folder
    finally:
        config.set_option("server.enableStaticServing", False)


def picture(folder: Path, src: str) -> ET.Element:
    assert src.startswith("app/static/cards/") and src.endswith(".svg")
    return ET.fromstring((folder / src.removeprefix("app/static/cards/")).read_text(encoding="utf-8"))


def test_a_card_served_as_a_file_is_an_img_named_by_its_alt_text(served: Path) -> None:
    monsieur = card("3-coins")
    inline = ET.fromstring(card_svg(monsieur, width=64, highlight=True))
    with cardfiles.as_files():
        (img,) = images(card_svg(monsieur, width=64, highlight=True))
    assert img["alt"] == "3-coins, three of coins, Monsieur" == inline.get("aria-label")
    assert img["class"] == "card card-highlight" == inline.get("class")
    assert (img["width"], img["height"]) == ("64", "92.6") == (inline.get("width"), inline.get("height"))
    assert img["data-card"] == "3-coins"
    drawn = picture(served, img["src"])
    # the file is the card's picture: the same drawing as the inline card, labelled by its code alone
    assert drawn.get("data-card") == "3-coins" and drawn.get("aria-label") == "3-coins"
    assert [e.tag for e in drawn.iter()] == [e.tag for e in inline.iter()]


def test_one_file_serves_every_language_and_a_caption_is_drawn_and_named(served: Path) -> None:
    two = card("2-coins")
    with cardfiles.as_files():
        (english,) = images(card_svg(two, width=48, caption="N", label=card_label(two, lang="en")))
        (french,) = images(card_svg(two, width=48, caption="N", label=card_label(two, lang="fr")))
    assert english["alt"] == "2-coins, two of coins, Le Borgne; N"
    assert french["alt"] == card_label(two, lang="fr") + "; N" != english["alt"]
    assert english["src"] == french["src"]
    assert len(list(served.iterdir())) == 1
    assert "N" in ["".join(t.itertext()) for t in picture(served, english["src"]).iter(f"{SVG}text")]


def test_a_row_and_a_back_keep_their_names(served: Path) -> None:
    with cardfiles.as_files():
        row = cards_html([card("A-cups"), None], width=56, label="North hand")
    assert 'role="group" aria-label="North hand"' in row
    ace, back = images(row)
    assert ace["alt"] == "A-cups, ace of cups" and ace["data-card"] == "A-cups"
    assert back["alt"] == "face-down card" and "data-card" not in back and "card-back" in back["class"]
    assert "<svg" not in row


def test_without_static_serving_or_a_folder_to_write_cards_stay_inline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with cardfiles.as_files():  # static serving is off (as for AppTest)
        assert card_svg(card("K-cups")).startswith("<svg")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(cardfiles, "FOLDER", blocker / "cards")
    config.set_option("server.enableStaticServing", True)
    try:
        with cardfiles.as_files():
            assert card_svg(card("K-cups")).startswith("<svg")  # the folder cannot be made: drawn inline
            assert card_answer._background("K-cups", 64).startswith("data:image/svg+xml;base64,")
    finally:
        config.set_option("server.enableStaticServing", False)


def test_card_buttons_point_at_their_picture_files(served: Path) -> None:
    with cardfiles.as_files():
        url = card_answer._background("A-swords", 48)
    assert url.startswith("app/static/cards/")
    assert picture(served, url).get("data-card") == "A-swords"


def test_the_practice_panel_draws_its_cards_as_files_with_their_names(served: Path) -> None:
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
    styles = [e.proto.body for e in at.get("html") if "st-key-alucard" in e.proto.body]
    assert styles and "data:image" not in styles[0]
    assert len(re.findall(r'url\("app/static/cards/[0-9a-f]+\.svg"\)', styles[0])) == 4  # the four cards' buttons
    assert all(p.suffix == ".svg" for p in served.iterdir())


def test_static_serving_on_and_magic_collection_and_file_watching_off_wherever_the_app_is_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "--server.enableStaticServing true" in make
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
    assert command[command.index("--server.enableStaticServing") + 1] == "true"
    assert command[command.index("--runner.magicEnabled") + 1] == "false"
    assert command[command.index("--runner.postScriptGC") + 1] == "false"
    assert command[command.index("--server.fileWatcherType") + 1] == "none"
    # Streamlit serves the folder static/ beside the main script
    assert cardfiles.FOLDER.parent == (ROOT / "tutor" / "app" / "main.py").parent / "static"
