"""``aluette-tutor teacher add NAME`` and ``teacher list``: the password read (from stdin when it is not a
terminal, twice without echo when it is), never an argument; a bad one refused in one line, nothing stored."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tutor.cli import build_parser, main
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import check_sign_in


class Piped(io.StringIO):
    def isatty(self) -> bool:
        return False


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_add_reads_the_password_from_a_pipe_and_the_teacher_can_sign_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "progress.db"
    monkeypatch.setattr(sys, "stdin", Piped("correct horse\nnot read\n"))
    assert main(["teacher", "add", "Mme Roux", "--db", str(db)]) == 0
    assert capsys.readouterr().out == "teacher account Mme Roux created: sign in on the app's /teach page\n"
    with ProgressDB(db) as opened:
        assert check_sign_in(opened, "mme roux", "correct horse", client="test").name == "Mme Roux"


def test_on_a_terminal_the_password_is_asked_twice_and_two_different_ones_store_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import getpass

    db = tmp_path / "progress.db"
    monkeypatch.setattr(sys, "stdin", Terminal())
    typed = iter(["correct horse", "correct house"])
    monkeypatch.setattr(getpass, "getpass", lambda prompt: next(typed))
    assert main(["teacher", "add", "Mme Roux", "--db", str(db)]) == 1
    assert capsys.readouterr().err == "aluette-tutor: the two passwords differ: nothing was stored\n"
    assert main(["teacher", "list", "--db", str(db)]) == 0
    assert capsys.readouterr().out == ""


def test_a_short_password_and_a_taken_name_are_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "progress.db"
    monkeypatch.setattr(sys, "stdin", Piped("short\n"))
    assert main(["teacher", "add", "Mme Roux", "--db", str(db)]) == 1
    assert capsys.readouterr().err == "aluette-tutor: A password has at least 8 characters.\n"
    monkeypatch.setattr(sys, "stdin", Piped("correct horse\n"))
    assert main(["teacher", "add", "Mme Roux", "--db", str(db)]) == 0
    monkeypatch.setattr(sys, "stdin", Piped("correct horse\n"))
    assert main(["teacher", "add", "MME ROUX", "--db", str(db)]) == 1
    assert capsys.readouterr().err.endswith(
        "aluette-tutor: A teacher is already called MME ROUX: choose another name.\n"
    )


def test_list_names_every_teacher_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "progress.db"
    for name in ("Mme Roux", "abel Zola"):
        monkeypatch.setattr(sys, "stdin", Piped("correct horse\n"))
        assert main(["teacher", "add", name, "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["teacher", "list", "--db", str(db)]) == 0
    assert [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()] == ["abel Zola", "Mme Roux"]


def test_the_password_is_no_argument() -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["teacher", "add", "Mme Roux", "--password", "correct horse"])
