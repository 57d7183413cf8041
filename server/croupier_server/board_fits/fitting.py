"""A board's fit computed from its stored games, and stored under the board's lease.

:func:`compute_board` is the fit itself (standings with bootstrap intervals, head-to-head,
rating histories, seat games), a function of the stored games, read as arrays (one query of
seat rows, no Python object per game; ``bench/league.py --sections board`` times it).
:func:`fit_board_now` is one fit as the fitter makes it: the lease taken, the fit computed
and stored, the lease ended. Tests and ``croupier ratings`` call it to have a board fitted at once.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from datetime import timedelta

import numpy as np
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.board_fits import store
from croupier_server.board_fits.board import Board, BoardKey
from croupier_server.clock import utc_now
from croupier_server.db import statistics
from croupier_server.db.engine import translated_failures
from croupier_server.db.statistics import BoardVersion
from croupier_server.ratings import elo_histories, head_to_head
from croupier_server.standings import board_deals, fault_counts, rank_bots

__all__ = [
    "BOARD_RESAMPLES",
    "MIN_LEASE",
    "board_version",
    "compute_board",
    "died_here",
    "fit_board_now",
    "fresh_board",
    "this_process",
]

BOARD_RESAMPLES = 200
"""The bootstrap resamples of a stored fit's Elo and margin intervals."""

MIN_LEASE = timedelta(minutes=2)
"""The shortest lease of a board's fit; longer for a board whose last fit took long: a
process that dies fitting it holds it no longer than that."""

_LEASE_PER_FIT = 4
"""A lease lasts this many times the board's last fit, when that is more than
:data:`MIN_LEASE`."""


def this_process() -> str:
    """A name for this process as a lease holder: unique, and saying where it runs."""
    return f"{_host()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def died_here(holder: str) -> bool:
    """Whether ``holder`` (a :func:`this_process` name) was a process of this machine, gone."""
    host, _, rest = holder.partition(":")
    pid_text = rest.partition(":")[0]
    if host != _host() or not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


def _host() -> str:
    return socket.gethostname()[:40]


def board_version(session: Session, key: BoardKey) -> BoardVersion:
    """The version of ``key``'s games now (one indexed query)."""
    return statistics.board_version(
        session, game=key.game, variant=key.variant, tournament_id=key.tournament_id
    )


def compute_board(engine: Engine, key: BoardKey, *, resamples: int = BOARD_RESAMPLES) -> Board:
    """The fit of ``key``'s finished games as stored now.

    Raises:
        DatabaseFailure: the database failed.
    """
    started = time.monotonic()
    game, variant, tournament_id = key.game, key.variant, key.tournament_id
    with translated_failures(engine), Session(engine) as session:
        # The version is read first: games that finish meanwhile make the fit stale, never
        # a fit that misses them look fresh.
        version = board_version(session, key)
        seats = statistics.board_seats(
            session, game=game, variant=variant, tournament_id=tournament_id
        )
        kinds = statistics.bot_fault_counts(
            session, game=game, variant=variant, tournament_id=tournament_id
        )
    deals = board_deals(seats)
    table = rank_bots(deals.tables, faults=fault_counts(kinds, seats), resamples=resamples)
    return Board(
        key=key,
        version=version,
        games=len(np.unique(seats.game)),
        computed_at=utc_now(),
        standings=tuple(table),
        head_to_head=head_to_head(deals.tables),
        rating_history=elo_histories(deals.tables),
        seat_games=deals.seat_games,
        seconds=time.monotonic() - started,
    )


def fit_board_now(
    engine: Engine,
    key: BoardKey,
    *,
    holder: str | None = None,
    resamples: int = BOARD_RESAMPLES,
) -> Board | None:
    """Fit ``key`` now and store the fit, unless another process is fitting it.

    Args:
        engine: The database.
        key: The board.
        holder: Who fits, as its lease says (default: :func:`this_process`).
        resamples: The bootstrap resamples of the intervals.

    Returns:
        The fit stored; ``None`` when another process holds the board's lease (its fit
        will be stored when done).

    Raises:
        DatabaseFailure: the database failed; the lease is ended if it can be.
    """
    holder = holder or this_process()
    with translated_failures(engine), Session(engine) as session:
        known = store.stored_fit(session, key)
        last_s = known.seconds if known is not None else 0.0
        lease = max(MIN_LEASE, timedelta(seconds=_LEASE_PER_FIT * last_s))
        if not store.claim(session, key, holder=holder, lease=lease):
            return None
    try:
        board = compute_board(engine, key, resamples=resamples)
    except BaseException:
        with translated_failures(engine), Session(engine) as session:
            store.release(session, key, holder=holder)
        raise
    with translated_failures(engine), Session(engine) as session:
        store.save(session, board, holder=holder)
    return board


def fresh_board(engine: Engine, key: BoardKey, *, resamples: int = BOARD_RESAMPLES) -> Board:
    """The fit of ``key``'s games now: the stored one if it covers them, else one made now.

    A fit made now is stored, unless another process is fitting the board (then this one
    is only returned).

    Raises:
        DatabaseFailure: the database failed.
    """
    with translated_failures(engine), Session(engine) as session:
        version = board_version(session, key)
        fit = store.stored_fit(session, key)
        if fit is not None and fit.version == version:
            stored = store.read_board(session, key)
            if stored is not None:
                return stored
    fitted = fit_board_now(engine, key, resamples=resamples)
    return fitted if fitted is not None else compute_board(engine, key, resamples=resamples)
