"""Tiles and their strength: rules page, section "Tiles"."""

import pytest

from croupier.games import InvalidOptions
from croupier.games.lexio import PLAYER_COUNTS, Lexio, Suit, Tile, deck, top_number

ALL_TILES = [Tile(number, suit) for number in range(1, 16) for suit in Suit]
RANK_ORDER = [*range(3, 16), 1, 2]  # "Rank strength: 3 < 4 < ... < N < 1 < 2"


def t(text: str) -> Tile:
    return Tile.from_str(text)


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        pytest.param("cloud4", "sun3", id="Tiles: rank first, cloud4 > sun3"),
        pytest.param("sun4", "moon4", id="Tiles: then suit, sun4 > moon4"),
        pytest.param("star7", "cloud7", id="Tiles: suit order, star > cloud"),
        pytest.param("moon7", "star7", id="Tiles: suit order, moon > star"),
        pytest.param("cloud1", "sun15", id="Tiles: 1 above the top number"),
        pytest.param("cloud2", "sun1", id="Tiles: 2 above 1"),
        pytest.param("cloud1", "sun13", id="Tiles: 1 above 13"),
    ],
)
def test_tile_strength(stronger: str, weaker: str) -> None:
    assert t(stronger) > t(weaker)
    assert t(weaker) < t(stronger)
    assert t(stronger) >= t(weaker)
    assert not t(stronger) <= t(weaker)


def test_cloud3_is_weakest_and_sun2_strongest() -> None:
    # Tiles: "cloud3 is always the weakest tile, sun2 the strongest".
    assert min(ALL_TILES) == t("cloud3")
    assert max(ALL_TILES) == t("sun2")
    for players in PLAYER_COUNTS:
        assert min(deck(players)) == t("cloud3")
        assert max(deck(players)) == t("sun2")


def test_rank_order_then_suit_order() -> None:
    # Tiles: rank strength 3 < 4 < ... < N < 1 < 2, suits cloud < star < moon < sun.
    expected = [Tile(number, suit) for number in RANK_ORDER for suit in Suit]
    assert sorted(ALL_TILES) == expected
    assert [tile.index for tile in expected] == list(range(60))
    assert [Tile.from_index(index) for index in range(60)] == expected


@pytest.mark.parametrize(
    ("players", "top", "tiles", "per_player"),
    [
        pytest.param(3, 9, 36, 12, id="Tiles table: 3 players"),
        pytest.param(4, 13, 52, 13, id="Tiles table: 4 players"),
        pytest.param(5, 15, 60, 12, id="Tiles table: 5 players"),
    ],
)
def test_players_and_tiles_table(players: int, top: int, tiles: int, per_player: int) -> None:
    assert top_number(players) == top
    assert len(deck(players)) == tiles
    assert {tile.number for tile in deck(players)} == set(range(1, top + 1))
    state = Lexio(players=players).new_state(seed=0)
    hands = [state.hand(seat) for seat in range(players)]
    # Every tile is dealt, none left over.
    assert [len(hand) for hand in hands] == [per_player] * players
    assert sorted(tile for hand in hands for tile in hand) == list(deck(players))


@pytest.mark.parametrize("players", [0, 1, 2, 6, 7, -4])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(InvalidOptions, match="3, 4 or 5 players"):
        top_number(players)
    with pytest.raises(InvalidOptions, match="3, 4 or 5 players"):
        Lexio(players=players)


@pytest.mark.parametrize("tile", ALL_TILES, ids=str)
def test_text_round_trip(tile: Tile) -> None:
    assert Tile.from_str(str(tile)) == tile
    assert eval(repr(tile)) == tile  # the repr rebuilds the tile


def test_text_form() -> None:
    assert str(Tile(3, Suit.SUN)) == "sun3"
    assert Tile.from_str("cloud15") == Tile(15, Suit.CLOUD)
    assert t("moon12").number == 12
    assert t("moon12").suit is Suit.MOON


@pytest.mark.parametrize(
    "text", ["", "sun", "3", "sun0", "sun16", "Sun3", "SUN3", "3sun", "sun03", "rain3", " sun3"]
)
def test_invalid_text(text: str) -> None:
    with pytest.raises(ValueError, match="not a Lexio tile"):
        Tile.from_str(text)


@pytest.mark.parametrize("number", [0, 16, -1])
def test_invalid_number(number: int) -> None:
    with pytest.raises(ValueError, match=r"1\.\.15"):
        Tile(number, Suit.SUN)


def test_tiles_hash_and_compare_by_value() -> None:
    assert len({Tile(5, Suit.STAR), t("star5")}) == 1
    assert t("star5") != t("moon5")
