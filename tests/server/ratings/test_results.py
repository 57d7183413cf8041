"""The array form of a board's results, and the fit of a large board against the dense one."""

from __future__ import annotations

import numpy as np
import pytest

from croupier_server.ratings import PairResults, bootstrap_elo, information, robust
from tests.server.ratings.simulation import field, tournament


def test_games_as_arrays_give_the_results_of_their_deals() -> None:
    deals = tournament(field([0, 60, 120, 250, 300]), games=200, seats=4, luck=1.0, seed=4)
    names = sorted({bot for deal in deals for bot in deal.bots}, reverse=True)
    index = {name: i for i, name in enumerate(names)}
    games = [(number, game) for number, deal in enumerate(deals) for game in deal.games]
    arrays = PairResults.from_games(
        names,
        [[index[bot] for bot in game.bots] for _, game in games],
        [game.scores for _, game in games],
        [number for number, _ in games],
    )
    objects = PairResults.from_deals(deals)
    assert arrays.bots == objects.bots == tuple(sorted(names))
    assert arrays.deals == objects.deals
    for name in ("deal", "first", "second", "weight", "score"):
        assert np.array_equal(getattr(arrays, name), getattr(objects, name)), name
    assert bootstrap_elo(arrays, resamples=0) == bootstrap_elo(deals, resamples=0)


@pytest.mark.parametrize(
    ("seats", "scores", "deal", "error"),
    [
        ([0, 1], [1, 0], [0], "games x seats"),
        ([[0, 1]], [[1, 0, 2]], [0], "matching shapes"),
        ([[0, 2]], [[1, 0]], [0], "out of range"),
        ([[0, 1]], [[1, 0]], [-1], "negative deal"),
    ],
)
def test_malformed_arrays_are_refused_in_one_line(
    seats: object, scores: object, deal: object, error: str
) -> None:
    with pytest.raises(ValueError, match=error):
        PairResults.from_games(["a", "b"], seats, scores, deal)  # type: ignore[arg-type]


def test_a_banded_board_gets_the_dense_boards_variances(monkeypatch: pytest.MonkeyPatch) -> None:
    # Bots that meet only near neighbours in strength, as a ladder pairs them.
    truth = field([25.0 * i for i in range(30)])
    deals = [
        deal
        for low in range(0, 26, 2)
        for deal in tournament(
            {bot: truth[bot] for bot in [f"b{k}" for k in range(low, low + 5)]},
            games=80,
            seats=4,
            luck=1.0,
            seed=low,
        )
    ]
    dense = bootstrap_elo(deals, resamples=0)
    monkeypatch.setattr(information, "DENSE_BOTS", 0)
    monkeypatch.setattr(information, "BAND_SHARE", 0.5)
    banded = bootstrap_elo(deals, resamples=0)
    assert banded.covariance.sandwich.information.band is not None
    assert banded.estimate == pytest.approx(dense.estimate, abs=1e-9)
    for bot in dense.estimate:
        assert banded.covariance.variance(bot) == pytest.approx(dense.covariance.variance(bot))
    assert banded.covariance.variance("b3", "b20") == pytest.approx(
        dense.covariance.variance("b3", "b20")
    )


def test_a_large_boards_degrees_count_the_bots_own_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    deals = tournament(field([0, 30, 60, 90, 120, 150]), games=600, seats=2, seed=2)
    exact = bootstrap_elo(deals, resamples=0)
    monkeypatch.setattr(robust, "EXACT_DEGREES_BOTS", 0)
    approximate = bootstrap_elo(deals, resamples=0)
    for bot in exact.estimate:
        played = sum(bot in deal.bots for deal in deals)
        degrees = approximate.covariance.degrees_of_freedom(bot)
        assert 0.9 * played < degrees <= exact.covariance.degrees_of_freedom(bot) + 1e-9
