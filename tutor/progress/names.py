"""Learners' names: two names that look the same are one learner, or the second is refused.

A name is folded with NFKC (fullwidth "Ａｎｎ" is "Ann", the ligature "ﬁ" is "fi"), its spaces collapsed, and
compared case-insensitively (:func:`folded`). A new name (:func:`clean_name`) is refused when it holds a
character one cannot see (U+3164 HANGUL FILLER, U+2800 BRAILLE PATTERN BLANK, a zero-width space, a
direction mark...) or when it mixes alphabets whose letters look alike ("Аnn" with a Cyrillic А), after
Unicode's "moderately restrictive" profile (UTS #39, 5.2): one script, or Latin with the Han, kana, Hangul
or Bopomofo of Japanese, Chinese and Korean, or Latin with one other script that is not Cyrillic, Greek or
Cherokee. ZWNJ and ZWJ are kept where they change what one sees: between two letters of a script that joins
(a Persian name, a Gujarati conjunct) and between the emoji of a ZWJ sequence (woman, ZWJ, laptop).

What a person types may be longer than :data:`NAME_LIMIT`: :func:`shorten` cuts it at the last word boundary
that fits (inside a single over-long word, at a character boundary), and says whether it did.

>>> folded("  Ａｎｎ  ") == folded("ann")
True
>>> shorten("Anne-Marie de la Tour du Pin Chambly de la Charce de Montbrun")
('Anne-Marie de la Tour du Pin Chambly de', True)
"""

from __future__ import annotations

import unicodedata

from tutor.content.texts import Text, _

NAME_LIMIT = 40
ZWNJ, ZWJ = "\u200c", "\u200d"
VARIATION = frozenset("\ufe0e\ufe0f")  # text and emoji presentation: seen only after a symbol
KEYCAP = "\u20e3"
# Characters that draw nothing although Unicode files them as letters or symbols (the format characters, Cf,
# are refused as a category): the Hangul fillers (U+3164 becomes U+1160 under NFKC), the Braille blank, the
# combining grapheme joiner, Khmer's inherent vowels, Mongolian's variation selectors.
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f\u2028\u2029") | frozenset(
    chr(c) for c in range(0xE0100, 0xE01F0)
)
# Scripts whose letters change shape with ZWNJ/ZWJ between them (cursive and Indic scripts), by the first word
# of a character's Unicode name.
JOINING = frozenset(
    [
        "ARABIC",
        "SYRIAC",
        "NKO",
        "MONGOLIAN",
        "MANDAIC",
        "DEVANAGARI",
        "BENGALI",
        "GURMUKHI",
        "GUJARATI",
        "ORIYA",
        "TAMIL",
        "TELUGU",
        "KANNADA",
        "MALAYALAM",
        "SINHALA",
        "KHMER",
        "MYANMAR",
        "TIBETAN",
        "BALINESE",
        "JAVANESE",
    ]
)
# UTS #39 "moderately restrictive": Latin with the scripts of Japanese, Chinese or Korean, or with one other.
EAST_ASIAN = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
LOOKALIKE = frozenset({"CYRILLIC", "GREEK", "CHEROKEE"})  # alphabets whose letters pass for Latin ones
NO_SCRIPT = frozenset({"COMBINING", "MODIFIER", "LETTER", "SMALL", "CAPITAL"})  # Common or Inherited


class LearnerError(ValueError):
    """A learner name that cannot be used (empty, taken, unknown); the message is one line to show.

    Raised with a :class:`Text` (a ``ui`` message), the app shows it in the learner's language
    (:meth:`words`); ``str(error)`` is always the English."""

    def __init__(self, message: str | Text) -> None:
        super().__init__(message.english if isinstance(message, Text) else message)
        self.text = message if isinstance(message, Text) else None

    def words(self, lang: str) -> str:
        """The message in ``lang`` (the English where it has no ``ui`` message)."""
        return self.text.render(lang) if self.text is not None else str(self)


def normal(name: object) -> str:
    """A name as compared and stored: NFKC, spaces collapsed; refused if it is not text, nothing is left or it
    holds a control character."""
    if not isinstance(name, str):
        raise LearnerError(_("A learner's name must be text."))
    text = " ".join(unicodedata.normalize("NFKC", name).split())
    if not text:
        raise LearnerError(_("Give the learner a name."))
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text):
        # Also what keeps a lookup by name off a guest's profile, whose key starts with NUL.
        raise LearnerError(_("A learner's name cannot hold control characters."))
    return text


