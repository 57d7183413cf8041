"""A bot process the referee started, and its connection: what takes a seat, or seats in turn.

:meth:`StartedBot.start` starts a command bot confined (:mod:`.containment.launcher`), with a
seat token of its own that admits one stream; :meth:`StartedBot.connected` is that stream's
session once the bot says Hello, or why there is none (:class:`NoSession`): the command
could not be started, the process exited (or was killed) before connecting, or it said no
Hello within the connect time (with why its Hello was refused, if it was). A game starts
one for each seat of a command bot; a tournament's pool keeps one from game to game and
lends it to one game at a time; :mod:`.start_check` starts one to see that it says Hello.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from croupier.exits import exit_description
from croupier.protocol import TOKEN_VARIABLE
from croupier_server.outcomes import FaultKind
from croupier_server.referee.containment.launcher import BotProcess, LaunchError
from croupier_server.referee.containment.limits import BotLimits
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import BotSession

__all__ = ["NoSession", "StartedBot"]


@dataclass(frozen=True, slots=True)
class NoSession:
    """Why a started bot has no session: the fault its seat is charged."""

    kind: FaultKind
    detail: str


@dataclass(eq=False)
class StartedBot:
    """A bot process started with a token of its own, connecting or connected.

    Attributes:
        label: Who it is, in its messages and its session (``seat 0 (greedy) of game 12``).
        process: The process; ``None`` when its command could not be started.
    """

    label: str
    process: BotProcess | None
    _registry: SessionRegistry
    _token: str
    _connecting: asyncio.Future[BotSession | NoSession]
    _stopped: asyncio.Future[None] | None = field(default=None)

    @classmethod
    async def start(
        cls,
        server: RefereeServer,
        *,
        label: str,
        bot_name: str,
        game: str,
        command: str,
        limits: BotLimits,
        token: str,
        connect_s: float,
        sealed: bool = False,
    ) -> StartedBot:
        """Start ``command`` for bot ``bot_name`` of ``game``; it has ``connect_s`` to connect.

        ``token`` admits its one stream. With ``sealed``, a bot whose seat cannot be sealed
        is not started. A command that cannot be started is no exception: the bot is one
        without a process, whose :meth:`connected` says why.
        """
        registry = server.registry
        connection = registry.expect_seat(token, label, bot_name=bot_name, game=game)
        env = {**server.connection_variables(network=limits.network), TOKEN_VARIABLE: token}
        try:
            process = await BotProcess.start(
                label, command, env=env, limits=limits, sealed_only=sealed
            )
        except BaseException as error:
            connection.cancel()
            registry.revoke_seat(token)
            if not isinstance(error, LaunchError):
                raise
            failed: asyncio.Future[BotSession | NoSession] = (
                asyncio.get_running_loop().create_future()
            )
            failed.set_result(NoSession(FaultKind.CRASH, str(error)))
            return cls(label, None, registry, token, failed)
        connecting = asyncio.ensure_future(
            _connect(registry, token, connection, process, connect_s)
        )
        return cls(label, process, registry, token, connecting)

    async def connected(self) -> BotSession | NoSession:
        """Its session once it connects, or why it has none (within the connect time)."""
        return await asyncio.shield(self._connecting)

    @property
    def session(self) -> BotSession | None:
        """Its session, if it has connected."""
        if not self._connecting.done() or self._connecting.cancelled():
            return None
        outcome = self._connecting.result()
        return outcome if isinstance(outcome, BotSession) else None

    @property
    def is_connecting(self) -> bool:
        """Whether it has neither connected nor failed to yet."""
        return not self._connecting.done()

    @property
    def is_playable(self) -> bool:
        """Whether it may take a seat now: connected, its stream open, its process alive."""
        session = self.session
        return (
            session is not None
            and not session.closed.is_set()
            and self.process is not None
            and self.process.exit_code is None
        )

    async def stop(self, reason: str, *, exit_wait: float = 0.5) -> None:
        """End its stream for ``reason``, then its process (see :meth:`BotProcess.stop`).

        Its token admits nobody any more. Stopping again waits for the first stop.
        """
        if self._stopped is None:
            self._stopped = asyncio.ensure_future(self._stop(reason, exit_wait))
        await asyncio.shield(self._stopped)

    async def _stop(self, reason: str, exit_wait: float) -> None:
        self._registry.revoke_seat(self._token)
        self._connecting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._connecting
        if (session := self.session) is not None:
            session.close(reason)
        if self.process is not None:
            await self.process.stop(exit_wait=exit_wait)


async def _connect(
    registry: SessionRegistry,
    token: str,
    connection: asyncio.Future[BotSession],
    process: BotProcess,
    connect_s: float,
) -> BotSession | NoSession:
    """The session of ``process`` once it connects with ``token``, or why it did not."""
    exited = asyncio.ensure_future(process.process.wait())
    waiting: set[asyncio.Future[Any]] = {connection, exited}
    try:
        done, _ = await asyncio.wait(
            waiting, timeout=connect_s, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        exited.cancel()
        if not connection.done():
            connection.cancel()
    if connection in done:
        return connection.result()
    # Why its Hello was refused, if it was, says more than how the bot then ended.
    refused = registry.refusal(token)
    because = f"its Hello was refused ({refused}); " if refused else ""
    # The seat waits no more: a late Hello with its token is refused, like an expired one.
    registry.revoke_seat(token)
    if exited in done:
        detail = f"{because}{exit_description(process.exit_code)} before connecting"
        return NoSession(FaultKind.CRASH, detail)
    return NoSession(FaultKind.CONNECT_TIMEOUT, f"{because}said no Hello within {connect_s:g} s")
