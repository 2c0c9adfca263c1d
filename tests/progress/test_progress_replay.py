"""Replaying an item's answers gives the card that reviewing them one by one gives, to the last bit: an
import or a guest's answers moving to a name make cards by replay, the session by review."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tutor.progress.scheduling import replay, review_values

KINDS = ("trick", "drill-tier", "drill-order", "drill-hand-signals")
STEPS = (0.5, 30.0, 600.0, 3_600.0, 86_400.0, 3 * 86_400.0, 20 * 86_400.0, -100.0)  # seconds; back in time too


@given(
    st.lists(
        st.tuples(st.sampled_from(KINDS), st.booleans(), st.floats(0, 120), st.sampled_from(STEPS)),
        min_size=1,
        max_size=40,
    ),
)
def test_replay_is_review_after_review(answers: list[tuple[str, bool, float, float]]) -> None:
    at = 1_700_000_000.0
    timed = []
    for kind, right, seconds, step in answers:
        at += step
        timed.append((kind, right, seconds, at))
    reviewed = None
    for kind, right, seconds, when in timed:
        reviewed = review_values(reviewed, "item", kind, right, seconds, when)
    assert replay("item", timed) == reviewed


def test_no_answers_no_card() -> None:
    assert replay("item", []) is None
