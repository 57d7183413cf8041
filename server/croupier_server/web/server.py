"""Serving the dashboard with uvicorn, inside an asyncio program or on its own.

The connections are bounded by :class:`~croupier_server.web.http_limits.HttpLimits`:
uvicorn's own limits (idle time between requests, the size of a request's head, 503 past
the most connections), and two it lacks, kept by :class:`_TimedProtocol`: a request's head
must arrive within the header timeout of its first byte (or of the connection's opening),
and the whole request within the request timeout, or the connection is closed.
``X-Forwarded-For`` and ``-Proto`` are believed only from the proxies the limits name.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator
from typing import Any

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from croupier_server.addresses import listening_socket
from croupier_server.web.http_limits import HttpLimits

__all__ = ["DashboardServer", "dashboard_url"]


def dashboard_url(listening: socket.socket) -> str:
    """The address a browser opens to reach the dashboard listening on ``listening``."""
    host, port = listening.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


class DashboardServer:
    """The dashboard listening on a socket bound before it starts (port 0 picks a free one)."""

    def __init__(
        self, app: FastAPI, address: str | socket.socket, limits: HttpLimits | None = None
    ) -> None:
        """Serve ``app`` on ``address``, its connections bounded by ``limits``.

        ``address`` is ``HOST:PORT``, or a socket already listening (as ``croupier serve``
        hands its dashboard's processes).
        """
        if isinstance(address, str):
            address = listening_socket(address)
        self._socket = address
        self.url = dashboard_url(address)
        """The address to open in a browser."""
        self._server = _QuietServer(_LimitedConfig(app, limits or HttpLimits()))

    async def serve(self) -> None:
        """Serve until :meth:`stop` is called (or the task is cancelled)."""
        await self._server.serve(sockets=[self._socket])

    def stop(self) -> None:
        """Ask the server to finish the requests it has and stop."""
        self._server.should_exit = True


class _LimitedConfig(uvicorn.Config):
    """uvicorn's settings from the limits, which the protocol reads back."""

    def __init__(self, app: FastAPI, limits: HttpLimits) -> None:
        super().__init__(
            app,
            http=_TimedProtocol,
            # Its lines go through the command's log setup, at its levels (croupier_server.logs).
            log_level=None,
            log_config=None,
            lifespan="off",
            access_log=False,
            timeout_keep_alive=max(1, round(limits.keep_alive_s)),
            limit_concurrency=limits.max_connections,
            h11_max_incomplete_event_size=limits.max_head_bytes,
            proxy_headers=bool(limits.trusted_proxies),
            forwarded_allow_ips=list(limits.trusted_proxies),
        )
        self.http_limits = limits


class _TimedProtocol(H11Protocol):
    """HTTP/1.1 whose requests must arrive in time: head and whole request, each timed.

    The clock of a request starts at its first byte (at the connection's opening for the
    first one: a connection that says nothing is closed as one that says too little).
    """

    def __init__(self, config: uvicorn.Config, **kwargs: Any) -> None:
        super().__init__(config, **kwargs)
        assert isinstance(config, _LimitedConfig)
        self._limits = config.http_limits
        self._head_timer: asyncio.TimerHandle | None = None
        self._request_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Start the first request's clock as the connection opens."""
        super().connection_made(transport)  # type: ignore[arg-type]
        self._time_request()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clocks."""
        self._stop_clocks()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Read the bytes, then start or stop the clocks as the request stands."""
        super().data_received(data)
        self._follow_request()

    def on_response_complete(self) -> None:
        """Answered: a pipelined request may be under way, else the keep-alive timer runs."""
        super().on_response_complete()
        self._follow_request()

    def _follow_request(self) -> None:
        """Time a request being received; stop the clocks of one received whole."""
        if self.transport.is_closing():
            return
        state = self.conn.their_state
        if state is h11.IDLE:
            if self.timeout_keep_alive_task is None:  # not idle: a request has begun
                self._time_request()
        elif state is h11.SEND_BODY:
            self._stop_clock("_head_timer")
            self._start_clock("_request_timer", self._limits.request_timeout_s)
        else:
            self._stop_clocks()

    def _time_request(self) -> None:
        self._start_clock("_request_timer", self._limits.request_timeout_s)
        self._start_clock("_head_timer", self._limits.header_timeout_s)

    def _start_clock(self, name: str, seconds: float) -> None:
        if getattr(self, name) is None:
            setattr(self, name, self.loop.call_later(seconds, self._too_slow))

    def _stop_clock(self, name: str) -> None:
        timer = getattr(self, name)
        if timer is not None:
            timer.cancel()
            setattr(self, name, None)

    def _stop_clocks(self) -> None:
        self._stop_clock("_head_timer")
        self._stop_clock("_request_timer")

    def _too_slow(self) -> None:
        """Close the connection of a request that did not arrive in time."""
        self._stop_clocks()
        if not self.transport.is_closing():
            self.transport.close()


class _QuietServer(uvicorn.Server):
    """A uvicorn server that leaves signals to the program it runs in.

    ``asyncio.run`` already turns Ctrl-C into a cancellation of the program, which stops
    the server through :meth:`DashboardServer.stop`; uvicorn's own handlers would stop
    only the dashboard and raise the signal again afterwards.
    """

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield
