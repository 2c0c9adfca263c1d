"""Big imports (tutor/progress/transfer.py): in short transactions that let other writers in, review cards
rebuilt in bulk exactly as one by one, and an import killed half way that leaves whole items only and is
finished by importing the file again."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from load_driver import benchmark_module

from tutor.progress import transfer as transfermod
from tutor.progress.records import Answer
from tutor.progress.scheduling import replay
from tutor.progress.store import ProgressDB
from tutor.progress.transfer import FORMAT, import_progress

ROOT = Path(__file__).resolve().parents[2]
T0 = 1_700_000_000.0


def export(count: int, items: int, learner: str = "Ann") -> str:
    """An export of ``count`` answers spread over ``items`` items, every third one wrong, a minute apart."""
    answers = [
        {
            "uid": f"u{n:07d}",
            "item": f"spoiled-aces-{n % items}",
            "kind": "trick",
            "given": {"winner": "N"},
            "correct": {"winner": n % 3 != 0},
            "at": T0 + 60.0 * n,
            "seconds": 12.0,
        }
        for n in range(count)
    ]
    return json.dumps({"format": FORMAT, "version": 1, "learner": learner, "answers": answers, "reads": []})


def test_cards_rebuilt_in_bulk_are_those_of_the_answers_one_by_one(store: Path | str) -> None:
    """Items answered before the import, at times between the imported answers, get the card of all their
    answers in time order."""
    with ProgressDB(store) as db:
        ann = db.progress("Ann")
        ann.record(Answer("spoiled-aces-0", "trick", {}, {"winner": False}, 40.0, T0 + 30.0, "here-1"))
        ann.record(Answer("spoiled-aces-1", "trick", {}, {"winner": True}, 3.0, T0 + 1e6, "here-2"))
        result = import_progress(db, export(3000, 700))
        assert (result.added, result.skipped, result.rescheduled) == (3000, 0, 700)
        by_item: dict[str, list[tuple[str, bool, float, float]]] = {}
        for a in sorted(ann.history, key=lambda a: a.at):
            by_item.setdefault(a.item, []).append((a.kind, a.all_correct, a.seconds, a.at))
        assert len(by_item["spoiled-aces-0"]) == 1 + 5 and len(by_item["spoiled-aces-1"]) == 1 + 5
        for state in ann.item_states():
            assert state == replay(state.item, by_item[state.item])
        assert len(ann.item_states()) == 700


def test_progress_is_reported_as_the_answers_go_in(store: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transfermod, "CHUNK", 1000)
    seen: list[tuple[int, int]] = []
    with ProgressDB(store) as db:
        import_progress(db, export(2500, 2500), on_progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 2500), (1000, 2500), (2000, 2500), (2500, 2500)]


KILLED_IMPORT = textwrap.dedent(
    """
    import os, signal, sys
    from tutor.progress import transfer
    from tutor.progress.store import ProgressDB
    transfer.CHUNK = 500
    def report(done, total):
        if done >= 1500:
            os.kill(os.getpid(), signal.SIGKILL)  # cut short between two transactions' worth of work
    with ProgressDB(sys.argv[1]) as db:
        transfer.import_progress(db, open(sys.argv[2], encoding="utf-8").read(), on_progress=report)
    """
)


def test_an_import_killed_half_way_leaves_whole_items_and_is_finished_by_importing_again(
    store: Path | str, tmp_path: Path
) -> None:
    path, source = store, tmp_path / "export.json"
    source.write_text(export(4000, 1000), encoding="utf-8")  # 4 answers an item
    done = subprocess.run([sys.executable, "-c", KILLED_IMPORT, str(path), str(source)], cwd=ROOT, check=False)
    assert done.returncode == -signal.SIGKILL
    with ProgressDB(path) as db:
        ann = db.progress("Ann", create=False)
        kept = ann.history
        assert len(kept) == 1500, "three transactions of 500 answers went in, no more"
        counts: dict[str, int] = {}
        for a in kept:
            counts[a.item] = counts.get(a.item, 0) + 1
        assert set(counts.values()) == {4}, "every item imported is whole"
        assert {card.item for card in ann.item_states()} == set(counts), "each with its card, no other"
        again = import_progress(db, source.read_text(encoding="utf-8"))
        assert (again.added, again.skipped) == (2500, 1500), "the rest, and nothing twice"
        assert len(ann.history) == 4000 and len(ann.item_states()) == 1000
        first = json.loads(source.read_text(encoding="utf-8"))["answers"]
        for state in ann.item_states():
            mine = [
                (a["kind"], a["correct"]["winner"], a["seconds"], a["at"]) for a in first if a["item"] == state.item
            ]
            assert state == replay(state.item, mine)


def test_a_bystanders_answers_during_a_big_import_all_land(store: Path | str, tmp_path: Path) -> None:
    """Another process writing an answer every 100 ms while 10,000 answers on distinct items are imported."""
    path, ready, stop = store, tmp_path / "ready", tmp_path / "stop"
    ProgressDB(path).close()
    text = export(10_000, 10_000)
    bystander = benchmark_module("_bystander").start(path, ready, stop)
    try:
        for _ in range(300):
            if ready.exists():
                break
            time.sleep(0.05)
        with ProgressDB(path) as db:
            result = import_progress(db, text)
        time.sleep(0.3)  # a few more of its writes after the import
    finally:
        stop.write_text("stop")
        out, _ = bystander.communicate(timeout=60)
    report = json.loads(out)
    assert report["failed"] == [], "none of its writes was refused"
    assert result.added == 10_000
    with ProgressDB(path) as db:
        assert db.progress("Bea", create=False).totals == (report["written"], report["written"])
        assert db.progress("Ann", create=False).totals[0] == 10_000
