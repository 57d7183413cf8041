"""The fitter: a background loop of ``serve`` that keeps the boards' stored fits fresh.

It keeps fitted the boards a page asked for in the last :data:`ASKED_FOR` and every open
ladder's. Each step looks at their versions, picks the board whose fit is oldest among
those whose games changed (one never fitted first) and fits it in a thread
(:func:`~.fitting.fit_board_now`, under the board's lease, so that several serves on
one database never fit a board twice at once). One fit at a time, and no sooner than
:data:`FIT_GAP_SECONDS` after the last, nor than four times as long as the last took: fits
take at most :data:`FIT_SHARE` of the time, so that a fit slower than the games never
queues up nor starves the referee (its thread holds the interpreter's lock).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.board_fits import store
from croupier_server.board_fits.board import Board, BoardKey
from croupier_server.board_fits.fitting import (
    BOARD_RESAMPLES,
    board_version,
    fit_board_now,
    this_process,
)
from croupier_server.clock import utc_now
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure

__all__ = [
    "ASKED_FOR",
    "FITTER_POLL_SECONDS",
    "FIT_GAP_SECONDS",
    "FIT_SHARE",
    "BoardFitter",
    "pause_after",
]

FIT_GAP_SECONDS = 2.0
"""The least time between two fits (more when a fit takes longer)."""
FIT_SHARE = 0.2
"""The most of the time the fits take: one holds the interpreter's lock (its thread runs
Python), which the referee's loop then waits for."""
FITTER_POLL_SECONDS = 1.0
"""How often the fitter looks for a board to fit when none needed it."""
ASKED_FOR = timedelta(days=1)
"""How long a board a page asked for is kept fitted."""

_LOG = logging.getLogger(__name__)


def pause_after(seconds: float) -> float:
    """The least time after a fit that took ``seconds`` before the next starts."""
    return max(FIT_GAP_SECONDS, seconds * (1 / FIT_SHARE - 1))


class BoardFitter:
    """The boards of a database kept fitted by this process (see the module)."""

    def __init__(
        self,
        engine: Engine,
        *,
        resamples: int = BOARD_RESAMPLES,
        poll_s: float = FITTER_POLL_SECONDS,
    ) -> None:
        """A fitter over ``engine``'s database, with ``resamples`` bootstrap resamples."""
        self._engine = engine
        self._resamples = resamples
        self._poll_s = poll_s
        self._holder = this_process()

    def step(self) -> Board | None:
        """Fit the board that most needs it, if any does; the fit stored, or ``None``.

        Raises:
            DatabaseFailure: the database failed.
        """
        key = self.due()
        if key is None:
            return None
        _LOG.info("fitting the board %s", key.text)
        board = fit_board_now(self._engine, key, holder=self._holder, resamples=self._resamples)
        if board is not None:
            _LOG.info(
                "fitted the board %s: %d games in %.2f s", key.text, board.games, board.seconds
            )
        return board

    def due(self) -> BoardKey | None:
        """The kept board whose games changed since its fit, never fitted or oldest first.

        Raises:
            DatabaseFailure: the database failed.
        """
        oldest: tuple[datetime, BoardKey] | None = None
        with translated_failures(self._engine), Session(self._engine) as session:
            for key in store.kept_boards(session, asked_since=utc_now() - ASKED_FOR):
                fit = store.stored_fit(session, key)
                if fit is not None and fit.version == board_version(session, key):
                    continue
                if fit is None or fit.fitted_at is None:
                    return key
                if oldest is None or fit.fitted_at < oldest[0]:
                    oldest = (fit.fitted_at, key)
        return None if oldest is None else oldest[1]

    async def run(self) -> None:
        """Keep the boards fitted until cancelled; a failed step is logged and tried again."""
        while True:
            try:
                board = await asyncio.to_thread(self.step)
            except DatabaseFailure as failure:
                _LOG.warning("the fitter could not fit: %s", failure)
                board = None
            except Exception:
                # A board that cannot be fitted must not stop the others' fits.
                _LOG.exception("the fitter failed")
                board = None
            await asyncio.sleep(self._poll_s if board is None else pause_after(board.seconds))
