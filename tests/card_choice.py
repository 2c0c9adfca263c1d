"""Choosing one card in a browser test: a question answered with one card (the trick's winner, the card to play) is
a radio group drawn as the cards (tutor/app/card_answer.py). Its radio input lies under the card picture, which
takes the click, as a learner's finger or mouse does: the option's whole box (its label) is clicked."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # playwright is imported by the browser tests themselves
    from playwright.sync_api import Locator, Page


def card_option(page: Page, name: str | re.Pattern[str]) -> Locator:
    """The radio input of the choice named ``name`` ("A-coins (South)", "Spoiled: nobody wins"; a pattern: the
    first that matches)."""
    if isinstance(name, re.Pattern):
        return page.get_by_role("radio", name=name).first
    return page.get_by_role("radio", name=name, exact=True)


def choose_card(page: Page, name: str | re.Pattern[str], timeout: float = 30_000) -> None:
    """Click the option named ``name`` (its box, the card drawn on it) and wait until it reads as checked."""
    from playwright.sync_api import expect

    option = page.get_by_test_id("stRadioOption").filter(has=card_option(page, name))
    option.click(timeout=timeout)
    expect(card_option(page, name)).to_be_checked(timeout=timeout)