def folded(name: str) -> str:
    """The key a learner is found by: 'ÉLISE', 'élise', 'Élise' and the fullwidth 'ＥＬＩＳＥ' are one learner."""
    return unicodedata.normalize("NFKC", normal(name).casefold())


def clean_name(name: object) -> str:
    """A new learner name as stored (:func:`normal`), or :class:`LearnerError` saying in one line why not."""
    text = normal(name)
    if len(text) > NAME_LIMIT:
        raise LearnerError(_("A learner's name has at most {limit} characters.", limit=NAME_LIMIT))
    for n, ch in enumerate(text):
        category = unicodedata.category(ch)
        if ch in (ZWNJ, ZWJ):
            if not _joins(text, n):
                raise LearnerError(_("A learner's name cannot hold invisible characters."))
        elif ch in VARIATION:
            if not _presents(text, n):
                raise LearnerError(_("A learner's name cannot hold invisible characters."))
        elif ch in BLANK or category == "Cf" or (ch.isspace() and ch != " "):
            raise LearnerError(_("A learner's name cannot hold invisible characters."))
        elif category.startswith("C"):
            raise LearnerError(_("A learner's name cannot hold control characters."))
    if not _one_alphabet(text):
        raise LearnerError(
            _("A learner's name cannot mix alphabets whose letters look alike (such as Latin and Cyrillic).")
        )
    return text


def shorten(name: object) -> tuple[str, bool]:
    """What a person typed as a name of at most :data:`NAME_LIMIT` characters, cut at the last space that
    fits (or, for one long word, between two characters that do not belong together), and whether it was cut."""
    text = normal(name)
    if len(text) <= NAME_LIMIT:
        return text, False
    cut = text.rfind(" ", 0, NAME_LIMIT + 1)
    if cut <= 0:
        cut = NAME_LIMIT
        # Never split a letter from its accents, an emoji from its joiner or selector.
        while cut > 1 and (_attached(text[cut]) or text[cut - 1] in (ZWNJ, ZWJ)):
            cut -= 1
    return text[:cut].rstrip(), True


def _attached(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it (a mark, a joiner, a selector, a keycap)."""
    return unicodedata.category(ch).startswith("M") or ch in (ZWNJ, ZWJ, KEYCAP) or ch in VARIATION


def _script(ch: str) -> str | None:
    """The script of a letter or mark, by the first word of its Unicode name (None for Common/Inherited)."""
    name = unicodedata.name(ch, "")
    word = name.split(" ", 1)[0]
    if word == "CJK":
        return "HAN"
    return None if not word or word in NO_SCRIPT else word


def _is_emoji(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk")


def _joins(text: str, n: int) -> bool:
    """Whether the ZWNJ/ZWJ at ``n`` stands between two things it changes: letters of a joining script, or
    the emoji of a ZWJ sequence."""
    if n == 0 or n + 1 >= len(text):
        return False
    before, after = text[n - 1], text[n + 1]
    if before in VARIATION and n >= 2:
        before = text[n - 2]  # an emoji with its selector, then the joiner
    if text[n] == ZWJ and _is_emoji(before) and _is_emoji(after):
        return True
    letters = all(unicodedata.category(c)[0] in "LM" for c in (before, after))
    return letters and _script(before) == _script(after) and _script(before) in JOINING


def _presents(text: str, n: int) -> bool:
    """Whether the variation selector at ``n`` follows a symbol (or the digit of a keycap: 1, U+FE0F, U+20E3)."""
    if n == 0:
        return False
    before = text[n - 1]
    if _is_emoji(before):
        return True
    return before in "0123456789#*" and text[n + 1 : n + 2] == KEYCAP


def _one_alphabet(text: str) -> bool:
    scripts = {s for ch in text if unicodedata.category(ch)[0] == "L" and (s := _script(ch)) is not None}
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in EAST_ASIAN):
        return True
    return len(scripts) == 2 and "LATIN" in scripts and not scripts & LOOKALIKE
