"""The Lexio opponents: a random bot and a greedy one."""

from __future__ import annotations

import croupier
from croupier.games import lexio
from croupier.games.lexio import LexioObservation, Pass, Play, combination
from croupier.opponents._random import RandomBot

__all__ = ["GreedyLexioBot", "RandomLexioBot"]


class RandomLexioBot(RandomBot[LexioObservation, lexio.Action]):
    """Plays a uniformly random legal action, a pass as likely as any play.

    Args:
        seed: seeds the choices; by default ``CROUPIER_BOT_SEED`` if set, else OS randomness.
    """

    games = ("lexio",)


class GreedyLexioBot(croupier.Bot[LexioObservation, lexio.Action]):
    """Plays the most tiles it can, the weakest such play; passes only when it must."""

    games = ("lexio",)

    def act(self, observation: LexioObservation) -> lexio.Action:
        """The weakest of the largest legal plays, or a pass when there is none."""
        plays = [action for action in observation.legal_actions if isinstance(action, Play)]
        if not plays:
            return Pass()
        players = observation.players
        return max(
            plays,
            key=lambda play: (len(play.tiles), -combination(play.tiles, players).strength),
        )
