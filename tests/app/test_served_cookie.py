"""The served app (tutor/app/server.py, over HTTP): every page sets the browser's cookie HttpOnly, keeping a
well-formed one the browser sent and replacing anything else; and the progress file is pruned at start-up."""

from __future__ import annotations

import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from served_app import serve

from tutor.progress.store import ProgressDB

OLD = "an-old-guest-token-0001"  # a guest who looked around two days ago and never answered
RECENT = "a-recent-guest-token-002"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    path = tmp_path_factory.mktemp("served") / "progress.db"
    with ProgressDB(path) as db:
        for token, age in ((OLD, 2 * 86_400), (RECENT, 3_600)):
            db.guest(token)
            with db.using(write=True) as conn:
                conn.execute("UPDATE guests SET created = ? WHERE token = ?", (time.time() - age, token))
    with serve(path) as url:
        yield url, path


def set_cookie(url: str, cookie: str | None = None) -> str:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        (header,) = [v for k, v in response.headers.items() if k.lower() == "set-cookie" and "aluette" in v]
        return str(header)


def test_every_page_sets_the_cookie_httponly(served: tuple[str, Path]) -> None:
    url, _ = served
    header = set_cookie(f"{url}/play")
    found = re.fullmatch(r"aluette_guest=([\w-]{24}); Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax", header)
    assert found, header
    kept = set_cookie(f"{url}/practice", f"other=1; aluette_guest={found.group(1)}")
    assert kept.startswith(f"aluette_guest={found.group(1)};"), "the browser's own token is kept (and renewed)"
    replaced = set_cookie(url, 'aluette_guest="x\'; DROP"')
    assert re.match(r"aluette_guest=[\w-]{24}; Max-Age", replaced), "a malformed one is replaced by a new token"
    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=10) as response:
        cookies = [v for k, v in response.headers.items() if k.lower() == "set-cookie"]
        assert not [c for c in cookies if c.startswith("aluette_guest=")], "only pages carry it"


def test_the_file_is_pruned_at_start_up(served: tuple[str, Path]) -> None:
    _, path = served
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with ProgressDB(path) as db, db.using() as conn:
            tokens = {row[0] for row in conn.execute("SELECT token FROM guests")}
        if OLD not in tokens:
            break
        time.sleep(0.2)
    assert tokens == {RECENT}
