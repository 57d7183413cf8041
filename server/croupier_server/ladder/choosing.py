"""A ladder's next deal: its table chosen by matchmaking, its games one per rotation, stored.

The ladder's :class:`Tally` counts, from its stored games, each bot's deals and how often
each two bots met; :func:`next_deal` asks matchmaking for a table and makes the deal's games
(every rotation of the table, as a round robin plays a duplicate deal), numbered after the
ladder's last. The draw of deal ``d`` is made by a generator seeded from the ladder's seed
and ``d``: the same stored games and ratings choose the same table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from croupier_server.db.ladder_games import ChosenDeal
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.ladder.matchmaking import Contender, MatchRules, Rating, choose_table
from croupier_server.tournament.formats import ScheduledGame, deal_seed
from croupier_server.tournament.formats.tables import deal_games

__all__ = ["ChosenGame", "Tally", "deal_rng", "next_deal"]


@dataclass(frozen=True, slots=True)
class ChosenGame:
    """A game the ladder chose, as stored: its row's id, its schedule, and its status."""

    id: int
    game: ScheduledGame
    status: ScheduleStatus = ScheduleStatus.QUEUED

    @classmethod
    def of(cls, row: ScheduledGameRecord) -> ChosenGame:
        """The game stored as ``row``."""
        assert row.id is not None
        return cls(
            row.id, ScheduledGame(row.number, row.deal, 0, tuple(row.bots), row.seed), row.status
        )


@dataclass
class Tally:
    """A ladder's deals so far: each bot's, each pair's, and the next numbers.

    Attributes:
        deals: The deals chosen for each bot (played or not, not failed).
        met: The deals each two bots were chosen to play together.
        next_deal: The number of the next deal.
        next_number: The schedule number of the next deal's first game.
    """

    deals: Counter[str] = field(default_factory=Counter)
    met: Counter[frozenset[str]] = field(default_factory=Counter)
    next_deal: int = 0
    next_number: int = 0

    @classmethod
    def of(cls, chosen: Iterable[ChosenDeal], *, next_deal: int, next_number: int) -> Tally:
        """The tally of the deals ``chosen``, numbering on from the given numbers."""
        tally = cls(next_deal=next_deal, next_number=next_number)
        for deal in chosen:
            tally.count(deal.bots)
        return tally

    def count(self, bots: Iterable[str]) -> None:
        """Count a deal of ``bots``."""
        table = sorted(set(bots))
        self.deals.update(table)
        self.met.update(frozenset(pair) for pair in combinations(table, 2))

    def contenders(self, names: Sequence[str], ratings: Mapping[str, Rating]) -> list[Contender]:
        """The bots ``names`` as matchmaking sees them, in that order."""
        return [Contender(name, self.deals[name], ratings.get(name)) for name in names]


def deal_rng(seed: int, deal: int) -> random.Random:
    """The generator of matchmaking's draws for deal ``deal`` of a ladder of ``seed``."""
    return random.Random(f"croupier/ladder/{seed}/{deal}")


def next_deal(
    tally: Tally,
    *,
    seatable: Sequence[str],
    ratings: Mapping[str, Rating],
    seats: int,
    seed: int,
    rules: MatchRules,
) -> list[ScheduledGame]:
    """The games of the next deal among ``seatable`` (one per rotation); none if too few.

    The tally is left as it is: count the deal once it is stored.

    >>> games = next_deal(Tally(), seatable=["a", "b"], ratings={}, seats=2, seed=1,
    ...                   rules=MatchRules())
    >>> [(game.number, game.deal, game.bots) for game in games]
    [(0, 0, ('a', 'b')), (1, 0, ('b', 'a'))]
    """
    contenders = tally.contenders(seatable, ratings)
    table = choose_table(
        contenders,
        seats=seats,
        met=tally.met,
        rules=rules,
        rng=deal_rng(seed, tally.next_deal),
    )
    if table is None:
        return []
    games = deal_games([table], seed=seed, duplicate=True)
    seed_of_deal = deal_seed(seed, tally.next_deal)
    return [
        ScheduledGame(
            number=tally.next_number + game.number,
            deal=tally.next_deal,
            rotation=game.rotation,
            bots=game.bots,
            seed=seed_of_deal,
        )
        for game in games
    ]
