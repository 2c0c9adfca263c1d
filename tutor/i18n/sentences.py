"""Turning explanation steps into sentences in a language.

>>> from tutor.engine import Seat, card
>>> from tutor.engine.messages import step
>>> render(step("trick.led", leader=Seat.N, card=card("A-swords")))
'North led A-swords (an ace, tier 9).'

A step's message gives the template (:func:`tutor.i18n.translate`: the language's, or the English
source), and each parameter is formatted by its type and the placeholder's format spec, with words that
are themselves catalog messages (``fmt.*`` in :mod:`tutor.engine.messages`, which lists the specs).
Team codes are the notation and are never translated; a seat is named by its title (``fmt.seat.N`` ...), a
card by its code in English and in words in every other language (``fmt.card.A`` with ``fmt.suit.swords``:
"l'as d'épées"), and either may take a grammatical form (:data:`tutor.engine.messages.FORMS`):
``{partner:gen}`` is Albanian "Veriut", ``{seat:erg}`` Gujarati "દક્ષિણે", ``{card:described.acc}`` Czech
"krále mečů".
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from functools import cache

from tutor.engine.cards import Card
from tutor.engine.ranking import TIERS
from tutor.engine.seats import Seat, Team
from tutor.engine.signals import Signal
from tutor.engine.steps import Param, Step, Tier
from tutor.i18n import PSEUDO_LANGUAGE, SOURCE_LANGUAGE, check_language, translate
from tutor.i18n.catalog import MESSAGES
from tutor.i18n.runtime import split_form

JOINERS = ("and", "or", "comma", "semicolon", "slash")
_FORMATTER = string.Formatter()


class RenderError(ValueError):
    """A step or template the renderer cannot turn into a sentence (an unknown id, a bad format spec)."""


def render(step: Step, lang: str = SOURCE_LANGUAGE) -> str:
    """The step as a sentence (or a clause, for a nested step) in ``lang``."""
    check_language(lang)
    values = dict(step.params)
    return _message(lang, step.msg, values)


def render_all(steps: Iterable[Step], lang: str = SOURCE_LANGUAGE) -> list[str]:
    """Each step rendered, in order."""
    return [render(s, lang) for s in steps]


def _message(lang: str, msg_id: str, values: Mapping[str, Param]) -> str:
    message = MESSAGES.get(msg_id)
    if message is None:
        raise RenderError(f"{msg_id!r} is not a message of the catalog")
    if message.count is None:
        template = translate(lang, message.id, message.one)
    else:
        count = values.get(message.count)
        if not isinstance(count, int):
            raise RenderError(f"message {msg_id}: the count {message.count!r} is not a whole number")
        template = translate(lang, message.id, message.one, message.other, count)
    # A whole sentence (its English ends like one), not a clause nested in another.
    return fill(template, values, lang, msg_id, sentence=message.one.rstrip()[-1:] in ".:!?")


def fill(template: str, values: Mapping[str, Param], lang: str, msg_id: str = "", *, sentence: bool = False) -> str:
    """``template`` with each ``{name:spec}`` replaced by the formatted value.

    A card in words that opens a sentence (the template's first word, when ``sentence``, or a word after a full
    stop) starts with a capital: "Le roi de coupes bat ...". A name or anything else stays as it is.
    """
    out: list[str] = []
    for literal, name, spec in _parsed(template):
        out.append(literal)
        if name is None:
            continue
        if name not in values:
            raise RenderError(f"message {msg_id}: the template names {name!r}, which the step does not have")
        value = values[name]
        text = format_value(value, spec, lang)
        opens = literal.endswith((". ", "! ", "? ")) or (sentence and len(out) == 1 and not literal)
        if opens and _is_cards(value) and text[:1].islower():
            text = text[:1].upper() + text[1:]
        out.append(text)
    return "".join(out)


@cache
def _parsed(template: str) -> tuple[tuple[str, str | None, str], ...]:
    # Templates are the catalogs' strings, a bounded set: each is parsed once per process.
    try:
        return tuple((literal, name, spec or "") for literal, name, spec, _ in _FORMATTER.parse(template))
    except ValueError as error:
        raise RenderError(f"{template!r} is not a valid template: {error}") from None


def _is_cards(value: Param) -> bool:
    return isinstance(value, Card) or (isinstance(value, tuple) and bool(value) and isinstance(value[0], Card))


def word(lang: str, msg_id: str, **values: Param) -> str:
    """A formatting word or phrase (a ``fmt.*`` message) in ``lang``."""
    return _message(lang, msg_id, values)


def format_value(value: Param, spec: str, lang: str) -> str:
    """One parameter as text, by its type and format spec (see :mod:`tutor.engine.messages`)."""
    if isinstance(value, Step):
        return render(value, lang)
    if isinstance(value, tuple):
        return _join(value, spec, lang)
    if isinstance(value, Seat):
        return _seat(value, spec, lang)
    if isinstance(value, Team):
        return _only(spec, ("",), value.value)
    if isinstance(value, Card):
        return _card(value, spec, lang)
    if isinstance(value, Tier):
        return _tier(value, spec, lang)
    if isinstance(value, Signal):
        return _signal(value, spec, lang)
    if isinstance(value, bool) or value is None:
        raise RenderError(f"{value!r} has no words of its own: give the step a message per case instead")
    if isinstance(value, int | float):
        return _number(value, spec, lang)
    return _name(value, spec, lang)


def _only(spec: str, allowed: tuple[str, ...], text: str) -> str:
    if spec not in allowed:
        raise RenderError(f"format spec {spec!r} does not apply to {text!r}")
    return text


def _seat(seat: Seat, spec: str, lang: str) -> str:
    base, form = split_form(spec)
    if base == "code" and form is None:
        return seat.value
    _only(base, ("", "title"), seat.value)
    return word(lang, f"fmt.seat.{seat.value}" if form is None else f"fmt.seat.{seat.value}.{form}")


def _name(name: str, spec: str, lang: str) -> str:
    # Text given by a person (a player's name) is shown as it is; a form is the language's pattern around it.
    base, form = split_form(spec)
    _only(base, ("",), name)
    if form is None:
        return name
    return _elide(lang, word(lang, f"fmt.name.{form}", name=name))


# French writes "d'Anne", "qu'Yvon": the catalog cannot know a typed name, so its pattern is elided here.
_FRENCH_ELISION = re.compile(r"\b(d|qu)e ([aeiouyàâéèêëîïôûh])", re.IGNORECASE)


def _elide(lang: str, text: str) -> str:
    return _FRENCH_ELISION.sub(r"\1'\2", text) if lang == "fr" else text


def card_words(c: Card, lang: str, form: str | None = None) -> str:
    """The card as the learner's language names it (``l'as d'épées``), in ``form``; English keeps the code."""
    if lang in (SOURCE_LANGUAGE, PSEUDO_LANGUAGE):
        return c.code
    return spelled(c, lang, form)


