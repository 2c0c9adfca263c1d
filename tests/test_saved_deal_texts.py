"""A deal saved from the Play page reads in the learner's language on Practice → My deals.

The file stays English (``aluette-tutor check`` reads it, an author may edit it); its title, hint and note are
the Play page's ``ui`` messages (:func:`tutor.play.record.deal_texts`, :func:`tutor.play.record.deal_note`),
found again when the folder is read (:func:`tutor.app.saved_deals.with_texts`). Words edited in the file are
the author's and stay as written. Seats by the rules: the eldest sits at the dealer's right, so North deals and
East leads, East deals and South leads, and so on.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from test_play_match import first_deal_with

from tutor.app import saved_deals
from tutor.content.localize import localize_generated
from tutor.engine.seats import Seat
from tutor.play.match import Match
from tutor.play.record import save_deal

DAY = dt.date(2025, 3, 14)
ELDEST = {Seat.N: Seat.E, Seat.E: Seat.S, Seat.S: Seat.W, Seat.W: Seat.N}
ENGLISH = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
FRENCH = {Seat.N: "Nord", Seat.E: "Est", Seat.S: "Sud", Seat.W: "Ouest"}


def finished() -> Match:
    return first_deal_with(lambda m: m.phase in ("deal-over", "game-over"))


def test_a_saved_deal_is_english_in_its_file_and_french_on_the_page(tmp_path: Path) -> None:
    match = finished()
    deal = match.deal
    assert deal is not None
    save_deal(match, tmp_path, on=DAY)
    [scenario] = saved_deals.load(tmp_path).scenarios
    dealer, eldest = deal.dealer, ELDEST[deal.dealer]
    assert scenario.title == f"A played deal: {ENGLISH[dealer]} deals, {ENGLISH[eldest]} leads"
    shown = localize_generated(scenario, "fr")
    assert shown.title == f"Une donne jouée : {FRENCH[dealer]} donne, {FRENCH[eldest]} entame"
    assert shown.hint is not None and shown.hint.startswith(f"{FRENCH[eldest]}, premier en main, entame en premier")
    names = match.names
    assert shown.note is not None and shown.note.startswith(
        f"Une vraie donne de la page Jouer une partie, donne {deal.number} d'une partie jouée le 2025-03-14 : "
        f"{names[Seat.S]} était au sud avec {names[Seat.N]} au nord, {names[Seat.E]} à l'est et "
        f"{names[Seat.W]} à l'ouest."
    )
    assert ("après le chant" in shown.note) is bool(deal.chant_happened)


def test_words_edited_in_the_file_stay_as_written(tmp_path: Path) -> None:
    match = finished()
    path = save_deal(match, tmp_path, on=DAY)
    text = path.read_text(encoding="utf-8")
    [scenario] = saved_deals.load(tmp_path).scenarios
    assert scenario.note is not None
    edited = text.replace(scenario.title, "My best deal").replace(scenario.note.split(":")[0], "Played with Gran")
    path.write_text(edited, encoding="utf-8")
    [scenario] = saved_deals.load(tmp_path).scenarios
    shown = localize_generated(scenario, "fr")
    assert shown.title == "My best deal"
    assert shown.note is not None and shown.note.startswith("Played with Gran:")
    assert shown.hint is not None and "premier en main" in shown.hint  # the hint was left as the Play page wrote it
