"""A seat, a card or a name takes the form its sentence needs: every explanation template and every app string
with a seat, rendered with every seat (and with names that begin with a vowel) in every language, reads as a
careful native writer would write it (French "d'Est", never "de Est"; Albanian "Letrat e Veriut"; Gujarati
"દક્ષિણે"), and the forms themselves are what each language's grammar gives, checked word by word."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po
from explanation_corpus import corpus

import tutor.play.messages  # registers the play layer's messages
from tutor.engine import Seat, card, cards
from tutor.engine.messages import step
from tutor.engine.signals import signal
from tutor.engine.steps import Param, Step, Tier
from tutor.i18n import TRANSLATED, ui
from tutor.i18n.catalog import MESSAGES
from tutor.i18n.runtime import LOCALES, fields, pot_path
from tutor.i18n.sentences import render
from tutor.play.messages import step as play_step

SEATS = tuple(Seat)
# Names a person may type or the computer players carry: two begin with a vowel, as "Est" and "Ouest" do.
NAMES = ("Anne", "Yvon", "Hélène", "Bastien")

# What each placeholder of the explanation messages holds, by name: these are the types the engine and the
# play layer pass (a seat where the sentence names a player at a seat, a name where it names a person).
SEAT_PARAMS = {
    "leader", "seat", "winner", "mover", "eldest", "dealer", "cutter", "holder", "other", "partner", "said",
    "first", "second",
}  # fmt: skip
NAME_PARAMS = {"name", "learner", "east", "west", "north", "south", "monsieur", "madame", "borgne", "vache", "who"}
# Messages whose "first"/"second"/"partner" are not seats.
NUMBER_FIRST = {"dealing.range", "dealing.talon", "score.run.last", "score.run.from", "mordienne.broken.spoiled",
                "mordienne.broken.other"}  # fmt: skip
NAMED_PARTNER = {"play.seating", "guide.draw"}
# Messages that take a nested step (a clause) or text already worded, as the engine builds them.
CLAUSE = step("score.tally.none_spoiled")


def _sample(msg_id: str, name: str, spec: str, seat: Seat, person: str) -> Param:
    base = spec.split("|")[-1] if "|" in spec else spec
    joiner = spec.split("|")[0] if "|" in spec else spec
    if joiner in ("comma", "or", "and", "semicolon", "slash") or name in ("cards", "kept", "discarded", "picked"):
        if name in ("plays", "counts", "tally", "groups", "listing", "reached", "order", "dealers", "positions"):
            return (CLAUSE,) if name not in ("order", "dealers") else (seat, seat.next)
        return cards("A-swords K-cups") if base != "label" else cards("9-coins A-swords")
    if spec in ("described", "label"):
        return card("9-coins") if spec == "label" else card("A-swords")
    if name in SEAT_PARAMS and not (name in ("first", "second") and msg_id in NUMBER_FIRST):
        return person if (name == "partner" and msg_id in NAMED_PARTNER) else seat
    if name in NAME_PARAMS or name in ("names", "refusers", "tied", "chanters", "sharers", "others", "best"):
        return person
    if name in ("card", "played", "top"):
        return card("A-swords")
    if spec in ("name", "one") or name == "tier":
        return Tier(9)
    if spec in ("meaning", "gesture") or name == "signal":
        return signal("monsieur")
    if spec in ("pct", "pp") or name in ("chance", "share", "error", "gap", "best_chance", "net"):
        return 0.5
    if name in ("summary", "why", "what", "result", "reason", "run", "base", "story", "parts", "holds", "spoiled",
                "left", "done", "skipped", "team", "ns", "ew", "head", "last"):  # fmt: skip
        return CLAUSE if name not in ("team", "ns", "ew", "last", "head") else "NS"
    return 2


def explanation_steps(seat: Seat, person: str) -> Iterator[Step]:
    """One step of every explanation message, its seats all ``seat`` and its names all ``person``."""
    for message in MESSAGES.values():
        if message.id.startswith("fmt."):
            continue
        specs: dict[str, str] = {}
        for template in (message.one, message.other or ""):
            for name, spec in fields(template):
                specs.setdefault(name, spec)
        if message.count is not None:
            specs.setdefault(message.count, "")
        params = {name: _sample(message.id, name, spec, seat, person) for name, spec in specs.items()}
        if message.count is not None:
            params[message.count] = 2
        yield (play_step if message.id in tutor.play.messages.MESSAGES else step)(message.id, **params)


def ui_templates() -> list[tuple[str | None, str, str | None]]:
    """(context, English, plural) of every app string that names a seat."""
    with pot_path(LOCALES, "ui").open("rb") as file:
        found = []
        for message in read_po(file):
            english = message.id if isinstance(message.id, str) else message.id[0]
            plural = None if isinstance(message.id, str) else message.id[1]
            if message.id and any(name in {"seat", "said", "winner", "mover", "leader", "eldest", "dealer"}
                                  for name, _ in fields(english)):  # fmt: skip
                found.append((message.context, english, plural))
        return found


def ui_rendered(lang: str, seat: Seat, person: str) -> Iterator[str]:
    for context, english, plural in ui_templates():
        params: dict[str, Param] = {}
        for name, spec in fields(english):
            if spec == "code" or name in {"seat", "said", "winner", "mover", "leader", "eldest", "dealer"}:
                params[name] = seat
            elif "label" in spec or name in ("card", "said_card"):
                params[name] = cards("9-coins A-swords") if "|" in spec else card("9-coins")
            elif spec == "meaning":
                params[name] = signal("monsieur")
            elif spec in (",", ".0f") or name in ("n", "count", "number", "tier", "trick"):
                params[name] = 2
            elif spec == "and":
                params[name] = (person, person)
            else:
                params[name] = person
        params.pop("n", None) if plural is not None else None
        if plural is not None:
            yield (
                ui.npgettext(lang, context, english, plural, 2, **params)
                if context
                else ui.ngettext(lang, english, plural, 2, **params)
            )
        else:
            yield ui.pgettext(lang, context, english, **params) if context else ui.gettext(lang, english, **params)


def everything(lang: str) -> Iterator[str]:
    for seat in SEATS:
        for person in NAMES:
            for s in explanation_steps(seat, person):
                yield render(s, lang)
            yield from ui_rendered(lang, seat, person)


# What a careful writer of each language never writes: a seat or a name in the wrong form for its place.
FORBIDDEN: dict[str, list[str]] = {
    "fr": [
        r"\b(de|que) [AEIOUYÉÈH]",  # "de Est", "que Ouest", "de Anne": "d'Est", "qu'Ouest", "d'Anne"
        r"\b[Ll]e (Est|Ouest)\b",  # a seat is a name, without article
        r"\b(de|à) (le|les) ",  # "du", "au", "des", "aux"
        r"\b(le|la|les|l') (le|la|l') ",  # an article before a card that has its own
    ],
    "sq": [
        r"\b(e|i|të|së) (Veriu|Lindja|Jugu|Perëndimi)\b",  # the genitive after its article: "e Veriut"
        r"\b(për|me|mbi|në) (Veriu|Lindja|Jugu|Perëndimi)\b",  # the accusative after these: "për Veriun"
        r"\b(pas|para|prej|afër|pranë) (Veriu|Lindja|Jugu|Perëndimi)\b",  # the ablative: "pas Veriut"
    ],
    "gu": [r"(ઉત્તર|પૂર્વ|દક્ષિણ|પશ્ચિમ)એ", r"ો(ને|થી|એ)", r"ો \([^)]*\)(ને|થી|એ)"],  # "દક્ષિણે"; "એક્કાને"
}


@pytest.mark.parametrize("lang", sorted(FORBIDDEN))
def test_every_template_with_every_seat_reads_right(lang: str) -> None:
    wrong = sorted(
        {(pattern, text) for text in everything(lang) for pattern in FORBIDDEN[lang] if re.search(pattern, text)}
    )
    assert [f"{pattern}: {text}" for pattern, text in wrong][:20] == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_template_leaves_a_brace_or_an_english_seat(lang: str) -> None:
    english_seats = re.compile(r"\b(North|East|South|West)\b")
    leftovers = [text for text in everything(lang) if "{" in text or english_seats.search(text)]
    assert leftovers[:5] == []


CARD_CODE = re.compile(r"\b[AJCK2-9]-(?:coins|cups|swords|clubs)\b")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_step_a_learner_can_be_shown_names_its_cards_in_words_and_reads_right(lang: str) -> None:
    # the corpus: every scenario of the course solved, whole games against the computer, hints, drills
    texts = [render(s, lang) for s in corpus()]
    assert [t for t in texts if CARD_CODE.search(t)][:5] == []
    assert [(p, t) for t in texts for p in FORBIDDEN.get(lang, []) if re.search(p, t)][:5] == []


# --- the forms, word by word (worked out from each language's grammar) ------------------------------------


def test_french_elides_seats_cards_and_typed_names() -> None:
    complete = play_step("hint.complete", partner=Seat.E, holds=(play_step("hint.holds.no_ace"),))
    assert render(complete, "fr").startswith("Les signes d'Est sont complets")
    assert render(step("trick.sharer", seat=Seat.W, card=card("A-swords")), "fr") == "l'as d'épées d'Ouest"
    assert render(play_step("guide.draw", partner="Anne", dealer=Seat.E), "fr").startswith(
        "Le tirage a fait d'Anne votre partenaire"
    )
    hold = play_step("coach.why.hold", played=card("A-swords"), card=card("K-cups"), holder=Seat.W, best=card("4-cups"))
    assert render(hold, "fr").startswith("L'as d'épées prend cette levée au roi de coupes d'Ouest\u00a0;")
    assert ui.gettext("fr", "{seat}'s hand", seat=Seat.E) == "Main d'Est"


def test_albanian_puts_a_seat_in_the_genitive_after_its_article() -> None:
    assert ui.gettext("sq", "{seat}'s hand", seat=Seat.E) == "Letrat e Lindjes"
    assert ui.gettext("sq", "{seat} to play: which card is best?", seat=Seat.N) == (
        "Radha e Veriut: cila letër është më e mira?"
    )


def test_gujarati_puts_a_seat_in_the_ergative_and_a_card_in_the_oblique() -> None:
    assert ui.gettext("gu", "Which card should {seat} play?", seat=Seat.S) == "દક્ષિણે કયું પત્તું રમવું જોઈએ?"
    led = step("trick.led", leader=Seat.N, card=card("A-swords"))
    assert render(led, "gu") == "ઉત્તર તલવારના એક્કા (એક્કો, સ્તર 9)થી હાથની શરૂઆત કરે છે."


def test_czech_puts_a_card_in_the_accusative_after_a_verb() -> None:
    assert render(step("trick.led", leader=Seat.N, card=card("K-swords")), "cs") == (
        "Sever vynáší krále mečů (král, stupeň 10)."
    )
    assert render(step("trick.played", seat=Seat.E, card=card("2-swords")), "cs") == (
        "Východ hraje dvojku mečů (Deux d'écrit, stupeň 8)."
    )


def test_a_sentence_that_opens_with_a_card_in_words_starts_with_a_capital() -> None:
    spoil = play_step("coach.why.spoil", played=card("K-cups"), card=card("K-swords"), best=card("A-cups"))
    assert render(spoil, "fr") == (
        "Le roi de coupes ne fait qu'égaler le roi d'épées et pourrit la levée\u00a0; l'as de coupes le bat."
    )
    sharer = step("trick.sharer", seat=Seat.N, card=card("K-cups"))
    assert render(sharer, "fr") == "le roi de coupes de Nord"  # a clause inside a sentence keeps its small letter


def test_a_card_in_words_after_a_full_stop_inside_a_template_starts_with_a_capital() -> None:
    plays = (
        step("trick.play", seat=Seat.N, card=card("K-cups")),
        step("trick.play", seat=Seat.E, card=card("A-swords")),
    )
    summary = step("trick.summary.won", plays=plays, card=card("A-swords"), winner=Seat.E)
    assert render(summary, "fr") == (
        "Nord le roi de coupes, Est l'as d'épées. L'as d'épées (un as, rang 9) est la meilleure\u00a0: Est remporte la "
        "levée et entame la suivante."
    )
