"""Deals saved from the Play page: where they live, and reading them back as practice scenarios ("My deals").

A finished deal is written by :func:`tutor.play.record.save_deal` as a ``deal`` scenario
(``played-<yyyymmdd>-<n>.yaml``). The folder is ``$ALUETTE_PLAYED`` if set, else
``~/.local/share/aluette-tutor/played/``. Reading is done once, when the learner picks "My deals" (or
asks to reload), never on every rerun.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from tutor.content.problems import ContentError
from tutor.content.scenario import Scenario, load_scenario
from tutor.content.solve import compare, solve
from tutor.engine.errors import RuleViolation

ENV = "ALUETTE_PLAYED"
DEFAULT = Path("~/.local/share/aluette-tutor/played")
MODE = "My deals"  # the Practice page's mode name


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


def load(where: Path | None = None) -> SavedDeals:
    """Read and check every ``*.yaml`` in the folder; a broken file (or a symbolic link) becomes a warning naming
    it and is skipped."""
    where = where or folder()
    scenarios: list[Scenario] = []
    warnings: list[str] = []
    seen: set[str] = set()
    paths = sorted(where.glob("*.yaml")) if where.is_dir() else []
    for path in paths:
        if path.is_symlink():  # the folder is the app's own: a link there was not made by saving a deal
            warnings.append(f"{path.name} skipped: it is a symbolic link, and saved deals are never read through links")
            continue
        try:
            scenario = load_scenario(path, path.name)
            problems = compare(scenario, solve(scenario))  # as `check` does: the engine must agree
            if problems:
                raise ContentError(problems)
        except (ContentError, RuleViolation, OSError, ValueError) as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            warnings.append(f"{path.name} skipped: {first}")
            continue
        if scenario.id in seen:  # two files with one id would share progress records; keep the first
            warnings.append(f"{path.name} skipped: the id {scenario.id} is used by another saved deal")
            continue
        seen.add(scenario.id)
        scenarios.append(scenario)
    return SavedDeals(where, tuple(scenarios), tuple(warnings))


# --- Practice → My deals --------------------------------------------------------------------------------


def my_deals(prefix: str, seed: int) -> None:
    """The "My deals" choice on the Practice page: read the folder once into the page's queue (again on
    Reload), say where it is and how many deals it holds, and name every file skipped."""
    from tutor.app import quiz  # the practice queue; imported here so the Play page does not need it
    from tutor.app.markup import md

    key = f"{prefix}.queue"
    found: SavedDeals | None = st.session_state.get(f"{prefix}.my_deals")
    queue = st.session_state.get(key)
    if found is None or queue is None or queue.mode != MODE:
        found = load()
        st.session_state[f"{prefix}.my_deals"] = found
        st.session_state[key] = quiz.Queue(MODE, "", list(found.scenarios), seed)
    count = len(found.scenarios)
    st.caption(
        f"{count} deal{'' if count == 1 else 's'} saved from Play a game, in {md(found.folder)}."
        if count
        else f"No saved deals yet in {md(found.folder)}: finish a deal on Play a game and press “Save this deal”."
    )
    for warning in found.warnings:  # it quotes file names and contents: shown as written, never as Markdown
        st.warning(md(warning), icon=":material/warning:")
    st.button("Reload my deals", key=f"{prefix}.my_deals.reload", on_click=_forget, args=(prefix,))


def _forget(prefix: str) -> None:
    st.session_state.pop(f"{prefix}.my_deals", None)
    st.session_state.pop(f"{prefix}.queue", None)
