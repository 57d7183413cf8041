"""The bot a bot author writes: one required method, optional hooks."""

from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from croupier.games import Event, Game, Result, Seat

__all__ = ["Bot", "Decision", "GameStart"]

ObservationT = TypeVar("ObservationT")
ActionT = TypeVar("ActionT")


@dataclass(frozen=True, slots=True)
class Decision(Generic[ActionT]):
    """An action, and the bot's own short explanation of why it chose it.

    :meth:`Bot.act` may return one instead of a bare action. The comment is stored with the
    action and shown with the game once it is over (in a seat's view, only that seat's):
    say what was evaluated, such as ``"1,200 playouts, value +0.31"``. At most 1024 bytes
    of UTF-8 are kept; a longer comment is cut.

    >>> from croupier.games.lexio import Pass
    >>> Decision(Pass(), comment="nothing beats the table")
    Decision(action=Pass(), comment='nothing beats the table')

    Attributes:
        action: the action chosen, one of the observation's legal actions.
        comment: why; ``None`` for no comment.
    """

    action: ActionT
    comment: str | None = None

    @classmethod
    def of(cls, chosen: ActionT | Decision[ActionT]) -> Decision[ActionT]:
        """The decision ``chosen`` stands for: itself, or a bare action without a comment."""
        return chosen if isinstance(chosen, Decision) else cls(chosen)


@dataclass(frozen=True, slots=True)
class GameStart:
    """What a bot is told when a game begins: which game, which rules, which seat."""

    game_id: str
    game: Game[Any]
    seat: Seat


class Bot(abc.ABC, Generic[ObservationT, ActionT]):
    """A player. Subclass it and implement :meth:`act`; the hooks are optional.

    Observations and actions are the engine's own types, such as
    :class:`croupier.games.lexio.LexioObservation` and :class:`croupier.games.lexio.Play`;
    parameterize the class to have them checked, e.g.
    ``class MyBot(croupier.Bot[LexioObservation, lexio.Action])``.

    One bot object may play many games in a row, never two at once: the hooks say when a
    game starts and ends.
    """

    @abc.abstractmethod
    def act(self, observation: ObservationT) -> ActionT | Decision[ActionT]:
        """Choose a move: return one of ``observation.legal_actions``.

        Or return it in a :class:`Decision` with a comment saying why, such as
        ``Decision(action, comment="1,200 playouts, value +0.31")``.

        Only called when the seat has a real choice: a decision with a single legal action
        is taken for the bot and reported through :meth:`on_event`.
        """

    def on_game_start(self, start: GameStart) -> None:
        """Called when a game begins, before any event of it."""

    def on_event(self, event: Event) -> None:
        """Called for every event of the game this seat may see, in order."""

    def on_game_end(self, result: Result) -> None:
        """Called when the game is over, with its final result."""
