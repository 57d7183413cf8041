"""Rating histories: the standings' Bradley-Terry fit (mean 0) over the deals up to each moment."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier_server.ratings import (
    Deal,
    GameOutcome,
    bootstrap_elo,
    elo_histories,
    fit_elo,
    tally_pairs,
)
from tests.server.ratings.simulation import field, tournament

games = st.lists(
    st.tuples(
        st.permutations(["a", "b", "c", "d"]), st.lists(st.integers(0, 9), min_size=4, max_size=4)
    ),
    min_size=1,
    max_size=12,
)


def _deals(played: list[tuple[list[str], list[int]]], seats: int) -> list[Deal]:
    return [
        Deal((GameOutcome(tuple(bots[:seats]), tuple(points[:seats])),)) for bots, points in played
    ]


@settings(max_examples=50)
@given(games, st.integers(2, 4), st.integers(1, 6))
def test_a_history_ends_at_the_standings_elo_after_all_its_games(
    played: list[tuple[list[str], list[int]]], seats: int, moments: int
) -> None:
    deals = _deals(played, seats)
    histories = elo_histories(deals, moments=moments)
    final = bootstrap_elo(deals, resamples=0).estimate
    assert set(histories) == set(final)
    for bot, history in histories.items():
        held = sum(game.bots.count(bot) for deal in deals for game in deal.games)
        assert history[-1][0] == held  # the last point is after all its games ...
        assert history[-1][1] == pytest.approx(final[bot], abs=1e-3)  # ... at the table's Elo
        counts = [count for count, _ in history]
        assert counts == sorted(set(counts))  # one point per count, oldest first
        assert len(history) <= moments


@settings(max_examples=50)
@given(games, st.integers(2, 4))
def test_with_a_moment_per_deal_each_point_is_the_fit_of_the_deals_before(
    played: list[tuple[list[str], list[int]]], seats: int
) -> None:
    deals = _deals(played, seats)
    expected: dict[str, list[tuple[int, float]]] = {}
    for k in range(len(deals)):
        so_far = deals[: k + 1]
        for bot, elo in fit_elo(tally_pairs(so_far)).items():
            held = sum(game.bots.count(bot) for deal in so_far for game in deal.games)
            history = expected.setdefault(bot, [])
            if history and history[-1][0] == held:
                history.pop()  # it did not play: the later point replaces the earlier
            history.append((held, elo))
    histories = elo_histories(deals, moments=len(deals))
    assert histories.keys() == expected.keys()
    for bot, points in histories.items():
        assert [count for count, _ in points] == [count for count, _ in expected[bot]]
        assert [elo for _, elo in points] == pytest.approx(
            [elo for _, elo in expected[bot]], abs=1e-3
        )


def test_the_history_follows_the_stronger_bot_up() -> None:
    deals = tournament(field([0, 300]), games=400, seats=2, seed=3)  # b1 is +150, b0 -150
    stronger = elo_histories(deals, moments=20)["b1"]
    assert len(stronger) == 20
    assert stronger[-1][0] == 400
    assert all(elo > 75 for _, elo in stronger[-10:])


def test_a_history_needs_a_moment() -> None:
    with pytest.raises(ValueError, match="moment"):
        elo_histories([], moments=0)
    assert elo_histories([]) == {}
