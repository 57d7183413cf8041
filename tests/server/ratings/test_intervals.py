"""Wilson's interval of a share: never a point at 0% or 100%, and it covers."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier_server.ratings import wilson_interval

shares = st.floats(min_value=0.0, max_value=1.0)
trials = st.floats(min_value=0.5, max_value=1e6)


def test_wilson_interval_of_known_shares() -> None:
    # Wilson (1927); Newcombe (1998), table I: 95% limits of 0/10, 1/10, 10/10 and 50/100.
    cases = [(0, 10, 0.0, 0.2775), (1, 10, 0.0179, 0.4042), (10, 10, 0.7225, 1.0)]
    for won, played, low, high in [*cases, (50, 100, 0.4038, 0.5962)]:
        interval = wilson_interval(won / played, played)
        assert (interval.low, interval.high) == pytest.approx((low, high), abs=1e-4)


@given(shares, trials)
def test_it_holds_the_share_within_zero_and_one_and_is_never_a_point(
    share: float, count: float
) -> None:
    interval = wilson_interval(share, count)
    assert 0.0 <= interval.low <= share <= interval.high <= 1.0
    # Shrinking with the trials as 1/sqrt(n), at worst 2 z sqrt(1/4n) at a share of 1/2.
    assert 0.0 < interval.width <= 2 * 1.96 / math.sqrt(4 * count) + 1e-9


@given(shares, st.floats(min_value=1.0, max_value=1e4))
def test_more_trials_give_a_narrower_interval(share: float, count: float) -> None:
    assert wilson_interval(share, 4 * count).width < wilson_interval(share, count).width


@pytest.mark.parametrize("truth", [0.5, 0.8, 0.95, 0.99])
@pytest.mark.parametrize("played", [8, 20, 60])
def test_it_holds_the_true_share_about_95_percent_of_the_time(truth: float, played: int) -> None:
    # Exactly, over every number of wins of a binomial: no sampling noise.
    coverage = sum(
        math.comb(played, won) * truth**won * (1 - truth) ** (played - won)
        for won in range(played + 1)
        if truth in wilson_interval(won / played, played)
    )
    # The share plus or minus 1.96 standard errors covers 34% of the time at 95% over 8.
    assert coverage >= 0.92, coverage


def test_no_trial_says_nothing() -> None:
    interval = wilson_interval(0.5, 0)
    assert (interval.low, interval.high) == (0.0, 1.0)
    with pytest.raises(ValueError, match="share"):
        wilson_interval(1.5, 10)
