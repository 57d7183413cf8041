"""Leaderboards kept between requests, refreshed in the background when games finish.

A board's standings bootstrap every deal 200 times: seconds for a hundred thousand games,
while a page must answer in milliseconds. :class:`RatingsCache` keeps each board with its
version (the number and newest id of the finished games it covers, one indexed query);
a request gets the board it has at once and, when games have finished since, a single
background thread per board computes the new one (stale-while-revalidate). Only a board
never computed before is computed while the request waits.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.clock import utc_now
from croupier_server.db import statistics
from croupier_server.db.statistics import BoardVersion
from croupier_server.ratings import EloHistory, HeadToHead, elo_histories, head_to_head
from croupier_server.standings import Standing, deals_of, fault_counts, rank_bots, seat_games

__all__ = [
    "Board",
    "BoardKey",
    "CachedRatings",
    "RatingsCache",
    "ratings_cache_of",
]

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class BoardKey:
    """Which finished games a board covers: of ``game``, of one variant and tournament if set."""

    game: str
    variant: str | None = None
    tournament_id: int | None = None


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
    """

    key: BoardKey
    version: BoardVersion
    games: int
    computed_at: datetime
    standings: tuple[Standing, ...]
    head_to_head: Mapping[tuple[str, str], HeadToHead]
    rating_history: Mapping[str, EloHistory]
    seat_games: Mapping[str, tuple[int, ...]]

    def standing(self, bot: str) -> Standing | None:
        """The bot's line, if it played on this board."""
        return next((line for line in self.standings if line.bot == bot), None)


class RatingsCache:
    """The boards of a database, each computed once and refreshed when its games change.

    Thread-safe: the dashboard's sync routes call it from a pool of threads.
    """

    def __init__(self, engine: Engine, *, resamples: int = 200, capacity: int = 64) -> None:
        """A cache over ``engine``'s database.

        Args:
            engine: The database.
            resamples: The bootstrap resamples of the Elo and margin intervals.
            capacity: How many boards are kept; the least recently asked for goes first.
        """
        self._engine = engine
        self._resamples = resamples
        self._capacity = capacity
        self._boards: OrderedDict[BoardKey, Board] = OrderedDict()
        self._lock = threading.Lock()
        self._computing: dict[BoardKey, threading.Lock] = {}
        self._refreshing: set[BoardKey] = set()

    def board(
        self,
        *,
        game: str,
        variant: str | None = None,
        tournament_id: int | None = None,
        version: BoardVersion | None = None,
    ) -> Board:
        """The board of the finished games of ``game``, of one variant and tournament if given.

        A board whose games have not changed since it was computed is returned as it is.
        One whose games changed is returned too, as it was, while a background thread
        computes the new one for the next requests. A board never asked for is computed
        now, which takes seconds for a large database.

        Args:
            game: The game's name, such as ``lexio``.
            variant: The variant label (see
                :meth:`croupier.games.Game.variant_label`); ``None``: every variant.
            tournament_id: One tournament's games only; ``None``: every finished game.
            version: The board's current version, when the caller has just read it (see
                :func:`~croupier_server.db.statistics.finished_boards`); ``None``: read it.
        """
        key = BoardKey(game, variant, tournament_id)
        if version is None:
            with Session(self._engine) as session:
                version = _version(session, key)
        with self._lock:
            board = self._boards.get(key)
            if board is not None:
                self._boards.move_to_end(key)
                if board.version != version:
                    self._refresh_in_background(key)
                return board
        return self._compute(key, refresh=False)

    def _refresh_in_background(self, key: BoardKey) -> None:
        """Start the refresh of ``key`` unless one runs already; the caller holds the lock."""
        if key in self._refreshing:
            return
        self._refreshing.add(key)
        thread = threading.Thread(
            target=self._refresh, args=(key,), name=f"ratings refresh {key}", daemon=True
        )
        thread.start()

    def _refresh(self, key: BoardKey) -> None:
        try:
            self._compute(key, refresh=True)
        except Exception:
            # A failed refresh leaves the old board in place; the next request tries again.
            _LOG.exception("could not refresh the board %s", key)
        finally:
            with self._lock:
                self._refreshing.discard(key)

    def _compute(self, key: BoardKey, *, refresh: bool) -> Board:
        """Compute and keep the board of ``key``, one computation per key at a time.

        A first request that waited for another computation of its key takes its result;
        a ``refresh`` computes anew.
        """
        with self._lock:
            computing = self._computing.setdefault(key, threading.Lock())
        with computing:
            with self._lock:
                board = self._boards.get(key)
            if board is not None and not refresh:
                return board
            board = self._computed(key)
            with self._lock:
                self._boards[key] = board
                self._boards.move_to_end(key)
                while len(self._boards) > self._capacity:
                    self._boards.popitem(last=False)
            return board

    def _computed(self, key: BoardKey) -> Board:
        game, variant, tournament_id = key.game, key.variant, key.tournament_id
        with Session(self._engine) as session:
            # The version is read first: games that finish meanwhile make it stale, never
            # a board that misses them look fresh.
            version = _version(session, key)
            games = statistics.finished_game_seats(
                session, game=game, variant=variant, tournament_id=tournament_id
            )
            kinds = statistics.bot_fault_counts(
                session, game=game, variant=variant, tournament_id=tournament_id
            )
        deals = deals_of(games)
        table = rank_bots(deals, faults=fault_counts(kinds, games), resamples=self._resamples)
        return Board(
            key=key,
            version=version,
            games=len(games),
            computed_at=utc_now(),
            standings=tuple(table),
            head_to_head=head_to_head(deals),
            rating_history=elo_histories(deals),
            seat_games=seat_games(games),
        )


def _version(session: Session, key: BoardKey) -> BoardVersion:
    return statistics.board_version(
        session, game=key.game, variant=key.variant, tournament_id=key.tournament_id
    )


def ratings_cache_of(request: Request) -> RatingsCache:
    """The application's cache, made by :func:`~croupier_server.web.app.create_app`."""
    cache: RatingsCache = request.app.state.ratings_cache
    return cache


CachedRatings = Annotated[RatingsCache, Depends(ratings_cache_of)]
"""A route parameter that receives the application's :class:`RatingsCache`."""
