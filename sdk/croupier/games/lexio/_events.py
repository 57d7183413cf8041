"""What happens in a Lexio match, as events; each prints as one readable line."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games._api import Event, PrivateEvent, Seat
from croupier.games.lexio._combinations import Combination
from croupier.games.lexio._tiles import Tile

__all__ = [
    "MatchEnded",
    "Passed",
    "Played",
    "RoundEnded",
    "RoundStarted",
    "TilesDealt",
    "TrickWon",
]


def _tiles_text(tiles: tuple[Tile, ...]) -> str:
    return " ".join(str(tile) for tile in tiles) or "nothing"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round was dealt; the holder of ``cloud3`` leads it."""

    round_number: int
    starting_seat: Seat
    hand_sizes: tuple[int, ...]

    def __str__(self) -> str:
        sizes = ", ".join(str(size) for size in self.hand_sizes)
        return (
            f"round {self.round_number} starts: seat {self.starting_seat} holds cloud3 and "
            f"leads; hands of {sizes} tiles"
        )


@dataclass(frozen=True, slots=True)
class TilesDealt(PrivateEvent):
    """The tiles dealt to ``seat`` at the start of a round, seen by that seat only."""

    round_number: int
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} is dealt {_tiles_text(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A seat played a combination (a lead or an answer)."""

    seat: Seat
    combination: Combination

    def __str__(self) -> str:
        kind = self.combination.kind.value.replace("_", " ")
        return f"seat {self.seat} plays {self.combination} ({kind})"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat passed on a play on the table."""

    seat: Seat

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """Everybody else passed: the table is cleared and ``seat`` leads."""

    seat: Seat

    def __str__(self) -> str:
        return f"seat {self.seat} wins the trick; the table is cleared and seat {self.seat} leads"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A play emptied ``winner``'s hand: every hand is shown, counted and settled.

    ``hands`` are the tiles left per seat, ``counts`` their counts (2s doubled unless the
    option is off), ``nets`` the settlement per seat and ``balances`` the balances after it.
    """

    round_number: int
    winner: Seat
    hands: tuple[tuple[Tile, ...], ...]
    counts: tuple[int, ...]
    nets: tuple[int, ...]
    balances: tuple[int, ...]

    def __str__(self) -> str:
        seats = "; ".join(
            f"seat {seat} {net:+d} (count {count}: {_tiles_text(hand)})"
            for seat, (hand, count, net) in enumerate(
                zip(self.hands, self.counts, self.nets, strict=True)
            )
        )
        balances = " ".join(str(balance) for balance in self.balances)
        return (
            f"round {self.round_number} ends, seat {self.winner} went out: {seats}; "
            f"balances {balances}"
        )


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over: final balances and places (1 for the best, ties share)."""

    rounds_played: int
    balances: tuple[int, ...]
    places: tuple[int, ...]

    def __str__(self) -> str:
        standing = ", ".join(
            f"seat {seat} {balance} (place {place})"
            for seat, (balance, place) in enumerate(zip(self.balances, self.places, strict=True))
        )
        return f"match over after {self.rounds_played} rounds: {standing}"
