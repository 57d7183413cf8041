"""The two composition roots: the referee and the dashboard, each served while a block runs.

:func:`referee_serving` builds the referee over a database (remote bots admitted from it)
and turns SIGTERM into the Ctrl-C that ends the block, so the bots it started end with it;
:func:`dashboard_serving` builds the dashboard with the :class:`Administration` that
changes things on its behalf, and its access tokens (:func:`dashboard_tokens`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from functools import partial

from sqlalchemy import Engine

from croupier_server.administration import Administration
from croupier_server.cli._output import CliError
from croupier_server.recorded_games import allow_remote_bots
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import ADMIN_TOKEN_VARIABLE, READ_TOKEN_VARIABLE, ServerSettings
from croupier_server.tokens import new_secret
from croupier_server.web import DashboardServer, create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.play import TablesOpenTo
from croupier_server.web.play_schemas import PersonTables
from croupier_server.web.second_opinions import SecondOpinions
from croupier_server.web.submissions import SubmissionActions

__all__ = ["DashboardTokens", "dashboard_serving", "dashboard_tokens", "referee_serving"]


@contextlib.asynccontextmanager
async def referee_serving(engine: Engine, listen: str) -> AsyncIterator[RefereeServer]:
    """The referee listening on ``listen`` while the block runs, admitting remote bots.

    SIGTERM ends the block as Ctrl-C does (``KeyboardInterrupt`` once it has unwound), so
    that the bots it started are ended with it rather than left running.

    Raises:
        CliError: the address cannot be listened on.
    """
    registry = SessionRegistry()
    allow_remote_bots(engine, registry)
    server = RefereeServer(registry, listen)
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


@contextlib.asynccontextmanager
async def dashboard_serving(
    engine: Engine,
    address: str,
    tokens: DashboardTokens,
    *,
    note: str = "",
    referee: RefereeServer | None = None,
    submissions: SubmissionActions | None = None,
    sign_up: bool = False,
    tables: PersonTables | None = None,
    tables_open_to: TablesOpenTo = TablesOpenTo.ADMIN,
    second_opinions: SecondOpinions | None = None,
) -> AsyncIterator[DashboardServer]:
    """The dashboard over ``engine`` serving on ``address`` while the block runs.

    Its address is printed (followed by ``note``), then the tokens made up for it. Bots
    registered through it have the files their commands name taken from the working
    directory; the remote ones may connect to ``referee`` at once. Authors' uploads are
    stored by ``submissions`` (none: refused); ``sign_up`` lets people sign up as authors.
    People play against the bots at ``tables`` (none: refused), if ``tables_open_to`` says
    they may. Bots are asked about stored games through ``second_opinions`` (none: the
    page says it needs ``croupier serve``).

    Raises:
        CliError: the address is malformed or cannot be listened on.
    """
    actions = Administration(
        engine,
        directory=os.getcwd(),
        admit_remote=None if referee is None else _admitter(referee.registry),
    )
    app = create_app(
        engine,
        tokens=tokens.tokens,
        admin_actions=actions,
        submission_actions=submissions,
        sign_up=sign_up,
        person_tables=tables,
        tables_open_to=tables_open_to,
        second_opinions=second_opinions,
    )
    try:
        server = DashboardServer(app, address)
    except (OSError, ValueError) as error:
        raise CliError(f"cannot serve the dashboard on {address}: {error}") from None
    serving = asyncio.create_task(server.serve())
    print(f"dashboard: {server.url}{note}", *tokens.shown_once, sep="\n", flush=True)
    try:
        yield server
    finally:
        server.stop()
        await serving


def _admitter(registry: SessionRegistry) -> Callable[[str, str, str], None]:
    """Admit a remote bot (key digest, name, game) to ``registry`` from any thread."""
    loop = asyncio.get_running_loop()

    def admit(key_hash: str, name: str, game: str) -> None:
        # The dashboard registers bots in its threads; the registry lives in the loop's.
        loop.call_soon_threadsafe(partial(registry.allow_remote, key_hash, name, game=game))

    return admit
