"""Every kind of scenario is registered once in each layer, and completely.

The content layer's kinds (:mod:`tutor.content.kinds`), the app's (:mod:`tutor.app.kinds`) and the kinds of the
scenario contract with those the tutor adds (``dealing``, described for authors by its module's docstring) are
the same; each entry has every part a page or a command asks of it, checked on scenarios its own generator makes.
Both registries find their modules as files, so no import names them: a kind module must never reach its own
registry, which would be a circle the import graph cannot see.
"""

from __future__ import annotations

import ast
import re
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

import tutor
from tutor.app import kinds as app_kinds
from tutor.app import predict, scenario_view
from tutor.app.kind import AppKind
from tutor.content import grading
from tutor.content import kinds as content_kinds
from tutor.content.generate import generate_scenarios
from tutor.content.kind import ContentKind, registered
from tutor.content.scenario import Scenario
from tutor.content.solve import solve
from tutor.engine import Explained, Seat
from tutor.i18n import ui

PACKAGE = Path(tutor.__file__).resolve().parent
CONTRACT = PACKAGE.parent / "docs" / "scenario-contract.md"
SAMPLE = 6  # generated scenarios per kind


def contract_kinds() -> list[str]:
    """The kinds the contract lists, in order, one paragraph each ("`rank` — setup ...", "`play` (added ...) — ")."""
    return re.findall(r"^`([a-z]+)`(?: \([^)]*\))? — ", CONTRACT.read_text(encoding="utf-8"), re.MULTILINE)


def kinds_beyond_the_contract() -> set[str]:
    """The kinds the tutor adds to the contract's."""
    return set(content_kinds.KINDS) - set(contract_kinds())


@cache
def sample(kind: str) -> tuple[tuple[Scenario, Explained], ...]:
    return tuple((s, solve(s)) for s in generate_scenarios(kind, SAMPLE, seed=3))


def test_both_layers_register_the_contracts_kinds_and_the_tutors_own() -> None:
    assert contract_kinds() == ["rank", "draw", "trick", "deal", "chant", "signal", "game", "play"]  # it is fixed
    assert kinds_beyond_the_contract() == {"dealing"}
    assert set(contract_kinds()) <= set(content_kinds.KINDS)
    assert tuple(entry.name for entry in app_kinds.SHOWN) == content_kinds.KINDS


def test_a_kind_beyond_the_contract_is_described_for_authors_by_its_module() -> None:
    # The contract documents its own kinds; a kind the tutor adds names its setup and outcome keys where it is
    # defined, so that adding one needs no other page.
    for name in kinds_beyond_the_contract():
        path = PACKAGE / "content" / "kinds" / f"{name}.py"
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        missing = sorted(key for key in content_kinds.kind(name).outcomes if f"``{key}``" not in doc)
        assert not missing, f"{path.name}'s docstring does not name {missing}"


def test_the_contracts_kinds_are_listed_in_the_contracts_order() -> None:
    # the order of check's message, the command line's help and Endless's menu
    assert [kind for kind in content_kinds.KINDS if kind in contract_kinds()] == contract_kinds()


@pytest.mark.parametrize("kind", content_kinds.KINDS)
def test_a_content_kind_is_complete(kind: str) -> None:
    entry = content_kinds.kind(kind)
    assert entry.outcomes and entry.topics
    assert {*entry.not_asked, *entry.always_asked, *entry.one_card} <= set(entry.outcomes)
    assert not set(entry.not_asked) & set(entry.always_asked)
    for scenario, result in sample(kind):
        assert isinstance(scenario.setup, entry.setup_type)
        assert scenario.topic in entry.topics, "its generator writes only the topics it names"
        assert set(scenario.ask) <= set(scenario.outcome_keys) <= set(entry.outcomes)
        assert set(result.outcome()) <= set(entry.outcomes)


@pytest.mark.parametrize("kind", content_kinds.KINDS)
def test_an_app_kind_is_complete(kind: str) -> None:
    entry, content = app_kinds.shown(kind), content_kinds.kind(kind)
    _ = ui.translator("en")
    assert entry.title(_).strip()
    assert set(entry.topics(_)) == set(content.topics), "a title for every topic its generator writes"
    askable = set(content.outcomes) - set(content.not_asked)
    assert askable <= set(entry.short_names(_))
    for key in askable:
        assert entry.question_text(key, _, "Jeanne", (Seat.N,)), f"no wording for {key}"
    for scenario, result in sample(kind):
        for reveal in (False, True):
            ET.fromstring(scenario_view.setup_html(scenario, result, reveal))
        for key in set(scenario.outcome_keys) & set(result.outcome()) - set(content.not_asked):
            assert predict.question(scenario, result, key).parts
        assert [q.key for q in predict.plan(scenario, result)] == list(grading.asked(scenario))


def test_the_topics_of_every_kind_have_a_title_in_practice() -> None:
    from tutor.app import quiz

    titles = quiz.topic_titles("en")
    assert {topic for entry in content_kinds.REGISTERED for topic in entry.topics} <= set(titles)
    assert set(quiz.kind_names("en")) == {quiz.ANY, *content_kinds.KINDS}


def test_a_module_of_a_kinds_package_without_its_entry_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "some_kinds"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "trick.py").write_text("KIND = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import some_kinds  # type: ignore[import-not-found]

    try:
        with pytest.raises(TypeError, match=r"some_kinds\.trick defines no KIND"):
            registered(some_kinds, ContentKind)
        (package / "trick.py").write_text("from tutor.app.kinds.deal import KIND\n")
        sys.modules.pop("some_kinds.trick", None)
        with pytest.raises(TypeError, match="defines the kind 'deal': a kind's module is named after it"):
            registered(some_kinds, AppKind)
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == "some_kinds"]:
            del sys.modules[name]


# --- no kind module reaches its registry ----------------------------------------------------------------------


def imported(path: Path, package: str) -> set[str]:
    """The ``tutor`` modules a file imports, anywhere in it (absolute imports, as the package writes them)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.update({node.module, *(f"{node.module}.{alias.name}" for alias in node.names)})
    return {name for name in found if name.startswith(package)}


def module_path(name: str) -> Path | None:
    base = PACKAGE.parent.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def reached(start: str) -> set[str]:
    """Every ``tutor`` module ``start`` reaches through its imports (a package's ``__init__`` counts as a module)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        path = module_path(todo.pop())
        for name in imported(path, "tutor") if path else ():
            if name not in seen and module_path(name) is not None:
                seen.add(name)
                todo.append(name)
    return seen


@pytest.mark.parametrize("registry", ["tutor.content.kinds", "tutor.app.kinds"])
def test_no_kind_module_reaches_its_own_registry(registry: str) -> None:
    folder = module_path(registry)
    assert folder is not None
    kinds = sorted(p.stem for p in folder.parent.glob("*.py") if p.stem != "__init__")
    assert len(kinds) == len(content_kinds.KINDS)
    for kind in kinds:
        assert registry not in reached(f"{registry}.{kind}"), f"{registry}.{kind} imports its own registry"
    assert "tutor.content.kinds.signal" in reached("tutor.content.drills")  # the walk sees imports
