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
    open_database,
)
from croupier_server.cli._serving import DashboardTokens, dashboard_serving, dashboard_tokens

__all__ = ["register", "serve_until_interrupted"]


def register(commands: Any) -> None:
    """Add the ``dashboard`` command."""
    dashboard = commands.add_parser("dashboard", help="serve the web dashboard")
    add_dashboard_options(dashboard, optional=False)
    add_access_options(dashboard)
    add_database_option(dashboard)
    dashboard.set_defaults(run=run_dashboard)


def run_dashboard(args: argparse.Namespace) -> int:
    """Serve the dashboard until interrupted."""
    tokens = dashboard_tokens(read_protected=args.read_token)
    asyncio.run(serve_until_interrupted(open_database(args), args.http, tokens))
    return 0


async def serve_until_interrupted(
    engine: Engine, address: str, tokens: DashboardTokens | None = None
) -> None:
    """Serve the dashboard over ``engine`` on ``address`` until Ctrl-C, showing its address.

    Without ``tokens``, those of the environment, the others made up and shown.
    """
    tokens = tokens or dashboard_tokens(read_protected=False)
    async with dashboard_serving(engine, address, tokens, note=" (Ctrl-C to stop)"):
        await asyncio.Event().wait()
