"""Checking that a bot's command starts: started as for a game, it must say Hello in time.

:func:`check_start` starts a command exactly as the referee starts a seat's bot for a game
(:class:`~.started.StartedBot`: the same sandbox, seal, limits, empty working directory and
environment, a seat token of its own) and waits for its ``Hello`` on the referee's gRPC
service, within the time control's connect time. Registering a bot checks its command so
(``croupier bot add``, the dashboard's admin), and so does whatever accepts a bot before it
is rated; a bot that fails is told apart from one that plays badly before any game.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

from croupier_server.control import DEFAULT_TIME_CONTROL
from croupier_server.referee.containment.limits import DEFAULT_LIMITS, BotLimits
from croupier_server.referee.records import StartFailure, last_output
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.started import NoSession, StartedBot
from croupier_server.tokens import new_secret

__all__ = ["StartCheck", "check_start"]

DEFAULT_CONNECT_S = DEFAULT_TIME_CONTROL.connect_ms / 1000
"""How long a bot has to say Hello unless told: the default time control's connect time."""


@dataclass(frozen=True, slots=True)
class StartCheck:
    """What starting a bot's command showed: it said Hello, or why it did not.

    Attributes:
        failure: Why it did not say Hello, with the last lines it printed; ``None`` if it
            did.
        seconds: How long it took to say Hello, or to fail.
    """

    failure: StartFailure | None
    seconds: float

    @property
    def started(self) -> bool:
        """Whether it said Hello in time."""
        return self.failure is None

    def __str__(self) -> str:
        """One line saying how it went; after a failure, its output lines, indented."""
        if self.failure is None:
            return f"it said Hello in {self.seconds:.1f} s"
        return str(self.failure)


async def check_start(
    command: str,
    *,
    game: str,
    limits: BotLimits = DEFAULT_LIMITS,
    sealed: bool = False,
    connect_s: float = DEFAULT_CONNECT_S,
    name: str = "check",
    server: RefereeServer | None = None,
) -> StartCheck:
    """Start ``command`` as the referee starts a bot of ``game`` (its name); whether it says Hello.

    The process runs under ``limits`` (those its games would run with), sealed where the
    machine allows it, or not at all with ``sealed`` (``--sealed``); it has ``connect_s``
    seconds to connect and say Hello for ``game`` as bot ``name``, and is ended once it
    has. It connects to ``server`` (a referee already serving), else to a referee started
    for the check alone, on loopback and a Unix socket of its own.

    A failure is no exception: the check's :attr:`~StartCheck.failure` says what happened
    (``cannot start 'python3.9': not found, or not executable``, ``exited with status 1
    before connecting``, ``was killed by signal 9 (SIGKILL) before connecting``, ``said no
    Hello within 20 s``, ``its Hello was refused (greedy is seated in lexio, and the bot
    says it plays cribbage); ...``) and what it printed last (a traceback).

    Raises:
        OSError: the referee for the check cannot listen on loopback.
    """
    async with _referee(server) as referee:
        started_at = time.monotonic()
        bot = await StartedBot.start(
            referee,
            label=name,
            bot_name=name,
            game=game,
            command=command,
            limits=limits,
            token=new_secret(),
            connect_s=connect_s,
            sealed=sealed,
        )
        try:
            outcome = await bot.connected()
            seconds = time.monotonic() - started_at
        finally:
            await bot.stop("the start check is over")
    if not isinstance(outcome, NoSession):
        return StartCheck(None, seconds)
    output = None if bot.process is None else bot.process.take_output()
    reason = outcome.detail.removeprefix(f"{name}: ")
    return StartCheck(StartFailure(name, reason, last_output(output)), seconds)


@contextlib.asynccontextmanager
async def _referee(server: RefereeServer | None) -> AsyncIterator[RefereeServer]:
    """``server``, or a referee of its own serving while the block runs."""
    if server is not None:
        yield server
        return
    private = RefereeServer(SessionRegistry(), "127.0.0.1:0")
    await private.start()
    try:
        yield private
    finally:
        await private.stop(grace=0)
