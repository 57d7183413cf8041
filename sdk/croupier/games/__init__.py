"""The rules engines: pure Python, standard library only, no I/O.

Each game is a rule set (:class:`Game`) that creates reproducible states from a seed::

    >>> from croupier.games import load_game
    >>> game = load_game("lexio", {"players": 4})
    >>> state = game.new_state(seed=7)
    >>> seat = state.current_player()
    >>> state.apply(seat, state.legal_actions(seat)[0])

A game describes itself (its title, :class:`OptionSpec` of each option, its
:class:`Variant` list) and registers under its name in the ``croupier.games`` entry-point
group; :func:`game_names` lists them and :func:`game_class` finds one. The engines live in
their own packages (``croupier.games.lexio``, ``croupier.games.cribbage``) and are imported
only when used.
"""

from typing import Any

from croupier.games._api import (
    Event,
    Game,
    IllegalAction,
    PrivateEvent,
    Result,
    Seat,
    State,
)
from croupier.games._options import InvalidOptions, OptionSpec, OptionValue, Variant
from croupier.games._registry import game_class, game_names, load_game
from croupier.games._rollout import random_rollout

__all__ = [
    "GAME_NAMES",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "OptionSpec",
    "OptionValue",
    "PrivateEvent",
    "Result",
    "Seat",
    "State",
    "Variant",
    "game_class",
    "game_names",
    "load_game",
    "random_rollout",
]

GAME_NAMES: tuple[str, ...]
"""Every game croupier referees, by name: :func:`game_names`, read on first use."""


def __getattr__(name: str) -> Any:
    # GAME_NAMES is computed on first use, so that importing croupier.games reads no
    # entry points.
    if name == "GAME_NAMES":
        return game_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


for _name in __all__:
    if _name not in {"GAME_NAMES", "OptionValue", "Seat"}:
        globals()[_name].__module__ = __name__
del _name
