"""Opponents for every game the SDK ships: a random bot and a greedy bot.

The bots are in :mod:`croupier.opponents.lexio` and :mod:`croupier.opponents.cribbage`
(:class:`RandomBot` plays any game at random). They are what a new bot should beat first,
what ``croupier-bot play`` seats against it, and what the examples in ``examples/`` run.
Each is a :class:`croupier.Bot`; as a process, ``python -m croupier.opponents NAME --game
GAME`` connects it to the referee as any bot does (``CROUPIER_ADDRESS`` and
``CROUPIER_TOKEN``). A random bot draws each game's choices afresh from
``CROUPIER_BOT_SEED`` when it is set.

>>> type(opponent("greedy", "lexio")).__name__
'GreedyLexioBot'
>>> opponent("clever", "lexio")
Traceback (most recent call last):
...
ValueError: no opponent 'clever' for lexio (greedy, random)
"""

from __future__ import annotations

from typing import Any

import croupier
from croupier.opponents._random import SEED_VARIABLE, RandomBot
from croupier.opponents.cribbage import GreedyCribbageBot, RandomCribbageBot
from croupier.opponents.lexio import GreedyLexioBot, RandomLexioBot

__all__ = ["OPPONENTS", "SEED_VARIABLE", "RandomBot", "opponent", "opponent_names"]

RandomBot.__module__ = __name__

OPPONENTS: dict[str, dict[str, type[croupier.Bot[Any, Any]]]] = {
    "lexio": {"random": RandomLexioBot, "greedy": GreedyLexioBot},
    "cribbage": {"random": RandomCribbageBot, "greedy": GreedyCribbageBot},
}
"""The opponents of each game, by name: each value is the bot's class."""


def opponent_names(game: str) -> tuple[str, ...]:
    """The names of ``game``'s opponents, sorted; none for a game the SDK has none for."""
    return tuple(sorted(OPPONENTS.get(game, {})))


def opponent(name: str, game: str, *, seed: int | None = None) -> croupier.Bot[Any, Any]:
    """A new opponent ``name`` (``"random"``, ``"greedy"``) for ``game``.

    ``seed`` seeds a random bot (by default ``CROUPIER_BOT_SEED`` if set); the others
    need none.

    Raises:
        ValueError: the SDK has no such game or no such opponent for it (one line).
    """
    if game not in OPPONENTS:
        raise ValueError(f"no opponents for the game {game!r} ({', '.join(sorted(OPPONENTS))})")
    if name not in OPPONENTS[game]:
        raise ValueError(f"no opponent {name!r} for {game} ({', '.join(opponent_names(game))})")
    chosen = OPPONENTS[game][name]
    return chosen(seed) if issubclass(chosen, RandomBot) else chosen()
