"""Whether this server is shared (a club's or a school's) rather than a family's laptop.

``aluette-tutor app --shared``, ``make run SHARED=1`` or the setting ``ALUETTE_SHARED=1`` make it so. On a shared
server the sidebar lists nobody: a learner is whoever their browser remembers (:mod:`tutor.progress.browsers`),
a new name is taken only if it is free, and coming back on another device takes the learner's PIN
(:mod:`tutor.app.shared_learner`, :mod:`tutor.progress.pins`). The household mode (the default) lists the
learners to choose from, as before.

>>> shared({"ALUETTE_SHARED": "1"}), shared({"ALUETTE_SHARED": "off"}), shared({})
(True, False, False)
>>> setting("maybe") is None
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping

ENV_VAR = "ALUETTE_SHARED"
YES = frozenset({"1", "true", "yes", "on"})
NO = frozenset({"", "0", "false", "no", "off"})


def setting(value: str) -> bool | None:
    """What a value of :data:`ENV_VAR` says: shared, not shared, or None when it is neither (``aluette-tutor app``
    refuses such a value with a line that names it)."""
    word = value.strip().lower()
    return True if word in YES else False if word in NO else None


def shared(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this server is shared. A value that says neither counts as shared: a server that may be a
    room's lists nobody rather than everybody."""
    said = setting((os.environ if environ is None else environ).get(ENV_VAR, ""))
    return said is not False
