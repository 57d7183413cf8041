"""The Bradley-Terry fit recovers simulated strengths and has the documented invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier_server.ratings import Deal, GameOutcome, fit_elo, tally_pairs
from tests.server.ratings.simulation import field, tournament

TRUTH = field([0, 40, 80, 150, 250, 400])


@pytest.mark.parametrize("seats", [2, 4])
def test_fit_recovers_order_and_differences(seats: int) -> None:
    fitted = fit_elo(tally_pairs(tournament(TRUTH, games=6000, seats=seats, seed=seats)))
    assert sorted(fitted, key=fitted.__getitem__) == sorted(TRUTH, key=TRUTH.__getitem__)
    for bot, elo in TRUTH.items():
        assert fitted[bot] == pytest.approx(elo, abs=30)


def test_bot_that_wins_everything_gets_a_finite_rating() -> None:
    deal = Deal((GameOutcome(("a", "b"), (1, 0)),) * 50)
    fitted = fit_elo(tally_pairs([deal]))
    assert 400 < fitted["a"] < 2000
    assert fitted["b"] == pytest.approx(-fitted["a"])


def test_anchor_and_warm_start() -> None:
    tally = tally_pairs(tournament(TRUTH, games=400))
    centred = fit_elo(tally)
    anchored = fit_elo(tally, anchor="b0")
    assert anchored["b0"] == 0
    for bot in TRUTH:
        assert anchored[bot] - anchored["b3"] == pytest.approx(centred[bot] - centred["b3"])
    assert fit_elo(tally, start=centred) == pytest.approx(centred, abs=1e-4)
    with pytest.raises(ValueError, match="anchor"):
        fit_elo(tally, anchor="nobody")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_mean_is_zero_and_order_of_deals_is_irrelevant(seed: int, seats: int) -> None:
    deals = tournament(TRUTH, games=60, seats=seats, seed=seed)
    fitted = fit_elo(tally_pairs(deals))
    assert sum(fitted.values()) == pytest.approx(0, abs=1e-6)
    random.Random(seed).shuffle(deals)
    assert fit_elo(tally_pairs(deals)) == fitted
