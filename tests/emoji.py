"""What counts as an emoji for the tests that keep them out of the app.

Emoji show as empty boxes where no emoji font is installed, so the app draws its own pictures. A code
point counts when it is drawn as an emoji by default (Unicode's Emoji_Presentation, written out here from
emoji-data.txt), when it asks for emoji style (U+FE0F) or joins emoji (U+200D), or when it lies in the
supplementary symbol blocks U+1F000-U+1FAFF (playing cards, pictographs: missing from common text fonts).
Text symbols such as ✓ (U+2713), ✗, ★, ⚠, ●, → are in DejaVu and common fonts, and are not emoji.
"""

from __future__ import annotations

import re

EMOJI = re.compile(
    "[\U0001f000-\U0001faff"
    "\u231a\u231b\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648-\u2653\u267f\u2693\u26a1\u26aa\u26ab"
    "\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u274c"
    "\u274e\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55\ufe0f\u200d]"
)


def emoji_in(text: str) -> list[str]:
    """The emoji in ``text``, each with a little of the text around it."""
    return [f"{m.group()!r} in …{text[max(0, m.start() - 30) : m.end() + 30]}…" for m in EMOJI.finditer(text)]
