"""The term list: one word for one thing in every language, the translators' table and the test's data.

Each :class:`Term` gives the word chosen for an English term in each translated language (what
``docs/translating.md`` shows, rendered by :func:`table`) and, for the terms whose use can be checked
mechanically, the English pattern and each language's stems: every catalog entry whose English contains the
term as a whole word must contain one of the stems (:func:`misses`; ``tests/i18n/test_terms.py``). Grammar
may change a word's ending, never the word; where it changes its start (Czech "kazit" / "zkažený"), the stem
is a pattern that allows just those forms. :data:`EXCEPTIONS` lists the entries that rightly lack the word,
each with its reason.

>>> [t.english for t in TERMS][:3]
['trick', 'to lead / leader', 'eldest']
>>> TERMS[0].words["cs"]
'štych'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

LANGS: tuple[str, ...] = ("fr", "cs", "sq", "mk", "ms", "gu")
# Placeholders ({eldest}) and code spans (`S, W, spoiled`) are filled in or kept as notation, never translated.
_NOT_WORDS = re.compile(r"\{[^{}]*\}|`[^`]*`")


@dataclass(frozen=True)
class Term:
    """One term: its English, the word each language uses, and (if checked) how to find both."""

    english: str
    words: dict[str, str]
    # A regex for the English (matched case-insensitively); None: the term is listed but not checked.
    pattern: str | None = None
    # Per language, regexes one of which a translation must contain (case-insensitive).
    stems: dict[str, str] = field(default_factory=dict)

    def found_in(self, english: str) -> bool:
        """Whether ``english`` names the term in its words (placeholders and `code` are not words)."""
        words = _NOT_WORDS.sub(" ", english)
        return self.pattern is not None and re.search(self.pattern, words, re.IGNORECASE) is not None

    def used_in(self, lang: str, translation: str) -> bool:
        return re.search(self.stems[lang], translation, re.IGNORECASE) is not None


def _t(english: str, words: Iterable[str], pattern: str | None = None, stems: Iterable[str] = ()) -> Term:
    stems = list(stems)
    return Term(english, dict(zip(LANGS, words, strict=True)), pattern, dict(zip(LANGS, stems, strict=bool(stems))))


TERMS: tuple[Term, ...] = (
    _t(
        "trick",
        ["levée", "štych", "dorë", "штих", "helah", "હાથ"],
        r"\btricks?\b",
        ["levée", r"štych", r"\bdor[ëae]|\bduar", "штих", "helah", "હાથ"],
    ),
    _t(
        "to lead / leader",
        [
            "entamer / le joueur qui entame",
            "vynášet / vynášející",
            "hap / ai që hap",
            "отвора / играчот што отвора",
            "membuka / pembuka",
            "શરૂઆત કરવી / શરૂ કરનાર",
        ],
        # the card play, not "lead to" (a result) nor being ahead ("in the lead")
        r"\b(lead|leads|leading|led|leader)\b(?!\s+to\b(?!\s+trick))",
        [
            r"entam|la main",
            r"vyn[áa]š|vynes|výnos|vynese",
            r"\bhap|\bhapi|\bhapu|\bhapë|\bhapin|\bhapet|\bhapës",
            "отвор",
            r"buka|pembuka",
            r"શરૂ",
        ],
    ),
    _t(
        "eldest",
        ["premier en main", "forhont", "lojtari i parë", "првиот играч", "pemain sulung", "પહેલો ખેલાડી"],
        r"\beldest\b",
        [
            "premier en main",
            "forhont",
            r"i par[ëei]|të parë|e parë",
            r"прв(иот|и)? играч",
            "sulung",
            r"પહેલ\S* ખેલાડી",
        ],
    ),
    _t(
        "dealer / to deal",
        [
            "donneur / donner",
            "rozdávající / rozdávat",
            "ndarësi / ndan",
            "делител / дели",
            "pengagih / mengagih",
            "વહેંચનાર / વહેંચવું",
        ],
        r"\bdealers?\b",
        ["donneu", "rozdávajíc", "ndarës", "делител", "pengagih", "વહેંચનાર"],
    ),
    _t("a deal (one of five)", ["donne", "rozdání", "ndarje", "делење", "agihan", "વહેંચણી"]),
    _t("partnership (team)", ["équipe", "dvojice", "çift", "пар", "pasukan", "ભાગીદારી"]),
    _t(
        "partner",
        ["partenaire", "spoluhráč", "partner", "партнер", "rakan sepasukan", "ભાગીદાર"],
        # the noun, not the verb of the draw ("Who partners whom?", "Monsieur partners Madame")
        r"\bpartners?\b(?!\s+(whom|you|madame|la vache)\b)(?!\s*\?)",
        ["partenaire", "spoluhráč", "partner", "партнер", "rakan sepasukan", "ભાગીદાર"],
    ),
    _t(
        "spoiled (trick), to spoil",
        [
            "levée pourrie, pourrir",
            "zkažený štych, zkazit",
            "dorë e prishur, prish",
            "расипан штих, расипува",
            "helah rosak, merosakkan",
            "બગડેલો હાથ, બગાડવો",
        ],
        r"\bspoil(s|ed|t|ing)?\b",
        [r"pourri", r"\b(ne)?z?ka[zž]", "prish", "расип", "rosak", "બગડ|બગાડ"],
    ),
    _t("tie", ["égalité", "rovnost", "barazim", "изедначување", "seri", "બરાબરી"]),
    _t(
        "tier",
        ["rang", "stupeň", "nivel", "ниво", "peringkat", "સ્તર"],
        r"\btiers?\b",
        ["rang", r"stup[eňn]", "nivel", "ниво", "peringkat", "સ્તર"],
    ),
    _t(
        "rank (A, K, C, J...)",
        ["valeur", "hodnota", "vlerë", "вредност", "pangkat", "આંક"],
        # the noun, not the verb ("kings rank just below the aces")
        r"\branks?\b(?!\s+(just|above|below|high|in|first)\b)",
        ["valeur", "hodnot", "vler", "вредност", "pangkat", "આંક"],
    ),
    _t(
        "suit",
        ["couleur", "barva", "ngjyrë", "боја", "sut", "રંગ"],
        r"\bsuits?\b",
        ["couleur", "barv|barev", "ngjyr", "бо[јие]", "sut", "રંગ"],
    ),
    _t(
        "named card",
        ["carte nommée", "pojmenovaná karta", "letër me emër", "именувана карта", "kad bernama", "નામવાળું પત્તું"],
        r"\bnamed cards?\b",
        ["nommée", "pojmenovan", "me emër", "именуван", "bernama", "નામવાળ"],
    ),
    _t(
        "chant, chanter",
        [
            "chant, chanteur",
            "zpěv, zpívající",
            "këngë, këngëtar",
            "пеење, пеач",
            "nyanyian, pemain nyanyian",
            "ગાન, ગાન કરનાર",
        ],
        r"\bchant(s|ed|ing|er|ers)?\b",
        [r"chant", r"zp[ěí]v", r"këng", r"пее|пеа", r"nyany", r"ગાન|ગાય"],
    ),
    _t(
        "to agree to the chant / to refuse",
        [
            "accepter le chant / refuser",
            "souhlasit se zpěvem / odmítnout",
            "pranoj këngën / refuzoj",
            "се согласува на пеењето / одбива",
            "setuju dengan nyanyian / menolak",
            "ગાન માટે સંમતિ આપવી / ઇનકાર કરવો",
        ],
    ),
    _t("talon (the twelve undealt cards)", ["talon", "talon", "talon", "талон", "talon", "ટાલોં"]),
    _t(
        "signal, to signal",
        [
            "signe, signaler",
            "znamení, signalizovat",
            "sinjal, sinjalizon",
            "сигнал, сигнализира",
            "isyarat, mengisyaratkan",
            "સંકેત, સંકેત આપવો",
        ],
        r"\bsignal(s|led|ling)?\b",
        ["sign", r"znamen|signaliz", "sinjal", "сигнал", "isyarat", "સંકેત"],
    ),
    _t(
        "gesture",
        ["geste", "gesto", "gjest", "гест", "gerak isyarat", "ઇશારો"],
        r"\bgestures?\b",
        ["geste", "gest", "gjest", "гест", "gerak", "ઇશાર"],
    ),
    _t(
        "to discard, the discards",
        [
            "écarter, les écarts",
            "odhodit, odhozené karty",
            "hedh, letrat e hedhura",
            "фрла, фрлените карти",
            "membuang, kad buangan",
            "નાખી દેવું, નાખી દીધેલાં પત્તાં",
        ],
        r"\bdiscard(s|ed|ing)?\b",
        ["écart", r"odh[oa]z|odhod|odhoď", "hedh|hidh|hodh", "фрл", "buang", "નાખ"],
    ),
    _t("hand (the cards held)", ["main (jeu)", "ruka (karty)", "letrat, dorë letrash", "рака", "tangan", "પત્તાં"]),
    _t(
        "point; to score",
        [
            "point ; marquer",
            "bod; získat bod",
            "pikë; shënon",
            "поен; добива",
            "mata; mendapat mata",
            "પોઈન્ટ; પોઈન્ટ મળે",
        ],
    ),
    _t("score (a game's running total)", ["score", "skóre", "rezultat", "резултат", "skor", "સ્કોર"]),
    _t("game (five deals)", ["partie", "hra", "lojë", "игра", "permainan", "રમત"]),
    _t(
        "lesson",
        ["leçon", "lekce", "mësim", "лекција", "pelajaran", "પાઠ"],
        r"\blessons?\b",
        ["leçon", "lekc", "mësim", "лекци", "pelajaran", "પાઠ"],
    ),
    _t(
        "section (of a lesson, of the rules)",
        ["section", "oddíl", "seksion", "дел", "bahagian", "વિભાગ"],
        r"\bsections?\b",
        ["section", "oddíl", "seksion", r"\bдел", "bahagian", "વિભાગ"],
    ),
    _t(
        "scenario",
        ["scénario", "úloha", "skenar", "сценарио", "senario", "પરિસ્થિતિ"],
        r"\bscenarios?\b",
        ["scénario", r"úloh|úloz", "skenar", "сценари", "senario", "પરિસ્થિતિ"],
    ),
    _t(
        "Practice (page)",
        ["Entraînement", "Procvičování", "Ushtrime", "Вежбање", "Latihan", "અભ્યાસ"],
        r"\bpractice\b",
        ["entraîn", "procvič", "ushtr", "вежб", "latih", "અભ્યાસ"],
    ),
    _t("Review (page)", ["Révision", "Opakování", "Përsëritje", "Повторување", "Ulang kaji", "પુનરાવર્તન"]),
    _t("Progress (page)", ["Progression", "Pokrok", "Përparimi", "Напредок", "Kemajuan", "પ્રગતિ"]),
    _t(
        "Ranking trainer (page)",
        [
            "Ordre des cartes",
            "Trénink pořadí karet",
            "Stërvitje e renditjes",
            "Вежба за рангирање",
            "Latihan kedudukan kad",
            "ક્રમની તાલીમ",
        ],
    ),
    _t(
        "hint",
        ["indice", "nápověda", "ndihmë", "помош", "petunjuk", "સૂચન"],
        r"\bhints?\b",
        ["indice", "nápověd", "ndihm", "помош", "petunjuk", "સૂચન"],
    ),
    _t("explanation", ["explication", "vysvětlení", "shpjegim", "објаснување", "penerangan", "સમજૂતી"]),
    _t("answer", ["réponse", "odpověď", "përgjigje", "одговор", "jawapan", "જવાબ"]),
    _t(
        "right / wrong (an answer)",
        ["juste / faux", "správně / nesprávně", "saktë / gabim", "точно / погрешно", "betul / salah", "સાચું / ખોટું"],
    ),
    _t("learner", ["élève", "student", "nxënës", "ученик", "pelajar", "શીખનાર"]),
    _t(
        "guest",
        ["invité", "host", "mysafir", "гостин", "tetamu", "મહેમાન"],
        r"\bguests?\b",
        ["invité", r"\bhost", "mysafir", "гост", "tetamu", "મહેમાન"],
    ),
)

# (language or "*", English term, the entry's English as it begins) -> why that entry rightly lacks the word.
EXCEPTIONS: dict[tuple[str, str, str], str] = {
    ("*", "rank (A, K, C, J...)", "You had no real choice this deal"): "cards that leave no choice are equal ones, "
    "so every language says they share a tier",
    ("*", "rank (A, K, C, J...)", "Sort the named cards by rank"): "each named card is alone in its tier: their "
    "order is the tiers' order",
    ("sq", "rank (A, K, C, J...)", "Writing a card as RANK-SUIT"): "the notation's name is kept as written",
    ("mk", "rank (A, K, C, J...)", "Writing a card as RANK-SUIT"): "the notation's name is kept as written",
    ("sq", "suit", "Writing a card as RANK-SUIT"): "the notation's name is kept as written",
    ("mk", "suit", "Writing a card as RANK-SUIT"): "the notation's name is kept as written",
    ("sq", "suit", "In RANK-SUIT, the part before"): "the notation's name is kept as written",
    ("mk", "suit", "In RANK-SUIT, the part before"): "the notation's name is kept as written",
    ("*", "lesson", "{entry} must be an object with lesson, section and at"): "the export file's keys, kept as written",
    ("*", "section (of a lesson, of the rules)", "{entry} must be an object with lesson, section and at"): "the "
    "export file's keys, kept as written",
    ("*", "to discard, the discards", "Discard it"): "the button throws away a saved game, not cards",
    **{
        ("*", "to lead / leader", start): "a lead in the score (being ahead), not the lead to a trick"
        for start in (
            "You will be able to tell when a lead is safe",
            "Keep a running total after each deal",
            "Only the total after all five deals counts",
            "What matters is reaching the final count",
            "Both late deals are mordiennes",
            "East lost the first trick and then won the other eight",
        )
    },
    (
        "fr",
        "spoiled (trick), to spoil",
        "Don't spoil your partner's run",
    ): "a run is spoiled by breaking it: « briser la série », as every run in French",
}


# Words a reviewer found in the catalogs for a thing the term list names otherwise, or misspelled:
# (language, regex, the word to use, why). tests/i18n/test_register.py holds every catalog to it.
AVOIDED: tuple[tuple[str, str, str, str], ...] = (
    ("ms", r"\bdibagi(kan)?\b", "diagih / diagihkan", "colloquial, Indonesian; to deal is mengagih"),
    ("ms", r"\bbuang enam\b(?! kad)", "membuang enam kad", "a bare colloquial verb in a label"),
    ("ms", r"\bmain-lanjut\b", "simulasi", "the playouts are simulations"),
    ("ms", r"\bpusingan\s+kelima\b", "agihan kelima", "a deal is an agihan; a pusingan is a round of the dealing"),
    ("ms", r"\b(dipimpin oleh|memimpin)\b", "dibuka oleh / membuka", "to lead a trick is membuka"),
    ("cs", r"\bpo (2|3|dvou|třech) štychách\b", "každý 2 štychy", "“po 2 štychách” reads “after 2 tricks”"),
    ("mk", r"(?<![а-шѓѕјљњќџ])монети(?![а-шѓѕјљњќџ])", "злато", "one word for coins: злато, as the lessons say"),
    ("gu", "મૉન્સિયો", "મસ્યૂ", "Monsieur is spelled મસ્યૂ everywhere else"),
    ("sq", r"\btalloni\b", "taloni", "a misspelling of the talon"),
    ("sq", r"\b[Tt]ërheqj\w* e çifteve\b", "Shorti i çifteve", "the partnership draw is a “short”, a drawing of lots"),
)


def _excused(lang: str, term: Term, english: str) -> bool:
    return any(
        x_lang in (lang, "*") and term.english == x_term and english.startswith(start)
        for x_lang, x_term, start in EXCEPTIONS
    )


def misses(lang: str, entries: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """The (term, English, translation) of every entry that names a checked term in English but lacks its word.

    ``entries`` are (English, translation) pairs of one language's catalogs; plural forms joined by spaces.
    """
    found = []
    for english, translation in entries:
        for term in TERMS:
            if term.found_in(english) and not term.used_in(lang, translation) and not _excused(lang, term, english):
                found.append((term.english, english, translation))
    return found


def table() -> str:
    """The term list as one Markdown table, English term then each language (the translators' guide shows it)."""
    rows = ["| English | " + " | ".join(LANGS) + " |", "|---" * (len(LANGS) + 1) + "|"]
    rows += [f"| {t.english} | " + " | ".join(t.words[lang] for lang in LANGS) + " |" for t in TERMS]
    return "\n".join(rows)
