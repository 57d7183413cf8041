"""Every registered game's values round-trip through its codec (``croupier.testing.check_codec``).

Each variant of each game registered through the ``croupier.games`` entry points is played
from a few seeds; Nim, a game outside the contract (``tests/codec/nim.py``), shows that the
check passes a packed game and catches a codec that loses a value.
"""

from collections.abc import Callable

import pytest

from croupier.games import game_class, game_names, load_game
from croupier.testing import GameCheckFailed, check_codec
from tests.codec import nim

Register = Callable[[dict[str, str]], None]

VARIANTS = [
    pytest.param(name, variant.options, id=f"{name}: {variant.label}")
    for name in game_names()
    for variant in game_class(name).variants()
]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_every_registered_game_round_trips_through_its_codec(
    name: str, options: dict[str, object]
) -> None:
    check_codec(load_game(name, options), seeds=range(2))


def test_a_game_packed_in_other_game_round_trips(register: Register) -> None:
    register({"nim": "tests.codec.nim:CODEC"})
    check_codec(nim.Nim(stones=9), seeds=range(3))


def test_a_codec_that_loses_an_action_fails_the_check(register: Register) -> None:
    register({"nim": "tests.codec.nim:LOSSY_CODEC"})
    with pytest.raises(
        GameCheckFailed, match=r"nim \{'stones': 7\}, seed 0, step 0: the decision request"
    ):
        check_codec(nim.Nim())


def test_a_game_without_a_codec_fails_the_check() -> None:
    with pytest.raises(GameCheckFailed, match="no codec for the game 'nim'"):
        check_codec(nim.Nim())
