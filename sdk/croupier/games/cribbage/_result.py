"""The result of a cribbage game: game points of the match, or the total of a one-player game."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games._api import Result, Seat
from croupier.games.cribbage._variants import Skunk

__all__ = ["CribbageResult", "GameOutcome"]


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished game of a match.

    Attributes:
        number: the game's number in the match, from 1.
        scores: each seat's final score (partners share theirs); the winner's is the target.
        winner: the seat that reached the target.
        skunk: how badly the losers lost.
        game_points: the game points the winning side won.
    """

    number: int
    scores: tuple[int, ...]
    winner: Seat
    skunk: Skunk
    game_points: int

    def __str__(self) -> str:
        scores = "-".join(str(score) for score in self.scores)
        return (
            f"game {self.number}: seat {self.winner} won {scores} ({self.skunk}), "
            f"{self.game_points} game point{'s' if self.game_points != 1 else ''}"
        )


@dataclass(frozen=True, slots=True)
class CribbageResult(Result):
    """The final result.

    Attributes:
        scores: with two or more players, each seat's game points of the match (partners
            share theirs); with one player, the total points of the game.
        games: every game of the match in order (empty for one-player games).
        won: for one-player games whether the total reached the target; ``None`` otherwise.
    """

    games: tuple[GameOutcome, ...] = ()
    won: bool | None = None

    def __str__(self) -> str:
        if self.won is not None:
            return f"total {self.scores[0]}: {'won' if self.won else 'lost'}"
        games = "; ".join(str(game) for game in self.games)
        return f"game points {'-'.join(str(score) for score in self.scores)} ({games})"
