"""Every play a hand can make, built from the hand's groups rather than from its subsets.

A hand of 13 tiles has 1,287 five-tile subsets and ~2,000 subsets of the sizes that can be
played, almost none of them plays; grouping the tiles by number and by suit builds the plays
directly: pairs and triples inside a number, straights as one tile per number of each run,
flushes inside a suit, full houses from a triple and a pair, four of a kind plus a kicker.
This is the hot path of rollouts, so it works on tile indices and bit sets only.
"""

from __future__ import annotations

from itertools import combinations, product

from croupier.games.lexio._combinations import (
    CATEGORY,
    CATEGORY_SHIFT,
    STRAIGHT_RANK_MASKS,
    STRAIGHT_RANK_SETS,
    Kind,
)

__all__ = ["RawPlay", "generate_plays"]

RawPlay = tuple[int, tuple[int, ...], Kind, int]
"""A play as the engine keeps it: (bit set, tile indices ascending, kind, strength)."""

_BIT = tuple(1 << index for index in range(60))
_RANK_BIT = tuple(1 << (index >> 2) for index in range(60))
_STRAIGHT = CATEGORY[Kind.STRAIGHT] << CATEGORY_SHIFT
_FLUSH = CATEGORY[Kind.FLUSH] << CATEGORY_SHIFT
_FULL_HOUSE = CATEGORY[Kind.FULL_HOUSE] << CATEGORY_SHIFT
_FOUR = CATEGORY[Kind.FOUR_OF_A_KIND] << CATEGORY_SHIFT
_STRAIGHT_FLUSH = CATEGORY[Kind.STRAIGHT_FLUSH] << CATEGORY_SHIFT
_NEXT_CATEGORY = 1 << CATEGORY_SHIFT


def generate_plays(hand: int, top: int, size: int = 0, above: int = -1) -> list[RawPlay]:
    """Every play of ``hand`` (a bit set) that is legal now, sorted by size then strength.

    With ``size`` 0 the hand leads and every play counts; otherwise only plays of ``size``
    tiles with a strength greater than ``above`` (the play on the table) are listed. Plays of
    equal size and strength keep a fixed order (by bit set).
    """
    by_rank: list[list[int]] = [[] for _ in range(15)]
    by_suit: list[list[int]] = [[], [], [], []]
    rest = hand
    while rest:
        low = rest & -rest
        index = low.bit_length() - 1
        by_rank[index >> 2].append(index)
        by_suit[index & 3].append(index)
        rest ^= low
    plays: list[RawPlay] = []
    if size in (0, 1):
        plays.extend(_singles(by_rank, above))
    if size in (0, 2):
        plays.extend(_pairs(by_rank, above))
    if size in (0, 3):
        plays.extend(_triples(by_rank, above))
    if size in (0, 5):
        plays.extend(_fives(hand, by_rank, by_suit, top, above))
    plays.sort(key=_order)
    return plays


def _order(play: RawPlay) -> tuple[int, int, int]:
    return len(play[1]), play[3], play[0]


def _singles(by_rank: list[list[int]], above: int) -> list[RawPlay]:
    return [
        (_BIT[index], (index,), Kind.SINGLE, index)
        for group in by_rank
        for index in group
        if index > above
    ]


def _pairs(by_rank: list[list[int]], above: int) -> list[RawPlay]:
    # A pair's strength is its stronger tile, the second of the ascending two.
    return [
        (_BIT[low] | _BIT[high], (low, high), Kind.PAIR, high)
        for group in by_rank
        if len(group) >= 2
        for low, high in combinations(group, 2)
        if high > above
    ]


def _triples(by_rank: list[list[int]], above: int) -> list[RawPlay]:
    return [
        (_BIT[a] | _BIT[b] | _BIT[c], (a, b, c), Kind.TRIPLE, rank)
        for rank, group in enumerate(by_rank)
        if len(group) >= 3 and rank > above
        for a, b, c in combinations(group, 3)
    ]


