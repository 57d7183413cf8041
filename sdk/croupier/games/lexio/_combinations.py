"""Combinations: which sets of tiles are plays, and which play beats which.

Every play gets a *strength*, an ``int`` such that, between two plays of the same size,
the stronger one beats the other. For five tiles the category sits in the high bits, so a
higher category always wins. Sets of distinct ranks (straights, flushes) compare through
their rank bit set: for sets of equal size, comparing the ranks highest first is the same as
comparing the integers ``sum(1 << rank)``, which is how docs/rules/lexio.md orders straights
(``3-7 < ... < wrap < 2-3-4-5-6 < 1-2-3-4-5``) and flushes.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from croupier.games.lexio._tiles import (
    Tile,
    indices_of,
    mask_of,
    rank_in_play,
    rank_of_number,
    tiles_of,
    top_number,
)

__all__ = [
    "Combination",
    "IllegalCombination",
    "Kind",
    "combination",
]


class Kind(enum.StrEnum):
    """What a play is. The five-tile kinds are listed weakest category first."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"


class IllegalCombination(ValueError):
    """A set of tiles that is not a play under the rules."""


# Five-tile categories, weakest first; the strength keeps the category above bit 17
# (15 rank bits shifted past the 2 suit bits).
CATEGORY_SHIFT = 17
FIVE_KINDS: tuple[Kind, ...] = (
    Kind.STRAIGHT,
    Kind.FLUSH,
    Kind.FULL_HOUSE,
    Kind.FOUR_OF_A_KIND,
    Kind.STRAIGHT_FLUSH,
)
CATEGORY = {kind: category for category, kind in enumerate(FIVE_KINDS)}


def straight_rank_sets(top: int) -> tuple[tuple[int, ...], ...]:
    """The rank positions (ascending) of every straight when ``top`` is the top number.

    Natural runs ``a..a+4`` for ``a = 1..top-4`` and the one wrap ``(top-3)..top, 1``.

    >>> from croupier.games.lexio._tiles import number_of_rank
    >>> runs = [sorted(number_of_rank(r) for r in s) for s in straight_rank_sets(9)]
    >>> runs[0], runs[-2], runs[-1]
    ([1, 2, 3, 4, 5], [5, 6, 7, 8, 9], [1, 6, 7, 8, 9])
    """
    runs = [range(start, start + 5) for start in range(1, top - 3)]
    runs.append(range(top - 3, top + 2))
    return tuple(
        tuple(sorted(rank_of_number(1 if number == top + 1 else number) for number in run))
        for run in runs
    )


STRAIGHT_RANK_SETS: dict[int, tuple[tuple[int, ...], ...]] = {
    top: straight_rank_sets(top) for top in (9, 13, 15)
}
STRAIGHT_RANK_MASKS: dict[int, frozenset[int]] = {
    top: frozenset(sum(1 << rank for rank in ranks) for ranks in sets)
    for top, sets in STRAIGHT_RANK_SETS.items()
}


def five_strength(kind: Kind, key: int) -> int:
    """The strength of a five-tile play of ``kind`` whose within-category key is ``key``."""
    return (CATEGORY[kind] << CATEGORY_SHIFT) | key


def classify(indices: list[int], top: int) -> tuple[Kind, int]:
    """The kind and strength of the tiles ``indices`` (distinct, ascending) for top ``top``.

    Raises:
        IllegalCombination: the tiles are no play.
    """
    ranks = [index >> 2 for index in indices]
    size = len(indices)
    if size in (2, 3) and ranks[0] != ranks[-1]:
        raise IllegalCombination(f"a {_SMALL[size]} needs tiles of one number")
    if size == 1:
        return Kind.SINGLE, indices[0]
    if size == 2:
        return Kind.PAIR, indices[1]
    if size == 3:
        return Kind.TRIPLE, ranks[0]
    if size == 5:
        return _classify_five(indices, ranks, top)
    raise IllegalCombination(f"a play is 1, 2, 3 or 5 tiles, not {size}")


_SMALL = {2: "pair", 3: "triple"}


