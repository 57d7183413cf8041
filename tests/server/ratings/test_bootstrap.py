"""Bootstrap intervals over deals: coverage of the truth and the gain of duplicate deals."""

from __future__ import annotations

import pytest

from croupier_server.ratings import bootstrap, bootstrap_elo, fit_elo, tally_pairs
from tests.server.ratings.simulation import duplicate_advantage, field, tournament

TRUTH = field([0, 60, 120, 250])


def test_intervals_cover_the_true_difference_about_95_percent_of_the_time() -> None:
    tournaments = 100
    covered = 0
    for seed in range(tournaments):
        deals = tournament(TRUTH, games=300, seats=2, seed=seed)
        fit = bootstrap_elo(deals, resamples=100, seed=seed)
        covered += (TRUTH["b3"] - TRUTH["b0"]) in fit.difference_interval("b3", "b0")
    print(f"coverage of the 95% interval: {covered}/{tournaments}")
    assert 0.85 * tournaments <= covered <= tournaments


def test_estimate_is_the_point_fit_and_resampling_is_seeded() -> None:
    deals = tournament(TRUTH, games=200, seats=4, seed=3)
    fit = bootstrap_elo(deals, resamples=20, seed=1)
    assert fit.estimate == pytest.approx(fit_elo(tally_pairs(deals)), abs=1e-3)
    assert fit == bootstrap_elo(deals, resamples=20, seed=1)
    assert all(len(sample) == 20 for sample in fit.samples.values())
    assert fit.interval("b3").low > fit.interval("b0").high
    assert fit.superiority("b3", "b0") == 1.0
    assert fit.superiority("b0", "b3") == 0.0


@pytest.mark.parametrize("seats", [2, 4])
def test_duplicate_deals_need_fewer_games(seats: int) -> None:
    ratio = duplicate_advantage(TRUTH, games=2000, seats=seats, resamples=60)
    print(f"{seats} seats: random deals need {ratio:.2f} times the games of duplicate deals")
    assert ratio > 1.2


def test_a_board_too_large_for_refits_gets_superiority_from_its_covariance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deals = tournament(TRUTH, games=200, seats=4, seed=3)
    monkeypatch.setattr(bootstrap, "RESAMPLED_BOTS", 3)
    fit = bootstrap_elo(deals, resamples=20, seed=1)
    assert all(not sample for sample in fit.samples.values())
    below = fit.superiority("b1", "b2")
    assert fit.superiority("b2", "b1") == pytest.approx(1.0 - below)
    assert below < 0.5 < fit.superiority("b2", "b1")
    # The share of the difference's t distribution (that of its interval) above 0.
    interval = fit.difference_interval("b2", "b1", confidence=1.0 - 2.0 * below)
    assert interval.low == pytest.approx(0.0, abs=1e-6)
    with pytest.raises(ValueError, match="resamples"):
        bootstrap_elo(deals, resamples=0).superiority("b2", "b1")
