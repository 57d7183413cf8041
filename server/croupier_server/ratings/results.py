"""A board's pairwise results as arrays: the form the fit and its covariance take.

A :class:`PairResults` holds every deal's results summed per pair of bots
(:mod:`.pairwise`: each two seats of a game held by two different bots are a result of weight
``1/(n-1)``), one entry per deal and pair, as numpy arrays. It is built from :class:`Deal`
values (:meth:`PairResults.from_deals`), or, for a board of many games, straight from arrays
of seats and scores (:meth:`PairResults.from_games`) without a Python object per game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from croupier_server.ratings.records import Deal

__all__ = ["DealTables", "Floats", "Indices", "PairResults", "Table", "sums_by"]

Indices = npt.NDArray[np.int64]
"""An array of indices (bots, deals, pairs)."""

Floats = npt.NDArray[np.float64]
"""An array of numbers (weights, scores, strengths)."""


@dataclass(frozen=True, slots=True, eq=False)
class PairResults:
    """Every deal's weighted results per pair of bots, entry by entry.

    Attributes:
        bots: Every bot, sorted by name; the indices below refer to this order.
        deals: How many deals (numbered from 0; a deal may have no entry).
        deal: Each entry's deal.
        first: Each entry's lower-indexed bot.
        second: Each entry's higher-indexed bot.
        weight: Each entry's total weight (games between the two bots in the deal).
        score: Each entry's weighted score of ``first`` against ``second``.
    """

    bots: tuple[str, ...]
    deals: int
    deal: Indices
    first: Indices
    second: Indices
    weight: Floats
    score: Floats

    @classmethod
    def from_deals(cls, deals: Iterable[Deal]) -> PairResults:
        """The results of ``deals`` (each a duplicate set of games of any number of seats).

        >>> from croupier_server.ratings import GameOutcome
        >>> won, drawn = GameOutcome(("a", "b"), (2, 1)), GameOutcome(("b", "a"), (1, 1))
        >>> results = PairResults.from_deals([Deal((won, drawn))])
        >>> results.bots, results.weight.tolist(), results.score.tolist()
        (('a', 'b'), [2.0], [1.5])
        """
        return DealTables.from_deals(deals).pair_results()

    @classmethod
    def from_games(
        cls,
        bots: Sequence[str],
        seats: npt.ArrayLike,
        scores: npt.ArrayLike,
        deal: npt.ArrayLike,
    ) -> PairResults:
        """The results of games of one number of seats, from arrays.

        Args:
            bots: The bots' names; ``seats`` holds indices into it.
            seats: The bot in each seat of each game (games x seats).
            scores: Each seat's final score (games x seats).
            deal: Each game's deal, numbered from 0.

        Returns:
            The results, with the bots that played sorted by name.

        >>> PairResults.from_games(["b", "a"], [[0, 1], [1, 0]], [[2, 1], [1, 1]], [0, 0]).score
        array([0.5])
        """
        seat_array = np.asarray(seats, dtype=np.int64)
        score_array = np.asarray(scores, dtype=np.float64)
        deal_array = np.asarray(deal, dtype=np.int64)
        if seat_array.ndim != 2 or seat_array.shape[1] < 2:
            raise ValueError("seats must be a games x seats array of at least two seats")
        if score_array.shape != seat_array.shape or deal_array.shape != seat_array.shape[:1]:
            raise ValueError("seats, scores and deals do not have matching shapes")
        if seat_array.size and (seat_array.min() < 0 or seat_array.max() >= len(bots)):
            raise ValueError("a seat's bot index is out of range")
        if deal_array.size and deal_array.min() < 0:
            raise ValueError("a negative deal number")
        played = np.unique(seat_array)
        order = np.argsort(np.array([bots[i] for i in played], dtype=object), kind="stable")
        renumber = np.empty(len(bots), dtype=np.int64)
        renumber[played[order]] = np.arange(len(played))
        entries = _pair_entries(renumber[seat_array], score_array, deal_array)
        deals = int(deal_array.max()) + 1 if deal_array.size else 0
        return _summed(tuple(bots[i] for i in played[order]), deals, [entries])

    def pair_index(self) -> tuple[Indices, Indices, Indices]:
        """Each pair of bots that met (its lower and higher bot), and each entry's pair."""
        size = len(self.bots)
        pairs, entry_pair = np.unique(self.first * size + self.second, return_inverse=True)
        first: Indices = pairs // size
        second: Indices = pairs % size
        return first, second, entry_pair


Table = tuple[Indices, Floats, Indices]
"""Games of one number of seats: the bot in each seat (games x seats), each seat's score
(games x seats), and each game's deal."""


