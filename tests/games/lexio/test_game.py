"""The rule set and its options: rules page, options marked *option*."""

from typing import Any

import pytest

from croupier.games import InvalidOptions
from croupier.games.lexio import Lexio, LexioState


def test_defaults() -> None:
    game = Lexio()
    assert game.name == "lexio"
    assert game.options() == {
        "players": 4,
        "rounds": 5,  # A match: "Option rounds, default 5"
        "starting_chips": 64,  # "Option starting_chips, default 64"
        "twos_penalty": "double_each",  # "Option twos_penalty: double_each (default)"
    }
    assert game.num_players == 4


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3},
        {"players": 5, "rounds": 1},
        {"starting_chips": 149, "twos_penalty": "off"},
    ],
)
def test_options_round_trip(options: dict[str, Any]) -> None:
    game = Lexio.from_options(options)
    assert Lexio.from_options(game.options()) == game
    assert {key: game.options()[key] for key in options} == options
    assert isinstance(game.new_state(seed=1), LexioState)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        pytest.param({"players": 2}, "3, 4 or 5 players", id="two players"),
        pytest.param({"players": 6}, "3, 4 or 5 players", id="six players"),
        pytest.param({"players": "4"}, "players", id="players as text"),
        pytest.param({"players": True}, "players", id="players as a bool"),
        pytest.param({"rounds": 0}, "rounds", id="no rounds"),
        pytest.param({"rounds": 2.5}, "rounds", id="fractional rounds"),
        pytest.param({"starting_chips": 0}, "starting_chips", id="no chips"),
        pytest.param({"twos_penalty": "triple"}, "twos_penalty", id="unknown penalty"),
        pytest.param({"seats": 4}, "unknown Lexio option", id="unknown option"),
    ],
)
def test_invalid_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        Lexio.from_options(options)
