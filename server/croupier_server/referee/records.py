"""What the referee writes down while a game is played, before it is stored.

Its values are the shared vocabulary of :mod:`croupier_server.outcomes`; the referee knows
nothing of the database (:mod:`croupier_server.game_store` stores a log).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from croupier.games import Event, Game, Result, Seat
from croupier_server.clock import utc_now
from croupier_server.outcomes import DecidedBy, FaultKind, SeatStatus
from croupier_server.referee.containment.output import OutputTail

__all__ = [
    "LAST_LINE_CHARS",
    "LAST_OUTPUT_LINES",
    "ActionEntry",
    "EventEntry",
    "FaultEntry",
    "GameLog",
    "StartFailure",
    "last_output",
]

LAST_OUTPUT_LINES = 20
"""How many of a bot's last output lines say why it crashed or did not start (a traceback)."""
LAST_LINE_CHARS = 300
"""How much of each of those lines is kept: its end."""
OUTPUT_INDENT = "    "
"""How a bot's output lines are set off from the line that says why it did not start."""


def last_output(output: OutputTail | None) -> tuple[str, ...]:
    """The last :data:`LAST_OUTPUT_LINES` lines of ``output``, each cut to its end."""
    if output is None:
        return ()
    return tuple(line.text[-LAST_LINE_CHARS:] for line in output.last_lines(LAST_OUTPUT_LINES))


@dataclass(frozen=True, slots=True)
class EventEntry:
    """An event of the game and when it happened."""

    event: Event
    at: datetime


@dataclass(frozen=True, slots=True)
class ActionEntry:
    """An action applied to the game: by whom, how chosen, how long the bot took, and why."""

    seat: Seat
    action: Any
    decided_by: DecidedBy
    requested_at: datetime
    latency_ms: float | None
    comment: str | None = None
    """The bot's own explanation of its decision, cut to 1 KiB; ``None`` if it gave none."""

    @property
    def answered_at(self) -> datetime | None:
        """When the action was answered, to the microsecond: its events' time.

        The request plus the bot's latency; the request itself for an action nobody was
        asked for (forced, or replayed); ``None`` when a bot was asked and gave no answer
        that was taken (its action is a default, applied when that was known).
        """
        if self.latency_ms is not None:
            return self.requested_at + timedelta(microseconds=round(self.latency_ms * 1000))
        if self.decided_by in (DecidedBy.FORCED, DecidedBy.REPLAYED):
            return self.requested_at
        return None


@dataclass(frozen=True, slots=True)
class FaultEntry:
    """A fault charged to a seat; ``action_number`` is the decision it happened in."""

    seat: Seat
    kind: FaultKind
    detail: str
    at: datetime
    action_number: int | None


@dataclass(frozen=True, slots=True)
class StartFailure:
    """A bot whose process never said Hello: why, and the last lines it printed.

    ``str()`` gives one line naming the bot and why, then its output lines, indented.
    """

    bot: str
    reason: str
    """What happened: ``exited with status 1 before saying Hello``, ``cannot start ...``."""
    output: tuple[str, ...] = ()
    """Its last lines (standard output and error, in the order read)."""

    def __str__(self) -> str:
        """``bot B did not start: REASON``, then the output lines, indented."""
        lines = [f"bot {self.bot} did not start: {self.reason}"]
        lines += [f"{OUTPUT_INDENT}{line}" for line in self.output]
        return "\n".join(lines)


@dataclass(eq=False)
class GameLog:
    """Everything that happened in one game, in order."""

    game_id: str
    game: Game[Any]
    seed: int
    started_at: datetime = field(default_factory=utc_now)
    finished_at: datetime | None = None
    events: list[EventEntry] = field(default_factory=list)
    actions: list[ActionEntry] = field(default_factory=list)
    faults: list[FaultEntry] = field(default_factory=list)
    seat_status: list[SeatStatus] = field(default_factory=list)
    forfeited_at_event: dict[Seat, int] = field(default_factory=dict)
    """For each forfeited seat, the number of the first event after its forfeit."""
    result: Result | None = None
    outputs: dict[Seat, OutputTail] = field(default_factory=dict)
    """The output of each seat whose bot the referee started, read until its process ended."""
    stopped: StartFailure | None = None
    """Why the referee stopped the game before it was played, if it did: a bot that had to
    start never said Hello (see :func:`~croupier_server.referee.game.referee_game`)."""
    opening: list[tuple[Seat, Any]] = field(default_factory=list)
    """Actions (seat, action) applied before any seat is asked: the first steps of the game
    this one is forked from, logged as ``replayed``."""

    @property
    def is_decided_by_bots(self) -> bool:
        """Whether a bot chose an action itself (if none did, the game is not rated)."""
        return any(action.decided_by is DecidedBy.BOT for action in self.actions)

    def fault(self, seat: Seat, kind: FaultKind, detail: str) -> None:
        """Charge a fault to ``seat`` in the decision being made now."""
        self.faults.append(FaultEntry(seat, kind, detail, utc_now(), len(self.actions)))

    def forfeit(self, seat: Seat) -> None:
        """Note that ``seat`` is forfeited from now on."""
        self.forfeited_at_event.setdefault(seat, len(self.events))
