"""The Lexio rule set: its options, and the factory of matches."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from croupier.games._api import Game
from croupier.games._options import OptionSpec, Variant
from croupier.games.lexio._actions import Action, parse_action
from croupier.games.lexio._scoring import TWOS_PENALTIES
from croupier.games.lexio._state import LexioState
from croupier.games.lexio._tiles import PLAYER_COUNTS, top_number

__all__ = ["Lexio"]


_PLAYERS_DEFAULT = 4

OPTION_SPECS = (
    OptionSpec(
        "players",
        int,
        _PLAYERS_DEFAULT,
        "number of players: 3 (tiles 1 to 9), 4 (to 13) or 5 (to 15)",
        choices=PLAYER_COUNTS,
    ),
    OptionSpec("rounds", int, 5, "rounds in the match", minimum=1),
    OptionSpec("starting_chips", int, 64, "chips each player starts the match with", minimum=1),
    OptionSpec(
        "twos_penalty",
        str,
        "double_each",
        "double_each: each 2 left in a hand doubles its count at a round's end; off: it does not",
        choices=TWOS_PENALTIES,
    ),
)


@dataclass(frozen=True, slots=True)
class Lexio(Game[LexioState]):
    """Lexio for 3, 4 or 5 players over a match of ``rounds`` rounds.

    Options (docs/rules/lexio.md, "Options"):
    ``players`` 3, 4 or 5 (default 4), ``rounds`` at least 1 (default 5), ``starting_chips``
    per player at least 1 (default 64), ``twos_penalty`` ``"double_each"`` (default) or
    ``"off"``. Each player count is a variant of its own, labelled ``"4 players"``.

    >>> game = Lexio.from_options({"players": 5})
    >>> game.options()
    {'players': 5, 'rounds': 5, 'starting_chips': 64, 'twos_penalty': 'double_each'}
    >>> Lexio(players=6)
    Traceback (most recent call last):
    ...
    croupier.games.InvalidOptions: Lexio is played by 3, 4 or 5 players, not 6

    Raises:
        InvalidOptions: an option value the rules do not allow.
    """

    name: ClassVar[str] = "lexio"
    title: ClassVar[str] = "Lexio"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    players: int = _PLAYERS_DEFAULT
    rounds: int = 5
    starting_chips: int = 64
    twos_penalty: str = "double_each"

    def __post_init__(self) -> None:
        top_number(self.players)  # the rules' own words for a wrong player count
        Game.__post_init__(self)

    @property
    def num_players(self) -> int:
        """How many seats a match of these rules has."""
        return self.players

    @classmethod
    def variants(cls) -> tuple[Variant, ...]:
        """One variant per player count, the default (4 players) first."""
        counts = sorted(PLAYER_COUNTS, key=lambda count: count != _PLAYERS_DEFAULT)
        return tuple(
            Variant(cls.variant_label({"players": count}), {"players": count}, count)
            for count in counts
        )

    @classmethod
    def variant_label(cls, options: Mapping[str, Any]) -> str:
        """The player count: the other options change how long a match lasts, not who wins.

        >>> Lexio.variant_label({"players": 3, "rounds": 1}), Lexio.variant_label({})
        ('3 players', '4 players')
        """
        return f"{options.get('players', _PLAYERS_DEFAULT)} players"

    @classmethod
    def score_unit(cls, options: Mapping[str, Any]) -> str:
        """A match is scored in chips, won and lost between the players."""
        return "chips"

    def is_public(self, action: object) -> bool:
        """Every Lexio action (a play or a pass) is made in front of everybody."""
        return True

    def new_state(self, seed: int) -> LexioState:
        """A new match whose every deal is fixed by ``seed``."""
        return LexioState(self, seed)

    def parse_action(self, text: str) -> Action:
        """The action written as ``text``, e.g. ``"pass"`` or ``"play cloud3 sun3"``.

        Raises:
            ValueError: ``text`` names no Lexio action.
        """
        return parse_action(text)
