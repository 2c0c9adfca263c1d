"""The language the learner reads the course in: which one, the sidebar's menu, and remembering it.

Settled at the top of every run (:func:`settle`, from :mod:`tutor.app.sidebar`) and kept in the session
(``state.LANGUAGE``). On a session's first run it is, by :func:`tutor.i18n.pick_language`: a link's
``?lang=xx``, else the chosen learner's saved choice, else the browser's language (``st.context.locale``),
else English. Afterwards:

* the menu in the sidebar changes it, writes it in the address (``?lang=``, so a copied link carries it) and
  saves it for a chosen learner (a guest's lives in the session and the address);
* a link followed or an address edited with another valid ``?lang=`` changes it; an unknown code is passed
  over (the page stays in its language) and taken out of the address;
* a page that drops the address's parameters (``st.switch_page``, a deep link applied once) does not lose it:
  the next run writes it back;
* choosing a learner: a guest who names themselves is the same person, so a language they chose in the menu
  becomes theirs (saved), one from a link stays, and otherwise their saved choice applies; someone else
  (another learner, or back to a guest) starts as a new session would, from their saved choice or the
  browser.

Changing the language changes nothing else: pages keep their place in session state under widget keys,
which do not depend on the words shown. The app's own labels (the ``ui`` domain), the course's texts and
the engine's explanations all follow it. The pseudo-language ``qps`` (every translated text wrapped in
⟦…⟧) is accepted from a link for testing, never offered in the menu nor saved.
"""

from __future__ import annotations

import json

import streamlit as st

from tutor.app import learners, state
from tutor.app.session import Key
from tutor.content.localize import localize_generated
from tutor.content.scenario import Scenario
from tutor.i18n import LANGUAGE_NAMES, LANGUAGES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, native_name, pick_language, ui
from tutor.progress.db import ProgressUnavailable
from tutor.progress.settings import LANGUAGE, set_setting, setting, setting_write
from tutor.progress.store import LearnerError

PARAM = "lang"  # the address's parameter
# Session state, under "learner." so that a change of learner keeps them (tutor.app.learners)
SOURCE = Key[str]("learner.lang.source")  # how the language was chosen: one of the four below
OWNER = Key[str | None]("learner.lang.owner")  # the learner it was settled for (None: a guest)
MENU = Key[str]("learner.lang.menu")  # the sidebar's menu
LINK, MENU_CHOICE, SAVED, BROWSER = "link", "menu", "saved", "browser"
IN_ADDRESS = frozenset({LINK, MENU_CHOICE, SAVED})  # chosen by someone: the address carries it


def current() -> str:
    """The session's language (settled on the first call of a session)."""
    lang = state.LANGUAGE.get()
    return lang if isinstance(lang, str) else settle()


def settle() -> str:
    """The language for this run: the session's, unless a link brought another one or the learner changed.
    Keeps the address's ``?lang=`` in step. Call once at the top of every run, before the page."""
    owner = _owner()
    if not isinstance(state.LANGUAGE.get(), str):
        _first(owner)
    elif OWNER.get() != owner:
        _new_owner(owner)  # the address's language is then the one before's: written over below
    elif (linked := _linked()) is not None and linked != state.LANGUAGE.value():
        _use(linked, LINK)  # a link followed, or the address edited
    _sync_address()
    return str(state.LANGUAGE.value())


def _owner() -> str | None:
    progress = state.progress()
    return None if learners.is_guest(progress) else progress.learner


def _linked() -> str | None:
    """The address's language, if the tutor speaks it (a browser's ``cs-CZ`` style is not a link's)."""
    wanted = st.query_params.get(PARAM)
    if not isinstance(wanted, str):
        return None
    code = wanted.strip().lower()
    return code if code in LANGUAGE_NAMES or code == PSEUDO_LANGUAGE else None


def browser() -> str | None:
    """The browser's preferred language tag (``cs-CZ``), if it sent one."""
    locale = st.context.locale
    return locale if isinstance(locale, str) else None


def _first(owner: str | None) -> None:
    linked, saved = _linked(), _saved(owner)
    lang = linked if linked == PSEUDO_LANGUAGE else pick_language(query=linked, saved=saved, browser=browser())
    _use(lang, LINK if lang == linked else SAVED if lang == saved else BROWSER)
    OWNER.set(owner)


