"""Margins over the field on the same deals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier_server.ratings import (
    MIN_BOOTSTRAP_DEALS,
    Deal,
    GameOutcome,
    Interval,
    margins,
    seat_margins,
)
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
    assert (table["a"].games, table["a"].deals) == (3, 2)
    assert (table["c"].games, table["c"].deals) == (2, 1)
    assert table["a"].mean == pytest.approx((4.5 - 4.5 + 10) / 3)
    assert table["c"].mean == pytest.approx(-4.5 / 2)


def test_stronger_bots_have_larger_margins_with_an_interval() -> None:
    truth = field([0, 100, 300])
    table = margins(tournament(truth, games=900, seats=3, luck=1.0), resamples=100)
    assert table["b0"].mean < table["b1"].mean < table["b2"].mean
    assert known(table["b2"].interval).low > 0 > known(table["b0"].interval).high
    for margin in table.values():
        assert known(margin.interval).low <= margin.mean <= known(margin.interval).high


def known(interval: Interval | None) -> Interval:
    assert interval is not None
    return interval


def test_too_few_deals_have_no_interval() -> None:
    # Three deals whose margins run from -25 to +72: ten distinct resamples at most.
    scores = [(72, 0), (-25, 0), (10, 0)]
    deals = [Deal((GameOutcome(("a", "b"), points),)) for points in scores]
    table = margins(deals, resamples=200)
    assert (table["a"].deals, table["a"].interval) == (3, None)
    assert table["a"].mean == pytest.approx((72 - 25 + 10) / 3)
    enough = margins(deals * (MIN_BOOTSTRAP_DEALS // 3 + 1), resamples=200)
    assert known(enough["a"].interval).width > 20


@given(st.integers(1, 2 * MIN_BOOTSTRAP_DEALS))
def test_a_bot_has_an_interval_from_the_minimum_of_deals(played: int) -> None:
    deals = [Deal((GameOutcome(("a", "b"), (k % 5, 2)),)) for k in range(played)]
    extra = [Deal((GameOutcome(("b", "c"), (1, 0)),))] * MIN_BOOTSTRAP_DEALS
    table = margins([*deals, *extra], resamples=20)
    assert table["a"].deals == played
    assert (table["a"].interval is not None) == (played >= MIN_BOOTSTRAP_DEALS)
    assert table["b"].interval is not None
    assert table["c"].interval is not None
