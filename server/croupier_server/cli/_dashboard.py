"""``croupier dashboard``: the web dashboard alone, over a database others write to."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from sqlalchemy import Engine

from croupier_server.cli._common import (
    add_dashboard_options,
    add_database_option,
    dashboard_serving,
    open_database,
)

__all__ = ["register", "serve_until_interrupted"]


def register(commands: Any) -> None:
    """Add the ``dashboard`` command."""
    dashboard = commands.add_parser("dashboard", help="serve the web dashboard")
    add_dashboard_options(dashboard, optional=False)
    add_database_option(dashboard)
    dashboard.set_defaults(run=run_dashboard)


def run_dashboard(args: argparse.Namespace) -> int:
    """Serve the dashboard until interrupted."""
    asyncio.run(serve_until_interrupted(open_database(args), args.http))
    return 0


async def serve_until_interrupted(engine: Engine, address: str) -> None:
    """Serve the dashboard over ``engine`` on ``address`` until Ctrl-C, showing its address."""
    async with dashboard_serving(engine, address) as server:
        print(f"dashboard: {server.url} (Ctrl-C to stop)", flush=True)
        await asyncio.Event().wait()
