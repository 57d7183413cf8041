"""A bot for any game that picks uniformly at random among its legal actions, seeded."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import croupier

__all__ = ["SEED_VARIABLE", "RandomBot"]

SEED_VARIABLE = "CROUPIER_BOT_SEED"
"""The environment variable that seeds a random bot's choices (an integer)."""

ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Observation(Protocol[ActionT_co]):
    """What a random bot needs to see: the seat's legal actions."""

    @property
    def legal_actions(self) -> Sequence[ActionT_co]:
        """The actions the seat may take now."""
        ...


ObservationT = TypeVar("ObservationT", bound=Observation[Any])


class RandomBot(croupier.Bot[ObservationT, ActionT]):
    """Plays a uniformly random legal action, in any game whose observation lists them.

    Args:
        seed: seeds the choices; by default ``CROUPIER_BOT_SEED`` if set, else OS randomness.
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is None and (text := os.environ.get(SEED_VARIABLE)):
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

    def act(self, observation: ObservationT) -> ActionT:
        """Any legal action, each as likely as the others."""
        actions: Sequence[ActionT] = observation.legal_actions
        return self.rng.choice(actions)
