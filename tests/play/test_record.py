"""A deal played on the Play page, saved as a ``deal`` scenario (tutor/play/record.py): the file passes
``check`` and ``solve`` replays it, saving never overwrites nor follows a link, and the saved deal reads in the
learner's language on Practice → My deals.

The file stays English (``aluette-tutor check`` reads it, an author may edit it); its title, hint and note are
the Play page's ``ui`` messages (:func:`tutor.play.record.deal_texts`, :func:`tutor.play.record.deal_note`),
found again when the folder is read (:func:`tutor.app.saved_deals.with_texts`). Words edited in the file are
the author's and stay as written. Seats by the rules: the eldest sits at the dealer's right, so North deals and
East leads, East deals and South leads, and so on.
"""

from __future__ import annotations

import datetime as dt
import random
import subprocess
import sys
from pathlib import Path

import pytest
from test_match import first_deal_with, play_until, whole_game

from tutor.app import saved_deals
from tutor.content.course import load_course
from tutor.content.localize import localize_generated
from tutor.content.solve import solve
from tutor.engine import RuleViolation
from tutor.engine.seats import Seat
from tutor.play.match import Match
from tutor.play.record import deal_scenario, save_deal

ROOT = Path(__file__).resolve().parents[2]
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


# --- saved deals -------------------------------------------------------------------------------------------


def test_saved_deal_passes_check_and_solve_reproduces_it(tmp_path: Path) -> None:
    match = whole_game(17, "random", mordienne=True)
    for number in range(1, 6):
        path = save_deal(match, tmp_path, number, on=DAY)
        assert path.name == f"played-20250314-{number}.yaml"
    course = load_course([str(tmp_path)], verify=True)
    assert course.problems == ()
    assert len(course.scenarios) == 5
    for deal, scenario in zip(match.deals, course.scenarios.values(), strict=True):
        state = deal.replay()
        result = solve(scenario)
        outcome = result.outcome()
        assert outcome["trick_winners"] == [t.winner.value if t.winner else None for t in state.tricks]
        assert outcome["leaders"] == [t.leader.value for t in state.tricks]
        score = match.deal_scores()[deal.number - 1]
        assert outcome["point_winner"] == (score.point_winner.value if score.point_winner else None)
        assert outcome["points"] == score.points
        assert scenario.mordienne is True and scenario.kind == "deal" and scenario.difficulty == 3
        assert scenario.ask == ("point_winner", "leaders")


def test_saved_deal_after_a_chant_uses_the_hands_as_played(tmp_path: Path) -> None:
    match = first_deal_with(lambda m: m.phase in ("deal-over", "game-over") and m.deal.chant_happened)  # type: ignore[union-attr]
    data = deal_scenario(match, on=DAY)
    deal = match.deal
    assert deal is not None
    hands = {Seat.parse(s): set(cards) for s, cards in data["setup"]["hands"].items()}
    assert hands == {seat: {str(c) for c in deal.hand(seat)} for seat in Seat}
    path = save_deal(match, tmp_path, on=DAY)
    result = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "check", str(path)], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_saving_never_overwrites_and_needs_a_finished_deal(tmp_path: Path) -> None:
    match = Match.start(seed=3)
    with pytest.raises(RuleViolation, match="no deal is finished"):
        deal_scenario(match)
    play_until(match, random.Random(3), "random", lambda m: m.phase == "deal-over")
    first = save_deal(match, tmp_path, on=DAY)
    second = save_deal(match, tmp_path, on=DAY)
    assert first != second and first.read_text() != second.read_text()  # the ids differ
    assert load_course([str(tmp_path)], verify=True).problems == ()
    with pytest.raises(RuleViolation, match="not finished"):
        deal_scenario(match, 4)


def finished_deal(seed: int = 3) -> Match:
    match = Match.start(seed=seed)
    return play_until(match, random.Random(seed), "random", lambda m: m.phase == "deal-over")


def test_a_dangling_link_at_the_next_name_is_skipped_not_followed(tmp_path: Path) -> None:
    match = finished_deal()
    nowhere = tmp_path / "elsewhere" / "planted.yaml"
    nowhere.parent.mkdir()
    played = tmp_path / "played"
    played.mkdir()
    link = played / "played-20250314-1.yaml"
    link.symlink_to(nowhere)
    first = save_deal(match, played, on=DAY)
    second = save_deal(match, played, on=DAY)  # and saving keeps working, not blocked for good
    assert (first.name, second.name) == ("played-20250314-2.yaml", "played-20250314-3.yaml")
    assert not nowhere.exists() and link.is_symlink()
    assert deal_scenario(match, on=DAY, n=2)["id"] == "played-20250314-2"
    assert load_course([str(first), str(second)], verify=True).problems == ()


def test_a_link_to_a_file_at_the_next_name_leaves_the_file_alone(tmp_path: Path) -> None:
    match = finished_deal()
    precious = tmp_path / "precious.yaml"
    precious.write_text("keep me\n", encoding="utf-8")
    played = tmp_path / "played"
    played.mkdir()
    (played / "played-20250314-1.yaml").symlink_to(precious)
    assert save_deal(match, played, on=DAY).name == "played-20250314-2.yaml"
    assert precious.read_text(encoding="utf-8") == "keep me\n"


def test_an_unfinished_deal_is_refused_before_the_folder_is_made(tmp_path: Path) -> None:
    with pytest.raises(RuleViolation, match="no deal is finished"):
        save_deal(Match.start(seed=3), tmp_path / "played", on=DAY)
    assert not (tmp_path / "played").exists()
