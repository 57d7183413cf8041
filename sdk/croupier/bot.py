"""The bot a bot author writes: one required method, optional hooks."""

from __future__ import annotations

import abc
import time
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from croupier.games import Event, Game, Result, Seat

__all__ = ["Bot", "Clock", "Decision", "GameStart"]

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
class Clock:
    """The time one decision has, as the referee's request said.

    The referee counts from the moment it sent the request, so the time the request spent
    on its way is already gone: keep a margin of a few milliseconds.

    >>> import time
    >>> clock = Clock(time_left_ms=1500, bank_left_ms=500, attempt=1, deadline=time.monotonic())
    >>> clock.remaining_s()
    0.0

    Attributes:
        time_left_ms: the time for this decision, in milliseconds: the decision limit plus
            what is left of the bank.
        bank_left_ms: what is left of the bank, in milliseconds.
        attempt: 1 for the first request of a decision, then 2, 3 ... after refused actions.
        deadline: when the time runs out, in ``time.monotonic()`` seconds of this process,
            counted from the request's arrival.
    """

    time_left_ms: int
    bank_left_ms: int
    attempt: int
    deadline: float

    def remaining_s(self) -> float:
        """The seconds left until :attr:`deadline`, never below 0."""
        return max(0.0, self.deadline - time.monotonic())


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

    Events come in order, each before the decision or the end of game that follows it:
    by default the referee sends them with the next request (one message a decision), and
    :meth:`on_event` is called for each just before :meth:`act` or :meth:`on_game_end`.
    A bot that wants each event the moment it happens sets :attr:`live_events`.
    """

    clock: Clock | None = None
    """The clock of the decision :meth:`act` is making: set by ``croupier.run`` before each
    call, ``None`` when no referee gives one (``croupier.local.play``)."""

    games: ClassVar[tuple[str, ...]] = ()
    """The games this bot plays, by name (``("lexio",)``), told to the referee in its Hello:
    a seat or registration in another game is then refused at once with the reason, rather
    than given games the bot cannot play. Empty: the bot does not say."""

    live_events: ClassVar[bool] = False
    """Ask the referee to send every event the moment it happens (to think during the
    others' turns) rather than with the next request: more messages, so slower."""

    @abc.abstractmethod
    def act(self, observation: ObservationT) -> ActionT | Decision[ActionT]:
        """Choose a move: return one of ``observation.legal_actions``.

        Or return it in a :class:`Decision` with a comment saying why, such as
        ``Decision(action, comment="1,200 playouts, value +0.31")``.

        Only called when the seat has a real choice: a decision with a single legal action
        is taken for the bot and reported through :meth:`on_event`. :attr:`clock` says how
        much time the decision has.
        """

    def on_game_start(self, start: GameStart) -> None:
        """Called when a game begins, before any event of it."""

    def on_event(self, event: Event) -> None:
        """Called for every event of the game this seat may see, in order."""

    def on_game_end(self, result: Result) -> None:
        """Called when the game is over, with its final result."""
