"""A Lexio bot that sheds its weak tiles one by one and keeps its strong ones for later.

Leading, it plays its weakest single tile. Answering, it plays the weakest tiles that beat
the table, but it will not spend a 2 on an answer while every opponent still holds more
than three tiles; then it passes. Near the end of a round (an
opponent about to go out, when every tile left costs, and 2s double) it plays whatever
beats the table. A plain, predictable style: a fourth kind of opponent for tournaments.

The referee starts it with its address and token, once registered:

    croupier bot add lexio-cautious --game lexio --command "python examples/lexio_cautious.py"
"""

from __future__ import annotations

import croupier
from croupier.games import lexio
from croupier.games.lexio import LexioObservation, Pass, Play

DANGER_TILES = 3
"""An opponent with this many tiles or fewer may go out soon: stop saving tiles."""


class CautiousLexioBot(croupier.Bot[LexioObservation, lexio.Action]):
    """Leads its weakest single; answers cheaply; saves its 2s for the end."""

    games = ("lexio",)

    def act(self, observation: LexioObservation) -> lexio.Action:
        """The weakest single when leading, else the cheapest answer worth spending, or pass."""
        plays = [action for action in observation.legal_actions if isinstance(action, Play)]
        # Legal plays come by size, then strength, weakest first.
        if observation.table is None:
            singles = [play for play in plays if len(play.tiles) == 1]
            return singles[0] if singles else plays[0]
        danger = any(
            size <= DANGER_TILES
            for seat, size in enumerate(observation.hand_sizes)
            if seat != observation.seat
        )
        for play in plays:
            if danger or all(tile.number != 2 for tile in play.tiles):
                return play
        return Pass()


if __name__ == "__main__":
    croupier.run(CautiousLexioBot())
