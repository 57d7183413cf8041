"""The rules engines: pure Python, standard library only, no I/O.

Each game is a rule set (:class:`Game`) that creates reproducible states from a seed::

    >>> from croupier.games import load_game
    >>> game = load_game("lexio", {"players": 4})
    >>> state = game.new_state(seed=7)
    >>> seat = state.current_player()
    >>> state.apply(seat, state.legal_actions(seat)[0])

The engines live in their own packages (``croupier.games.lexio``,
``croupier.games.cribbage``) and are imported only when used.
"""

import importlib
from collections.abc import Mapping
from typing import Any

from croupier.games._api import (
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    PrivateEvent,
    Result,
    Seat,
    State,
)
from croupier.games._rollout import random_rollout

__all__ = [
    "GAME_NAMES",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "PrivateEvent",
    "Result",
    "Seat",
    "State",
    "load_game",
    "random_rollout",
]

_GAME_CLASSES = {
    "lexio": "croupier.games.lexio:Lexio",
    "cribbage": "croupier.games.cribbage:Cribbage",
}

GAME_NAMES = tuple(_GAME_CLASSES)
"""Every game croupier referees, by name."""


def load_game(name: str, options: Mapping[str, Any] | None = None) -> Game[Any]:
    """The rule set of game ``name`` with ``options`` (defaults for the rest).

    Raises:
        InvalidOptions: an unknown game, an unknown option or a value the rules refuse.
    """
    try:
        module_name, class_name = _GAME_CLASSES[name].split(":")
    except KeyError:
        raise InvalidOptions(f"unknown game {name!r} (known: {', '.join(GAME_NAMES)})") from None
    game_class: type[Game[Any]] = getattr(importlib.import_module(module_name), class_name)
    return game_class.from_options(options or {})