@dataclass(frozen=True, slots=True, eq=False)
class DealTables:
    """A board's rated games as arrays: the seats, scores and deal of every game.

    The array form of a list of :class:`Deal` (what :mod:`.los`, :mod:`.margin` and
    :mod:`.history` count from, and :meth:`pair_results` fits), grouped by number of seats.

    Attributes:
        bots: Every bot that sat, sorted by name; the seats' indices refer to this order.
        deals: How many deals, numbered from 0 in the order they were played.
        tables: The games of each number of seats, in deal order within each.
    """

    bots: tuple[str, ...]
    deals: int
    tables: tuple[Table, ...]
    _pair_results: list[PairResults] = field(default_factory=list, repr=False)
    """:meth:`pair_results` once computed: the standings and the histories both fit them."""

    @classmethod
    def from_deals(cls, deals: Iterable[Deal]) -> DealTables:
        """The tables of ``deals`` (each a duplicate set of games of any number of seats).

        >>> from croupier_server.ratings import GameOutcome
        >>> tables = DealTables.from_deals([Deal((GameOutcome(("b", "a"), (2, 1)),))])
        >>> tables.bots, tables.tables[0][0].tolist()
        (('a', 'b'), [[1, 0]])
        """
        deals = list(deals)
        names = sorted({bot for deal in deals for game in deal.games for bot in game.bots})
        index = {name: i for i, name in enumerate(names)}
        by_seats: dict[int, tuple[list[list[int]], list[tuple[float, ...]], list[int]]] = {}
        for number, deal in enumerate(deals):
            for game in deal.games:
                seats, scores, owners = by_seats.setdefault(len(game.bots), ([], [], []))
                seats.append([index[bot] for bot in game.bots])
                scores.append(game.scores)
                owners.append(number)
        tables = tuple(
            (
                np.array(seats, dtype=np.int64),
                np.array(scores, dtype=np.float64),
                np.array(owners, dtype=np.int64),
            )
            for _, (seats, scores, owners) in sorted(by_seats.items())
        )
        return cls(tuple(names), len(deals), tables)

    def pair_results(self) -> PairResults:
        """The pairwise results of the games, summed per deal and pair (as ``from_deals``)."""
        if not self._pair_results:
            entries = [_pair_entries(*table) for table in self.tables]
            self._pair_results.append(_summed(self.bots, self.deals, entries))
        return self._pair_results[0]

    def seats(self) -> tuple[Indices, Indices]:
        """Every seat's bot and deal, in the order of the tables."""
        empty = np.zeros(0, dtype=np.int64)
        bots = [seats.ravel() for seats, _, _ in self.tables]
        deals = [np.repeat(deal, seats.shape[1]) for seats, _, deal in self.tables]
        return np.concatenate([empty, *bots]), np.concatenate([empty, *deals])


def sums_by(indices: Indices, values: Floats, length: int) -> Floats:
    """The sum of ``values`` at each index from 0 to ``length - 1``.

    >>> sums_by(np.array([0, 2, 0]), np.array([1.0, 2.0, 3.0]), 4).tolist()
    [4.0, 0.0, 2.0, 0.0]
    """
    return np.asarray(np.bincount(indices, values, minlength=length), dtype=np.float64)


def _pair_entries(
    seats: Indices, scores: Floats, deal: Indices
) -> tuple[Indices, Indices, Indices, Floats, Floats]:
    """Every pair of seats of every game held by two different bots, as entries."""
    count = seats.shape[1]
    upper, lower = np.triu_indices(count, k=1)
    first, second = seats[:, upper].ravel(), seats[:, lower].ravel()
    difference = (scores[:, upper] - scores[:, lower]).ravel()
    won = np.where(difference > 0, 1.0, np.where(difference < 0, 0.0, 0.5))
    deals = np.repeat(deal, len(upper))
    distinct = first != second
    swap = first > second
    low = np.where(swap, second, first)[distinct]
    high = np.where(swap, first, second)[distinct]
    score = np.where(swap, 1.0 - won, won)[distinct] / (count - 1)
    weight = np.full(len(score), 1.0 / (count - 1))
    return deals[distinct], low, high, weight, score


def _summed(
    bots: tuple[str, ...],
    deals: int,
    parts: Sequence[tuple[Indices, Indices, Indices, Floats, Floats]],
) -> PairResults:
    """The entries of ``parts`` summed per deal and pair, sorted by deal then pair."""
    size = max(len(bots), 1)
    empty = np.zeros(0, dtype=np.int64)
    deal = np.concatenate([empty, *(p[0] for p in parts)])
    first = np.concatenate([empty, *(p[1] for p in parts)])
    second = np.concatenate([empty, *(p[2] for p in parts)])
    key = (deal * size + first) * size + second
    keys, entry = np.unique(key, return_inverse=True)
    weight = sums_by(entry, np.concatenate([np.zeros(0), *(p[3] for p in parts)]), len(keys))
    score = sums_by(entry, np.concatenate([np.zeros(0), *(p[4] for p in parts)]), len(keys))
    return PairResults(
        bots=bots,
        deals=deals,
        deal=keys // (size * size),
        first=keys // size % size,
        second=keys % size,
        weight=weight,
        score=score,
    )
