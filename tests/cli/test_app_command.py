"""`aluette-tutor app`: the served app (with its server-set cookie) on 127.0.0.1 unless --address says
otherwise, and Streamlit's upload limit at the import's bound, as in .streamlit/config.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tutor.cli import app_command, build_parser
from tutor.progress.transfer import MAX_BYTES

ROOT = Path(__file__).resolve().parents[2]


def option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_the_app_listens_on_this_computer_only_unless_told() -> None:
    command = app_command(build_parser().parse_args(["app"]))
    assert option(command, "--server.address") == "127.0.0.1"
    assert Path(command[command.index("run") + 1]) == ROOT / "tutor" / "app" / "server.py"
    room = app_command(build_parser().parse_args(["app", "--address", "0.0.0.0", "--port", "8600"]))
    assert (option(room, "--server.address"), option(room, "--server.port")) == ("0.0.0.0", "8600")


def test_the_upload_limit_is_the_import_s_bound_in_the_command_and_the_config() -> None:
    assert MAX_BYTES == 32 * 1024 * 1024
    command = app_command(build_parser().parse_args(["app"]))
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert int(option(command, "--server.maxUploadSize")) == config["server"]["maxUploadSize"] == 32
    assert config["server"]["address"] == "127.0.0.1"
