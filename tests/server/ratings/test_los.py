"""Head-to-head tables and the likelihood of superiority."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier_server.ratings import Deal, GameOutcome, head_to_head, likelihood_of_superiority
from tests.server.ratings.simulation import field, tournament

counts = st.floats(min_value=0, max_value=1e6, allow_nan=False)


@given(counts, counts)
def test_los_is_symmetric(wins: float, losses: float) -> None:
    assert likelihood_of_superiority(wins, losses) + likelihood_of_superiority(
        losses, wins
    ) == pytest.approx(1.0)


def test_los_of_known_results() -> None:
    # fishtest's formula: 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))).
    assert likelihood_of_superiority(10, 10) == 0.5
    assert likelihood_of_superiority(120, 80) == pytest.approx(0.9977, abs=1e-4)


def test_head_to_head_counts_weighted_pairs_both_ways() -> None:
    deal = Deal(
        (
            GameOutcome(("a", "b", "c"), (5, 5, 0)),
            GameOutcome(("b", "c", "a"), (3, 2, 1)),
            GameOutcome(("a", "b"), (0, 1)),
        )
    )
    table = head_to_head([deal])
    row = table["a", "b"]
    assert (row.games, row.wins, row.draws, row.losses) == (2.0, 0.0, 0.5, 1.5)
    assert row.score == 0.125
    mirror = table["b", "a"]
    assert (mirror.wins, mirror.losses, mirror.score) == (1.5, 0.0, 0.875)
    assert row.los + mirror.los == pytest.approx(1.0)
    assert row.interval.low <= row.score <= row.interval.high


def test_stronger_bot_wins_its_head_to_head() -> None:
    truth = field([0, 200])
    table = head_to_head(tournament(truth, games=400, seed=1))
    row = table["b1", "b0"]
    assert row.interval.low > 0.5
    assert row.los > 0.999
    assert 0.76 in row.interval  # the logistic model's expected score at 200 Elo
