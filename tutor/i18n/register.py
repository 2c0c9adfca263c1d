"""One register per language: how the tutor addresses the learner, and the words of the other register.

Each translated language speaks to the learner in one register, written in ``docs/translating.md``: French,
Czech, Malay and Gujarati in the polite one (vous, vy, anda, તમે), as their textbooks do; Albanian and
Macedonian in the familiar one (ti, ти), as their hand-written lessons and explanations already did, so the
app's buttons now say so too. :data:`REGISTERS` gives, per language, the register and a pattern of the other
register's marker words (its pronouns, possessives and verb endings that nothing else shares); a catalog
entry that contains one is a slip (``tests/i18n/test_register.py``), unless :data:`EXCEPTIONS` lists it with
its reason.

>>> REGISTERS["sq"].address
'ti (familiar)'
>>> bool(REGISTERS["mk"].slips("Вашиот одговор")), bool(REGISTERS["mk"].slips("Твојот одговор"))
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A Gujarati or Macedonian word has no \b a regex can rely on: these are the letters a word is made of.
_GU = "\u0a80-\u0aff"
_MK = "а-шѓѕјљњќџ"


@dataclass(frozen=True)
class Register:
    """How a language addresses the learner, and a pattern of the other register's marker words."""

    address: str
    other: str

    def slips(self, text: str) -> list[str]:
        """The other register's marker words found in ``text``."""
        return [m.group(0) for m in re.finditer(self.other, text, re.IGNORECASE)]


REGISTERS: dict[str, Register] = {
    "fr": Register("vous (polite)", r"\b(tu|toi|ton|tes)\b"),
    "cs": Register("vy (polite)", r"\b(tvůj|tvoje|tvá|tvé|tvou|tvého|tvým|tobě|tebe|máš|jsi|můžeš|budeš|chceš)\b"),
    "sq": Register(
        "ti (familiar)",
        r"\b(juaj|tuaj|tuaja|jeni|keni|thatë|dhatë|zgjodhët|vendosët|përgjigjët|gabuat|kërkuat|kthyet|jepini|klikojeni|klikojini|provojeni|renditini|vazhdoni|shkarkoni|mësoni|kërkoni|ushtroheni|klikoni|zgjidhni|shkruani|shtypni|provoni|shikoni|shihni|vendosni|shtoni|fshini|"
        r"ruani|lexoni|filloni|jepni|merrni|hapni|kaloni|prisni|përdorni|zgjedhni|kontrolloni|importoni|"
        r"eksportoni|ndiqni|ndryshoni|kthehuni|mundeni|ushtrohuni|përgjigjuni)\b",
    ),
    "mk": Register(
        "ти (familiar)",
        rf"(?<![{_MK}])(вие|вашиот|вашата|вашето|вашите|ваш|ваша|ваше|ваши|кликнете|изберете|внесете|видете|"
        rf"имате|можете|обидете|почнете|додајте|играјте|одберете|притиснете|продолжете|зачувајте|напишете|"
        rf"сакате|знаете|сте|добредојдовте|рековте|избравте|ставивте|поминавте|дадовте|одговоривте|побаравте|вежбате|дајте|научете|увезете|проверете|одговорете)(?![{_MK}])",
    ),
    "ms": Register("anda (polite)", r"\b(kamu|awak|engkau)\b"),
    "gu": Register("તમે (polite)", rf"(?<![{_GU}])(તું|તારું|તારી|તારો|તારાં|તને|તારે)(?![{_GU}])"),
}

# (language, catalog context or English as it begins) -> why that entry rightly uses a marker word.
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("sq", "signals:sections.0.text"): "“çifti juaj”: the learner and the partner together, a plural",
    ("sq", "spoiled-tricks:sections.4.text"): "“çiftit tuaj”: the learner and the partner together, a plural",
    ("mk", "signals:sections.0.text"): "“вашиот пар”: the learner and the partner together, a plural",
    ("mk", "spoiled-tricks:sections.4.text"): "“вашиот пар”: the learner and the partner together, a plural",
    ("mk", "the-race:sections.1.text"): "“ти и еден противник ќе земете”: two people, a plural",
}
