"""The local arena: the author's bot against the SDK's opponents, game after game.

Each game starts the bot afresh as its manifest says (a process of its own, as the server's
referee starts one for each seat), in its directory, with ``CROUPIER_ADDRESS`` and a seat
token in ``CROUPIER_TOKEN``; the bot's seat turns round the table from game to game, and
the other seats are the opponents named, in turn, playing in this process.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.bot_cli._defaults import RefereeDefaults
from croupier.bot_cli._process import BotProcess, StartError
from croupier.bot_cli._referee import ArenaReferee, Session
from croupier.bot_cli._table import Fault, LocalSeat, RemoteSeat, TableSeat, play_table
from croupier.exits import exit_description
from croupier.games import Game, Seat
from croupier.manifest import Manifest
from croupier.opponents import opponent
from croupier.protocol import ADDRESS_VARIABLE, TOKEN_VARIABLE

__all__ = ["GameReport", "play_games"]

_HIDDEN = ("CROUPIER_AUTHOR_TOKEN",)
"""Variables of this environment the bot is not given: the author's credential."""


@dataclass(frozen=True, slots=True)
class GameReport:
    """How one game went for the author's bot."""

    number: int
    seed: int
    seat: Seat
    players: tuple[str, ...]
    """Who sat where: the bot's name in its seat, the opponents' in theirs."""
    scores: tuple[int, ...]
    places: tuple[int, ...]
    faults: tuple[Fault, ...]
    forfeited: bool
    latencies_ms: tuple[float, ...]
    """The time of each of the bot's answered decisions, from request to reply."""
    output: tuple[str, ...] = ()
    """The last lines the bot wrote, when it crashed or never said Hello."""

    @property
    def place(self) -> int:
        """The bot's place, 1 for the best."""
        return self.places[self.seat]

    @property
    def score(self) -> int:
        """The bot's score."""
        return self.scores[self.seat]


@dataclass(frozen=True, slots=True)
class ArenaPlan:
    """What to play: the bot, its game, its opponents, how many games from which seed."""

    directory: Path
    manifest: Manifest
    game: Game[Any]
    opponents: Sequence[str]
    games: int
    seed: int
    defaults: RefereeDefaults


async def play_games(plan: ArenaPlan) -> list[GameReport]:
    """Play the games of ``plan`` one after the other; how each went, in order."""
    referee = ArenaReferee()
    await referee.start()
    try:
        return [await _play_one(referee, plan, number) for number in range(1, plan.games + 1)]
    finally:
        await referee.stop()


async def _play_one(referee: ArenaReferee, plan: ArenaPlan, number: int) -> GameReport:
    seed = plan.seed + number - 1
    players = plan.game.num_players
    seat = (number - 1) % players
    others = [plan.opponents[i % len(plan.opponents)] for i in range(players - 1)]
    names = [*others[:seat], plan.manifest.name, *others[seat:]]
    token = secrets.token_urlsafe(24)
    waiting = referee.expect(token, label=plan.manifest.name, game=plan.game.name)
    process: BotProcess | None = None
    try:
        process = await BotProcess.start(
            plan.manifest.command, directory=plan.directory, env=_bot_env(referee, token)
        )
        connected = await _connected(referee, token, waiting, process, plan)
    except StartError as error:
        connected = Fault("crash", str(error))
    session = connected if isinstance(connected, Session) else None
    remote = RemoteSeat(session, plan.defaults)
    if isinstance(connected, Fault):
        remote.faults.append(connected)
    seats: list[TableSeat] = [
        remote if at == seat else LocalSeat(opponent(name, plan.game.name, seed=seed))
        for at, name in enumerate(names)
    ]
    try:
        state = await play_table(plan.game, seats, seed=seed, game_id=f"local-{number}")
    finally:
        if session is not None:
            session.close("the game is over")
        referee.revoke(token)
        output = await _ended(process)
    result = state.result()
    assert result is not None
    shown = any(fault.kind in ("crash", "connect_timeout") for fault in remote.faults)
    return GameReport(
        number=number,
        seed=seed,
        seat=seat,
        players=tuple(names),
        scores=tuple(result.scores),
        places=tuple(result.places),
        faults=tuple(remote.faults),
        forfeited=remote.forfeited,
        latencies_ms=tuple(remote.latencies_ms),
        output=tuple(output) if shown else (),
    )


def _bot_env(referee: ArenaReferee, token: str) -> dict[str, str]:
    """This environment without the author's credential, with the referee and the token."""
    kept = {name: value for name, value in os.environ.items() if name not in _HIDDEN}
    return {**kept, ADDRESS_VARIABLE: referee.address, TOKEN_VARIABLE: token}


async def _connected(
    referee: ArenaReferee,
    token: str,
    waiting: asyncio.Future[Session],
    process: BotProcess,
    plan: ArenaPlan,
) -> Session | Fault:
    """The bot's session once it says Hello, or its fault (as the server words it)."""
    connect_s = plan.defaults.time_control.connect_ms / 1000
    exited = asyncio.ensure_future(process.exited())
    either: set[asyncio.Future[Any]] = {waiting, exited}
    try:
        done, _ = await asyncio.wait(either, timeout=connect_s, return_when=asyncio.FIRST_COMPLETED)
    finally:
        exited.cancel()
    if waiting in done:
        return waiting.result()
    refused = referee.refusal(token)
    because = f"its Hello was refused ({refused}); " if refused else ""
    referee.revoke(token)
    if exited in done:
        return Fault("crash", f"{because}{exit_description(process.exit_code)} before connecting")
    return Fault("connect_timeout", f"{because}said no Hello within {connect_s:g} s")


async def _ended(process: BotProcess | None) -> list[str]:
    """End ``process`` if it is still running; the last lines it wrote."""
    if process is None:
        return []
    await process.stop()
    return await process.last_lines()
