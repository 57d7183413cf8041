"""The cribbage rule set: a variant and the options of its match."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from croupier.games._api import Game
from croupier.games._options import InvalidOptions, OptionSpec, Variant
from croupier.games.cribbage._actions import Action, Discard, parse_action
from croupier.games.cribbage._variants import LAYOUTS, Layout

if TYPE_CHECKING:
    from croupier.games.cribbage._state import CribbageState

__all__ = ["NEXT_FIRST_DEALER", "VARIANTS", "Cribbage"]

VARIANTS: tuple[str, ...] = tuple(LAYOUTS)
"""Every variant name: ``six-card five-card seven-card three-player four-player solitaire
square``."""

NEXT_FIRST_DEALER: tuple[str, ...] = ("cut", "alternate", "loser")
"""How the first dealer of a later game of a match is chosen."""

OPTION_SPECS = (
    OptionSpec(
        "variant",
        str,
        "six-card",
        "six-card (the standard two-player game), five-card, seven-card, three-player, "
        "four-player (partners), solitaire or square (one player)",
        choices=VARIANTS,
    ),
    OptionSpec(
        "target",
        int,
        0,
        "the score that wins a game (one player: the total that wins); "
        "0: the variant's, 121 (five-card and square 61, seven-card 181)",
        minimum=0,
    ),
    OptionSpec(
        "match_points", int, 7, "game points that win the match; 1 plays a single game", minimum=1
    ),
    OptionSpec(
        "game_points",
        int,
        (1, 2, 4, 4),
        "game points of a win, a skunk, a double and a triple skunk, never decreasing",
        minimum=1,
        length=4,
    ),
    OptionSpec(
        "triple_skunk_wins_match",
        bool,
        False,
        "a triple skunk wins the match at once",
    ),
    OptionSpec(
        "next_first_dealer",
        str,
        "cut",
        "the first dealer of a later game: cut again, alternate (left of the last first "
        "dealer) or loser (of the last game)",
        choices=NEXT_FIRST_DEALER,
    ),
)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Cribbage(Game["CribbageState"]):
    """Cribbage as the rules give it (docs/rules/cribbage.md), every variant.

    Attributes:
        variant: ``six-card`` (two players, the standard game), ``five-card``, ``seven-card``,
            ``three-player``, ``four-player`` (seats 0 & 2 against 1 & 3), ``solitaire`` or
            ``square`` (cribbage square); the last two have one player. Each variant is
            rated apart, labelled by its name.
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
    title: ClassVar[str] = "Cribbage"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    _called: ClassVar[str] = "cribbage"

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
        Game.__post_init__(self)
        if list(self.game_points) != sorted(self.game_points):
            raise InvalidOptions(
                "game_points never decrease (win, skunk, double skunk, triple skunk), "
                f"not {list(self.game_points)!r}"
            )

    @property
    def num_players(self) -> int:
        """2 (six-, five-, seven-card), 3, 4, or 1 (solitaire, square)."""
        return self.layout.players

    @classmethod
    def variants(cls) -> tuple[Variant, ...]:
        """Each variant, rated apart, six-card (the default) first."""
        return tuple(
            Variant(layout.variant, {"variant": layout.variant}, layout.players)
            for layout in LAYOUTS.values()
        )

    @classmethod
    def variant_label(cls, options: Mapping[str, Any]) -> str:
        """The variant's name: the other options change how long a game lasts, not who wins.

        >>> Cribbage.variant_label({"variant": "five-card", "match_points": 1})
        'five-card'
        """
        return str(options.get("variant", "six-card"))

    @classmethod
    def score_unit(cls, options: Mapping[str, Any]) -> str:
        """A match is scored in game points (a win, a skunk, ...), a one-player game in points.

        >>> Cribbage.score_unit({}), Cribbage.score_unit({"variant": "solitaire"})
        ('game points', 'points')
        """
        layout = LAYOUTS.get(str(options.get("variant", "six-card")))
        return "points" if layout is not None and layout.is_solo else "game points"

    def is_public(self, action: object) -> bool:
        """Pegs and placements are made face up; what a seat lays away is its own secret."""
        return not isinstance(action, Discard)

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
