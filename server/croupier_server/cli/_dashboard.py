"""``croupier dashboard``: the web dashboard alone, over a database others write to."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from sqlalchemy import Engine

from croupier_server.cli._options import (
    add_access_options,
    add_dashboard_options,
    add_database_option,
    add_log_options,
    http_limits_from_args,
    logging_from_args,
    open_database,
)
from croupier_server.cli._output import CliError
from croupier_server.cli._serving import DashboardTokens, dashboard_app, dashboard_tokens
from croupier_server.web import DashboardServer
from croupier_server.web.http_limits import HttpLimits

__all__ = ["register", "serve_until_interrupted"]


def register(commands: Any) -> None:
    """Add the ``dashboard`` command."""
    dashboard = commands.add_parser("dashboard", help="serve the web dashboard")
    add_dashboard_options(dashboard, optional=False)
    add_access_options(dashboard)
    add_database_option(dashboard)
    add_log_options(dashboard)
    dashboard.set_defaults(run=run_dashboard)


def run_dashboard(args: argparse.Namespace) -> int:
    """Serve the dashboard until interrupted."""
    tokens = dashboard_tokens(read_protected=args.read_token)
    logging_from_args(args)
    limits = http_limits_from_args(args)
    asyncio.run(serve_until_interrupted(open_database(args), args.http, tokens, limits))
    return 0


async def serve_until_interrupted(
    engine: Engine,
    address: str,
    tokens: DashboardTokens | None = None,
    limits: HttpLimits | None = None,
) -> None:
    """Serve the dashboard over ``engine`` on ``address`` until Ctrl-C, showing its address.

    Without ``tokens``, those of the environment, the others made up and shown; its
    requests are bounded by ``limits`` (default: :class:`HttpLimits`'s).

    Raises:
        CliError: the address is malformed or cannot be listened on.
    """
    tokens = tokens or dashboard_tokens(read_protected=False)
    limits = limits or HttpLimits()
    app = dashboard_app(engine, tokens.tokens, http_limits=limits)
    try:
        server = DashboardServer(app, address, limits)
    except (OSError, ValueError) as error:
        raise CliError(f"cannot serve the dashboard on {address}: {error}") from None
    serving = asyncio.create_task(server.serve())
    print(f"dashboard: {server.url} (Ctrl-C to stop)", *tokens.shown_once, sep="\n", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        server.stop()
        await serving
