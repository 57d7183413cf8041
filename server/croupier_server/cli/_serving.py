"""The two composition roots: the referee served while a block runs, and the dashboard.

:func:`referee_serving` builds the referee over a database (remote bots admitted from it)
and turns SIGTERM into the Ctrl-C that ends the block, so the bots it started end with it;
:func:`remote_admitter` admits to it the remote bots a dashboard registers.
:func:`dashboard_app` builds the dashboard with the :class:`Administration` that changes
things on its behalf, and its access tokens (:func:`dashboard_tokens`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from fastapi import FastAPI
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.administration import Administration
from croupier_server.cli._output import CliError
from croupier_server.db import BotKind, BotRecord
from croupier_server.recorded_games import allow_remote_bots
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.tls import TlsCredentials
from croupier_server.settings import ADMIN_TOKEN_VARIABLE, READ_TOKEN_VARIABLE, ServerSettings
from croupier_server.tokens import new_secret
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.http_limits import HttpLimits
from croupier_server.web.play import TablesOpenTo
from croupier_server.web.play_schemas import PersonTables
from croupier_server.web.second_opinions import SecondOpinions
from croupier_server.web.submissions import SubmissionActions

__all__ = [
    "DashboardTokens",
    "dashboard_app",
    "dashboard_tokens",
    "referee_serving",
    "remote_admitter",
]


@contextlib.asynccontextmanager
async def referee_serving(
    engine: Engine, listen: str, *, tls: TlsCredentials | None = None
) -> AsyncIterator[RefereeServer]:
    """The referee listening on ``listen`` while the block runs, admitting remote bots.

    With ``tls``, that port speaks TLS alone (its own Unix socket stays plaintext).

    SIGTERM ends the block as Ctrl-C does (``KeyboardInterrupt`` once it has unwound), so
    that the bots it started are ended with it rather than left running.

    Raises:
        CliError: the address cannot be listened on.
    """
    registry = SessionRegistry()
    allow_remote_bots(engine, registry)
    server = RefereeServer(registry, listen, tls=tls)
    try:
        await server.start()
    except (OSError, RuntimeError, ValueError) as error:
        raise CliError(f"cannot listen on {listen}: {error}") from None
    loop = asyncio.get_running_loop()
    block = asyncio.current_task()
    terminated = False

    def terminate() -> None:
        nonlocal terminated
        terminated = True
        if block is not None:
            block.cancel()

    loop.add_signal_handler(signal.SIGTERM, terminate)
    try:
        yield server
    except asyncio.CancelledError:
        if terminated:
            raise KeyboardInterrupt from None
        raise
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        await server.stop()


@dataclass(frozen=True, slots=True)
class DashboardTokens:
    """The dashboard's tokens, and the lines that show those made up here (once, at start)."""

    tokens: AccessTokens
    shown_once: tuple[str, ...]


def dashboard_tokens(*, read_protected: bool) -> DashboardTokens:
    """The tokens of the environment; those it does not set are made up.

    The admin token is always set; the read token only when ``read_protected`` or when
    the environment sets one.

    Raises:
        CliError: a token of the environment is too short or has characters a token
            cannot have.
    """
    settings = ServerSettings.from_environment()
    shown: list[str] = []

    def token(given: str | None, variable: str, role: str) -> str:
        if given:
            return given
        made_up = new_secret()
        shown.append(
            f"dashboard {role} token (shown once; set ${variable} to choose it): {made_up}"
        )
        return made_up

    admin = token(settings.admin_token, ADMIN_TOKEN_VARIABLE, "admin")
    protected = read_protected or settings.read_token is not None
    read = token(settings.read_token, READ_TOKEN_VARIABLE, "read") if protected else None
    try:
        return DashboardTokens(AccessTokens(admin=admin, read=read), tuple(shown))
    except ValueError as error:
        raise CliError(str(error)) from None


def dashboard_app(
    engine: Engine,
    tokens: AccessTokens,
    *,
    admit_remote: Callable[[str, str, str], object] | None = None,
    submissions: SubmissionActions | None = None,
    sign_up: bool = False,
    tables: PersonTables | None = None,
    tables_open_to: TablesOpenTo = TablesOpenTo.ADMIN,
    second_opinions: SecondOpinions | None = None,
    http_limits: HttpLimits | None = None,
    fits_boards: bool = True,
) -> FastAPI:
    """The dashboard over ``engine``, with the :class:`Administration` that acts for it.

    Bots registered through it have the files their commands name taken from the working
    directory; the remote ones are handed to ``admit_remote`` (key digest, name, game) so
    that the referee admits them at once. Authors' uploads are stored by ``submissions``
    (none: refused); ``sign_up`` lets people sign up as authors. People play against the
    bots at ``tables`` (none: refused), if ``tables_open_to`` says they may. Bots are asked
    about stored games through ``second_opinions`` (none: the page says it needs ``croupier
    serve``). Its requests are bounded by ``http_limits`` (default: :class:`HttpLimits`'s).
    With ``fits_boards``, it fits the ratings boards no fitter keeps fresh (not in
    ``serve``'s dashboard processes: ``serve``'s fitter does).
    """
    actions = Administration(engine, directory=os.getcwd(), admit_remote=admit_remote)
    return create_app(
        engine,
        tokens=tokens,
        admin_actions=actions,
        submission_actions=submissions,
        sign_up=sign_up,
        person_tables=tables,
        tables_open_to=tables_open_to,
        second_opinions=second_opinions,
        http_limits=http_limits,
        fits_boards=fits_boards,
    )


def remote_admitter(engine: Engine, registry: SessionRegistry) -> Callable[[str], Awaitable[None]]:
    """Admits to ``registry`` the remote bot of a name, with the key and game it is stored with.

    The name comes from a dashboard's process; the key's digest and the game are read from
    the database, so that a process that only serves pages cannot admit a key of its own.
    """

    def stored_remote(name: str) -> BotRecord | None:
        with Session(engine) as session:
            bot = db.get_bot_by_name(session, name=name)
        return bot if bot is not None and bot.kind is BotKind.REMOTE else None

    async def admit(name: str) -> None:
        bot = await asyncio.to_thread(stored_remote, name)
        if bot is not None and bot.key_hash is not None:
            registry.allow_remote(bot.key_hash, bot.name, game=bot.game)

    return admit
