"""The Kuhn poker rule set: its options, and the factory of matches."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from croupier.games import Game, OptionSpec
from kuhn_poker._cards import Action, parse_action
from kuhn_poker._state import KuhnState

__all__ = ["OPTION_SPECS", "KuhnPoker"]

OPTION_SPECS = (
    OptionSpec("ante", int, 1, "chips each seat puts in the pot before a hand", minimum=1),
    OptionSpec("hands", int, 1, "hands in the match, the first seat alternating", minimum=1),
)
"""The options of a match; they change its stakes and length, not who wins, so one variant."""


@dataclass(frozen=True, slots=True)
class KuhnPoker(Game[KuhnState]):
    """Kuhn poker for two seats over a match of ``hands`` hands.

    Options: ``ante`` the chips each seat puts in the pot before a hand, at least 1 (default
    1); ``hands`` the hands of the match, at least 1 (default 1), the first seat alternating.

    >>> KuhnPoker.from_options({"hands": 4}).options()
    {'ante': 1, 'hands': 4}
    >>> KuhnPoker(ante=0)
    Traceback (most recent call last):
    ...
    croupier.games.InvalidOptions: ante is a whole number of at least 1, not 0

    Raises:
        InvalidOptions: an option value the rules do not allow.
    """

    name: ClassVar[str] = "kuhn_poker"
    title: ClassVar[str] = "Kuhn poker"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    ante: int = 1
    hands: int = 1

    @property
    def num_players(self) -> int:
        """Kuhn poker is a game of two."""
        return 2

    def is_public(self, action: object) -> bool:
        """Every action (check, bet, call, fold) is made in front of both seats."""
        return True

    def new_state(self, seed: int) -> KuhnState:
        """A new match whose every deal is fixed by ``seed``."""
        return KuhnState(self, seed)

    def parse_action(self, text: str) -> Action:
        """The action written as ``text``: ``check``, ``bet``, ``call`` or ``fold``.

        Raises:
            ValueError: ``text`` names no Kuhn poker action.
        """
        return parse_action(text)
