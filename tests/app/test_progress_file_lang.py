"""The messages about the progress file itself in the learner's language: a file that cannot be used, one
lost while in use, a learner's name an import cannot use. ``str(error)`` and ``.message`` stay English (the
command line's); the app words the same error in the page's language.

The expected sentences are the Czech and French catalogs' translations, written out by hand here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_learners import RIGHT_SPOILED_ACES, _remove, add_learner, go, ok, open_app, plain, practise

from tutor.app import progress_view
from tutor.progress.db import ProgressUnavailable, connect
from tutor.progress.store import ProgressDB
from tutor.progress.transfer import FORMAT, ImportRejected, import_progress

KEEP_CS = "Můžete dál procvičovat."


def warnings(at: AppTest) -> list[str]:
    return [plain(w.value) for w in at.sidebar.warning]


def test_a_folder_in_czech_names_it_in_czech(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path))
    at = ok(open_app(lang="cs"))
    assert warnings(at) == [f"Pokrok se neukládá: {tmp_path} je složka, ne soubor databáze. {KEEP_CS}"]
    kept = at.session_state["learner.problem"]
    assert isinstance(kept, ProgressUnavailable) and kept.__traceback__ is None, "no frames kept for the session"
    go(at, "screens/progress.py", lang="cs")
    captions = [plain(c.value) for c in at.caption]
    unusable = f"Pokrok se neukládá: {tmp_path} je složka, ne soubor databáze."
    assert f"{unusable} Export a import potřebují uložený pokrok." in captions


def test_a_damaged_file_in_czech(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.db"
    path.write_bytes(os.urandom(8192))
    monkeypatch.setenv("ALUETTE_DB", str(path))
    at = ok(open_app(lang="cs"))
    assert warnings(at) == [
        f"Pokrok se neukládá: {path} není databáze pokroku (je poškozená, nebo jde o jiný druh souboru). {KEEP_CS}"
    ]


def test_english_is_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path))
    at = ok(open_app(lang="en"))
    assert warnings(at) == [
        f"Progress is not saved: {tmp_path} is a folder, not a database file. You can keep practising."
    ]
    with pytest.raises(ProgressUnavailable) as caught:
        connect(tmp_path)
    assert (
        caught.value.message
        == str(caught.value)
        == (f"Progress is not saved: {tmp_path} is a folder, not a database file.")
    )
    assert caught.value.no_longer().message == (
        f"Progress is no longer saved: {tmp_path} is a folder, not a database file."
    )


def test_pseudo_language_wraps_both_the_line_and_the_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In ``qps`` every translated message is wrapped in ⟦⟧: the line and, inside it, the reason; the path is
    as it is (the learner's own words are never pseudo-translated)."""
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path))
    at = ok(open_app(lang="qps"))
    (warning,) = warnings(at)
    line = warning[: warning.index("⟧⟧") + 2]
    assert line.startswith("⟦") and f": ⟦{tmp_path} " in line, warning
    assert "Progress is not saved" not in warning and "folder" not in warning


def test_the_language_chosen_later_words_the_same_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The session keeps the error, not its English: a change of language words it again."""
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path))
    at = ok(open_app(lang="en"))
    assert warnings(at)[0].startswith("Progress is not saved:")
    go(at, "screens/progress.py", lang="fr")
    assert warnings(at) == [
        f"La progression n'est pas enregistrée : {tmp_path} est un dossier, pas un fichier de base de données. "
        "Vous pouvez continuer à vous entraîner."
    ]


def test_a_file_deleted_while_practising_in_czech(db_path: Path) -> None:
    at = open_app(lang="cs")
    add_learner(at, "Ann")
    practise(at, "spoiled-aces", RIGHT_SPOILED_ACES)
    _remove(db_path)
    go(at, "screens/progress.py", lang="cs")
    assert warnings(at) == [
        f"Pokrok se už neukládá: soubor {db_path} byl smazán nebo nahrazen, zatímco výuka běžela. {KEEP_CS}"
    ]


def test_an_import_under_a_name_that_cannot_be_used_in_czech(tmp_path: Path) -> None:
    doc = {"format": FORMAT, "version": 1, "learner": "   ", "answers": [], "reads": []}
    with ProgressDB(tmp_path / "progress.db") as db, pytest.raises(ImportRejected) as caught:
        import_progress(db, json.dumps(doc))
    (issue,) = caught.value.issues
    assert str(issue) == "'learner': Give the learner a name.", "the command line's English"
    assert progress_view.problem_text(issue, "cs") == "'learner': Zadejte jméno studenta."
    long_name = "A" * 41
    with ProgressDB(tmp_path / "progress.db") as db, pytest.raises(ImportRejected) as caught:
        import_progress(db, json.dumps({**doc, "learner": long_name}))
    assert progress_view.problem_text(caught.value.issues[0], "fr") == (
        "'learner' : Le nom d'un élève a au plus 40 caractères."
    )
