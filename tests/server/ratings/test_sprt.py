"""The sequential test decides right, with error rates near alpha and beta."""

from __future__ import annotations

import math
import random

import pytest

from croupier_server.ratings import Deal, GameOutcome, SprtState, pentanomial, sprt
from tests.server.ratings.simulation import field, play


def run_test(elo: float, *, elo0: float, elo1: float, luck: float, seed: int) -> SprtState:
    """Duplicate pairs of two-player games between bots ``elo`` apart until the test ends."""
    rng = random.Random(seed)
    truth = field([0.0, elo])
    counts = [0] * 5
    for pairs in range(1, 20_001):
        seat_luck = [rng.gauss(0, luck), rng.gauss(0, luck)]
        deal = Deal(
            (play(truth, ["b1", "b0"], seat_luck, rng), play(truth, ["b0", "b1"], seat_luck, rng))
        )
        counts[pentanomial([deal], "b1", "b0").index(1)] += 1
        if pairs % 10 == 0:
            state = sprt(counts, elo0=elo0, elo1=elo1).state
            if state is not SprtState.CONTINUE:
                return state
    return SprtState.CONTINUE


def test_clearly_better_bot_is_accepted_as_better() -> None:
    assert run_test(150, elo0=0, elo1=50, luck=1.0, seed=1) is SprtState.ACCEPT_H1
    assert run_test(-100, elo0=0, elo1=50, luck=1.0, seed=1) is SprtState.ACCEPT_H0


@pytest.mark.parametrize(
    ("elo", "wrong"), [(0.0, SprtState.ACCEPT_H1), (60.0, SprtState.ACCEPT_H0)]
)
def test_error_rates_are_near_alpha_and_beta(elo: float, wrong: SprtState) -> None:
    # No luck: luck dilutes a game's result, so the score would sit below the model's at `elo`.
    runs = 200
    errors = sum(
        run_test(elo, elo0=0, elo1=60, luck=0.0, seed=seed) is wrong for seed in range(runs)
    )
    print(f"true Elo {elo}: {errors}/{runs} wrong decisions (alpha = beta = 0.05)")
    assert errors <= 0.10 * runs


def test_bounds_and_trinomial_counts() -> None:
    result = sprt([0, 0, 0], elo0=0, elo1=10, alpha=0.05, beta=0.1)
    assert result.lower == pytest.approx(math.log(0.1 / 0.95))
    assert result.upper == pytest.approx(math.log(0.9 / 0.05))
    assert (result.llr, result.state) == (0.0, SprtState.CONTINUE)
    assert sprt([100, 0, 300], elo0=0, elo1=10).state is SprtState.ACCEPT_H1
    assert sprt([300, 0, 100], elo0=0, elo1=10).state is SprtState.ACCEPT_H0
    with pytest.raises(ValueError, match="below"):
        sprt([1, 1, 1], elo0=10, elo1=0)


def test_pentanomial_pairs_games_of_a_deal_where_both_sat() -> None:
    a_wins, b_wins = GameOutcome(("a", "b", "c"), (3, 2, 1)), GameOutcome(("b", "a"), (1, 0))
    draw = GameOutcome(("a", "b"), (1, 1))
    deals = [Deal((a_wins, b_wins)), Deal((a_wins, a_wins, draw)), Deal((draw, b_wins))]
    assert pentanomial(deals, "a", "b") == (0, 1, 1, 0, 1)
    assert pentanomial(deals, "b", "a") == (1, 0, 1, 1, 0)
