"""A deal played on the Play page, saved as a ``deal`` scenario so real deals become practice material.

The scenario uses the contract's played form (``dealer``, ``hands``, ``plays``): the hands are the nine
cards each player played the deal with (after the chant's discards, if any), and each trick's cards are
listed in play order from its leader. Its ``expect`` is filled from what happened at the table, a record
rather than an author's prediction, so ``aluette-tutor check`` confirms the engine replays the deal to
the same result.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import string
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tutor.content.generate import scenario_yaml
from tutor.content.problems import ContentError
from tutor.content.scenario import scenario_from_document
from tutor.content.solve import compare, solve
from tutor.content.texts import Text, _
from tutor.content.writing import create
from tutor.content.yamlsafe import parse_document
from tutor.engine.cards import Card
from tutor.engine.deal_state import play_deal
from tutor.engine.errors import RuleViolation, short
from tutor.engine.ranking import ordered
from tutor.engine.seats import SEATS, Seat, eldest_of
from tutor.play.match import Match

TOPIC = "scoring"
DIFFICULTY = 3
ASK = ("point_winner", "leaders")
MAX_PER_DAY = 9_999  # saved deals of one day; past this, saving says so instead of looking further


def deal_texts(dealer: Seat) -> dict[str, Text]:
    """A saved deal's title and hint as ``ui`` messages: the file gets their English, and the app shows a saved
    deal whose texts are still these in the learner's language (:func:`tutor.app.saved_deals.load`)."""
    return {
        # Translators: the title of a deal saved from the Play page; {dealer} and {eldest} are seats (North...).
        "title": _("A played deal: {dealer} deals, {eldest} leads", dealer=dealer, eldest=eldest_of(dealer)),
        # Translators: a hint; {eldest} is a seat (North...).
        "hint": _(
            "{eldest}, the eldest, leads first; a trick's winner leads the next, "
            "and after a spoiled trick the same player leads again.",
            eldest=eldest_of(dealer),
        ),
    }


def deal_note(number: int, played_on: str, names: Mapping[Seat, str], chanted: bool) -> Text:
    """A saved deal's note, as a ``ui`` message (see :func:`deal_texts`); ``names`` are the players' by seat."""
    players = {"south": names[Seat.S], "north": names[Seat.N], "east": names[Seat.E], "west": names[Seat.W]}
    if chanted:
        # Translators: a saved deal's note; {date} is a date (2026-03-14), {south}... the players' names.
        return _(
            "A real deal from the Play page, deal {number} of a game played on {date}: {south} sat South with "
            "{north} North, {east} East and {west} West. The hands are the cards each player played after the "
            "chant. The expected outcome records what happened at the table; the engine replays the deal to "
            "confirm it.",
            number=number,
            date=played_on,
            **players,
        )
    # Translators: a saved deal's note; {date} is a date (2026-03-14), {south}... the players' names.
    return _(
        "A real deal from the Play page, deal {number} of a game played on {date}: {south} sat South with "
        "{north} North, {east} East and {west} West. The hands are the cards each player played. The expected "
        "outcome records what happened at the table; the engine replays the deal to confirm it.",
        number=number,
        date=played_on,
        **players,
    )


def read_note(note: str) -> Text | None:
    """The message of a saved deal's note as :func:`deal_note` wrote it; None for a note worded otherwise."""
    blank = dict.fromkeys(SEATS, "")
    for chanted in (True, False):
        template = deal_note(0, "", blank, chanted).message
        pattern = "".join(
            re.escape(literal) + (f"(?P<{name}>.+?)" if name else "")
            for literal, name, _spec, _conversion in string.Formatter().parse(template)
        )
        found = re.fullmatch(pattern, note, flags=re.S)
        if found:
            return Text(template, tuple(sorted(found.groupdict().items())))
    return None


