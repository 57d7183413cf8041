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
    # Counted, not weighted: a met b in three games, behind twice and tied once.
    assert (row.met, row.ahead, row.tied, row.behind) == (3, 0, 1, 2)
    assert (mirror.met, mirror.ahead, mirror.tied, mirror.behind) == (3, 2, 1, 0)


def test_a_clean_sweep_of_eight_games_is_not_certain() -> None:
    deal = Deal(tuple(GameOutcome(("a", "b", "c", "d"), (9, 5, 3, 1)) for _ in range(8)))
    row = head_to_head([deal])["a", "d"]
    assert (row.score, row.met, row.ahead) == (1.0, 8, 8)
    # Wilson's interval over 8 results: the share is above 67%, not exactly 100%.
    assert row.interval.high == 1.0
    assert row.interval.low == pytest.approx(0.676, abs=1e-3)
    assert head_to_head([deal])["d", "a"].interval.high == pytest.approx(0.324, abs=1e-3)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=30))
def test_counts_add_up_and_mirror(scores: list[tuple[int, int]]) -> None:
    deal = Deal(tuple(GameOutcome(("a", "b", "c"), (first, second, 0)) for first, second in scores))
    table = head_to_head([deal])
    row, mirror = table["a", "b"], table["b", "a"]
    assert row.met == len(scores) == row.ahead + row.tied + row.behind
    assert (row.ahead, row.tied, row.behind) == (mirror.behind, mirror.tied, mirror.ahead)
    assert row.interval.low <= row.score <= row.interval.high
    assert row.interval.width > 0


def test_stronger_bot_wins_its_head_to_head() -> None:
    truth = field([0, 200])
    table = head_to_head(tournament(truth, games=400, seed=1))
    row = table["b1", "b0"]
    assert row.interval.low > 0.5
    assert row.los > 0.999
    assert 0.76 in row.interval  # the logistic model's expected score at 200 Elo
