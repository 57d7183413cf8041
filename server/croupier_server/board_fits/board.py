"""A board and its fit: the ratings of the bots of some finished games, as computed once."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from croupier_server.clock import utc_now
from croupier_server.db.statistics import BoardVersion
from croupier_server.ratings import EloHistory, HeadToHead
from croupier_server.standings import Standing

__all__ = ["Board", "BoardKey", "age_text", "pending_board"]


@dataclass(frozen=True, slots=True)
class BoardKey:
    """Which finished games a board covers: of ``game``, of one variant and tournament if set."""

    game: str
    variant: str | None = None
    tournament_id: int | None = None

    @property
    def text(self) -> str:
        """The key as one string, ``["lexio", "4 players", null]``: how its row is keyed."""
        return json.dumps([self.game, self.variant, self.tournament_id], ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Board:
    """The ratings of the bots of one board, as computed at ``version``.

    Attributes:
        key: The games it covers.
        version: The count and newest id of those games when it was computed (rated or
            not: the version changes whenever one of them finishes).
        games: The rated games among them: those its standings count.
        computed_at: When it was computed.
        standings: The bots, best Elo first (without decision times: the pages that show
            them read a bot's own).
        head_to_head: The results of every two bots that met, both ways round.
        rating_history: Each bot's Elo as its games came in, on the standings' scale (see
            :func:`~croupier_server.ratings.elo_histories`), oldest first.
        seat_games: Each bot's game ids, one per seat it held, in the order its histories
            count them: the point ``(n, elo)`` of a history is after the game
            ``seat_games[bot][n - 1]``.
        seconds: How long the fit took.
        pending: Whether it stands for a fit not made yet: no standings, the pages say the
            ratings are being computed.
    """

    key: BoardKey
    version: BoardVersion
    games: int
    computed_at: datetime
    standings: tuple[Standing, ...]
    head_to_head: Mapping[tuple[str, str], HeadToHead]
    rating_history: Mapping[str, EloHistory]
    seat_games: Mapping[str, tuple[int, ...]]
    seconds: float = 0.0
    pending: bool = False

    def as_of(self, now: datetime) -> str:
        """``ratings as of 12 s ago, 1,234 games``: how old the fit is, as the pages say it.

        A pending board says ``ratings being computed``.
        """
        if self.pending:
            return "ratings being computed"
        seconds = max(0.0, (now - self.computed_at).total_seconds())
        return f"ratings as of {age_text(seconds)} ago, {self.games:,} games"

    def standing(self, bot: str) -> Standing | None:
        """The bot's line, if it played on this board."""
        return next((line for line in self.standings if line.bot == bot), None)


def pending_board(key: BoardKey) -> Board:
    """A board of ``key`` whose first fit is being made: empty, and saying so."""
    return Board(
        key=key,
        version=BoardVersion(0, None),
        games=0,
        computed_at=utc_now(),
        standings=(),
        head_to_head={},
        rating_history={},
        seat_games={},
        pending=True,
    )


def age_text(seconds: float) -> str:
    """A duration the way a page says an age: ``12 s``, ``3 min``, ``5 h``, ``2 days``.

    >>> [age_text(s) for s in (0.4, 59, 61, 7200, 86400 * 3)]
    ['0 s', '59 s', '1 min', '2 h', '3 days']
    """
    if seconds < 60:
        return f"{int(seconds)} s"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h"
    days = int(seconds // 86400)
    return f"{days} day" if days == 1 else f"{days} days"
