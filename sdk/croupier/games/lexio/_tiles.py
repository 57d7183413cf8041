"""Tiles: numbers 1..15 in four suits, and the strength order the rules give them.

Strength is rank first, then suit, with ranks ``3 < 4 < ... < N < 1 < 2``. Because 1 and 2
sit above every other number whatever the top number ``N`` is, one order serves all player
counts: each tile has an :attr:`Tile.index` from 0 (``cloud3``) to 59 (``sun2``) and a
stronger tile has a higher index. The engine works on these indices and on sets of them
packed into the bits of an ``int`` (bit ``i`` set: the tile of index ``i``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from croupier.games._options import InvalidOptions

__all__ = [
    "PLAYER_COUNTS",
    "Suit",
    "Tile",
    "deck",
    "top_number",
]

PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5)
"""The player counts the rules allow."""

_TOP_NUMBER = {3: 9, 4: 13, 5: 15}


def top_number(players: int) -> int:
    """The highest number in play for ``players`` players (N of docs/rules/lexio.md).

    >>> [top_number(n) for n in PLAYER_COUNTS]
    [9, 13, 15]

    Raises:
        InvalidOptions: a player count the rules do not cover.
    """
    try:
        return _TOP_NUMBER[players]
    except (KeyError, TypeError):
        raise InvalidOptions(f"Lexio is played by 3, 4 or 5 players, not {players!r}") from None


class Suit(enum.IntEnum):
    """A tile's suit; a higher value is a stronger suit."""

    CLOUD = 0
    STAR = 1
    MOON = 2
    SUN = 3

    def __str__(self) -> str:
        return self.name.lower()


def rank_of_number(number: int) -> int:
    """The rank position of a number: 0 for 3, ..., 12 for 15, 13 for 1, 14 for 2.

    >>> [rank_of_number(n) for n in (3, 15, 1, 2)]
    [0, 12, 13, 14]
    """
    return number - 3 if number >= 3 else number + 12


def number_of_rank(rank: int) -> int:
    """The number at rank position ``rank`` (the inverse of :func:`rank_of_number`)."""
    return rank + 3 if rank <= 12 else rank - 12


def rank_in_play(rank: int, top: int) -> bool:
    """Whether numbers of rank position ``rank`` are used when ``top`` is the top number."""
    return rank <= top - 3 or rank >= 13


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: a number 1..15 and a suit. Tiles order by strength.

    >>> Tile.from_str("cloud4") > Tile.from_str("sun3")
    True
    >>> Tile(4, Suit.SUN)
    Tile.from_str('sun4')
    """

    number: int
    suit: Suit

    def __post_init__(self) -> None:
        if type(self.number) is not int or not 1 <= self.number <= 15:
            raise ValueError(f"a tile's number is 1..15, not {self.number!r}")
        if not isinstance(self.suit, Suit):
            raise ValueError(f"a tile's suit is a Suit, not {self.suit!r}")

    @classmethod
    def from_str(cls, text: str) -> Tile:
        """The tile written as ``text``: a suit name then a number, e.g. ``"sun3"``.

        Raises:
            ValueError: ``text`` names no tile.
        """
        try:
            return _BY_NAME[text]
        except (KeyError, TypeError):
            raise ValueError(
                f"not a Lexio tile: {text!r} (expected cloud, star, moon or sun "
                "followed by a number 1..15, e.g. 'sun3')"
            ) from None

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile whose strength index is ``index`` (0..59), see :attr:`index`."""
        return _BY_INDEX[index]

    @property
    def rank(self) -> int:
        """The rank position: 0 for the 3s up to 12 for the 15s, 13 for the 1s, 14 for the 2s."""
        return rank_of_number(self.number)

    @property
    def index(self) -> int:
        """Strength index 0 (``cloud3``) .. 59 (``sun2``): rank first, then suit."""
        return rank_of_number(self.number) * 4 + self.suit

    def __str__(self) -> str:
        return f"{self.suit}{self.number}"

    def __repr__(self) -> str:
        return f"Tile.from_str({str(self)!r})"

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index >= other.index


_BY_INDEX: tuple[Tile, ...] = tuple(
    Tile(number_of_rank(index // 4), Suit(index % 4)) for index in range(60)
)
_BY_NAME: dict[str, Tile] = {str(tile): tile for tile in _BY_INDEX}


def deck(players: int) -> tuple[Tile, ...]:
    """Every tile in play for ``players`` players, weakest first.

    >>> [len(deck(n)) for n in PLAYER_COUNTS]
    [36, 52, 60]

    Raises:
        InvalidOptions: a player count the rules do not cover.
    """
    top = top_number(players)
    return tuple(tile for tile in _BY_INDEX if rank_in_play(tile.index // 4, top))


def mask_of(tiles: Iterable[Tile]) -> int:
    """The tiles as a bit set (bit ``i``: the tile of index ``i``)."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def indices_of(mask: int) -> list[int]:
    """The indices of the tiles in bit set ``mask``, weakest first."""
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles in bit set ``mask``, weakest first."""
    return tuple(_BY_INDEX[index] for index in indices_of(mask))
