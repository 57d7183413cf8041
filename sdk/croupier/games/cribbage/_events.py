"""What happens in a cribbage game, as events; each prints as one readable line.

Events are public unless they subclass :class:`PrivateEvent` (the cards dealt to a seat and
the cards it laid away). A ``score`` field is the side's score after the event, capped at the
target (docs/rules/cribbage.md step 6: the winner's score is recorded as the target).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games._api import Event, PrivateEvent, Seat
from croupier.games.cribbage._cards import Card, cards_text
from croupier.games.cribbage._pegging import PegScore
from croupier.games.cribbage._variants import Skunk
from croupier.games.cribbage.scoring import ShowScore

__all__ = [
    "CardPlaced",
    "CardTurned",
    "CardsDealt",
    "CountReset",
    "CribShown",
    "CutForDeal",
    "Discarded",
    "DiscardedCards",
    "GameStarted",
    "GameWon",
    "Go",
    "HandDealt",
    "HandShown",
    "HisHeels",
    "LastCard",
    "LineShown",
    "MatchEnded",
    "Pegged",
    "SoloGameEnded",
    "StarterTurned",
    "ThreeForLast",
]


def _scores_text(scores: tuple[int, ...]) -> str:
    return "-".join(str(score) for score in scores)


@dataclass(frozen=True, slots=True)
class CutForDeal(Event):
    """The seats cut for the first deal; ``dealer`` is ``None`` when the lowest tie."""

    cuts: tuple[tuple[Seat, Card], ...]
    dealer: Seat | None

    def __str__(self) -> str:
        cuts = ", ".join(f"seat {seat} {card}" for seat, card in self.cuts)
        outcome = "tie, cut again" if self.dealer is None else f"seat {self.dealer} deals"
        return f"cut for deal: {cuts}: {outcome}"


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game of the match begins; ``reason`` says how its first dealer was chosen."""

    game: int
    dealer: Seat
    reason: str

    def __str__(self) -> str:
        return f"game {self.game} begins: seat {self.dealer} deals first ({self.reason})"


