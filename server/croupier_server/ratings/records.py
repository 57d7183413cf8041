"""The input of every rating: games grouped into duplicate sets (deals)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Deal", "GameOutcome"]


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The final scores of one game, seat by seat.

    Attributes:
        bots: The bot's name in each seat (a bot may hold more than one seat).
        scores: Each seat's final score, higher is better: chips for Lexio, game points
            for Cribbage.

    >>> GameOutcome(("alice", "bob"), (121, 97))
    GameOutcome(bots=('alice', 'bob'), scores=(121, 97))
    """

    bots: tuple[str, ...]
    scores: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.bots) != len(self.scores):
            raise ValueError(f"{len(self.bots)} bots but {len(self.scores)} scores")
        if len(self.bots) < 2:
            raise ValueError("a game needs at least two seats")


@dataclass(frozen=True, slots=True)
class Deal:
    """A duplicate set: the same deal played once per seat rotation.

    The deal is the unit of resampling in the bootstrap: its games share the cards' luck,
    so they are not independent of one another.

    Attributes:
        games: The games played on this deal (one for a deal that was not repeated).
    """

    games: tuple[GameOutcome, ...]

    def __post_init__(self) -> None:
        if not self.games:
            raise ValueError("a deal needs at least one game")

    @property
    def bots(self) -> frozenset[str]:
        """Every bot that played a seat of this deal."""
        return frozenset(bot for game in self.games for bot in game.bots)
