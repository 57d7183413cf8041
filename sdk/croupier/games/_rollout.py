"""Uniformly random play to the end of a game: the baseline bot and the rollout of search."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from croupier.games._api import State

StateT = TypeVar("StateT", bound=State[Any, Any, Any])


def random_rollout(state: StateT, rng: random.Random, *, max_actions: int = 100_000) -> StateT:
    """Play uniformly random legal actions on ``state`` in place until the game ends.

    When several seats act at once (the cribbage discard) they act in seat order.

    Args:
        state: the game to finish; it is changed in place and returned.
        rng: the source of every random choice, so a rollout is reproducible.
        max_actions: a bound that turns a rules bug (a game that never ends) into an error.

    Raises:
        RuntimeError: the game did not end within ``max_actions`` actions.
    """
    for _ in range(max_actions):
        seats = state.seats_to_act()
        if not seats:
            return state
        state.apply(seats[0], rng.choice(state.legal_actions(seats[0])))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
