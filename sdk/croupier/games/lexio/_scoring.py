"""Scoring a round: each hand's count, and the pairwise settlement between all players."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from croupier.games._api import Seat
from croupier.games.lexio._tiles import Tile

__all__ = ["TWOS_PENALTIES", "Payment", "hand_count", "payments", "settle", "settle_counts"]

TWOS_PENALTIES: tuple[str, ...] = ("double_each", "off")
"""The values of the ``twos_penalty`` option: each 2 left in hand doubles the count, or not."""


def hand_count(hand: Iterable[Tile], twos_penalty: str = "double_each") -> int:
    """The count of a hand at the end of a round: its tiles, doubled for each 2 it holds.

    docs/rules/lexio.md, "Scoring a round": four tiles holding one 2 count 8, holding two 2s 16.

    >>> hand_count([Tile.from_str(t) for t in ("sun2", "cloud3", "star4", "moon5")])
    8
    >>> hand_count([Tile.from_str(t) for t in ("sun2", "cloud2", "star4", "moon5")])
    16
    >>> hand_count([Tile.from_str(t) for t in ("sun2", "cloud2", "star4", "moon5")], "off")
    4

    Raises:
        ValueError: ``twos_penalty`` is not one of :data:`TWOS_PENALTIES`.
    """
    _check_penalty(twos_penalty)
    tiles = list(hand)
    if twos_penalty == "off":
        return len(tiles)
    return len(tiles) << sum(tile.number == 2 for tile in tiles)


def settle_counts(counts: Sequence[int]) -> list[int]:
    """Each player's net from the counts: every pair settles the difference of its counts.

    Net for player ``i``: (sum of all counts) - n x count_i. The official example (rulebook
    001), five players with counts 0, 1, 3, 7, 8:

    >>> settle_counts([0, 1, 3, 7, 8])
    [19, 14, 4, -16, -21]
    """
    total = sum(counts)
    return [total - len(counts) * count for count in counts]


@dataclass(frozen=True, slots=True)
class Payment:
    """Chips one seat pays another when a round is settled."""

    payer: Seat
    payee: Seat
    chips: int

    def __str__(self) -> str:
        return f"seat {self.payer} pays seat {self.payee} {self.chips}"


def payments(counts: Sequence[int]) -> tuple[Payment, ...]:
    """The payments of a round's settlement: in every pair, the higher count pays the difference.

    Pairs of equal counts pay nothing. Each seat's payments received less those made are
    its net of :func:`settle_counts`.

    >>> [str(payment) for payment in payments([0, 3, 3, 8])]
    ['seat 1 pays seat 0 3', 'seat 2 pays seat 0 3', 'seat 3 pays seat 0 8', \
'seat 3 pays seat 1 5', 'seat 3 pays seat 2 5']
    """
    found = []
    for first, second in combinations(range(len(counts)), 2):
        difference = counts[first] - counts[second]
        if difference > 0:
            found.append(Payment(first, second, difference))
        elif difference < 0:
            found.append(Payment(second, first, -difference))
    return tuple(found)


def settle(hands: Sequence[Iterable[Tile]], twos_penalty: str = "double_each") -> list[int]:
    """Each seat's net points from the tiles left in every hand at the end of a round.

    The nets always sum to zero.

    >>> settle([[], [Tile.from_str("sun2")], [Tile.from_str("cloud3")]])
    [3, -3, 0]

    Raises:
        ValueError: ``twos_penalty`` is not one of :data:`TWOS_PENALTIES`.
    """
    return settle_counts([hand_count(hand, twos_penalty) for hand in hands])


def _check_penalty(twos_penalty: str) -> None:
    if twos_penalty not in TWOS_PENALTIES:
        raise ValueError(f"twos_penalty is 'double_each' or 'off', not {twos_penalty!r}")
