"""One ratings fit per board, computed once per change of its games, and stored.

A board is the finished games of one game, of one variant and one tournament when set
(:class:`BoardKey`). Its fit (:class:`Board`) is computed by the fitter of ``serve``
(:mod:`.fitter`), one process at a time under a lease, and stored in its row of
``board_fit`` (:mod:`.store`, packed by :mod:`.packing`); matchmaking, the pages, the API and
``croupier ratings`` read it, and ask for it when they find none.
"""

from croupier_server.board_fits.board import Board, BoardKey, pending_board
from croupier_server.board_fits.fitter import BoardFitter
from croupier_server.board_fits.fitting import (
    BOARD_RESAMPLES,
    board_version,
    compute_board,
    fit_board_now,
    fresh_board,
)
from croupier_server.board_fits.store import StoredFit, note_request, read_board, stored_fit

__all__ = [
    "BOARD_RESAMPLES",
    "Board",
    "BoardFitter",
    "BoardKey",
    "StoredFit",
    "board_version",
    "compute_board",
    "fit_board_now",
    "fresh_board",
    "note_request",
    "pending_board",
    "read_board",
    "stored_fit",
]
