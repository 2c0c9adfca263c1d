"""Every message a learner can be shown from the engine and the game against the computer, by id.

This is what a translator's catalog is extracted from: :data:`MESSAGES` maps each id (the ``msgctxt``)
to its :class:`~tutor.engine.steps.Message` (the English ``msgid`` and, for plurals, ``msgid_plural``).
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.messages import FORMAT_IDS
from tutor.engine.messages import MESSAGES as ENGINE_MESSAGES
from tutor.engine.steps import Message
from tutor.play.messages import MESSAGES as PLAY_MESSAGES


def _merge(*parts: Mapping[str, Message]) -> dict[str, Message]:
    merged: dict[str, Message] = {}
    for part in parts:
        for msg_id, message in part.items():
            if msg_id in merged:
                raise ValueError(f"message id {msg_id!r} is defined twice")
            merged[msg_id] = message
    return merged


MESSAGES: dict[str, Message] = _merge(ENGINE_MESSAGES, PLAY_MESSAGES)
__all__ = ["FORMAT_IDS", "MESSAGES"]