def _fives(
    hand: int, by_rank: list[list[int]], by_suit: list[list[int]], top: int, above: int
) -> list[RawPlay]:
    plays: list[RawPlay] = []
    # Each category is skipped when even its strongest play cannot beat the table.
    if above < _STRAIGHT_FLUSH + _NEXT_CATEGORY:
        plays.extend(_straights(by_rank, top, above))
    if above < _FLUSH + _NEXT_CATEGORY:
        plays.extend(_flushes(by_suit, top, above))
    if above < _FULL_HOUSE + _NEXT_CATEGORY:
        plays.extend(_full_houses(by_rank, above))
    if above < _FOUR + _NEXT_CATEGORY:
        plays.extend(_fours(hand, by_rank, above))
    return plays


def _straights(by_rank: list[list[int]], top: int, above: int) -> list[RawPlay]:
    plays: list[RawPlay] = []
    for ranks in STRAIGHT_RANK_SETS[top]:
        groups = [by_rank[rank] for rank in ranks]
        if not all(groups):
            continue
        key = sum(1 << rank for rank in ranks) << 2
        for tiles in product(*groups):
            # Ranks ascend along the run, so the tiles are already weakest first and the
            # last one is the highest-ranked tile whose suit breaks ties.
            suit = tiles[4] & 3
            if all(index & 3 == suit for index in tiles):
                kind, strength = Kind.STRAIGHT_FLUSH, _STRAIGHT_FLUSH | key | suit
            else:
                kind, strength = Kind.STRAIGHT, _STRAIGHT | key | suit
            if strength > above:
                mask = _BIT[tiles[0]] | _BIT[tiles[1]] | _BIT[tiles[2]]
                plays.append((mask | _BIT[tiles[3]] | _BIT[tiles[4]], tiles, kind, strength))
    return plays


def _flushes(by_suit: list[list[int]], top: int, above: int) -> list[RawPlay]:
    straights = STRAIGHT_RANK_MASKS[top]
    plays: list[RawPlay] = []
    for suit, group in enumerate(by_suit):
        if len(group) < 5:
            continue
        for tiles in combinations(group, 5):
            a, b, c, d, e = tiles
            rank_mask = _RANK_BIT[a] | _RANK_BIT[b] | _RANK_BIT[c] | _RANK_BIT[d] | _RANK_BIT[e]
            strength = _FLUSH | (rank_mask << 2) | suit
            # A flush that is also a straight is a straight flush, listed with the straights.
            if strength > above and rank_mask not in straights:
                mask = _BIT[a] | _BIT[b] | _BIT[c] | _BIT[d] | _BIT[e]
                plays.append((mask, tiles, Kind.FLUSH, strength))
    return plays


def _full_houses(by_rank: list[list[int]], above: int) -> list[RawPlay]:
    pairs = [
        (rank, pair)
        for rank, group in enumerate(by_rank)
        if len(group) >= 2
        for pair in combinations(group, 2)
    ]
    plays: list[RawPlay] = []
    for rank, group in enumerate(by_rank):
        strength = _FULL_HOUSE | rank
        if len(group) < 3 or strength <= above:
            continue
        for triple in combinations(group, 3):
            for pair_rank, pair in pairs:
                if pair_rank != rank:
                    tiles = triple + pair if rank < pair_rank else pair + triple
                    mask = _BIT[tiles[0]] | _BIT[tiles[1]] | _BIT[tiles[2]]
                    mask |= _BIT[tiles[3]] | _BIT[tiles[4]]
                    plays.append((mask, tiles, Kind.FULL_HOUSE, strength))
    return plays


def _fours(hand: int, by_rank: list[list[int]], above: int) -> list[RawPlay]:
    plays: list[RawPlay] = []
    for rank, group in enumerate(by_rank):
        strength = _FOUR | rank
        if len(group) < 4 or strength <= above:
            continue
        quad = tuple(group)
        quad_mask = _BIT[quad[0]] | _BIT[quad[1]] | _BIT[quad[2]] | _BIT[quad[3]]
        rest = hand & ~quad_mask
        while rest:
            low = rest & -rest
            kicker = low.bit_length() - 1
            tiles = (kicker, *quad) if kicker < quad[0] else (*quad, kicker)
            plays.append((quad_mask | low, tiles, Kind.FOUR_OF_A_KIND, strength))
            rest ^= low
    return plays
