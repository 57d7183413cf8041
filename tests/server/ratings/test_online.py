"""The incremental Elo of the live leaderboard."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier_server.ratings import GameOutcome, replay_online_elo, update_online_elo
from tests.server.ratings.simulation import field, tournament


def test_two_player_update_is_classic_elo() -> None:
    ratings = update_online_elo({"a": 1600.0, "b": 1400.0}, GameOutcome(("a", "b"), (0, 1)), k=32)
    expected_a = 1 / (1 + 10 ** (-200 / 400))
    assert ratings["a"] == pytest.approx(1600 - 32 * expected_a)
    assert ratings["b"] == pytest.approx(1400 + 32 * expected_a)


@given(st.lists(st.integers(0, 9), min_size=2, max_size=5))
def test_updates_conserve_the_total_and_move_a_seat_at_most_k(points: list[int]) -> None:
    game = GameOutcome(tuple(f"b{i}" for i in range(len(points))), tuple(points))
    ratings = update_online_elo({}, game, k=20)
    assert sum(ratings.values()) == pytest.approx(1500 * len(points))
    assert all(abs(r - 1500) <= 20 + 1e-9 for r in ratings.values())


def test_online_elo_moves_toward_the_truth() -> None:
    truth = field([0, 100, 200, 300])
    games = [game for deal in tournament(truth, games=4000, seed=2) for game in deal.games]
    ratings = replay_online_elo(games, k=8)
    mean = sum(ratings.values()) / len(ratings)
    for bot, elo in truth.items():
        assert ratings[bot] - mean == pytest.approx(elo, abs=50)
    early = replay_online_elo(games[:40], k=8)
    late_error = sum(abs(ratings[b] - mean - truth[b]) for b in truth)
    early_mean = sum(early.values()) / len(early)
    assert late_error < sum(abs(early[b] - early_mean - truth[b]) for b in truth)
