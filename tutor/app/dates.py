"""Days and times in the learner's language, from Babel's locale data (CLDR): weekday and month names, the
order of day and month, the clock.

English keeps the tutor's own forms (``Monday``, ``3 March``, ``05 Mar``, ``09:30``); every other language
takes its locale's. The pseudo-language ``qps`` shows the English forms accented and wrapped, like any
translated word, so that a date left in plain English on a page stands out.

>>> day_month(date(2025, 3, 3), "cs"), weekday(date(2025, 3, 3), "fr")
('3. března', 'lundi')
>>> short_day(date(2025, 3, 5), "en"), clock(datetime(2025, 3, 5, 9, 30), "en")
('05 Mar', '09:30')
"""

from __future__ import annotations

from datetime import date, datetime

from babel.dates import format_date, format_skeleton, format_time

from tutor.i18n import PSEUDO_LANGUAGE, SOURCE_LANGUAGE
from tutor.i18n.pseudo import pseudo

# Per form: the English pattern, and the CLDR skeleton that each other language orders its own way.
_FORMS = {
    "weekday": ("EEEE", None),  # a weekday's full name is the same field in every language
    "day_month": ("d MMMM", "MMMMd"),
    "long_day_month": ("dd MMMM", "MMMMd"),
    "short": ("dd MMM", "MMMd"),
    "full": ("d MMMM y", "yMMMMd"),
}


def _format(day: date, form: str, lang: str) -> str:
    english, skeleton = _FORMS[form]
    if lang in (SOURCE_LANGUAGE, PSEUDO_LANGUAGE) or skeleton is None:
        text = format_date(day, english, locale=SOURCE_LANGUAGE if lang == PSEUDO_LANGUAGE else lang)
    else:
        text = format_skeleton(skeleton, day, locale=lang)
    return pseudo(text, template=False) if lang == PSEUDO_LANGUAGE else text


def weekday(day: date, lang: str) -> str:
    """``Monday``, ``lundi``, ``pondělí``."""
    return _format(day, "weekday", lang)


def day_month(day: date, lang: str) -> str:
    """``3 March``, ``3 mars``, ``3. března``."""
    return _format(day, "day_month", lang)


def long_day_month(day: date, lang: str) -> str:
    """The chart's tooltip day: ``05 March`` in English, else as :func:`day_month`."""
    return _format(day, "long_day_month", lang)


def full_day(day: date, lang: str) -> str:
    """A printed sheet's date: ``2 December 2026``, ``2 décembre 2026``, ``2. prosince 2026``."""
    return _format(day, "full", lang)


def short_day(day: date, lang: str) -> str:
    """The chart's axis: ``05 Mar``, ``5 mars``, ``5. 3.``."""
    return _format(day, "short", lang)


def clock(moment: datetime, lang: str) -> str:
    """``09:30`` in English; the locale's short time elsewhere (``09:30``, ``9:30``, ``9:30 AM``)."""
    if lang in (SOURCE_LANGUAGE, PSEUDO_LANGUAGE):
        return moment.strftime("%H:%M")  # digits only: nothing to accent
    return format_time(moment, "short", locale=lang)
