"""A game between entrants: start, borrow or find their bots, play, and leave nothing running.

The referee starts a process for each seat of a command bot, which ends with the game,
unless a :class:`ProcessSource` (a tournament's pool) lends the game processes it keeps from
game to game; a remote bot's idle session is taken from the registry and given back. A
command bot that never says Hello forfeits its seat, unless the caller says it had to
(:data:`MustStart`: a tournament's bot in its first games): then the game is not played.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from croupier.games import Seat
from croupier_server.control import DEFAULT_TIME_CONTROL, TimeControl
from croupier_server.outcomes import FaultKind
from croupier_server.referee.containment.limits import DEFAULT_LIMITS, BotLimits, LimitSettings
from croupier_server.referee.containment.output import Budget, OutputTail
from croupier_server.referee.game_loop import play_game
from croupier_server.referee.records import GameLog, StartFailure, last_output
from croupier_server.referee.seat import FaultPolicy, SeatAgent
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import BotSession
from croupier_server.referee.started import NoSession, StartedBot

__all__ = ["Entrant", "MustStart", "ProcessSource", "RefereeSettings", "referee_game"]

MustStart = Callable[[str], bool]
"""Says of a command bot, by name, that never said Hello whether that stops its game."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who takes a seat: a bot started from its command, or one that connects itself.

    Or the other end of a session the caller opened itself: a person at the dashboard.
    """

    name: str
    command: str | None = None
    """The command line that starts it; ``None`` for a remote bot or a given session."""
    limits: BotLimits = DEFAULT_LIMITS
    """What its process may use, when the referee starts it."""
    session: BotSession | None = None
    """A session the caller serves itself; the seat is asked through it as any other."""
    time_control: TimeControl | None = None
    """The seat's own time control (a person's clock); ``None``: the game's."""


@dataclass(frozen=True, slots=True)
class RefereeSettings:
    """The time control, fault policy and limits of the bots' processes of a game."""

    time_control: TimeControl = DEFAULT_TIME_CONTROL
    policy: FaultPolicy = field(default_factory=FaultPolicy)
    limits: LimitSettings = field(default_factory=LimitSettings)
    """The limits set for the game; each bot's own combine with them (``effective_limits``)."""
    sealed: bool = False
    """Whether every started bot's seat must be sealed: one that cannot be is not started
    (its seat is charged a crash), and its network is cut."""


class ProcessSource(Protocol):
    """Lends a game processes of its command bots, kept from game to game (a pool)."""

    async def lend(self, seat: Seat, entrant: Entrant) -> StartedBot:
        """A process of ``entrant``'s command for ``seat`` alone: connected, or connecting."""
        ...

    async def give_back(self, seat: Seat, bot: StartedBot, log: GameLog) -> OutputTail | None:
        """The game of ``log`` is over: keep or end ``bot``; what it wrote during the game."""
        ...


@dataclass(eq=False)
class _Seating:
    """The bots of one game as they are brought to the table."""

    started: dict[Seat, StartedBot] = field(default_factory=dict)
    """The processes started for this game, by seat."""
    lent: dict[Seat, StartedBot] = field(default_factory=dict)
    """The processes lent to this game, by seat."""
    remote: list[tuple[str, BotSession]] = field(default_factory=list)
    unstarted: dict[Seat, str] = field(default_factory=dict)
    """Why the process of each command bot that never said Hello did not, by seat."""


async def referee_game(
    server: RefereeServer,
    log: GameLog,
    *,
    entrants: Sequence[Entrant],
    tokens: Sequence[str],
    settings: RefereeSettings,
    processes: ProcessSource | None = None,
    must_start: MustStart | None = None,
) -> GameLog:
    """Play the game of ``log`` between ``entrants`` (one per seat), writing it into ``log``.

    The log fills as the game goes, so a caller may read it while the game runs.
    ``tokens`` holds each seat's token, given to the bots the referee starts; with
    ``processes``, the command bots' processes are borrowed from it instead, and given back
    when the game is over. Each started or borrowed process's output during the game is
    kept in the log.

    Bots that cannot be started, that do not connect in time, or whose remote bot is not
    connected are charged the fault and forfeit: their seat is played by the default
    policy, and the game is played all the same; unless ``must_start`` says of such a
    command bot that it had to start. The game is then not played at all: its log has no
    result, and :attr:`GameLog.stopped` says which bot did not start, why, and what it
    printed last.
    """
    seating = _Seating()
    stopping: Seat | None = None
    try:
        sessions = await asyncio.gather(
            *(
                _seat_bot(
                    server,
                    seating,
                    log,
                    seat=seat,
                    entrant=entrant,
                    token=token,
                    settings=settings,
                    processes=processes,
                )
                for seat, (entrant, token) in enumerate(zip(entrants, tokens, strict=True))
            )
        )
        stopping = _stopping_seat(seating, entrants, must_start)
        if stopping is not None:
            return log
        agents = [
            SeatAgent(
                seat=seat,
                name=entrant.name,
                session=session,
                time_control=entrant.time_control or settings.time_control,
                policy=settings.policy,
                log=log,
            )
            for seat, (entrant, session) in enumerate(zip(entrants, sessions, strict=True))
        ]
        await play_game(log, agents)
    finally:
        await _unseat(server, seating, log, processes)
        if stopping is not None:  # its output is in the log once its process is gone
            reason = seating.unstarted[stopping]
            output = last_output(log.outputs.get(stopping))
            log.stopped = StartFailure(entrants[stopping].name, reason, output)
    return log


