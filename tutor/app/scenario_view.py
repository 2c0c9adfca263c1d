"""A scenario's setup drawn by its kind (:mod:`tutor.app.kinds`), in one wrapper for every kind.

The wrapper carries the style (:func:`tutor.app.views.css`), the kind and whether the answer is drawn
(``data-kind``, ``data-answer``).
"""

from __future__ import annotations

from tutor.app.kinds import shown
from tutor.app.markup import escape
from tutor.content.scenario import Scenario
from tutor.engine import Explained


def setup_html(scenario: Scenario, result: Explained | None = None, reveal: bool = False) -> str:
    """Draw a scenario's setup for its kind; with ``reveal=True`` and the engine's result, mark the answer.

    ``result`` may be passed before the reveal too: it then supplies only supporting facts the scenario
    does not ask about (the eldest of a chant, the cutter of a dealing, the first leader of a deal).
    """
    hidden = frozenset() if reveal else frozenset(scenario.ask)
    body = shown(scenario.kind).setup_html(scenario.setup, result, reveal, hidden)
    state = "revealed" if reveal else "hidden"
    kind = escape(scenario.kind)
    return f'<div class="alu-setup alu-kind-{kind}" data-kind="{kind}" data-answer="{state}">{body}</div>'
