"""Scoring a round: rules page, section "Scoring a round"."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.games.lexio import Tile, deck, hand_count, settle, settle_counts


def hand(text: str) -> list[Tile]:
    return [Tile.from_str(word) for word in text.split()]


@pytest.mark.parametrize(
    ("text", "double_each", "off"),
    [
        pytest.param("", 0, 0, id="an empty hand counts 0"),
        pytest.param("cloud3 star4 moon5 sun6", 4, 4, id="no 2: the tiles"),
        pytest.param("sun2 cloud3 star4 moon5", 8, 4, id="four tiles holding one 2 count 8"),
        pytest.param("sun2 cloud2 star4 moon5", 16, 4, id="holding two 2s, 16"),
        pytest.param("sun2 cloud2 star2", 24, 3, id="three 2s: 3 x 2^3"),
        pytest.param("sun2", 2, 1, id="a lone 2 counts 2"),
        pytest.param("sun1 cloud1", 2, 2, id="1s are not doubled"),
    ],
)
def test_hand_count(text: str, double_each: int, off: int) -> None:
    # count = tiles x 2^(number of 2s); option twos_penalty "off": the tiles only.
    assert hand_count(hand(text)) == double_each
    assert hand_count(hand(text), "double_each") == double_each
    assert hand_count(hand(text), "off") == off


def test_official_settlement_example() -> None:
    # Scoring a round: "five players with counts 0, 1, 3, 7, 8: nets +19, +14, +4, -16, -21".
    assert settle_counts([0, 1, 3, 7, 8]) == [19, 14, 4, -16, -21]
    tiles = [tile for tile in deck(5) if tile.number != 2]
    hands = [tiles[:0], tiles[0:1], tiles[1:4], tiles[4:11], tiles[11:19]]
    assert settle(hands) == [19, 14, 4, -16, -21]


def test_settle_doubles_the_twos_unless_off() -> None:
    hands = [hand(""), hand("sun2 cloud3"), hand("cloud4 star4")]
    # counts 0, 4, 2 with the penalty; 0, 2, 2 without.
    assert settle(hands) == [6, -6, 0]
    assert settle(hands, twos_penalty="off") == [4, -2, -2]


def test_equal_counts_exchange_nothing() -> None:
    assert settle_counts([3, 3, 3, 3]) == [0, 0, 0, 0]


def test_unknown_penalty_is_refused() -> None:
    with pytest.raises(ValueError, match="twos_penalty"):
        settle([hand("sun3")], twos_penalty="triple")


@given(st.lists(st.integers(0, 200), min_size=3, max_size=5))
def test_settlement_sums_to_zero_and_is_pairwise(counts: list[int]) -> None:
    # "Every pair of players settles: the one with the higher count pays the other the
    # difference"; "every settlement sums to zero".
    nets = settle_counts(counts)
    assert sum(nets) == 0
    pairwise = [sum(other - mine for other in counts) for mine in counts]
    assert nets == pairwise
