"""The shared game API: the registry, results and random rollouts, over every engine."""

import random

import pytest

from croupier.games import GAME_NAMES, InvalidOptions, Result, load_game, random_rollout


def test_places_share_ties_and_skip_after_them() -> None:
    assert Result(scores=(10, 30, 10, 5)).places == (2, 1, 2, 4)


def test_every_listed_game_loads_with_default_options() -> None:
    for name in GAME_NAMES:
        game = load_game(name)
        assert game.name == name
        assert load_game(name, game.options()) == game


def test_unknown_game_is_refused_with_the_known_names() -> None:
    with pytest.raises(InvalidOptions, match=r"unknown game 'chess'.*lexio"):
        load_game("chess")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_rollout_finishes_and_replays(name: str) -> None:
    game = load_game(name)
    state = random_rollout(game.new_state(seed=3), random.Random(3))
    assert state.is_over()
    assert state.current_player() is None
    result = state.result()
    assert result is not None
    assert len(result.scores) == game.num_players
    replayed = game.replay(3, state.actions)
    assert replayed.events == state.events
    assert replayed.result() == result