def scenario_of_deal(
    dealer: Seat,
    hands: Mapping[Seat, Sequence[Card]],
    plays: Sequence[Sequence[Card]],
    mordienne: bool,
    scenario_id: str,
    title: str,
    note: str | None = None,
) -> dict[str, Any]:
    """The scenario mapping for a finished deal given as hands and plays (each trick from its leader).

    Raises :class:`RuleViolation` if the plays are not a legal deal from those hands.
    """
    played = play_deal(dealer, hands, plays, mordienne)  # also checks the plays are a legal deal
    data: dict[str, Any] = {
        "id": scenario_id,
        "title": title,
        "kind": "deal",
        "topic": TOPIC,
        "difficulty": DIFFICULTY,
        "rules": {"mordienne": bool(mordienne)},
        "setup": {
            "dealer": dealer.value,
            "hands": {seat.value: [str(c) for c in ordered(hands[seat])] for seat in SEATS},
            "plays": [[str(c) for c in trick] for trick in plays],
        },
        "ask": list(ASK),
        "hint": deal_texts(dealer)["hint"].english,
        # What happened at the table: check re-plays the deal and must find the same.
        "expect": played.outcome(),
    }
    if note:
        data["note"] = note
    return data


def deal_scenario(
    match: Match, number: int | None = None, *, on: dt.date | None = None, n: int | None = None
) -> dict[str, Any]:
    """The ``deal`` scenario for deal ``number`` of ``match`` (default: the last finished deal).

    The id is ``played-<yyyymmdd>-<n>`` (``n`` defaults to the deal number); ``on`` defaults to today.
    """
    finished = [deal for deal in match.deals if deal.mordienne is not None]
    if not finished:
        raise RuleViolation("no deal is finished yet: play a deal to the ninth trick before saving it")
    if number is None:
        deal = finished[-1]
    else:
        found = [deal for deal in finished if deal.number == number]
        if not found:
            raise RuleViolation(f"deal {short(number)} is not finished (finished: {[d.number for d in finished]})")
        deal = found[0]
    assert deal.mordienne is not None
    when = on or dt.date.today()
    state = deal.replay()
    plays = [[c for _seat, c in trick.plays] for trick in state.tricks]
    note = deal_note(deal.number, when.isoformat(), match.names, bool(deal.chant_happened)).english
    return scenario_of_deal(
        deal.dealer,
        deal.hands,
        plays,
        deal.mordienne,
        f"played-{when:%Y%m%d}-{n if n is not None else deal.number}",
        deal_texts(deal.dealer)["title"].english,
        note,
    )


def checked_yaml(data: Mapping[str, Any]) -> str:
    """The scenario's file text, read back and checked exactly as ``aluette-tutor check`` would.

    Raises :class:`ContentError` with the problems if the loader or the engine disagrees (a bug).
    """
    text = scenario_yaml(dict(data))
    scenario = scenario_from_document(parse_document(text.encode("utf-8"), f"<played {data.get('id')}>"))
    problems = compare(scenario, solve(scenario))
    if problems:
        raise ContentError(problems)
    return text


def save_deal(match: Match, folder: Path | str, number: int | None = None, *, on: dt.date | None = None) -> Path:
    """Write deal ``number`` (default: the last finished) as ``folder/played-<yyyymmdd>-<n>.yaml``.

    ``n`` is the first number from 1 whose name is free, so saving never overwrites. A name taken by
    anything, even a link to nowhere, is skipped: the file is created new and never through a link. The
    text is checked before it is written. Raises :class:`RuleViolation` if the folder cannot be written.
    """
    out = Path(folder)
    when = on or dt.date.today()
    deal_scenario(match, number, on=when)  # refuses an unfinished deal before anything touches the folder
    try:
        out.mkdir(parents=True, exist_ok=True)
        for n in range(1, MAX_PER_DAY + 1):
            path = out / f"played-{when:%Y%m%d}-{n}.yaml"
            if os.path.lexists(path):
                continue
            text = checked_yaml(deal_scenario(match, number, on=when, n=n))
            try:
                create(path, text)
            except FileExistsError:  # taken since it was looked at (another tab saving): the next one
                continue
            return path
    except OSError as error:
        raise RuleViolation(f"cannot write to {short(str(out), 80)}: {error.strerror or error}") from None
    raise RuleViolation(f"{short(str(out), 80)} already holds {MAX_PER_DAY:,} deals saved on {when.isoformat()}")