def _new_owner(owner: str | None) -> None:
    before = OWNER.get()
    OWNER.set(owner)
    if before is None and owner is not None:  # a guest named themselves: the same person
        if SOURCE.get() == MENU_CHOICE:
            _save(owner, state.LANGUAGE.value())
            return
        saved = _saved(owner)
        if SOURCE.get() != LINK and saved is not None:
            _use(saved, SAVED)
        return
    # Someone else at the keyboard (tutor.app.learners started a fresh session): as a new session would be,
    # without the address's language, which was the one before's.
    saved = _saved(owner)
    _use(*((saved, SAVED) if saved is not None else (pick_language(browser=browser()), BROWSER)))


def _use(lang: str, source: str) -> None:
    state.LANGUAGE.set(lang)
    SOURCE.set(source)


def _sync_address() -> None:
    shown = st.query_params.get(PARAM)
    if SOURCE.get() in IN_ADDRESS:
        if shown != state.LANGUAGE.value():
            st.query_params[PARAM] = state.LANGUAGE.value()
    elif shown is not None:
        del st.query_params[PARAM]  # an unknown code, or the language of someone before: not this page's


def _saved(owner: str | None) -> str | None:
    """``owner``'s saved language, if they have one the tutor still speaks."""
    db = state.database() if owner is not None else None
    if db is None or owner is None:
        return None
    try:
        value = setting(db, owner, LANGUAGE)
    except ProgressUnavailable:
        return None  # the sidebar says why progress is not saved
    return value if value in LANGUAGE_NAMES else None


def _save(owner: str, lang: str) -> None:
    db = state.database()
    if db is None or lang == PSEUDO_LANGUAGE:
        return
    progress = state.progress()
    try:
        if isinstance(progress, state.SavedProgress):
            progress.save(setting_write(owner, LANGUAGE, lang))  # after what waits, or waits with it
        else:
            set_setting(db, owner, LANGUAGE, lang)
    except ProgressUnavailable as error:
        state.PROBLEM.set(state.kept(error))  # shown in the sidebar, like any failed save
    except LearnerError:
        pass  # removed by another session meanwhile: the choice still holds for this session


# --- the menu ---------------------------------------------------------------------------------------------


def _chosen() -> None:
    """The menu's callback: the learner's choice, in the address and saved for a chosen learner."""
    lang = MENU.get()
    if not isinstance(lang, str) or (lang not in LANGUAGE_NAMES and lang != PSEUDO_LANGUAGE):
        return
    _use(lang, MENU_CHOICE)
    st.query_params[PARAM] = lang
    owner = OWNER.get()
    if isinstance(owner, str):
        _save(owner, lang)


def name(lang: str) -> str:
    """How the menu names a language: in itself ("Shqip"); the pseudo-language says what it is."""
    return "Pseudo-language (qps)" if lang == PSEUDO_LANGUAGE else native_name(lang)


def menu() -> None:
    """The language menu, in the sidebar: every language by its own name (a reader who does not read the page's
    language still finds theirs), under a label in the page's language."""
    lang = current()
    options = [*LANGUAGES, *([lang] if lang not in LANGUAGES else [])]
    if MENU.get() != lang:
        MENU.set(lang)
    # Translators: the label of the sidebar's language menu.
    label = ui.gettext(lang, "Language")
    st.sidebar.selectbox(label, options, key=MENU, format_func=name, on_change=_chosen)
    mark_page(lang)


def mark_page(lang: str) -> None:
    """Say the page's language on ``<html lang>``, so that a screen reader reads it with the right voice
    (the pseudo-language is English underneath)."""
    tag = SOURCE_LANGUAGE if lang == PSEUDO_LANGUAGE else lang
    with st.sidebar:
        st.html(f"<script>document.documentElement.lang = {json.dumps(tag)};</script>", unsafe_allow_javascript=True)


# --- the course in the language -------------------------------------------------------------------------


def scenario(shown: Scenario) -> Scenario:
    """``shown`` in the session's language: the course's copy when it is one of the course's scenarios (an
    attempt keeps the scenario it was made with, perhaps in the language before), else as it is."""
    found = state.course().scenarios.get(shown.id)
    if found is not None and found.file == shown.file:
        return found
    return localize_generated(shown, current())  # a generated one: its messages in the language


__all__ = ["PARAM", "current", "menu", "name", "scenario", "settle"]
