"""``aluette-tutor print card|worksheet|signals``: the PDF written where asked, in the language asked; bad arguments
are one line and exit 2; an existing file is never written over without --force."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_text import comparable, page_count, text_of

from tutor.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["print", *argv])
    return code, capsys.readouterr().err


def test_the_card_in_czech(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "card.pdf"
    code, err = run(capsys, "card", "--lang", "cs", "--size", "a4", "--out", str(out))
    assert code == 0 and err.startswith(f"wrote {out}")
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF") and page_count(pdf) == 1
    text = comparable(text_of(pdf), "cs")
    for words in ("trojka mincí", "král mečů", "Mám Monsieur"):
        assert comparable(words, "cs") in text, words


def test_never_over_a_file_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "signals.pdf"
    out.write_text("the teacher's own file")
    code, err = run(capsys, "signals", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and "already exists" in err and "--force" in err
    assert out.read_text() == "the teacher's own file"
    code, _ = run(capsys, "signals", "--out", str(out), "--force")
    assert code == 0 and page_count(out.read_bytes()) == 1


def test_never_through_a_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "target.txt"
    target.write_text("kept")
    (tmp_path / "link.pdf").symlink_to(target)
    code, err = run(capsys, "card", "--out", str(tmp_path / "link.pdf"), "--force")
    assert code == 2 and "symbolic link" in err and target.read_text() == "kept"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["worksheet", "--lesson", "spoiled-trick"], "the lessons are the-pack, the-ranking"),
        (["worksheet", "--topic", "nope"], "there is no topic 'nope'"),
        (["worksheet", "--scenario", "nope"], "there is no scenario 'nope'"),
        (["worksheet", "--kind", "tricks"], "there is no kind 'tricks'"),
        (["worksheet", "--kind", "trick", "--count", "x"], "--count must be a whole number"),
        (["worksheet", "--kind", "trick", "--count", "0"], "--count must be 1 to 60"),
        (["worksheet", "--lesson", "tricks", "--kind", "trick"], "say what to print, one of"),
        (["worksheet"], "say what to print, one of"),
        (["card", "--size", "b5"], "--size must be one of a4, a5, letter, not 'b5'"),
        (["card", "--lang", "de"], "unknown language 'de'"),
    ],
)
def test_a_bad_argument_is_one_line(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.pdf"
    code, err = run(capsys, *argv, "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and err.startswith("aluette-tutor: ") and words in err
    assert not out.exists()


def test_no_out_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "card")
    assert (code, err) == (2, "aluette-tutor: give the file to write the PDF to: --out FILE.pdf\n")


def test_a_generated_worksheet_is_the_same_for_the_same_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = []
    for n, seed in enumerate(("7", "7", "8")):
        out = tmp_path / f"ws{n}.pdf"
        code, _ = run(capsys, "worksheet", "--kind", "trick", "--count", "2", "--seed", seed, "--out", str(out))
        assert code == 0
        texts.append(text_of(out.read_bytes()))
    assert texts[0] == texts[1] != texts[2]
    assert "Tricks (set 7)" in texts[0]


def test_a_lesson_worksheet_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ws.pdf"
    code, _ = run(capsys, "worksheet", "--scenario", "spoiled-aces", "--lang", "fr", "--out", str(out))
    assert code == 0
    text = comparable(text_of(out.read_bytes()), "fr")
    for words in ("Deux as en tête", "Qui remporte cette levée", "Corrigé", "personne (pourrie)"):
        assert comparable(words, "fr") in text, words
