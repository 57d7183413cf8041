"""One of ``croupier serve``'s dashboard processes: the pages, away from the referee.

``croupier serve`` starts it as ``python -m croupier_server.cli._dashboard_process``,
handing it the dashboard's listening socket and writing its settings
(:class:`~croupier_server.cli._dashboard_settings.DashboardProcessSettings`) as one JSON
line on its standard input, which it then keeps open: the process serves until that input
ends (``serve`` stopping, or dying). It lowers its own CPU priority first, so that on a
busy machine the kernel favours the referee and the bots over the pages. What the pages
ask of the referee (tables, second opinions, admitting a remote bot) crosses the
:mod:`~croupier_server.referee_link`; uploads are stored here, as they only store files and
rows. It prints ``ready`` once it serves, and nothing more on its standard output.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys

from pydantic import ValidationError

from croupier_server.cli._dashboard_settings import READY, DashboardProcessSettings
from croupier_server.cli._serving import dashboard_app
from croupier_server.cli._submissions import ServerSubmissions
from croupier_server.db import create_database_engine
from croupier_server.db.engine import DATABASE_FAILURES
from croupier_server.errors import CroupierServerError
from croupier_server.logs import set_up_logging
from croupier_server.referee_link import RefereeLink
from croupier_server.web import DashboardServer
from croupier_server.web.access import AccessTokens

__all__ = ["main"]


def main() -> int:
    """Serve the dashboard until the standard input ends; the exit status."""
    # serve stops it by ending its input: a Ctrl-C at the terminal is serve's to handle.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        asyncio.run(_serve())
    except (CroupierServerError, OSError, ValidationError, *DATABASE_FAILURES) as error:
        line = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"croupier serve: the dashboard's process: {line}", file=sys.stderr, flush=True)
        return 1
    return 0


async def _serve() -> None:
    loop = asyncio.get_running_loop()
    given = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(given), sys.stdin)
    settings = DashboardProcessSettings.model_validate_json(await given.readline())
    os.nice(settings.niceness)
    asked = settings.dashboard
    set_up_logging(log_format=asked.log_format, verbose=asked.verbose)
    engine = create_database_engine(asked.database_url)
    link = RefereeLink(settings.link)
    try:
        app = dashboard_app(
            engine,
            AccessTokens(admin=asked.admin_token, read=asked.read_token),
            admit_remote=link.admit_remote,
            submissions=ServerSubmissions(engine, asked.submissions),
            sign_up=asked.sign_up,
            tables=link.tables,
            tables_open_to=asked.tables_open_to,
            second_opinions=link.second_opinions,
            http_limits=asked.http_limits,
            fits_boards=False,  # serve's own process fits them (board_fits.fitter)
        )
        listening = socket.socket(fileno=settings.listening_fd)
        server = DashboardServer(app, listening, asked.http_limits)
        serving = asyncio.create_task(server.serve())
        _say_ready()
        ended = asyncio.create_task(given.read())
        await asyncio.wait([serving, ended], return_when=asyncio.FIRST_COMPLETED)
        ended.cancel()
        server.stop()
        await serving
    finally:
        await link.close()
        engine.dispose()


def _say_ready() -> None:
    """Print :data:`READY`; then send anything printed to the standard error instead."""
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
