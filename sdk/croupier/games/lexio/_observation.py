"""What one seat may see of a Lexio match, and the final result of one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from croupier.games._api import Result, Seat
from croupier.games.lexio._actions import Action
from croupier.games.lexio._combinations import Combination
from croupier.games.lexio._tiles import Tile

if TYPE_CHECKING:
    from croupier.games.lexio._game import Lexio

__all__ = ["LexioObservation", "LexioResult"]


@dataclass(frozen=True, slots=True)
class LexioObservation:
    """Exactly what ``seat`` may see now (docs/rules/lexio.md, "What each seat may see").

    Public: the options, the round and its starting seat, every play and pass of the round
    in order, the play on the table and who made it, every hand's size, the balances and
    whose turn it is. Private: the seat's own hand and, on its turn, its legal actions. A
    spectator (``seat`` ``None``) gets an empty hand and no legal actions. Nothing here
    depends on another seat's tiles or on the shuffles to come.
    """

    seat: Seat | None
    hand: tuple[Tile, ...]
    game: Lexio
    round_number: int
    starting_seat: Seat
    table: Combination | None
    """The play to beat, or ``None`` when the seat to act leads."""
    table_seat: Seat | None
    history: tuple[tuple[Seat, Action], ...]
    """Every play and pass of the current round (of the last one once the match is over)."""
    hand_sizes: tuple[int, ...]
    balances: tuple[int, ...]
    to_act: Seat | None
    legal_actions: tuple[Action, ...]

    @property
    def players(self) -> int:
        """How many seats the match has."""
        return self.game.players

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat must act now."""
        return self.seat is not None and self.to_act == self.seat


@dataclass(frozen=True, slots=True)
class LexioResult(Result):
    """The end of a match: ``scores`` are the final chip balances per seat.

    ``round_nets`` holds each round's settlement per seat, in order.
    """

    rounds_played: int
    round_nets: tuple[tuple[int, ...], ...]
