"""The rules engines: pure Python, standard library only, no I/O.

Each game is a rule set (:class:`Game`) that creates reproducible states from a seed::

    >>> from croupier.games import load_game
    >>> game = load_game("lexio", {"players": 4})
    >>> state = game.new_state(seed=7)
    >>> seat = state.current_player()
    >>> state.apply(seat, state.legal_actions(seat)[0])
"""

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
from croupier.games.cribbage import Cribbage
from croupier.games.lexio import Lexio

__all__ = [
    "GAMES",
    "Cribbage",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "Lexio",
    "PrivateEvent",
    "Result",
    "Seat",
    "State",
    "load_game",
]

GAMES: Mapping[str, type[Game[Any]]] = {Lexio.name: Lexio, Cribbage.name: Cribbage}
"""Every game croupier referees, by name."""


def load_game(name: str, options: Mapping[str, Any] | None = None) -> Game[Any]:
    """The rule set of game ``name`` with ``options`` (defaults for the rest).

    Raises:
        InvalidOptions: an unknown game, an unknown option or a value the rules refuse.
    """
    try:
        game_class = GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise InvalidOptions(f"unknown game {name!r} (known: {known})") from None
    return game_class.from_options(options or {})
