"""The languages the tutor speaks (tutor/i18n/__init__.py): each offered under its own name, the one a
learner sees picked from the link, the learner's choice or the browser, and :func:`translate` falling back to
the English source.
"""

from __future__ import annotations

import pytest

from tutor.i18n import LANGUAGES, UnknownLanguage, translate

# --- the translation seam ---------------------------------------------------------------------------


# A real catalog plugged into the seam: tests/i18n/test_runtime.py.


def test_translate_falls_back_to_the_english_source() -> None:
    assert translate("en", "draw.end", "All four top cards are out, so the draw ends.") == (
        "All four top cards are out, so the draw ends."
    )
    assert translate("en", "score.points", "one", "other", 1) == "one"
    assert translate("en", "score.points", "one", "other", 0) == "other"
    with pytest.raises(TypeError, match="needs its count"):
        translate("en", "score.points", "one", "other")
    with pytest.raises(UnknownLanguage):
        translate("de", "draw.end", "x")


def test_every_language_is_offered_with_its_own_name() -> None:
    from tutor.i18n import LANGUAGE_NAMES, native_name

    assert LANGUAGES == ("en", "fr", "cs", "sq", "mk", "ms", "gu")
    assert [native_name(lang) for lang in LANGUAGES] == [
        "English",
        "Français",
        "Čeština",
        "Shqip",
        "Македонски",
        "Bahasa Melayu",
        "ગુજરાતી",
    ]
    assert native_name("de") == "Deutsch"  # an eighth language is named by Babel until it is listed
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


def test_the_language_comes_from_the_link_then_the_learner_then_the_browser() -> None:
    from tutor.i18n import pick_language

    assert pick_language("cs", "fr", "gu-IN") == "cs"
    assert pick_language(" CS ", None, None) == "cs"
    assert pick_language("klingon", "fr", "gu-IN") == "fr", "an unknown ?lang= is passed over"
    assert pick_language(None, None, "gu-IN") == "gu"
    assert pick_language(None, None, "mk_MK") == "mk"
    assert pick_language(None, "de", "de-DE") == "en"
    assert pick_language() == "en"
    assert pick_language(None, None, "qps") == "en", "the pseudo-language is never picked for a learner"
