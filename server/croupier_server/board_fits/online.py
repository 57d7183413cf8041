"""The online step between two fits: the games finished since a stored fit, on top of it.

A fit is made no sooner than a few seconds after the last, and takes longer on a large
board; meanwhile each game that finishes moves its bots' ratings at once by the classic
incremental Elo (:func:`~croupier_server.ratings.update_online_elo`), from the fit's
ratings (a bot new since the fit starts at 0, the field's mean). Those ratings are
provisional until the next fit counts the games. The games since are those of higher ids
than the fit's newest: one that finished late with a lower id waits for the next fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from croupier_server.board_fits.board import Board
from croupier_server.db import statistics
from croupier_server.db.statistics import FinishedGame
from croupier_server.ratings import update_online_elo
from croupier_server.standings import deals_of

__all__ = ["OnlineStep", "games_since", "online_step"]


@dataclass(frozen=True, slots=True)
class OnlineStep:
    """A board's ratings with the games since its fit applied.

    Attributes:
        elo: Each bot's Elo: the fit's, moved by the games since (a bot not in the fit:
            from 0).
        games: How many games since the fit were applied.
        provisional: The bots whose Elo those games moved.
    """

    elo: dict[str, float]
    games: int
    provisional: frozenset[str]

    def moved(self, bot: str, fitted: float) -> float:
        """How far ``bot``'s Elo moved from its ``fitted`` one (0 if it did not play since)."""
        return self.elo.get(bot, fitted) - fitted if bot in self.provisional else 0.0


def games_since(session: Session, board: Board) -> list[FinishedGame]:
    """The rated finished games of ``board``'s key of higher ids than its fit's newest."""
    key = board.key
    return statistics.finished_game_seats(
        session,
        game=key.game,
        variant=key.variant,
        tournament_id=key.tournament_id,
        after_id=board.version.last_game_id,
    )


def online_step(board: Board, games: Sequence[FinishedGame]) -> OnlineStep:
    """The ratings of ``board`` after ``games`` (finished since its fit), in order.

    >>> from croupier_server.board_fits.board import BoardKey, pending_board
    >>> game = FinishedGame(7, None, None, None, ("a", "b"), (1, 0), ())
    >>> step = online_step(pending_board(BoardKey("lexio")), [game])
    >>> step.elo, step.games, sorted(step.provisional)
    ({'a': 8.0, 'b': -8.0}, 1, ['a', 'b'])
    """
    elo = {line.bot: line.elo for line in board.standings}
    moved: set[str] = set()
    for deal in deals_of(games):
        for outcome in deal.games:
            elo = update_online_elo(elo, outcome, initial=0.0)
            moved.update(outcome.bots)
    return OnlineStep(elo, len(games), frozenset(moved))
