"""The message catalog (tutor/i18n/catalog.py) against what is produced.

The corpus (:mod:`explanation_corpus`) holds the steps of every scenario, whole games against the computer,
hints and drills. Checked here: every message of the catalog is produced or used by the renderer, every step
has exactly its template's parameters, and every template renders in every language.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from explanation_corpus import corpus, direct_cases, walk

from tutor.engine.messages import FORM_IDS
from tutor.engine.steps import Step
from tutor.i18n import LANGUAGES, translate
from tutor.i18n.catalog import FORMAT_IDS, MESSAGES
from tutor.i18n.sentences import render, render_all


def every_step() -> Iterator[Step]:
    return walk(corpus())


# --- the catalog against what is produced ----------------------------------------------------------------


def test_every_message_of_the_catalog_is_produced_or_used_to_format(monkeypatch: pytest.MonkeyPatch) -> None:
    produced = {s.msg for s in every_step()}
    asked: set[str] = set()

    def recording(lang: str, context: str, msgid: str, plural: str | None = None, n: int | None = None) -> str:
        asked.add(context)
        return translate(lang, context, msgid, plural, n)

    monkeypatch.setattr("tutor.i18n.sentences.translate", recording)
    render_all(corpus())
    render_all(corpus(), "fr")  # a card in words: only a translated language names it so
    assert produced <= set(MESSAGES), f"steps with unregistered ids: {sorted(produced - set(MESSAGES))}"
    assert not produced & FORMAT_IDS, "formatting words are never steps of their own"
    # A grammatical form is a word a translation may ask for; which ones a catalog uses is the translator's.
    needed = set(MESSAGES) - FORM_IDS
    assert needed <= asked, f"never produced nor used: {sorted(needed - asked)}"


def test_the_direct_cases_produce_the_message_they_stand_for() -> None:
    for msg_id, found in direct_cases().items():
        assert msg_id in {s.msg for s in walk([found])}, (msg_id, found)


def test_every_step_has_exactly_its_templates_parameters() -> None:
    for s in every_step():
        names = [name for name, _ in s.params]
        assert len(names) == len(set(names)), s
        assert set(names) == MESSAGES[s.msg].names, (s.msg, names)


def test_every_template_renders_in_every_language() -> None:
    for lang in LANGUAGES:
        for s in corpus():
            assert render(s, lang).strip(), s
