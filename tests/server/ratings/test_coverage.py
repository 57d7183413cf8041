"""The 95% Elo intervals cover the truth 95% of the time, within 1.5 points either way.

For each number of seats, 60 tournaments of each of 11 kinds
(:mod:`tests.server.ratings.coverage`): 8, 15, 30 and 100 deals a bot in a round robin, with
results that follow the fit's model and with luck, and 8, 15 and 30 deals of a new bot
against a rated field. That is about 4,000 intervals a number of seats, so the coverage is
known to about 0.7 points (the test checks that it is known to 1). The former percentile
bootstrap held 92.6% (two seats) and 92.7% (four seats) of these tournaments' intervals, 91%
with 8 deals a bot, and fails here (``bench/interval_coverage.py --percentile``).

The methods of boards of thousands of bots (:mod:`croupier_server.ratings.robust`: no dense
inverse, and each bot's own deals for its degrees of freedom) are checked the same way, on
the smallest size and on sparse boards of bots that meet only neighbours in strength.
"""

from __future__ import annotations

import pytest

from croupier_server.ratings import information, robust
from tests.server.ratings.coverage import SIZES, TOURNAMENTS, Coverage, Scenario, kinds, measure


def coverage_of(scenarios: list[Scenario]) -> Coverage:
    """The coverage of croupier's intervals over ``TOURNAMENTS`` of each scenario."""
    coverages = [measure(scenario, tournaments=TOURNAMENTS) for scenario in scenarios]
    return sum(coverages, start=Coverage((), 0.0))


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 4])
def test_95_percent_intervals_cover_the_truth_95_percent_of_the_time(seats: int) -> None:
    by_size = {deals: coverage_of(kinds(seats, deals)) for deals in SIZES}
    for deals, coverage in by_size.items():
        print(f"{seats} seats, {deals:3} deals a bot: {coverage}")
        # One size alone is known to about 1.4 points: a wider band, still a check.
        assert abs(coverage.share - 0.95) <= 0.015 + coverage.margin
    total = sum(by_size.values(), start=Coverage((), 0.0))
    print(f"{seats} seats: {total}")
    assert total.margin <= 0.01
    assert abs(total.share - 0.95) <= 0.015


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 4])
def test_the_methods_of_large_boards_cover_as_well(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A board of thousands inverts no dense matrix (the band of H^-1 by selected inversion,
    # the sandwich's diagonal by the complex step) and takes each bot's own deals for its
    # degrees of freedom: here on small boards, and on a sparse board of neighbours.
    monkeypatch.setattr(information, "DENSE_BOTS", 0)
    monkeypatch.setattr(information, "BAND_SHARE", 1.0)
    monkeypatch.setattr(robust, "EXACT_DEGREES_BOTS", 0)
    scenarios = [
        *kinds(seats, 8),
        Scenario(seats, 8, luck=True, neighbours=True),
        Scenario(seats, 30, luck=True, neighbours=True),
    ]
    coverage = coverage_of(scenarios)
    print(f"{seats} seats, the large boards' methods: {coverage}")
    assert abs(coverage.share - 0.95) <= 0.015 + coverage.margin
