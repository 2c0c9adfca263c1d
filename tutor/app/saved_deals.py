"""Deals saved from the Play page: where they live, and reading them back as practice scenarios ("My deals").

A finished deal is written by :func:`tutor.play.record.save_deal` as a ``deal`` scenario
(``played-<yyyymmdd>-<n>.yaml``). The folder is ``$ALUETTE_PLAYED`` if set, else
``~/.local/share/aluette-tutor/played/``. Reading is done once, when the learner picks "My deals" (or
asks to reload), never on every rerun.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from tutor.app.session import Family, Key
from tutor.content.problems import ContentError
from tutor.content.scenario import Scenario, load_scenario
from tutor.content.solve import compare, solve
from tutor.engine.errors import RuleViolation
from tutor.engine.seats import Seat
from tutor.i18n import SOURCE_LANGUAGE, ui
from tutor.play.record import deal_texts, read_note

ENV = "ALUETTE_PLAYED"
DEFAULT = Path("~/.local/share/aluette-tutor/played")
MODE = "My deals"  # the Practice page's mode name
if TYPE_CHECKING:
    from tutor.app.quiz import Queue


def folder() -> Path:
    """Where played deals are saved and read from."""
    configured = os.environ.get(ENV, "").strip()
    return Path(configured).expanduser() if configured else DEFAULT.expanduser()


@dataclass(frozen=True)
class SavedDeals:
    """The readable saved deals (oldest file name first) and a one-line warning per broken file."""

    folder: Path
    scenarios: tuple[Scenario, ...]
    warnings: tuple[str, ...]


def load(where: Path | None = None, lang: str = SOURCE_LANGUAGE) -> SavedDeals:
    """Read and check every ``*.yaml`` in the folder; a broken file (or a symbolic link) becomes a warning naming
    it and is skipped, in ``lang`` (the checker's own words quoted in English, as `check` says them)."""
    where = where or folder()
    _ = ui.translator(lang)
    scenarios: list[Scenario] = []
    warnings: list[str] = []
    seen: set[str] = set()
    paths = sorted(where.glob("*.yaml")) if where.is_dir() else []
    for path in paths:
        if path.is_symlink():  # the folder is the app's own: a link there was not made by saving a deal
            # Translators: {file} is a file's name.
            warnings.append(
                _("{file} skipped: it is a symbolic link, and saved deals are never read through links", file=path.name)
            )
            continue
        try:
            scenario = load_scenario(path, path.name)
            problems = compare(scenario, solve(scenario))  # as `check` does: the engine must agree
            if problems:
                raise ContentError(problems)
        except (ContentError, RuleViolation, OSError, ValueError) as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            # Translators: {file} is a file's name, {problem} the first line of what is wrong with it (in English).
            warnings.append(_("{file} skipped: {problem}", file=path.name, problem=first))
            continue
        if scenario.id in seen:  # two files with one id would share progress records; keep the first
            warnings.append(
                _("{file} skipped: the id {id} is used by another saved deal", file=path.name, id=scenario.id)
            )
            continue
        seen.add(scenario.id)
        scenarios.append(with_texts(scenario))
    return SavedDeals(where, tuple(scenarios), tuple(warnings))


def with_texts(scenario: Scenario) -> Scenario:
    """A saved deal whose title, hint and note are still the Play page's words, with their messages: the page
    shows them in the learner's language (:func:`tutor.content.localize.localize_generated`). Words edited in the
    file stay as written."""
    dealer = getattr(scenario.setup, "dealer", None)
    if not isinstance(dealer, Seat):
        return scenario
    texts = {key: text for key, text in deal_texts(dealer).items() if getattr(scenario, key) == text.english}
    note = read_note(scenario.note) if scenario.note else None
    if note is not None:
        texts["note"] = note
    return dataclasses.replace(scenario, texts=texts) if texts else scenario


# --- Practice → My deals --------------------------------------------------------------------------------


# Under the Practice page's prefix: the deals read, and the button that reads them again
FOUND = Family[SavedDeals]("{}.my_deals")
RELOAD = Family[bool]("{}.my_deals.reload")


def my_deals(prefix: str, queue: Key[Queue], seed: int) -> None:
    """The "My deals" choice on the Practice page: read the folder once into the page's ``queue`` (again on
    Reload), say where it is and how many deals it holds, and name every file skipped."""
    from tutor.app import lang, quiz  # the practice queue; imported here so the Play page does not need it
    from tutor.app.markup import md

    language = lang.current()
    found = FOUND(prefix).get()
    shown = queue.get()
    if found is None or shown is None or shown.mode != MODE:
        found = load(lang=language)
        FOUND(prefix).set(found)
        queue.set(quiz.Queue(MODE, "", list(found.scenarios), seed))
    count = len(found.scenarios)
    # Translators: {folder} is a folder's path; "Play a game" is the page's title in the menu.
    saved = ui.ngettext(
        language,
        "{n} deal saved from Play a game, in {folder}.",
        "{n} deals saved from Play a game, in {folder}.",
        count,
        folder=md(found.folder),
    )
    # Translators: {folder} is a folder's path; “Save this deal as a scenario” is the Play page's button, as it is
    # named there.
    none = ui.gettext(
        language,
        "No saved deals yet in {folder}: finish a deal on Play a game and press “Save this deal as a scenario”.",
        folder=md(found.folder),
    )
    st.caption(saved if count else none)
    for warning in found.warnings:  # it quotes file names and contents: shown as written, never as Markdown
        st.warning(md(warning), icon=":material/warning:")
    st.button(ui.gettext(language, "Reload my deals"), key=RELOAD(prefix), on_click=_forget, args=(prefix, queue))


def _forget(prefix: str, queue: Key[Queue]) -> None:
    FOUND(prefix).pop()
    queue.pop()
