"""The browser tests' shared ``chromium`` fixture: Debian's Chromium (:data:`served_app.CHROMIUM`), started
through playwright's sync API with :data:`served_app.FLAGS`, one browser for a test module.

Module scope, not session scope: playwright's sync API allows one ``sync_playwright`` per thread at a time, and
many modules (test_browser_a11y, test_browser_play, ...) open their own inside a test. A browser kept for the whole
session would still be running when such a module comes later on the same xdist worker, and its
``sync_playwright()`` would fail ("using Playwright Sync API inside the asyncio loop").
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from served_app import CHROMIUM, FLAGS

if TYPE_CHECKING:  # playwright is imported once the fixture knows Chromium is there
    from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Headless Chromium for this module's tests; a missing Chromium fails (skips with ALUETTE_SKIP_BROWSER)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("ALUETTE_SKIP_BROWSER"):
            pytest.skip("ALUETTE_SKIP_BROWSER is set and Chromium is not installed")
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()
