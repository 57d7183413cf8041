"""Rule options: defaults per variant, JSON round trip, refusals."""

from typing import Any

import pytest

from croupier.games import InvalidOptions
from croupier.games.cribbage import VARIANTS, Cribbage


@pytest.mark.parametrize(
    ("variant", "players", "target"),
    [
        ("six-card", 2, 121),
        ("five-card", 2, 61),
        ("seven-card", 2, 181),
        ("three-player", 3, 121),
        ("four-player", 4, 121),
        ("solitaire", 1, 121),
        ("square", 1, 61),
    ],
)
def test_players_and_default_target_per_variant(variant: str, players: int, target: int) -> None:
    # Rules page, "Variants": targets 121, five-card 61, seven-card 181; solitaire wins at
    # 121, square at 61.
    game = Cribbage(variant=variant)
    assert (game.num_players, game.target) == (players, target)
    assert game.name == "cribbage"


def test_defaults_are_the_rules_page_defaults() -> None:
    assert Cribbage().options() == {
        "variant": "six-card",
        "target": 121,
        "match_points": 7,
        "game_points": [1, 2, 4, 4],
        "triple_skunk_wins_match": False,
        "next_first_dealer": "cut",
    }
    assert Cribbage() == Cribbage(target=121)
    assert Cribbage.from_options({}) == Cribbage()


@pytest.mark.parametrize("variant", VARIANTS)
def test_options_round_trip(variant: str) -> None:
    game = Cribbage(
        variant=variant,
        target=31,
        match_points=3,
        game_points=(1, 1, 3, 5),
        triple_skunk_wins_match=True,
        next_first_dealer="loser",
    )
    assert Cribbage.from_options(game.options()) == game
    assert hash(Cribbage.from_options(game.options())) == hash(game)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown cribbage option colour"),
        ({"variant": "six"}, "unknown cribbage variant"),
        ({"variant": 6}, "unknown cribbage variant"),
        ({"target": -1}, "target"),
        ({"target": "121"}, "target"),
        ({"target": True}, "target"),
        ({"match_points": 0}, "match_points"),
        ({"match_points": 1.5}, "match_points"),
        ({"game_points": [1, 2, 4]}, "game_points"),
        ({"game_points": [2, 1, 4, 4]}, "game_points"),
        ({"game_points": [0, 2, 4, 4]}, "game_points"),
        ({"game_points": "1244"}, "game_points"),
        ({"triple_skunk_wins_match": 1}, "triple_skunk_wins_match"),
        ({"next_first_dealer": "winner"}, "next_first_dealer"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidOptions, match=message):
        Cribbage.from_options(options)


def test_options_must_be_a_mapping() -> None:
    with pytest.raises(InvalidOptions, match="mapping"):
        Cribbage.from_options([("variant", "six-card")])  # type: ignore[arg-type]
