"""What one seat may see of a Kuhn poker match, and the final result of one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from croupier.games import Result, Seat
from kuhn_poker._cards import Action, Card

if TYPE_CHECKING:
    from kuhn_poker._game import KuhnPoker

__all__ = ["KuhnObservation", "KuhnResult"]


@dataclass(frozen=True, slots=True)
class KuhnObservation:
    """Exactly what ``seat`` may see now.

    Public: the options, the hand and who acts first in it, its actions in order, the pot,
    the chips won so far, whose turn it is and, once a hand went to a showdown, both its
    cards. Private: the seat's own card and, on its turn, its legal actions. A spectator
    (``seat`` ``None``) gets no card and no legal actions.
    """

    seat: Seat | None
    game: KuhnPoker
    hand_number: int
    """The hand being played (the last one once the match is over), from 1."""
    first_seat: Seat
    card: Card | None
    """The seat's own card; ``None`` for a spectator."""
    history: tuple[tuple[Seat, Action], ...]
    """Every action of the current hand (of the last one once the match is over)."""
    pot: int
    """The chips in this hand's pot: both antes and every bet and call."""
    balances: tuple[int, int]
    """Each seat's chips won (or lost) in the hands already over."""
    to_act: Seat | None
    showdown: tuple[Card, Card] | None
    """Both cards, seat by seat, once this hand went to a showdown."""
    legal_actions: tuple[Action, ...]

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat must act now."""
        return self.seat is not None and self.to_act == self.seat


@dataclass(frozen=True, slots=True)
class KuhnResult(Result):
    """The end of a match: ``scores`` are the chips each seat won (they sum to zero).

    ``hand_nets`` holds each hand's chips won per seat, in order.
    """

    hand_nets: tuple[tuple[int, int], ...]
