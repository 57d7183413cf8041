"""A tournament's game played until it has a result, again if the referee spoils it.

A bot's faults are data and never spoil a game; an exception of the referee, or a game it
could not finish, does: that game is stored aborted and played again, up to
:data:`REFEREE_ATTEMPTS` times. A failure of the database is neither: it is raised at once.
Nor is a bot that had to start and never said Hello (:class:`BotDidNotStart`): playing
again would start it the same way, and its tournament stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine

from croupier.games import Game
from croupier_server.db import BotRecord
from croupier_server.db.errors import DatabaseFailure
from croupier_server.recorded_games import GameSetupError, ScheduleLink, play_recorded_game
from croupier_server.referee.game import MustStart, ProcessSource, RefereeSettings
from croupier_server.referee.records import GameLog, StartFailure
from croupier_server.referee.service import RefereeServer

__all__ = ["REFEREE_ATTEMPTS", "BotDidNotStart", "TournamentError", "play_until_finished"]

REFEREE_ATTEMPTS = 3
"""How many times a game spoiled by the referee's own failure is tried before giving up."""


class TournamentError(GameSetupError):
    """A tournament that cannot be created or played as asked."""


class BotDidNotStart(TournamentError):
    """A bot of a tournament never said Hello in its first games: the tournament stops.

    Its message is the failure's: a line naming the bot and why, then its last output
    lines, indented.

    Attributes:
        failure: Which bot, why, and what it printed last.
        game_id: The game stopped on it (stored ``not_started``).
    """

    def __init__(self, failure: StartFailure, game_id: int) -> None:
        super().__init__(str(failure))
        self.failure = failure
        self.game_id = game_id


async def play_until_finished(
    engine: Engine,
    server: RefereeServer,
    *,
    game: Game[Any],
    bots: Sequence[BotRecord],
    seed: int,
    settings: RefereeSettings,
    label: str,
    link: ScheduleLink | None = None,
    processes: ProcessSource | None = None,
    must_start: MustStart | None = None,
) -> GameLog:
    """Play a recorded game until it has a result, again if the referee spoils it; its log.

    A bot's faults are data and never spoil a game; an exception of the referee, or a game
    it could not finish, does: that game is stored aborted and played again, up to
    :data:`REFEREE_ATTEMPTS` times. A failure of the database is raised at once: playing
    again would fail the same way; so is a command bot that never said Hello when
    ``must_start`` says it had to (the game, not played, is stored ``not_started``). The
    command bots' processes are borrowed from ``processes``, if given (see
    :func:`~croupier_server.recorded_games.play_recorded_game`).

    Raises:
        BotDidNotStart: a bot that had to start did not.
        TournamentError: every attempt failed; ``label`` names the game in the message.
        DatabaseFailure: the database failed.
    """
    failure = ""
    for _ in range(REFEREE_ATTEMPTS):
        try:
            game_id, log = await play_recorded_game(
                engine,
                server,
                game=game,
                bots=bots,
                seed=seed,
                settings=settings,
                link=link,
                processes=processes,
                must_start=must_start,
            )
        except DatabaseFailure:
            raise
        except Exception as error:  # the referee's own failure: bots' faults are data
            failure = f"{type(error).__name__}: {_first_line(error)}"
            continue
        if log.stopped is not None:
            raise BotDidNotStart(log.stopped, game_id)
        if log.result is not None:
            return log
        failure = "the game did not finish"
    raise TournamentError(f"{label} failed {REFEREE_ATTEMPTS} times: {failure}")


def _first_line(error: Exception) -> str:
    """The first line of ``error``'s message: a failure is reported on one line."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else ""
