"""Why a tournament cannot be created, or stopped."""

from __future__ import annotations

from croupier_server.recorded_games import GameSetupError
from croupier_server.referee.records import StartFailure

__all__ = ["BotDidNotStart", "TournamentError"]


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
