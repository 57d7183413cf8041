"""Serving the dashboard with uvicorn, inside an asyncio program or on its own."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import uvicorn
from fastapi import FastAPI

from croupier_server.addresses import listening_socket

__all__ = ["DashboardServer"]


class DashboardServer:
    """The dashboard listening on a socket bound before it starts (port 0 picks a free one)."""

    def __init__(self, app: FastAPI, address: str) -> None:
        self._socket = listening_socket(address)
        bound_host, bound_port = self._socket.getsockname()[:2]
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        self.url = f"http://{shown}:{bound_port}/"
        """The address to open in a browser."""
        config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
        self._server = _QuietServer(config)

    async def serve(self) -> None:
        """Serve until :meth:`stop` is called (or the task is cancelled)."""
        await self._server.serve(sockets=[self._socket])

    def stop(self) -> None:
        """Ask the server to finish the requests it has and stop."""
        self._server.should_exit = True


class _QuietServer(uvicorn.Server):
    """A uvicorn server that leaves signals to the program it runs in.

    ``asyncio.run`` already turns Ctrl-C into a cancellation of the program, which stops
    the server through :meth:`DashboardServer.stop`; uvicorn's own handlers would stop
    only the dashboard and raise the signal again afterwards.
    """

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield
