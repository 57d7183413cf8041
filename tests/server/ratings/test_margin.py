"""Margins over the field on the same deals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier_server.ratings import Deal, GameOutcome, margins, seat_margins
from tests.server.ratings.simulation import field, tournament

scores = st.lists(st.integers(-100, 100), min_size=2, max_size=6)


@given(scores)
def test_margins_of_a_game_sum_to_zero(points: list[int]) -> None:
    game = GameOutcome(tuple(f"b{i}" for i in range(len(points))), tuple(points))
    assert sum(seat_margins(game)) == pytest.approx(0, abs=1e-9)


def test_margin_is_the_mean_over_seats() -> None:
    deals = [
        Deal((GameOutcome(("a", "b", "c"), (6, 3, 0)), GameOutcome(("b", "c", "a"), (6, 3, 0)))),
        Deal((GameOutcome(("a", "b"), (10, 0)),)),
    ]
    table = margins(deals, resamples=50)
    assert table["a"].games == 3
    assert table["a"].mean == pytest.approx((4.5 - 4.5 + 10) / 3)
    assert table["c"].mean == pytest.approx(-4.5 / 2)


def test_stronger_bots_have_larger_margins_with_an_interval() -> None:
    truth = field([0, 100, 300])
    table = margins(tournament(truth, games=900, seats=3, luck=1.0), resamples=100)
    assert table["b0"].mean < table["b1"].mean < table["b2"].mean
    assert table["b2"].interval.low > 0 > table["b0"].interval.high
    for margin in table.values():
        assert margin.interval.low <= margin.mean <= margin.interval.high
