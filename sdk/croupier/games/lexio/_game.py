"""The Lexio rule set: its options, and the factory of matches."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from croupier.games._api import Game, InvalidOptions
from croupier.games.lexio._actions import Action, parse_action
from croupier.games.lexio._scoring import TWOS_PENALTIES
from croupier.games.lexio._state import LexioState
from croupier.games.lexio._tiles import top_number

__all__ = ["Lexio"]


@dataclass(frozen=True, slots=True)
class Lexio(Game[LexioState]):
    """Lexio for 3, 4 or 5 players over a match of ``rounds`` rounds.

    Options (rules page, "Scoring a round" and "A match"): ``players`` 3, 4 or 5 (default
    4), ``rounds`` at least 1 (default 5), ``starting_chips`` per player at least 1
    (default 64), ``twos_penalty`` ``"double_each"`` (default) or ``"off"``.

    >>> game = Lexio.from_options({"players": 5})
    >>> game.options()
    {'players': 5, 'rounds': 5, 'starting_chips': 64, 'twos_penalty': 'double_each'}
    >>> Lexio(players=6)
    Traceback (most recent call last):
    ...
    croupier.games._api.InvalidOptions: Lexio is played by 3, 4 or 5 players, not 6

    Raises:
        InvalidOptions: an option value the rules do not allow.
    """

    name: ClassVar[str] = "lexio"

    players: int = 4
    rounds: int = 5
    starting_chips: int = 64
    twos_penalty: str = "double_each"

    def __post_init__(self) -> None:
        if not _is_int(self.players):
            raise InvalidOptions(f"players is a whole number, not {self.players!r}")
        top_number(self.players)
        if not _is_int(self.rounds) or self.rounds < 1:
            raise InvalidOptions(f"rounds is a whole number of at least 1, not {self.rounds!r}")
        if not _is_int(self.starting_chips) or self.starting_chips < 1:
            raise InvalidOptions(
                f"starting_chips is a whole number of at least 1, not {self.starting_chips!r}"
            )
        if self.twos_penalty not in TWOS_PENALTIES:
            raise InvalidOptions(
                f"twos_penalty is 'double_each' or 'off', not {self.twos_penalty!r}"
            )

    @property
    def num_players(self) -> int:
        """How many seats a match of these rules has."""
        return self.players

    def options(self) -> dict[str, Any]:
        """The options as plain JSON values; :meth:`from_options` inverts it."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Lexio:
        """The rule set of ``options``; missing options take their defaults.

        Raises:
            InvalidOptions: an unknown option or a value the rules do not allow.
        """
        known = [field.name for field in fields(cls)]
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidOptions(
                f"unknown Lexio option(s) {', '.join(map(repr, unknown))} "
                f"(known: {', '.join(known)})"
            )
        return cls(**options)

    def new_state(self, seed: int) -> LexioState:
        """A new match whose every deal is fixed by ``seed``."""
        return LexioState(self, seed)

    def parse_action(self, text: str) -> Action:
        """The action written as ``text``, e.g. ``"pass"`` or ``"play cloud3 sun3"``.

        Raises:
            ValueError: ``text`` names no Lexio action.
        """
        return parse_action(text)


def _is_int(value: object) -> bool:
    # bool is an int subclass, but True players is a typo, not a player count.
    return isinstance(value, int) and not isinstance(value, bool)