def spelled(c: Card, lang: str, form: str | None = None) -> str:
    """The card in words in every language, English too (``three of coins``): a screen reader's name for it,
    beside the code, where :func:`card_words` would only repeat the code."""
    pattern = f"fmt.card.{c.rank}" if form is None else f"fmt.card.{c.rank}.{form}"
    return word(lang, pattern, suit=word(lang, f"fmt.suit.{c.suit.value}"))


def _card(c: Card, spec: str, lang: str) -> str:
    # A named card's name as the language writes it: its tier's name (Gujarati transliterates the French).
    base, form = split_form(spec)
    if base == "code" and form is None:
        return c.code
    if base == "label":
        text = card_words(c, lang, form)
        return word(lang, "fmt.card.label", card=text, name=word(lang, f"fmt.tier.name.{TIERS[c]}")) if c.name else text
    if base == "described":
        number = TIERS[c]
        what = word(lang, f"fmt.tier.name.{number}") if c.name else word(lang, f"fmt.tier.one.{number}")
        return word(lang, "fmt.card.described", card=card_words(c, lang, form), what=what, tier=number)
    _only(base, ("",), c.code)
    return card_words(c, lang, form)


def _tier(t: Tier, spec: str, lang: str) -> str:
    if spec == "name":
        return word(lang, f"fmt.tier.name.{t.number}")
    if spec == "one":
        return word(lang, f"fmt.tier.one.{t.number}")
    return _only(spec, ("",), str(t.number))


def _signal(s: Signal, spec: str, lang: str) -> str:
    # The id is the notation (outcomes, files, stored answers): a learner reads the signal's name.
    if spec in ("meaning", "gesture"):
        return word(lang, f"fmt.signal.{spec}.{s.id}")
    _only(spec, ("",), s.id)
    return word(lang, f"fmt.signal.name.{s.id}")


def _number(value: int | float, spec: str, lang: str) -> str:
    # The one place numbers become text: a locale-aware formatter (Babel) can replace these branches.
    if spec == "times" and isinstance(value, int):
        if value == 1:
            return word(lang, "fmt.times.once")
        if value == 2:
            return word(lang, "fmt.times.twice")
        return word(lang, "fmt.times.many", n=value)
    if spec == "Word" and isinstance(value, int) and 2 <= value <= 4:
        return word(lang, f"fmt.number.{value}")
    if spec == "pct":
        shown = f"{100 * value:.0f}" if value in (0, 1) else f"{100 * value:.1f}"
        return word(lang, "fmt.percent", value=shown)
    if spec == "pp":
        return f"{100 * value:.1f}"
    try:
        return format(value, spec)
    except ValueError:
        raise RenderError(f"format spec {spec!r} does not apply to the number {value!r}") from None


def _join(items: tuple[Param, ...], spec: str, lang: str) -> str:
    head, _, rest = spec.partition("|")
    joiner, item_spec = (head, rest) if head in JOINERS else ("and", spec)
    words = [format_value(item, item_spec, lang) for item in items]
    if joiner not in ("and", "or"):
        return word(lang, f"fmt.list.{joiner}").join(words)
    if len(words) <= 1:
        return "".join(words)
    return word(lang, f"fmt.list.{joiner}", head=word(lang, "fmt.list.comma").join(words[:-1]), last=words[-1])
