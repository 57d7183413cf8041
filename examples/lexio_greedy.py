"""A Lexio bot that sheds as many tiles as it can, as cheaply as it can, every turn.

It never passes while it has a play. Leading, it plays the combination with the most tiles
(a five-tile play before a triple, a triple before a pair, ...) and, among those, the
weakest. Answering, the size is fixed by the table, so it plays the weakest tiles that
beat it. It keeps no plan: it breaks pairs and straights to answer a single, and keeps its
2s until they are the weakest thing it can play.

The referee starts it with its address and token, once registered:

    croupier bot add lexio-greedy --game lexio --command "python examples/lexio_greedy.py"
"""

from __future__ import annotations

import croupier
from croupier.games import lexio
from croupier.games.lexio import LexioObservation, Pass, Play, combination


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


if __name__ == "__main__":
    croupier.run(GreedyLexioBot())
