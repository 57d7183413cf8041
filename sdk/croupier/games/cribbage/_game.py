"""The cribbage rule set: a variant and the options of its match."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from croupier.games._api import Game, InvalidOptions
from croupier.games.cribbage._actions import Action, parse_action
from croupier.games.cribbage._variants import LAYOUTS, Layout

if TYPE_CHECKING:
    from croupier.games.cribbage._state import CribbageState

__all__ = ["NEXT_FIRST_DEALER", "VARIANTS", "Cribbage"]

VARIANTS: tuple[str, ...] = tuple(LAYOUTS)
"""Every variant name: ``six-card five-card seven-card three-player four-player solitaire
square``."""

NEXT_FIRST_DEALER: tuple[str, ...] = ("cut", "alternate", "loser")
"""How the first dealer of a later game of a match is chosen."""

_OPTION_NAMES = (
    "variant",
    "target",
    "match_points",
    "game_points",
    "triple_skunk_wins_match",
    "next_first_dealer",
)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Cribbage(Game["CribbageState"]):
    """Cribbage as the rules page gives it, every variant.

    Attributes:
        variant: ``six-card`` (two players, the standard game), ``five-card``, ``seven-card``,
            ``three-player``, ``four-player`` (seats 0 & 2 against 1 & 3), ``solitaire`` or
            ``square`` (cribbage square); the last two have one player.
        target: the score that wins a game; 0 (the default) takes the variant's own: 121,
            five-card 61, seven-card 181. For solitaire (121) and square (61) it is the total
            that counts as a win.
        match_points: the game points that win the match (1: a single game). Ignored by the
            one-player variants.
        game_points: the game points of a win, a skunk, a double and a triple skunk.
        triple_skunk_wins_match: a triple skunk wins the match at once (the winner's game
            points are raised to ``match_points``).
        next_first_dealer: the first dealer of a later game: ``cut`` again, ``alternate``
            (the seat left of the previous game's first dealer) or ``loser`` (the loser of
            the previous game: with three players the lowest score, ties going to the first
            seat clockwise from the winner; with partners the seat left of the winner).

    Skunks are judged on the loser's score against lines 30, 60 and 90 points short of the
    target (below 91, 61, 31 at 121; below 31 and below 1 at 61, no triple; below 151, 121,
    91 at 181). With three players the best losing score is judged: a skunk only when both
    losers are under the line.

    >>> game = Cribbage(variant="five-card")
    >>> game.target, game.num_players, Cribbage.from_options(game.options()) == game
    (61, 2, True)
    """

    name: ClassVar[str] = "cribbage"

    variant: str = "six-card"
    target: int = 0
    match_points: int = 7
    game_points: tuple[int, int, int, int] = (1, 2, 4, 4)
    triple_skunk_wins_match: bool = False
    next_first_dealer: str = "cut"
    layout: Layout = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        layout = LAYOUTS.get(self.variant) if isinstance(self.variant, str) else None
        if layout is None:
            raise InvalidOptions(
                f"unknown cribbage variant {self.variant!r} (known: {', '.join(VARIANTS)})"
            )
        object.__setattr__(self, "layout", layout)
        if self.target == 0 and _is_int(self.target):
            object.__setattr__(self, "target", layout.target)
        for option in ("target", "match_points"):
            value = getattr(self, option)
            if not _is_int(value) or value < 1:
                raise InvalidOptions(f"cribbage option {option} is an int >= 1, not {value!r}")
        self._check_game_points()
        if not isinstance(self.triple_skunk_wins_match, bool):
            raise InvalidOptions(
                "cribbage option triple_skunk_wins_match is true or false, "
                f"not {self.triple_skunk_wins_match!r}"
            )
        if self.next_first_dealer not in NEXT_FIRST_DEALER:
            raise InvalidOptions(
                f"cribbage option next_first_dealer is one of {', '.join(NEXT_FIRST_DEALER)}, "
                f"not {self.next_first_dealer!r}"
            )

    def _check_game_points(self) -> None:
        points: object = self.game_points
        if isinstance(points, list):  # JSON gives a list; keep the value hashable
            points = tuple(points)
            object.__setattr__(self, "game_points", points)
        if (
            not isinstance(points, tuple)
            or len(points) != 4
            or not all(_is_int(value) and value >= 1 for value in points)
            or list(points) != sorted(points)
        ):
            raise InvalidOptions(
                "cribbage option game_points is 4 ints >= 1 that never decrease "
                f"(win, skunk, double skunk, triple skunk), not {self.game_points!r}"
            )

    @property
    def num_players(self) -> int:
        """2 (six-, five-, seven-card), 3, 4, or 1 (solitaire, square)."""
        return self.layout.players

    def options(self) -> dict[str, Any]:
        """The options as JSON values, every one spelled out."""
        return {
            "variant": self.variant,
            "target": self.target,
            "match_points": self.match_points,
            "game_points": list(self.game_points),
            "triple_skunk_wins_match": self.triple_skunk_wins_match,
            "next_first_dealer": self.next_first_dealer,
        }

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Cribbage:
        """The rule set of ``options``; missing ones take their defaults.

        Raises:
            InvalidOptions: an unknown option or a value the rules do not allow.
        """
        if not isinstance(options, Mapping):
            raise InvalidOptions(f"cribbage options are a mapping, not {options!r}")
        unknown = sorted(str(key) for key in options if key not in _OPTION_NAMES)
        if unknown:
            raise InvalidOptions(
                f"unknown cribbage option {', '.join(unknown)} (known: {', '.join(_OPTION_NAMES)})"
            )
        return cls(**options)

    def new_state(self, seed: int) -> CribbageState:
        """A new game (a match, or a one-player game) whose every shuffle is fixed by ``seed``."""
        from croupier.games.cribbage._state import CribbageState  # noqa: PLC0415 (a cycle)

        return CribbageState(self, seed)

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (``discard 5H TD``, ``peg 5H``, ``place 5H 1 2``).

        Raises:
            ValueError: ``text`` names no cribbage action.
        """
        return parse_action(text)
