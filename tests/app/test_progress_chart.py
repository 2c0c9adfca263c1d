"""The Progress page's accuracy chart: it reads well with one day of data, and shows each day."""

from __future__ import annotations

import math
from datetime import date

from tutor.app.progress_view import CHART_DAYS, accuracy_frame, accuracy_spec, chart_days
from tutor.progress.records import DayCount


def test_one_day_of_answers_is_one_bar_of_a_week() -> None:
    today = date(2025, 3, 5)
    frame = accuracy_frame([DayCount(today, 4, 3)], today)
    assert CHART_DAYS == 7
    assert list(frame["day"]) == [f"2025-{d}" for d in ("02-27", "02-28", "03-01", "03-02", "03-03", "03-04", "03-05")]
    assert list(frame["answers"]) == [0, 0, 0, 0, 0, 0, 4]
    assert list(frame["right"]) == [0, 0, 0, 0, 0, 0, 3]
    # 3 of 4 right; the days without answers have no point on the line
    assert frame["accuracy"].iloc[-1] == 75.0
    assert all(math.isnan(a) for a in frame["accuracy"].iloc[:-1])
    assert frame["label"].iloc[-1] == "Wednesday 05 March"


def test_a_longer_history_runs_from_the_first_answer_to_today_with_the_gaps_filled() -> None:
    days = [DayCount(date(2025, 3, 1), 2, 1), DayCount(date(2025, 3, 10), 1, 1)]
    shown = chart_days(days, date(2025, 3, 12))
    assert [d.day.day for d in shown] == list(range(1, 13))
    assert [d.answered for d in shown] == [2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]


def test_no_answers_is_an_empty_week_ending_today() -> None:
    shown = chart_days([], date(2025, 1, 3))
    assert (shown[0].day, shown[-1].day, len(shown)) == (date(2024, 12, 28), date(2025, 1, 3), 7)
    assert all(d.answered == 0 for d in shown)


def test_days_are_bands_of_equal_width() -> None:
    layers = accuracy_spec()["layer"]
    assert isinstance(layers, list)
    for layer in layers:
        assert layer["encoding"]["x"]["type"] == "ordinal"
        assert layer["encoding"]["x"]["field"] == "day"
