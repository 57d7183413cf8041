"""The games croupier knows, found through the ``croupier.games`` entry points.

A game plugs in by declaring, in its distribution's ``pyproject.toml``::

    [project.entry-points."croupier.games"]
    lexio = "croupier.games.lexio:Lexio"

The entry points are read on the first lookup and kept; a game's module is imported only
when its class is asked for.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from croupier.games._api import Game
from croupier.games._options import InvalidOptions

__all__ = ["ENTRY_POINT_GROUP", "game_class", "game_names", "load_game"]

ENTRY_POINT_GROUP = "croupier.games"
"""The entry-point group a game registers in: its name, and ``"module:GameClass"``."""

_FIRST = ("lexio", "cribbage")  # the games croupier ships, listed before the plug-ins


@functools.cache
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, point)  # one game installed twice: the first one
    return {name: found[name] for name in sorted(found, key=_place)}


def _place(name: str) -> tuple[int, str]:
    return (_FIRST.index(name) if name in _FIRST else len(_FIRST), name)


def game_names() -> tuple[str, ...]:
    """Every registered game by name: ``lexio`` and ``cribbage`` first, then the others.

    >>> game_names()[:2]
    ('lexio', 'cribbage')
    """
    return tuple(_entry_points())


_CLASSES: dict[str, type[Game[Any]]] = {}


def game_class(name: str) -> type[Game[Any]]:
    """The :class:`Game` class registered as ``name``.

    >>> game_class("lexio").title
    'Lexio'

    Raises:
        InvalidOptions: no game is registered as ``name``.
        TypeError: the entry point names something that is not that game's class.
    """
    known = _CLASSES.get(name)
    if known is not None:
        return known
    point = _entry_points().get(name)
    if point is None:
        raise InvalidOptions(f"unknown game {name!r} (known: {', '.join(game_names())})")
    loaded = point.load()
    if not (isinstance(loaded, type) and issubclass(loaded, Game)) or loaded.name != name:
        raise TypeError(
            f"the {ENTRY_POINT_GROUP} entry point {name} = {point.value!r} is not the Game "
            f"class of a game named {name!r}"
        )
    _CLASSES[name] = loaded
    return loaded


def load_game(name: str, options: Mapping[str, Any] | None = None) -> Game[Any]:
    """The rule set of game ``name`` with ``options`` (defaults for the rest).

    >>> load_game("lexio", {"players": 3}).num_players
    3

    Raises:
        InvalidOptions: an unknown game, an unknown option or a value the rules refuse.
    """
    return game_class(name).from_options(options or {})
