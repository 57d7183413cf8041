"""What the dashboard knows of a table where a person sits, and what it may ask of it.

The tables themselves are kept by the command serving the dashboard (``croupier serve``,
see :mod:`croupier_server.person_tables`), which gives the dashboard a
:class:`PersonTables`; the dashboard never drives the referee. A person's seat is found by
the secret in its link, and read as a :class:`SeatSnapshot`: the game, its seed and the
actions so far, from which the engine builds that seat's view, and the decision the
referee asks of it, if any.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel, Field

from croupier.games import Game, Result, Seat

__all__ = [
    "ForkRequest",
    "OpenedTable",
    "PersonSeatHandle",
    "PersonTables",
    "SeatSnapshot",
    "SeatState",
    "TableRefused",
    "TableRequest",
    "TurnRefused",
    "WhenAway",
]


class TableRefused(ValueError):
    """A table that cannot be opened as asked; the message says why in one line.

    ``status`` is the HTTP status the pages answer: 400 for a table asked wrongly, 409
    for one refused while too many tables play (the server's, or the asker's share).
    """

    def __init__(self, message: str, *, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class TurnRefused(ValueError):
    """An action, hand-over or take-back the seat cannot take now; the message says why."""


class WhenAway(enum.StrEnum):
    """What becomes of a person's seat once its page has been closed for a while."""

    BOT = "bot"
    """A bot plays it until the person comes back."""
    FORFEIT = "forfeit"
    """It is forfeited: the referee's default policy plays it to the end."""


class TableRequest(BaseModel):
    """A table a person asks for: the game, the bots at the other seats, and their seat."""

    game: str = Field(description="The game, as croupier game names it (lexio, cribbage).")
    options: dict[str, Any] = Field(
        default_factory=dict, description="The game's rule options (players, variant...)."
    )
    bots: list[str] = Field(description="The registered bots at the other seats, in order.")
    seat: int = Field(ge=0, description="The person's seat, from 0.")
    seed: int | None = Field(default=None, description="The deal; none: a random one.")
    clock: bool = Field(
        default=True, description="Whether the person's seat has a clock (a guest's always has)."
    )
    when_away: WhenAway = WhenAway.BOT
    stand_in: str | None = Field(
        default=None,
        description="The bot that plays the seat while the person is away (default: the "
        "first of the other seats' bots).",
    )
    client: str = Field(
        default="",
        max_length=300,
        description="Who the table counts against, set by the dashboard (never the form): "
        "an author, or a guest's address; none: the person it is opened for.",
    )


class ForkRequest(BaseModel):
    """A finished game played on from one of its steps, a person at one seat (or a bot)."""

    game_id: int = Field(ge=1)
    step: int = Field(ge=0, description="How many of its actions are played again.")
    seat: int = Field(ge=0, description="The seat taken over.")
    bot: str | None = Field(
        default=None, description="A bot to play the seat instead of the person."
    )
    clock: bool = True
    when_away: WhenAway = WhenAway.BOT
    client: str = Field(
        default="",
        max_length=300,
        description="Who the table counts against, set by the dashboard (never the form): "
        "an author, or a guest's address; none: the person it is opened for.",
    )


@dataclass(frozen=True, slots=True)
class OpenedTable:
    """A table just opened: its game's id and the link of the person's seat, if any."""

    game_id: int
    seat_secret: str | None
    """The secret of the person's seat (its link); ``None`` when bots play every seat."""


class SeatState(enum.StrEnum):
    """Who plays a person's seat now."""

    STARTING = "starting"
    PERSON = "person"
    BOT = "bot"
    """A bot stands in for the person (asked to, or the page was closed)."""
    FORFEITED = "forfeited"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class SeatSnapshot:
    """A person's seat at one moment: enough for the engine to build the seat's view."""

    version: int
    """Grows with every change; a page waits for the next one."""
    game: Game[Any]
    game_id: int
    seed: int
    seat: Seat
    names: Sequence[str]
    """Who sits at each seat."""
    actions: Sequence[tuple[Seat, Any]]
    """Every action applied so far, in order."""
    state: SeatState
    stand_in: str | None
    """The bot that plays the seat while the person is away, or now."""
    request_id: int | None
    """The decision asked of the seat now, if any."""
    legal_actions: Sequence[Any]
    """The legal actions of that decision, in the engine's order."""
    time_left_ms: int | None
    """The time the decision had when it was asked (bank included); ``None``: no clock."""
    asked_ago_ms: int
    """How long ago it was asked."""
    refusal: str
    """Why the referee refused the last answer, if it did."""
    result: Result | None
    detail: str
    """A line on what happened last to the seat (a hand-over, a forfeit...)."""


class PersonSeatHandle(Protocol):
    """A person's seat at a running table, as the dashboard sees it."""

    def snapshot(self) -> SeatSnapshot:
        """The seat now."""
        ...

    async def after(self, version: int) -> SeatSnapshot:
        """The seat once it has changed since snapshot ``version``."""
        ...

    def followed(self) -> AbstractContextManager[None]:
        """A page follows the seat while the block runs.

        The person is at the table as long as one page follows it; when none has for a
        while, the seat goes as :class:`WhenAway` says, and comes back with the next page.
        """
        ...

    def act(self, request_id: int, action: int) -> None:
        """Answer decision ``request_id`` with its legal action number ``action``.

        Raises:
            TurnRefused: no such decision is open, or no such action.
        """
        ...

    async def hand_over(self, bot: str | None) -> None:
        """Let ``bot`` (default: the stand-in) play the seat until it is taken back.

        Raises:
            TurnRefused: the seat is not the person's now, or the bot cannot play it.
        """
        ...

    async def take_back(self) -> None:
        """Take the seat back from the bot that plays it.

        Raises:
            TurnRefused: no bot plays it.
        """
        ...


class PersonTables(Protocol):
    """The tables where people sit, kept by the command serving the dashboard."""

    async def open_table(self, request: TableRequest, *, who: str) -> OpenedTable:
        """Open a table for ``who``; its game is played and recorded (not rated).

        Raises:
            TableRefused: an unknown game or bot, a bot that may not be played against...
        """
        ...

    async def fork(self, request: ForkRequest, *, who: str) -> OpenedTable:
        """Play a finished game on from one of its steps.

        Raises:
            TableRefused: no such game or step, or the seat or bot cannot be taken.
        """
        ...

    def seat(self, secret: str) -> PersonSeatHandle | None:
        """The running seat whose link holds ``secret``, if any."""
        ...