@dataclass(frozen=True, slots=True)
class ThreeForLast(Event):
    """Five-card: the non-dealer pegs 3 at the start of the game."""

    seat: Seat
    score: int

    def __str__(self) -> str:
        return f"seat {self.seat} pegs 3 for last (non-dealer), score {self.score}"


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A hand was dealt: ``cards_each`` to every seat and ``to_crib`` from the pack."""

    game: int
    hand: int
    dealer: Seat
    cards_each: int
    to_crib: int

    def __str__(self) -> str:
        crib = f" and {self.to_crib} face down to the crib" if self.to_crib else ""
        return (
            f"game {self.game} hand {self.hand}: seat {self.dealer} deals "
            f"{self.cards_each} cards to each hand{crib}"
        )


@dataclass(frozen=True, slots=True)
class CardsDealt(PrivateEvent):
    """The cards dealt to ``seat`` (only that seat sees them)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} is dealt {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class DiscardedCards(PrivateEvent):
    """The cards ``seat`` laid away to the crib (only that seat sees them)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} lays away {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` has laid its cards away (which ones is private)."""

    seat: Seat

    def __str__(self) -> str:
        return f"seat {self.seat} has laid away"


@dataclass(frozen=True, slots=True)
class StarterTurned(Event):
    """The starter was turned."""

    card: Card

    def __str__(self) -> str:
        return f"starter: {self.card}"


@dataclass(frozen=True, slots=True)
class HisHeels(Event):
    """The starter is a jack: the dealer (or the solitaire player) pegs 2."""

    seat: Seat
    score: int

    def __str__(self) -> str:
        return f"his heels: seat {self.seat} pegs 2, score {self.score}"


@dataclass(frozen=True, slots=True)
class Pegged(Event):
    """``seat`` played ``card`` in the play, making ``count``, and scored ``breakdown``."""

    seat: Seat
    card: Card
    count: int
    breakdown: PegScore
    score: int

    @property
    def points(self) -> int:
        """The points the card scored."""
        return self.breakdown.total

    def __str__(self) -> str:
        scored = f": {self.breakdown}, score {self.score}" if self.points else ""
        return f"seat {self.seat} plays {self.card}, count {self.count}{scored}"


@dataclass(frozen=True, slots=True)
class Go(Event):
    """``seat`` holds cards but none that keeps the count at 31 or less."""

    seat: Seat
    count: int

    def __str__(self) -> str:
        return f"seat {self.seat}: go at {self.count}"


@dataclass(frozen=True, slots=True)
class LastCard(Event):
    """Nobody can play: the player of the last card pegs 1 for the go or the last card."""

    seat: Seat
    score: int
    end_of_play: bool

    def __str__(self) -> str:
        why = "last card" if self.end_of_play else "the go"
        return f"seat {self.seat} pegs 1 for {why}, score {self.score}"


@dataclass(frozen=True, slots=True)
class CountReset(Event):
    """The count went back to 0; ``leader`` leads the next count."""

    leader: Seat

    def __str__(self) -> str:
        return f"count reset to 0, seat {self.leader} leads"


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """``seat`` showed its hand with the starter and scored ``breakdown``."""

    seat: Seat
    cards: tuple[Card, ...]
    starter: Card
    breakdown: ShowScore
    score: int

    @property
    def points(self) -> int:
        """The points of the hand."""
        return self.breakdown.total

    def __str__(self) -> str:
        return (
            f"seat {self.seat} shows {cards_text(self.cards)} + {self.starter}: "
            f"{self.breakdown}, score {self.score}"
        )


@dataclass(frozen=True, slots=True)
class CribShown(Event):
    """The crib of dealer ``seat`` was shown with the starter and scored ``breakdown``."""

    seat: Seat
    cards: tuple[Card, ...]
    starter: Card
    breakdown: ShowScore
    score: int

    @property
    def points(self) -> int:
        """The points of the crib."""
        return self.breakdown.total

    def __str__(self) -> str:
        return (
            f"seat {self.seat}'s crib {cards_text(self.cards)} + {self.starter}: "
            f"{self.breakdown}, score {self.score}"
        )


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """``winner`` reached the target; ``scores`` and ``match`` are per seat."""

    game: int
    winner: Seat
    scores: tuple[int, ...]
    skunk: Skunk
    game_points: int
    match: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"game {self.game} won by seat {self.winner}, {_scores_text(self.scores)} "
            f"({self.skunk}): {self.game_points} game point"
            f"{'s' if self.game_points != 1 else ''}, match {_scores_text(self.match)}"
        )


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over; ``scores`` are the game points per seat."""

    winner: Seat
    scores: tuple[int, ...]

    def __str__(self) -> str:
        return f"match won by seat {self.winner}, game points {_scores_text(self.scores)}"


@dataclass(frozen=True, slots=True)
class CardTurned(Event):
    """Cribbage square: card ``number`` (1..16) was turned and must be placed."""

    card: Card
    number: int

    def __str__(self) -> str:
        return f"card {self.number} of 16 turned: {self.card}"


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """Cribbage square: ``card`` was placed at ``row``, ``col`` (0-based)."""

    card: Card
    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.card} placed at row {self.row}, column {self.col}"


@dataclass(frozen=True, slots=True)
class LineShown(Event):
    """Cribbage square: a row or column (``line``, such as ``row 0``) scored as a hand."""

    line: str
    cards: tuple[Card, ...]
    starter: Card
    breakdown: ShowScore
    score: int

    def __str__(self) -> str:
        return (
            f"{self.line}: {cards_text(self.cards)} + {self.starter}: "
            f"{self.breakdown}, total {self.score}"
        )


@dataclass(frozen=True, slots=True)
class SoloGameEnded(Event):
    """A one-player game is over: ``total`` points, a win at ``target`` or more."""

    total: int
    target: int
    won: bool

    def __str__(self) -> str:
        outcome = "won" if self.won else "lost"
        return f"game over: total {self.total}, {outcome} ({self.target} to win)"
