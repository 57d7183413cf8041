"""The boards' stored fits, read for the pages and kept in memory between requests.

A board's ratings are fitted once per change of its games and stored
(:mod:`croupier_server.board_fits`); :class:`RatingsCache` reads them. It keeps each board it
read with its version (the number and newest id of the finished games it covers, one
indexed query), so a request whose board has not changed costs that query; one whose board
changed gets the fit it has at once, while a newer fit is read from the database when one
is stored.

Who fits a board whose stored fit is missing or stale depends on the process:

- in ``serve``'s dashboard processes (``fits_here=False``), the fitter of ``serve``'s own
  process: the cache notes the request in the board's row, and until the first fit is
  stored the page gets a :attr:`~croupier_server.board_fits.Board.pending` board (it says
  the ratings are being computed), never a fit made on a request thread;
- in a dashboard alone (``croupier dashboard``, tests), no fitter runs: this process fits
  it, under the board's lease, once (a board never fitted while the request waits, one
  that changed in a single background thread: stale-while-revalidate).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.board_fits import (
    BOARD_RESAMPLES,
    Board,
    BoardKey,
    board_version,
    fit_board_now,
    note_request,
    pending_board,
    read_board,
    stored_fit,
)
from croupier_server.db.statistics import BoardVersion
from croupier_server.standings import Standing

__all__ = [
    "REQUEST_NOTE_SECONDS",
    "Board",
    "BoardKey",
    "CachedRatings",
    "RatingsCache",
    "ratings_cache_of",
]

REQUEST_NOTE_SECONDS = 60.0
"""How often a process notes that a board is asked for while its fit is stale."""

_LOG = logging.getLogger(__name__)


class RatingsCache:
    """The stored fits of a database's boards, read once each and kept (see the module).

    Thread-safe: the dashboard's sync routes call it from a pool of threads.
    """

    def __init__(
        self,
        engine: Engine,
        *,
        resamples: int = BOARD_RESAMPLES,
        capacity: int = 64,
        fits_here: bool = True,
    ) -> None:
        """A cache over ``engine``'s database.

        Args:
            engine: The database.
            resamples: The bootstrap resamples of the fits this process makes.
            capacity: How many boards are kept; the least recently asked for goes first.
            fits_here: Whether this process fits the boards no fitter keeps fresh (see the
                module); ``False`` in ``serve``'s dashboard processes.
        """
        self._engine = engine
        self._resamples = resamples
        self._capacity = capacity
        self._fits_here = fits_here
        self._boards: OrderedDict[BoardKey, Board] = OrderedDict()
        self._lock = threading.Lock()
        self._reading: dict[BoardKey, threading.Lock] = {}
        self._refreshing: set[BoardKey] = set()
        self._noted: dict[BoardKey, float] = {}
        self._leaders: dict[BoardKey, tuple[BoardVersion, Standing | None]] = {}
        """Each board's first line at its version, kept when the board itself is not: a list
        of many boards (the tournaments) reads their leaders alone."""

    def board(
        self,
        *,
        game: str,
        variant: str | None = None,
        tournament_id: int | None = None,
        version: BoardVersion | None = None,
    ) -> Board:
        """The board of the finished games of ``game``, of one variant and tournament if given.

        A board whose games have not changed since it was read is returned as it is. One
        whose games changed is returned as it was, or as the newer fit stored since; a
        newer fit is asked for (see the module). A board never fitted is fitted now when
        this process fits, or else returned pending.

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
                version = board_version(session, key)
        with self._lock:
            board = self._boards.get(key)
            if board is not None:
                self._boards.move_to_end(key)
        if board is not None and board.version == version:
            return board
        return self._newer(key, version, board)

    def leader(
        self, *, game: str, tournament_id: int | None, version: BoardVersion
    ) -> Standing | None:
        """The first line of a board whose games are at ``version`` (see :meth:`board`).

        Kept apart from the boards, so that a list of more boards than the cache keeps
        unpacks each once per change of its games, not on every request.
        """
        key = BoardKey(game, None, tournament_id)
        with self._lock:
            known = self._leaders.get(key)
        if known is not None and known[0] == version:
            return known[1]
        board = self.board(game=game, tournament_id=tournament_id, version=version)
        first = board.standings[0] if board.standings else None
        if not board.pending:
            with self._lock:
                self._leaders[key] = (board.version, first)
        return first

    def _newer(self, key: BoardKey, version: BoardVersion, kept: Board | None) -> Board:
        """The newest stored fit of ``key``, one reader at a time; a fresh one asked for."""
        with self._lock:
            reading = self._reading.setdefault(key, threading.Lock())
        with reading:
            with self._lock:
                board = self._boards.get(key)
            if board is not None and board is not kept and board.version == version:
                return board  # read (or fitted) while this request waited
            with Session(self._engine) as session:
                fit = stored_fit(session, key)
                if (
                    fit is not None
                    and fit.version is not None
                    and (board is None or fit.version != board.version)
                ):
                    board = read_board(session, key) or board
            if board is not None and board.version == version:
                return self._keep(board)
            if board is None and self._fits_here:
                fitted = fit_board_now(self._engine, key, resamples=self._resamples)
                if fitted is not None:
                    return self._keep(fitted)
            self._ask_for(key)
            if board is None:
                return pending_board(key)
            return self._keep(board)

    def _keep(self, board: Board) -> Board:
        with self._lock:
            self._boards[board.key] = board
            self._boards.move_to_end(board.key)
            while len(self._boards) > self._capacity:
                self._boards.popitem(last=False)
        return board

    def _ask_for(self, key: BoardKey) -> None:
        """Have a fresh fit of ``key`` made: here, in a thread; else by noting the request."""
        if self._fits_here:
            with self._lock:
                if key in self._refreshing:
                    return
                self._refreshing.add(key)
            threading.Thread(
                target=self._refresh, args=(key,), name=f"ratings refresh {key}", daemon=True
            ).start()
            return
        now = time.monotonic()
        with self._lock:
            if now < self._noted.get(key, float("-inf")) + REQUEST_NOTE_SECONDS:
                return
            self._noted[key] = now
        with Session(self._engine) as session:
            note_request(session, key)

    def _refresh(self, key: BoardKey) -> None:
        try:
            fitted = fit_board_now(self._engine, key, resamples=self._resamples)
            if fitted is not None:
                self._keep(fitted)
        except Exception:
            # A failed refresh leaves the old board in place; the next request tries again.
            _LOG.exception("could not refresh the board %s", key)
        finally:
            with self._lock:
                self._refreshing.discard(key)


def ratings_cache_of(request: Request) -> RatingsCache:
    """The application's cache, made by :func:`~croupier_server.web.app.create_app`."""
    cache: RatingsCache = request.app.state.ratings_cache
    return cache


CachedRatings = Annotated[RatingsCache, Depends(ratings_cache_of)]
"""A route parameter that receives the application's :class:`RatingsCache`."""
