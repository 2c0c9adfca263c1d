"""The pseudo-language ``qps``: every translated string wrapped in ⟦…⟧, its letters accented.

It is a test aid, never offered to learners: a page rendered in ``qps`` shows at a glance (and to a test)
every string that did not go through the translation layer, because that one is still plain ASCII English.

>>> pseudo("{leader} led {card:described}.")
'⟦{leader} ĺéð {card:described}.⟧'
>>> pseudo("**Two** aces", template=False)
'⟦**Ţŵó** áçéš⟧'
"""

from __future__ import annotations

import string

PSEUDO_LANGUAGE = "qps"
OPEN, CLOSE = "⟦", "⟧"

# Every ASCII letter has a non-ASCII look-alike, so that a leftover ASCII word is always untranslated text.
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ",
)
_FORMATTER = string.Formatter()


def accent(text: str) -> str:
    """``text`` with each ASCII letter replaced by an accented look-alike."""
    return text.translate(_ACCENTED)


def pseudo(text: str, template: bool = True) -> str:
    """``text`` as the pseudo-language shows it; a ``template`` keeps its ``{name:spec}`` fields intact."""
    if not template:
        return f"{OPEN}{accent(text)}{CLOSE}"
    out: list[str] = []
    for literal, name, spec, conversion in _FORMATTER.parse(text):
        out.append(accent(literal).replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return f"{OPEN}{''.join(out)}{CLOSE}"
