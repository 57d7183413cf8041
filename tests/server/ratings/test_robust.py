"""The CR2 covariance by deals, its degrees of freedom, and the t intervals built on them."""

from __future__ import annotations

import math
import random
from statistics import variance

import numpy as np
import pytest

from croupier_server.ratings import ELO_PER_NEPER, Deal, GameOutcome, bootstrap_elo
from croupier_server.ratings.deal_meat import _binomial_series, _leverage_adjustment
from croupier_server.ratings.student import t_quantile
from tests.server.ratings.simulation import field, tournament


def duplicate_pairs(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    return [
        Deal(
            (
                GameOutcome(("a", "b"), (rng.random(), 0.8 * rng.random())),
                GameOutcome(("b", "a"), (rng.random(), 0.8 * rng.random())),
            )
        )
        for _ in range(count)
    ]


def test_two_bots_get_the_delta_method_t_interval_of_their_deals() -> None:
    # With a negligible prior the fit is the logit of the mean score, and CR2 is the delta
    # method on the deals' sample variance (denominator G - 1): a one-sample t interval.
    deals = duplicate_pairs(12, seed=3)
    points = [
        sum(
            game.scores[game.bots.index("a")] > game.scores[game.bots.index("b")]
            for game in d.games
        )
        for d in deals
    ]
    p = sum(points) / (2 * len(points))
    expected = variance(points) / (4 * len(points) * (p * (1 - p)) ** 2) * ELO_PER_NEPER**2
    fit = bootstrap_elo(deals, resamples=0, prior_games=1e-6)
    assert fit.covariance.variance("a", "b") == pytest.approx(expected, rel=1e-6)
    assert fit.covariance.degrees_of_freedom("a", "b") == pytest.approx(12)
    interval = fit.difference_interval("a", "b")
    half = t_quantile(0.975, 12) * math.sqrt(expected)
    centre = math.log(p / (1 - p)) * ELO_PER_NEPER
    assert (interval.low, interval.high) == pytest.approx((centre - half, centre + half), rel=1e-5)


def test_an_anchored_rating_is_the_difference_from_the_anchor() -> None:
    deals = tournament(field([0, 60, 120, 250]), games=120, seats=4, luck=1.0, seed=5)
    centred = bootstrap_elo(deals, resamples=0)
    anchored = bootstrap_elo(deals, resamples=0, anchor="b0")
    interval = anchored.interval("b0")
    assert (interval.low, interval.high) == (0.0, 0.0)
    for bot in ("b1", "b2", "b3"):
        difference = centred.difference_interval(bot, "b0")
        assert anchored.interval(bot).low == pytest.approx(difference.low, abs=1e-6)
        assert anchored.interval(bot).high == pytest.approx(difference.high, abs=1e-6)


def test_each_bot_has_about_as_many_degrees_of_freedom_as_deals() -> None:
    deals = tournament(field([0, 30, 60, 90, 120, 150]), games=600, seats=2, seed=2)
    fit = bootstrap_elo(deals, resamples=0)
    played = {bot: sum(bot in deal.bots for deal in deals) for bot in fit.estimate}
    for bot, count in played.items():
        assert 0.7 * count < fit.covariance.degrees_of_freedom(bot) < 1.5 * count


def test_the_intervals_need_no_resamples_and_superiority_does() -> None:
    deals = duplicate_pairs(10, seed=1)
    assert bootstrap_elo(deals, resamples=0).interval("a") == bootstrap_elo(deals).interval("a")
    with pytest.raises(ValueError, match="resamples"):
        bootstrap_elo(deals, resamples=0).superiority("a", "b")


def test_a_single_deal_gives_a_finite_interval() -> None:
    fit = bootstrap_elo(duplicate_pairs(1, seed=0), resamples=0)
    assert math.isfinite(fit.interval("a").width)


def test_the_series_and_the_eigenvalues_give_the_same_inflation() -> None:
    # A deal of four bots among well-known ones: small leverages, where the series is used.
    information = np.array(
        [
            [3.0, -1.0, -1.0, -1.0],
            [-1.0, 3.0, -1.0, -1.0],
            [-1.0, -1.0, 3.0, -1.0],
            [-1.0, -1.0, -1.0, 3.0],
        ]
    )[np.newaxis]
    covariance = np.array([[0.02 if i == j else 0.004 for j in range(4)] for i in range(4)])[
        np.newaxis
    ]
    leverage = information @ covariance
    bound = float(np.trace(leverage[0]))
    assert bound < 0.25
    series = _binomial_series(leverage, bound)
    scaled = 10 * covariance  # leverages too large for it
    assert np.array_equal(_leverage_adjustment(information, covariance), series)
    exact = _leverage_adjustment(information, scaled)
    again = _binomial_series(information @ scaled, 0.9)
    assert exact == pytest.approx(again, abs=1e-9)
