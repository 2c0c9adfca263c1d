"""The signal gestures' own pictures: one per signal, named for screen readers, no emoji anywhere."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

import pytest
from emoji import EMOJI, emoji_in
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app.gestures import GESTURE_NAMES, gesture_label, gesture_svg, gestures_html
from tutor.engine import SIGNAL_IDS, signal

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"

# Hand-picked: a word of each gesture as the engine states it (rules.md section 10), and the word the
# picture's name must use for it.
GESTURE_WORDS = {
    "monsieur": ("look upward", "eyes looking up"),
    "madame": ("tilt the head", "head tilted"),
    "borgne": ("wink", "wink"),
    "vache": ("purse the lips", "pursed lips"),
    "grand-neuf": ("thumb", "thumb"),
    "petit-neuf": ("little finger", "little finger"),
    "deux-de-chene": ("index", "index finger"),
    "deux-d-ecrit": ("mime writing", "writing"),
    "aces": ("open the mouth", "open mouth"),
    "useless-hand": ("shrug", "shrug"),
    "mordienne": ("bite the lip", "bitten lip"),
}


def test_every_signal_has_a_picture_named_after_its_gesture() -> None:
    assert set(GESTURE_WORDS) == set(SIGNAL_IDS) == set(GESTURE_NAMES)
    for sid, (engine_words, name_words) in GESTURE_WORDS.items():
        assert engine_words in signal(sid).gesture, sid
        svg = ET.fromstring(gesture_svg(sid, width=48))
        assert svg.get("role") == "img"
        assert svg.get("aria-label") == gesture_label(sid) == f"Gesture: {GESTURE_NAMES[sid]}"
        assert name_words in svg.get("aria-label", "")
        assert svg.findtext(f"{SVG}title") == svg.get("aria-label")
        assert (svg.get("width"), svg.get("height"), svg.get("viewBox")) == ("48", "48", "0 0 64 64")
        assert svg.get("data-signal") == sid


def test_the_pictures_are_all_different() -> None:
    bodies = {gesture_svg(sid).split("</title>", 1)[1] for sid in SIGNAL_IDS}
    assert len(bodies) == len(SIGNAL_IDS)


def test_a_given_label_reads_back_exactly() -> None:
    label = 'North signals: "I hold <Monsieur>" & more\nline'
    svg = gesture_svg("monsieur", label=label)
    assert "\n" not in svg  # one line, so Streamlit's Markdown passes it through whole
    parsed = ET.fromstring(svg)
    assert parsed.get("aria-label") == label
    assert parsed.findtext(f"{SVG}title") == label


def test_unknown_signal_and_tiny_width_are_refused() -> None:
    with pytest.raises(KeyError):
        gesture_svg("thumbs-up")
    with pytest.raises(ValueError, match="at least 8 pixels"):
        gesture_svg("borgne", width=4)


def test_a_row_of_pictures_names_each_gesture() -> None:
    html = gestures_html(["aces", "useless-hand"], width=40)
    assert html.count("<svg") == 2
    assert 'aria-label="Gesture: open mouth"' in html and 'aria-label="Gesture: shrug"' in html


# --- no emoji in what the app renders ------------------------------------------------------------------


def test_the_emoji_pattern() -> None:
    # hand-picked: emoji the app used to show, and text symbols it keeps
    for ch in ["😉", "👍", "🤷", "🎉", "🔥", "✅", "🂠", "🂡", "☝️", "✍️"]:
        assert EMOJI.search(ch), ch
    for ch in ["✓", "✗", "★", "⚠", "●", "○", "→", "←", "…", "·", "é", "–"]:
        assert not EMOJI.search(ch), ch


def test_no_emoji_in_the_app_or_its_content_files() -> None:
    # Everything the app shows comes from these: its code, the rules it renders, the lessons and scenarios.
    files = [
        *sorted((ROOT / "tutor").rglob("*.py")),
        *sorted((ROOT / "tutor").rglob("*.md")),
        *sorted((ROOT / "tutor").rglob("*.css")),
        *sorted((ROOT / "lessons").rglob("*.yaml")),
        *sorted((ROOT / "scenarios").rglob("*.yaml")),
    ]
    assert len(files) > 50
    found = [f"{path.relative_to(ROOT)}: {hit}" for path in files for hit in emoji_in(path.read_text("utf-8"))]
    assert not found, "\n".join(found)


def rendered_text(at: AppTest) -> str:
    """Every value, label, option and body of every element on the page, sidebar included."""
    parts: list[str] = []

    def walk(node: object) -> None:
        for name in ("value", "label", "body", "help", "placeholder", "options", "icon"):
            try:
                value = getattr(node, name, None)
            except Exception:  # an element kind without that property raises: nothing to read
                continue
            if value is not None:
                parts.append(str(value))
        children = getattr(node, "children", None)
        for child in (children.values() if isinstance(children, dict) else children) or ():
            walk(child)

    walk(at.main)
    walk(at.sidebar)
    return "\n".join(parts)


PAGES: list[tuple[str | None, Mapping[str, object] | None]] = [
    (None, None),
    ("screens/learn.py", None),
    ("screens/practice.py", None),
    ("screens/review.py", None),
    ("screens/progress.py", None),
    ("screens/play.py", None),
    *[("screens/ranking.py", {"ranking.tab": tab}) for tab in ("Which wins?", "Which tier?", "The 19 tiers")],
    *[("screens/signals.py", {"signals.tab": tab}) for tab in ("Look up", "All signals", "What should I signal?")],
    ("screens/rules.py", None),
]


@pytest.mark.parametrize(("page", "session"), PAGES)
def test_no_emoji_on_the_pages(page: str | None, session: Mapping[str, object] | None) -> None:
    at = open_page(page, session=session)
    text = rendered_text(at)
    assert len(text) > 200  # the walk did read the page
    assert not emoji_in(text), emoji_in(text)


def test_no_emoji_after_a_signals_quiz_and_a_checked_hand() -> None:
    at = open_page("screens/signals.py", session={"signals.tab": "Quiz"})
    for radio in at.radio:
        radio.set_value(radio.options[0])
    at.button(key="signals.quiz.check").click().run()
    assert at.markdown and any("Score:" in m.value for m in at.markdown)
    assert not emoji_in(rendered_text(at)), emoji_in(rendered_text(at))

    at = open_page("screens/signals.py", session={"signals.tab": "What should I signal?"})
    text = rendered_text(at)
    assert not emoji_in(text), emoji_in(text)  # the hand's signals, shown at once
    at.segmented_control(key="signals.hand.mode").set_value("test").run()
    at.multiselect[0].set_value(["aces"]).run()
    at.button(key="signals.hand.check").click().run()
    text = rendered_text(at)
    assert 'aria-label="Gesture:' in text  # the pictures of the signals the hand calls for
    assert not emoji_in(text), emoji_in(text)


def test_the_play_page_draws_each_signal_given_as_its_picture() -> None:
    from tutor.app.play_view import signal_icons, signals_html
    from tutor.engine import Seat
    from tutor.i18n.sentences import render
    from tutor.play.match import SignalShown

    wink = signal("borgne")
    shown = [
        SignalShown(Seat.N, wink.id, wink.meaning, wink.gesture),
        SignalShown(Seat.E, "aces", signal("aces").meaning, signal("aces").gesture, aces=2),
    ]
    rows = signals_html(shown)
    assert rows.count("<svg") == 2 and 'data-signal="borgne"' in rows and 'data-signal="aces"' in rows
    assert not emoji_in(rows)
    # North's seat shows only North's signal, named by the engine's sentence about it
    north = ET.fromstring(signal_icons(shown, Seat.N))
    (picture,) = north.findall(f"{SVG}svg")
    assert picture.get("data-signal") == "borgne"
    assert picture.get("aria-label") == render(shown[0].step)
    assert "wink" in render(shown[0].step)