def _classify_five(indices: list[int], ranks: list[int], top: int) -> tuple[Kind, int]:
    counts = sorted((ranks.count(rank) for rank in set(ranks)), reverse=True)
    if counts[0] == 4:
        return Kind.FOUR_OF_A_KIND, five_strength(Kind.FOUR_OF_A_KIND, ranks[2])
    if counts == [3, 2]:
        # Sorted by rank, the middle tile always belongs to the triple.
        return Kind.FULL_HOUSE, five_strength(Kind.FULL_HOUSE, ranks[2])
    if len(counts) < 5:
        raise IllegalCombination(
            "five tiles must make a straight, flush, full house, four of a kind or straight flush"
        )
    rank_mask = sum(1 << rank for rank in ranks)
    # The last tile has the highest rank: its suit decides between equal number sets.
    key = (rank_mask << 2) | (indices[-1] & 3)
    is_straight = rank_mask in STRAIGHT_RANK_MASKS[top]
    is_flush = len({index & 3 for index in indices}) == 1
    if is_straight and is_flush:
        return Kind.STRAIGHT_FLUSH, five_strength(Kind.STRAIGHT_FLUSH, key)
    if is_straight:
        return Kind.STRAIGHT, five_strength(Kind.STRAIGHT, key)
    if is_flush:
        return Kind.FLUSH, five_strength(Kind.FLUSH, key)
    raise IllegalCombination(
        "five different numbers must make a straight or a flush (straights: a..a+4, "
        f"or {top - 3}..{top} then 1)"
    )


@dataclass(frozen=True, slots=True)
class Combination:
    """A legal play: its kind, its tiles (weakest first) and its strength.

    Build one with :func:`combination` or :meth:`from_str`; the constructor does not check.

    >>> Combination.from_str("sun3 cloud3", players=4)
    Combination.from_str('cloud3 sun3', players=4)
    """

    kind: Kind
    tiles: tuple[Tile, ...]
    players: int
    strength: int
    """Orders plays of the same size: the higher strength beats the lower."""

    @classmethod
    def from_str(cls, text: str, players: int) -> Combination:
        """The combination of the space-separated tiles in ``text``, e.g. ``"cloud3 sun3"``.

        Raises:
            ValueError: a word of ``text`` is no tile.
            IllegalCombination: the tiles are no play with ``players`` players.
        """
        return combination([Tile.from_str(word) for word in text.split()], players)

    @property
    def size(self) -> int:
        """How many tiles the play has."""
        return len(self.tiles)

    def beats(self, other: Combination) -> bool:
        """Whether this play may answer ``other``: same size and strictly stronger.

        >>> pair = Combination.from_str("moon3 star3", players=4)
        >>> Combination.from_str("sun3 cloud3", players=4).beats(pair)
        True
        """
        return len(self.tiles) == len(other.tiles) and self.strength > other.strength

    def __str__(self) -> str:
        return " ".join(str(tile) for tile in self.tiles)

    def __repr__(self) -> str:
        return f"Combination.from_str({str(self)!r}, players={self.players})"


def combination(tiles: Iterable[Tile], players: int) -> Combination:
    """Classify ``tiles`` as a play for a game of ``players`` players.

    >>> combination([Tile.from_str(t) for t in ("moon4", "sun5", "cloud1", "cloud2", "star3")],
    ...             players=4).kind
    <Kind.STRAIGHT: 'straight'>

    Raises:
        IllegalCombination: the tiles are no play (wrong size, a tile twice, a tile above
            the top number in play, a five-tile set of no category, ...).
        InvalidOptions: ``players`` is not 3, 4 or 5.
    """
    top = top_number(players)
    tiles = list(tiles)
    mask = mask_of(tiles)
    if mask.bit_count() != len(tiles):
        raise IllegalCombination("a tile appears more than once")
    for tile in tiles:
        if not rank_in_play(tile.rank, top):
            raise IllegalCombination(
                f"{tile} is not in play with {players} players (numbers 1..{top})"
            )
    kind, strength = classify(indices_of(mask), top)
    return Combination(kind, tiles_of(mask), players, strength)
