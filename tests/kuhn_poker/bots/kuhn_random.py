"""A Kuhn poker bot that picks uniformly at random among its legal actions.

The baseline: it bets, calls and folds as often as it checks. Set ``CROUPIER_BOT_SEED`` to
make its choices reproducible. Registered as::

    croupier bot add kuhn-random --game kuhn_poker \
        --command "python tests/kuhn_poker/bots/kuhn_random.py"
"""

from __future__ import annotations

import os
import random

import croupier
from kuhn_poker import Action, KuhnObservation


class RandomKuhnBot(croupier.Bot[KuhnObservation, Action]):
    """Plays a uniformly random legal action.

    Args:
        seed: seeds the choices; by default ``CROUPIER_BOT_SEED`` if set, else OS randomness.
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is None and (text := os.environ.get("CROUPIER_BOT_SEED")):
            seed = int(text)
        self.rng = random.Random(seed)

    def act(self, observation: KuhnObservation) -> Action:
        """Either legal action, each as likely as the other."""
        return self.rng.choice(observation.legal_actions)


if __name__ == "__main__":
    croupier.run(RandomKuhnBot())