def _stopping_seat(
    seating: _Seating, entrants: Sequence[Entrant], must_start: MustStart | None
) -> Seat | None:
    """The first seat whose bot never said Hello and had to, if any."""
    if must_start is None:
        return None
    return next(
        (seat for seat in sorted(seating.unstarted) if must_start(entrants[seat].name)), None
    )


async def _seat_bot(
    server: RefereeServer,
    seating: _Seating,
    log: GameLog,
    *,
    seat: int,
    entrant: Entrant,
    token: str,
    settings: RefereeSettings,
    processes: ProcessSource | None,
) -> BotSession | None:
    """The connected session of ``entrant``, or ``None`` (fault charged) if it has none."""
    if entrant.session is not None:
        return entrant.session
    deadline_s = settings.time_control.connect_ms / 1000
    if entrant.command is None:
        session = await server.registry.take_remote(entrant.name, deadline_s)
        if session is None:
            log.fault(seat, FaultKind.CONNECT_TIMEOUT, f"remote bot {entrant.name} not connected")
            return None
        seating.remote.append((entrant.name, session))
        return session
    if processes is not None:
        bot = seating.lent[seat] = await processes.lend(seat, entrant)
    else:
        bot = seating.started[seat] = await StartedBot.start(
            server,
            label=f"seat {seat} ({entrant.name}) of game {log.game_id}",
            bot_name=entrant.name,
            game=log.game.name,
            command=entrant.command,
            limits=entrant.limits,
            token=token,
            connect_s=deadline_s,
            sealed=settings.sealed,
        )
    outcome = await bot.connected()
    if isinstance(outcome, NoSession):
        log.fault(seat, outcome.kind, outcome.detail)
        seating.unstarted[seat] = outcome.detail.removeprefix(f"{bot.label}: ")
        return None
    return outcome


async def _unseat(
    server: RefereeServer, seating: _Seating, log: GameLog, processes: ProcessSource | None
) -> None:
    """Give remote sessions and lent processes back, end the started ones, keep the output."""
    for name, session in seating.remote:
        await server.registry.release_remote(name, session)

    async def end(seat: Seat, bot: StartedBot) -> OutputTail | None:
        await bot.stop("the game is over")
        return None if bot.process is None else bot.process.take_output()

    ending = [(seat, bot, end(seat, bot)) for seat, bot in seating.started.items()]
    if processes is not None:
        ending += [
            (seat, bot, processes.give_back(seat, bot, log)) for seat, bot in seating.lent.items()
        ]
    outputs = await asyncio.gather(*(output for _, _, output in ending))
    for (seat, bot, _), output in zip(ending, outputs, strict=True):
        if output is not None and bot.process is not None:
            _keep_output(log, seat, output, bot.process.budget)


def _keep_output(log: GameLog, seat: Seat, output: OutputTail, budget: Budget) -> None:
    """Keep the output of ``seat``'s bot with the game; name its last lines in its crash."""
    log.outputs[seat] = output
    crashes = [
        number
        for number, fault in enumerate(log.faults)
        if fault.seat == seat and fault.kind == FaultKind.CRASH
    ]
    if not crashes:
        return
    fault = log.faults[crashes[0]]
    detail = fault.detail
    if budget.spent:
        limit_mb = budget.limit_bytes // (1024 * 1024)
        detail += f"; it wrote more than {limit_mb} MB of output and was ended"
    last = last_output(output)
    if last:
        detail += "; its last output:\n" + "\n".join(last)
    log.faults[crashes[0]] = dataclasses.replace(fault, detail=detail)
