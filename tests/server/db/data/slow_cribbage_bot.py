"""A cribbage bot that takes its first legal action after a pause: its games last a while.

:file:`make_previous_release.sh` stops tournaments while such a game is played.
"""

from __future__ import annotations

import time

import croupier
from croupier.games import cribbage
from croupier.games.cribbage import CribbageObservation

PAUSE_S = 0.05
"""How long it waits before each decision."""


class SlowCribbageBot(croupier.Bot[CribbageObservation, cribbage.Action]):
    """Takes the first legal action, :data:`PAUSE_S` after it is asked."""

    def act(self, observation: CribbageObservation) -> cribbage.Action:
        """The first legal action, after a pause."""
        time.sleep(PAUSE_S)
        return observation.legal_actions[0]


if __name__ == "__main__":
    croupier.run(SlowCribbageBot())
