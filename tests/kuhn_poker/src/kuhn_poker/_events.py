"""What happens in a Kuhn poker match, as events; each prints as one readable line."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games import Event, PrivateEvent, Seat
from kuhn_poker._cards import Action, Card

__all__ = ["Acted", "CardDealt", "HandStarted", "PotWon", "Showdown"]


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """Both seats put their ante in the pot; ``first_seat`` acts first."""

    hand_number: int
    first_seat: Seat
    ante: int

    def __str__(self) -> str:
        return (
            f"hand {self.hand_number} starts: each seat antes {self.ante}; "
            f"seat {self.first_seat} acts first"
        )


@dataclass(frozen=True, slots=True)
class CardDealt(PrivateEvent):
    """The card dealt to ``seat`` for a hand, seen by that seat only."""

    hand_number: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} is dealt {self.card}"


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A seat checked, bet, called or folded, in front of both."""

    seat: Seat
    action: Action

    def __str__(self) -> str:
        return f"seat {self.seat} {self.action}s"


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """Nobody folded: both cards are shown, one per seat, and the higher wins."""

    hand_number: int
    cards: tuple[Card, Card]

    def __str__(self) -> str:
        shown = ", ".join(f"seat {seat} shows {card}" for seat, card in enumerate(self.cards))
        return f"showdown: {shown}"


@dataclass(frozen=True, slots=True)
class PotWon(Event):
    """The hand is over: ``winner`` takes the pot; ``balances`` are the chips won so far."""

    hand_number: int
    winner: Seat
    pot: int
    balances: tuple[int, int]

    def __str__(self) -> str:
        balances = " ".join(f"{balance:+d}" if balance else "0" for balance in self.balances)
        return f"seat {self.winner} wins the pot of {self.pot}; balances {balances}"
