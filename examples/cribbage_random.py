"""A cribbage bot that picks uniformly at random among its legal actions.

It lays away, pegs and places (cribbage square) at random, in every variant: the baseline
every other bot should beat. Set ``CROUPIER_BOT_SEED`` to make its choices reproducible:
each game draws from it afresh, whichever process plays it.

The referee starts it with its address and token, once registered:

    croupier bot add cribbage-random --game cribbage --command "python examples/cribbage_random.py"
"""

from __future__ import annotations

import os
import random

import croupier
from croupier.games import cribbage
from croupier.games.cribbage import CribbageObservation


class RandomCribbageBot(croupier.Bot[CribbageObservation, cribbage.Action]):
    """Takes a uniformly random legal action.

    Args:
        seed: seeds the choices; by default ``CROUPIER_BOT_SEED`` if set, else OS randomness.
    """

    games = ("cribbage",)

    def __init__(self, seed: int | None = None) -> None:
        if seed is None and (text := os.environ.get("CROUPIER_BOT_SEED")):
            seed = int(text)
        self.seed = seed
        self.rng = random.Random(seed)

    def on_game_start(self, start: croupier.GameStart) -> None:
        """Draw each game's choices from the seed afresh, as a new process would.

        So a game's choices never depend on the games this process played before: the
        same in a tournament's pooled process as in a process of its own.
        """
        if self.seed is not None:
            self.rng = random.Random(self.seed)

    def act(self, observation: CribbageObservation) -> cribbage.Action:
        """Any legal action, each as likely as the others."""
        return self.rng.choice(observation.legal_actions)


if __name__ == "__main__":
    croupier.run(RandomCribbageBot())
