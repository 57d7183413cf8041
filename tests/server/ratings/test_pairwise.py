"""The decomposition of a game into weighted pairs of seats."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st

from croupier_server.ratings import (
    Deal,
    GameOutcome,
    pair_results,
    pair_weights_per_seat,
    tally_pairs,
)

games = st.integers(min_value=2, max_value=6).flatmap(
    lambda seats: st.builds(
        GameOutcome,
        st.lists(st.sampled_from("abcdefg"), min_size=seats, max_size=seats).map(tuple),
        st.lists(st.integers(-5, 5), min_size=seats, max_size=seats).map(tuple),
    )
)


@given(games)
def test_each_seat_of_distinct_bots_weighs_one_game(game: GameOutcome) -> None:
    weights = pair_weights_per_seat(game)
    seats = len(game.bots)
    for seat, weight in enumerate(weights):
        others = sum(1 for bot in game.bots if bot != game.bots[seat])
        assert math.isclose(weight, others / (seats - 1))
    if len(set(game.bots)) == seats:
        assert math.isclose(sum(r.weight for r in pair_results(game)), seats / 2)


@given(games)
def test_pairs_skip_same_bot_and_score_by_final_score(game: GameOutcome) -> None:
    for result in pair_results(game):
        assert result.bot != result.opponent
        assert result.score in (0.0, 0.5, 1.0)


def test_five_player_game_is_ten_quarter_weight_pairs() -> None:
    results = pair_results(GameOutcome(("a", "b", "c", "d", "e"), (9, 7, 7, 3, 0)))
    assert len(results) == 10
    assert {r.weight for r in results} == {0.25}
    assert [r.score for r in results if {r.bot, r.opponent} == {"b", "c"}] == [0.5]


@given(st.lists(games, min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_tally_does_not_depend_on_the_order_of_deals(
    played: list[GameOutcome], rng: random.Random
) -> None:
    deals = [Deal((game,)) for game in played]
    shuffled = list(deals)
    rng.shuffle(shuffled)
    assert tally_pairs(shuffled) == tally_pairs(deals)
