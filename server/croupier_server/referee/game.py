"""A game between entrants: start or find their bots, play, and leave nothing running."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from croupier.protocol import ADDRESS_VARIABLE, TOKEN_VARIABLE
from croupier_server.control import DEFAULT_TIME_CONTROL, TimeControl
from croupier_server.outcomes import FaultKind
from croupier_server.referee.containment.launcher import BotProcess, LaunchError
from croupier_server.referee.containment.limits import DEFAULT_LIMITS, BotLimits, LimitSettings
from croupier_server.referee.game_loop import play_game
from croupier_server.referee.records import GameLog
from croupier_server.referee.seat import FaultPolicy, SeatAgent
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import BotSession

__all__ = ["Entrant", "RefereeSettings", "referee_game"]

CRASH_OUTPUT_LINES = 20
"""How many of a crashed bot's last output lines its fault names (its traceback)."""
CRASH_LINE_CHARS = 300
"""How much of each of those lines it names: their end."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A bot taking a seat: started from its command, or a remote bot that connects itself."""

    name: str
    command: str | None = None
    """The command line that starts it; ``None`` for a remote bot."""
    limits: BotLimits = DEFAULT_LIMITS
    """What its process may use, when the referee starts it."""


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


@dataclass(eq=False)
class _Seating:
    """The bots of one game as they are brought to the table."""

    processes: dict[int, BotProcess] = field(default_factory=dict)
    """The started processes, by seat."""
    tokens: list[str] = field(default_factory=list)
    started: list[BotSession] = field(default_factory=list)
    remote: list[tuple[str, BotSession]] = field(default_factory=list)


async def referee_game(
    server: RefereeServer,
    log: GameLog,
    *,
    entrants: Sequence[Entrant],
    tokens: Sequence[str],
    settings: RefereeSettings,
) -> GameLog:
    """Play the game of ``log`` between ``entrants`` (one per seat), writing it into ``log``.

    The log fills as the game goes, so a caller may read it while the game runs.
    ``tokens`` holds each seat's token, given to the bots the referee starts.

    Bots that cannot be started, that do not connect in time, or whose remote bot is not
    connected are charged the fault and forfeit: their seat is played by the default
    policy, and the game is played all the same.
    """
    seating = _Seating()
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
                )
                for seat, (entrant, token) in enumerate(zip(entrants, tokens, strict=True))
            )
        )
        agents = [
            SeatAgent(
                seat=seat,
                name=entrant.name,
                session=session,
                time_control=settings.time_control,
                policy=settings.policy,
                log=log,
            )
            for seat, (entrant, session) in enumerate(zip(entrants, sessions, strict=True))
        ]
        await play_game(log, agents)
    finally:
        await _unseat(server, seating)
        _keep_output(log, seating.processes)
    return log


async def _seat_bot(
    server: RefereeServer,
    seating: _Seating,
    log: GameLog,
    *,
    seat: int,
    entrant: Entrant,
    token: str,
    settings: RefereeSettings,
) -> BotSession | None:
    """The connected session of ``entrant``, or ``None`` (fault charged) if it has none."""
    deadline_s = settings.time_control.connect_ms / 1000
    label = f"seat {seat} ({entrant.name}) of game {log.game_id}"
    if entrant.command is None:
        session = await server.registry.take_remote(entrant.name, deadline_s)
        if session is None:
            log.fault(seat, FaultKind.CONNECT_TIMEOUT, f"remote bot {entrant.name} not connected")
            return None
        seating.remote.append((entrant.name, session))
        return session
    seating.tokens.append(token)
    connection = server.registry.expect_seat(
        token, label, bot_name=entrant.name, game=log.game.name
    )
    address = server.address_for(network=entrant.limits.network)
    env = {ADDRESS_VARIABLE: address, TOKEN_VARIABLE: token}
    try:
        process = await BotProcess.start(
            label, entrant.command, env=env, limits=entrant.limits, sealed_only=settings.sealed
        )
    except LaunchError as error:
        log.fault(seat, FaultKind.CRASH, str(error))
        return None
    seating.processes[seat] = process
    exited = asyncio.ensure_future(process.process.wait())
    waiting: set[asyncio.Future[Any]] = {connection, exited}
    done, _ = await asyncio.wait(waiting, timeout=deadline_s, return_when=asyncio.FIRST_COMPLETED)
    if connection in done:
        exited.cancel()
        seating.started.append(connection.result())
        return connection.result()
    connection.cancel()
    exited.cancel()
    # Why its Hello was refused, if it was, says more than how the bot then ended.
    refused = server.registry.refusal(token)
    because = f"its Hello was refused ({refused}); " if refused else ""
    # The seat waits no more: a late Hello with its token is refused, like an expired one.
    server.registry.revoke_seat(token)
    if exited in done:
        detail = f"{because}exited with status {process.exit_code} before connecting"
        log.fault(seat, FaultKind.CRASH, detail)
    else:
        detail = f"{because}did not connect within {deadline_s:g} s"
        log.fault(seat, FaultKind.CONNECT_TIMEOUT, detail)
    return None


async def _unseat(server: RefereeServer, seating: _Seating) -> None:
    """Revoke the tokens, give remote sessions back, and end every started process."""
    for token in seating.tokens:
        server.registry.revoke_seat(token)
    for session in seating.started:
        session.close("the game is over")
    for name, session in seating.remote:
        await server.registry.release_remote(name, session)
    await asyncio.gather(*(process.stop() for process in seating.processes.values()))


def _keep_output(log: GameLog, processes: Mapping[int, BotProcess]) -> None:
    """Keep each started bot's output with the game; name its last lines in its crash."""
    for seat, process in processes.items():
        log.outputs[seat] = process.output
        crashes = [
            number
            for number, fault in enumerate(log.faults)
            if fault.seat == seat and fault.kind == FaultKind.CRASH
        ]
        if not crashes:
            continue
        fault = log.faults[crashes[0]]
        detail = fault.detail
        if process.budget.spent:
            limit_mb = process.budget.limit_bytes // (1024 * 1024)
            detail += f"; it wrote more than {limit_mb} MB of output and was ended"
        last = [
            line.text[-CRASH_LINE_CHARS:] for line in process.output.last_lines(CRASH_OUTPUT_LINES)
        ]
        if last:
            detail += "; its last output:\n" + "\n".join(last)
        log.faults[crashes[0]] = dataclasses.replace(fault, detail=detail)
