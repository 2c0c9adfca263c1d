"""`aluette-tutor app --shared`: the app's process gets ALUETTE_SHARED=1 (what tutor.app.shared_mode reads); a
setting that says neither yes nor no is refused in one line before anything starts."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping, Sequence

import pytest

from tutor import cli
from tutor.app import shared_mode


def started(monkeypatch: pytest.MonkeyPatch, argv: Sequence[str]) -> tuple[int, list[Mapping[str, str]]]:
    """What ``aluette-tutor app ...`` returns, and the environments of the app processes it started."""
    envs: list[Mapping[str, str]] = []

    def call(command: list[str], env: Mapping[str, str]) -> int:
        envs.append(env)
        return 0

    monkeypatch.setattr(subprocess, "call", call)
    return cli.main(["app", *argv]), envs


def test_shared_starts_the_app_as_a_shared_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ALUETTE_SHARED", raising=False)
    code, [env] = started(monkeypatch, ["--shared"])
    assert code == 0 and env["ALUETTE_SHARED"] == "1" and shared_mode.shared(env)
    code, [env] = started(monkeypatch, [])
    assert code == 0 and "ALUETTE_SHARED" not in env and not shared_mode.shared(env)  # the household's, as before


def test_the_setting_alone_makes_it_shared_and_shared_wins_over_no(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALUETTE_SHARED", "yes")
    code, [env] = started(monkeypatch, [])
    assert code == 0 and shared_mode.shared(env)
    monkeypatch.setenv("ALUETTE_SHARED", "0")
    assert not shared_mode.shared(started(monkeypatch, [])[1][0])
    assert shared_mode.shared(started(monkeypatch, ["--shared"])[1][0])


def test_a_setting_that_says_neither_is_one_line_and_nothing_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ALUETTE_SHARED", "maybe")
    code, envs = started(monkeypatch, [])
    assert (code, envs) == (2, [])
    assert capsys.readouterr().err == (
        "aluette-tutor: ALUETTE_SHARED='maybe' is neither 1 (a shared server) nor 0 (a household's)\n"
    )
    assert shared_mode.shared({"ALUETTE_SHARED": "maybe"}), "the app itself lists nobody when it cannot tell"
