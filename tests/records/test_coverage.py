"""Coverage direction: the last 7 days against the 21 before them, as per-day rates."""

from datetime import date, timedelta

import pytest

from records.states import coverage, wire_tier

TODAY = date(2026, 11, 22)


def history(current_total: int, baseline_total: int, tracked: int = 56):
    """All current mentions today, all baseline mentions ten days ago, first seen `tracked` ago."""
    return [
        (TODAY, current_total),
        (TODAY - timedelta(days=10), baseline_total),
        (TODAY - timedelta(days=tracked - 1), 1),
    ]


@pytest.mark.parametrize(
    ("current", "baseline", "direction", "pct"),
    [
        (21, 21, "rising", 200),  # 3 a day against 1 a day
        (7, 63, "fading", -67),  # 1 a day against 3 a day
        (14, 42, "steady", 0),
        (35, 84, "rising", 25),  # exactly +25: rising
        (21, 84, "fading", -25),  # exactly -25: fading
        (34, 84, "steady", 21),
    ],
)
def test_direction_thresholds(current, baseline, direction, pct):
    reading = coverage(history(current, baseline), today=TODAY)
    assert (reading.direction, reading.baseline_relative_pct) == (direction, pct)


def test_percentage_is_the_rate_change_against_baseline():
    days = [(TODAY - timedelta(days=back), 2) for back in range(7)]  # 14 current
    days += [(TODAY - timedelta(days=back), 1) for back in range(7, 28)]  # 21 baseline
    reading = coverage(days, today=TODAY)
    assert (reading.current, reading.baseline) == (14, 21)
    assert reading.baseline_relative_pct == 100  # 2 a day against 1 a day
    assert reading.tracked_days == 28


@pytest.mark.parametrize(
    "days",
    [
        [],  # never mentioned
        [(TODAY - timedelta(days=back), 3) for back in range(20)],  # 20 tracked days < 28
        [(TODAY - timedelta(days=40), 1), (TODAY, 2)],  # too few mentions
        [(TODAY - timedelta(days=40), 1)] + [(TODAY - timedelta(days=b), 2) for b in range(7)],
    ],
    ids=["never", "young", "thin", "zero-baseline"],
)
def test_thin_history_is_insufficient_with_no_percentage(days):
    reading = coverage(days, today=TODAY)
    assert reading.direction == "insufficient_history"
    assert reading.baseline_relative_pct is None


def test_future_rows_are_ignored():
    days = [*history(14, 42), (TODAY + timedelta(days=3), 50)]
    assert coverage(days, today=TODAY).direction == "steady"


def test_wire_tier(settings):
    settings.SVC_FLAG_MIN_CURRENT_DOCUMENTS = 5
    rising = coverage(history(21, 21), today=TODAY)
    quiet_rise = coverage(history(4, 3), today=TODAY)  # rising, on only 4 documents
    steady = coverage(history(14, 42), today=TODAY)
    assert wire_tier(rising, source_flipped_active=False) == "flagged"
    assert wire_tier(quiet_rise, source_flipped_active=False) == "watch"  # too few documents
    assert wire_tier(steady, source_flipped_active=False) == "watch"
    assert wire_tier(steady, source_flipped_active=True) == "flagged"
