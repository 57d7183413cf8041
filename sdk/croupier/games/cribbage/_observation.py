"""What one seat may see (docs/rules/cribbage.md, "What each seat may see").

Public: scores, dealer, the starter once turned, every card played with its player, the goes,
hand sizes, which seats have laid away (not what), the hands and crib shown so far. Private:
the seat's own cards and its own discards; partners do not see each other's hands. Nothing
here depends on another seat's cards, the crib before its show, the pack or the generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from croupier.games._api import Seat
from croupier.games.cribbage._actions import Action
from croupier.games.cribbage._cards import CARDS, Card, cards_text

if TYPE_CHECKING:
    from croupier.games.cribbage._game import Cribbage
    from croupier.games.cribbage._position import Position

__all__ = ["CribbageObservation", "ShownHand", "observe"]


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand, crib or square line counted in the show of the current hand.

    Attributes:
        owner: the seat that scored it (the dealer for the crib).
        label: ``hand``, ``crib``, or a square line such as ``row 0`` or ``column 3``.
        cards: its cards, without the starter.
        starter: the starter it was counted with.
        points: what it scored.
    """

    owner: Seat
    label: str
    cards: tuple[Card, ...]
    starter: Card
    points: int

    def __str__(self) -> str:
        return (
            f"seat {self.owner} {self.label} {cards_text(self.cards)} + {self.starter}: "
            f"{self.points}"
        )


@dataclass(frozen=True, slots=True)
class CribbageObservation:
    """Exactly what ``seat`` (``None``: a spectator) may see now.

    Attributes:
        seat: the observing seat, or ``None`` for a spectator.
        game: the rule set (variant and options).
        phase: ``discard``, ``play``, ``place`` (square) or ``over``.
        game_number: the game of the match, from 1.
        hand_number: the hand (deal) of the game, from 1.
        dealer: the dealer of this hand (0 in the one-player games).
        hand: the seat's cards not yet played (empty for a spectator).
        discards: the cards the seat laid away this hand.
        scores: each seat's score in this game (partners share theirs; one-player games:
            the total so far).
        game_points: each seat's game points in the match.
        starter: the starter once turned this hand.
        count: the running count of the play.
        count_cards: the cards played since the last reset.
        played: every card played this hand, with its player, in order.
        goes: the seats that said go in the current count.
        hand_sizes: how many unplayed cards each seat holds.
        crib_size: how many cards the crib holds so far.
        discarded: whether each seat has laid away this hand.
        shown: the hands (and crib, or square lines) counted in this hand's show so far.
        grid: cribbage square's 16 cells row by row (``None``: free); empty otherwise.
        turned: cribbage square's card waiting to be placed.
        to_act: the seats to act now.
        legal_actions: the seat's legal actions (empty when not to act, or a spectator).
    """

    seat: Seat | None
    game: Cribbage
    phase: str
    game_number: int
    hand_number: int
    dealer: Seat
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    scores: tuple[int, ...]
    game_points: tuple[int, ...]
    starter: Card | None
    count: int
    count_cards: tuple[Card, ...]
    played: tuple[tuple[Seat, Card], ...]
    goes: tuple[Seat, ...]
    hand_sizes: tuple[int, ...]
    crib_size: int
    discarded: tuple[bool, ...]
    shown: tuple[ShownHand, ...]
    grid: tuple[Card | None, ...]
    turned: Card | None
    to_act: tuple[Seat, ...]
    legal_actions: tuple[Action, ...]


def _cards(codes: tuple[int, ...] | list[int] | None) -> tuple[Card, ...]:
    return tuple(CARDS[code] for code in codes) if codes else ()


def observe(
    position: Position, seat: Seat | None, legal: tuple[Action, ...]
) -> CribbageObservation:
    """The observation of ``seat`` in ``position``, with its ``legal`` actions."""
    return CribbageObservation(
        seat=seat,
        game=position.game,
        phase=position.phase,
        game_number=position.game_number,
        hand_number=position.hand_number,
        dealer=position.dealer,
        hand=_cards(position.hands[seat]) if seat is not None else (),
        discards=_cards(position.discards[seat]) if seat is not None else (),
        scores=position.seat_scores(),
        game_points=position.seat_game_points(),
        starter=None if position.starter is None else CARDS[position.starter],
        count=position.count,
        count_cards=_cards(position.run),
        played=tuple((player, CARDS[code]) for player, code in position.played),
        goes=tuple(position.goes),
        hand_sizes=tuple(len(hand) for hand in position.hands),
        crib_size=len(position.crib_cards()),
        discarded=tuple(discard is not None for discard in position.discards),
        shown=tuple(position.shown),
        grid=tuple(None if code is None else CARDS[code] for code in position.grid),
        turned=None if position.turned is None else CARDS[position.turned],
        to_act=position.to_act,
        legal_actions=legal,
    )
