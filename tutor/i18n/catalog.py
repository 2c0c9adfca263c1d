"""Every message a learner can be shown in the ``engine`` domain, by id: one registry the owning layers fill.

This is what a translator's ``engine`` catalog is extracted from and what the renderer looks a step's message
up in: :data:`MESSAGES` maps each id (the ``msgctxt``) to its :class:`~tutor.engine.steps.Message` (the
English ``msgid`` and, for plurals, ``msgid_plural``).

Messages belong to the layer whose code says them, and the registry never imports a layer above i18n:

* the engine's explanations (:mod:`tutor.engine.messages`) are below i18n, so they are here from the start;
* the game against the computer has messages of its own (:mod:`tutor.play.messages`: the seating, the Hint,
  the coach, the guided deal). They are the tutor's words about its own features, not rules of the game, so
  they stay in the play layer, which sits above i18n and registers them with :func:`register` when it is
  imported. Any code that makes or reads such a step has imported play already.

A tool that needs every message (extraction, ``i18n-status``, the tests of the catalogs) imports the owners
explicitly (:mod:`tutor.authoring.extract` does).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tutor.engine.messages import FORMAT_IDS
from tutor.engine.messages import MESSAGES as ENGINE_MESSAGES
from tutor.engine.steps import Message

_REGISTERED: dict[str, Message] = dict(ENGINE_MESSAGES)
# Read-only for everyone else: a message joins only through register(), which checks it.
MESSAGES: Mapping[str, Message] = MappingProxyType(_REGISTERED)


def register(messages: Mapping[str, Message]) -> None:
    """Add a layer's messages; an id already registered for another message is a mistake.

    Registering the same messages again (a module imported twice, as a test may) changes nothing.
    """
    clashes = sorted(msg_id for msg_id, message in messages.items() if _REGISTERED.get(msg_id, message) != message)
    if clashes:
        raise ValueError(f"message ids {clashes} are defined twice")
    # The catalogs read so far need nothing: a lookup finds a new message's translation by its id and English.
    _REGISTERED.update(messages)


__all__ = ["FORMAT_IDS", "MESSAGES", "register"]
