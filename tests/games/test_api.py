"""The shared game API: the registry, results and random rollouts, over every engine."""

import random

import pytest

from croupier.games import (
    GAME_NAMES,
    InvalidOptions,
    OptionSpec,
    Result,
    cribbage,
    game_class,
    game_names,
    load_game,
    random_rollout,
)
from croupier.games.cribbage import Cribbage, Discard, Peg, Place
from croupier.games.lexio import Lexio, Pass, Play


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


def test_game_class_refuses_an_unknown_game_in_one_line() -> None:
    with pytest.raises(InvalidOptions, match=r"^unknown game 'chess' \(known: lexio, cribbage"):
        game_class("chess")


def test_the_shipped_games_come_first() -> None:
    assert game_names()[:2] == ("lexio", "cribbage")
    assert game_names() == GAME_NAMES


def test_variants_are_the_leaderboards_labels() -> None:
    assert [variant.label for variant in Lexio.variants()] == [
        "4 players",
        "3 players",
        "5 players",
    ]
    assert Lexio.seat_counts() == (3, 4, 5)
    assert [variant.label for variant in Cribbage.variants()] == list(cribbage.VARIANTS)
    assert Cribbage.seat_counts() == (1, 2, 3, 4)
    assert Lexio.variant_label({"players": 3, "rounds": 1}) == "3 players"
    assert Lexio.variant_label({}) == "4 players"
    assert Cribbage.variant_label({"variant": "square", "match_points": 3}) == "square"
    assert Cribbage.variant_label({}) == "six-card"


@pytest.mark.parametrize("name", ["lexio", "cribbage"])
def test_each_variant_loads_and_keeps_its_label(name: str) -> None:
    game_type = game_class(name)
    for variant in game_type.variants():
        game = load_game(name, variant.options)
        assert game.num_players == variant.seats
        assert game_type.variant_label(game.options()) == variant.label


def test_only_a_cribbage_discard_is_secret() -> None:
    lexio_game, cribbage_game = Lexio(), Cribbage()
    assert lexio_game.is_public(Pass())
    assert lexio_game.is_public(Play.from_str("play cloud3"))
    assert not cribbage_game.is_public(Discard.from_str("5H TD"))
    assert cribbage_game.is_public(Peg.from_str("5H"))
    assert cribbage_game.is_public(Place.from_str("place 5H 1 2"))


def test_the_option_specs_are_the_options() -> None:
    for name in ("lexio", "cribbage"):
        game = load_game(name)
        specs = game.option_specs
        assert [spec.name for spec in specs] == list(game.options())
        defaults = {spec.name: spec.default for spec in specs}
        assert load_game(name, defaults) == game


@pytest.mark.parametrize(
    ("spec", "value", "message"),
    [
        (OptionSpec("n", int, 1, "", minimum=1), 0, "n is a whole number of at least 1, not 0"),
        (OptionSpec("n", int, 1, "", maximum=3), 4, "n is a whole number of at most 3, not 4"),
        (OptionSpec("n", int, 1, "", minimum=1, maximum=3), True, "from 1 to 3, not True"),
        (OptionSpec("n", int, 3, "", choices=(3, 4)), 5, "n is 3 or 4, not 5"),
        (OptionSpec("s", str, "a", "", choices=("a", "b", "c")), "d", "s is 'a', 'b' or 'c', not"),
        (OptionSpec("s", str, "a", ""), 1, "s is a text, not 1"),
        (OptionSpec("b", bool, False, ""), 0, "b is true or false, not 0"),
        (OptionSpec("l", int, (1, 1), "", length=2), [1], "l is 2 values, each a whole number"),
        (OptionSpec("l", int, (1, 1), "", length=2, minimum=0), [1, -1], r"not \[1, -1\]"),
    ],
)
def test_an_option_spec_refuses_in_one_line(spec: OptionSpec, value: object, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        spec.check(value)


def test_an_option_spec_gives_the_value_as_kept() -> None:
    assert OptionSpec("l", int, (1, 1), "", length=2).check([2, 3]) == (2, 3)
    assert OptionSpec("b", bool, False, "").check(True) is True
