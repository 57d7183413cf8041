"""The gRPC face of the referee: admits bots and pumps their streams."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
from google.protobuf.message import DecodeError

from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier.protocol import ADDRESS_VARIABLE, CA_FILE_VARIABLE, PROTOCOL_VERSIONS, TLS_SCHEME
from croupier_server import __version__
from croupier_server.addresses import listening_socket
from croupier_server.referee.containment.sandbox import REFEREE_DIRECTORY_PREFIX
from croupier_server.referee.registry import AdmissionError, SessionRegistry
from croupier_server.referee.sessions import BotSession
from croupier_server.referee.tls import WILDCARD_HOSTS, TlsCredentials

__all__ = ["MAX_MESSAGE_BYTES", "MIN_BOT_PING_MS", "RefereeServer", "RefereeService"]

MAX_MESSAGE_BYTES = 256 * 1024
"""The largest message a bot may send; an action is a few dozen bytes."""

HELLO_TIMEOUT_S = 10.0
"""How long a new stream may take to say Hello."""

STREAMS_END_S = 10.0
"""How long a stopping referee waits for the streams it closed to end before gRPC cuts them."""

MIN_BOT_PING_MS = 20_000
"""The shortest interval between a bot's keepalive pings on a stream the referee accepts:
sooner, a ping is a strike, and the third ends the connection (GOAWAY ``too_many_pings``)."""


class RefereeService(referee_pb2_grpc.RefereeServicer):
    """``Referee.Connect``: one long-lived stream per bot."""

    def __init__(self, registry: SessionRegistry) -> None:
        self._registry = registry
        self._ending: dict[asyncio.Future[None], BotSession] = {}
        """The admitted streams, each with a future done once its handler has ended."""

    async def closed_streams_ended(self, timeout_s: float) -> None:
        """Wait until every stream whose session is closed has ended, or ``timeout_s``."""
        closed = [ended for ended, session in self._ending.items() if session.closed.is_set()]
        if closed:
            await asyncio.wait(closed, timeout=timeout_s)

    async def Connect(  # noqa: N802 (the name is the RPC's)
        self,
        request_iterator: AsyncIterator[referee_pb2.BotMessage],
        context: grpc.aio.ServicerContext[referee_pb2.BotMessage, referee_pb2.RefereeMessage],
    ) -> AsyncIterator[referee_pb2.RefereeMessage]:
        """Admit the bot by its Hello, then relay messages both ways until either side ends."""
        session = await self._admit(request_iterator, context)
        ended = asyncio.get_running_loop().create_future()
        self._ending[ended] = session
        reader = asyncio.create_task(_read_replies(request_iterator, session))
        try:
            yield referee_pb2.RefereeMessage(
                welcome=referee_pb2.Welcome(
                    bot_name=session.bot_name,
                    protocol_version=session.protocol_version,
                    game=session.game or "",
                    referee=f"croupier-server/{__version__}",
                )
            )
            while (message := await session.outbox.get()) is not None:
                yield message
            if reader.done() and (undecodable := reader.result()) is not None:
                await context.abort(grpc.StatusCode.INVALID_ARGUMENT, undecodable)
        finally:
            reader.cancel()
            session.close("the stream ended")
            del self._ending[ended]
            ended.set_result(None)

    async def _admit(
        self,
        request_iterator: AsyncIterator[referee_pb2.BotMessage],
        context: grpc.aio.ServicerContext[referee_pb2.BotMessage, referee_pb2.RefereeMessage],
    ) -> BotSession:
        try:
            first = await asyncio.wait_for(anext(request_iterator), HELLO_TIMEOUT_S)
        except TimeoutError:
            await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "no Hello in time")
        except (StopAsyncIteration, DecodeError, grpc.RpcError):
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "expected a Hello")
        if first.WhichOneof("message") != "hello":
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "the first message must be Hello")
        hello = first.hello
        if hello.protocol_version not in PROTOCOL_VERSIONS:
            reason = _version_refusal(hello.protocol_version)
            self._registry.refuse(hello.token, reason)
            await context.abort(grpc.StatusCode.FAILED_PRECONDITION, reason)
        try:
            session = self._registry.admit(hello.token, games=hello.games)
        except AdmissionError as refusal:
            await context.abort(refusal.code, str(refusal))
        session.speak(hello.protocol_version, live_events=hello.live_events)
        return session


def _version_refusal(version: int) -> str:
    """Why a Hello saying contract ``version`` is refused."""
    speaks = " and ".join(str(known) for known in PROTOCOL_VERSIONS)
    said = "no protocol_version" if version == 0 else f"protocol_version {version}"
    return f"the Hello says {said}; this referee speaks {speaks}"


async def _read_replies(
    request_iterator: AsyncIterator[referee_pb2.BotMessage], session: BotSession
) -> str | None:
    """Hand every reply on to the session; the stream's end closes the session.

    Returns:
        Why a message could not be decoded, if that ended the stream: the bot is then told
        so (``INVALID_ARGUMENT``) rather than seeing its stream end as a finished game's does.
    """
    reason = "the bot closed its stream"
    undecodable = None
    try:
        async for message in request_iterator:
            if message.WhichOneof("message") == "action":
                session.deliver(message.action)
            else:
                session.report_malformed("a message other than an action reply after Hello")
    except asyncio.CancelledError:
        raise
    except DecodeError as error:
        undecodable = f"a message cannot be decoded: {error}"
        reason = f"the stream failed: {undecodable}"
    except Exception as error:
        reason = f"the stream failed: {error}"
    session.close(reason)
    return undecodable


class RefereeServer:
    """The referee's gRPC server on one address (``host:port`` or ``unix:/path``).

    With ``tls``, that port speaks TLS alone: a plaintext stream fails at once, before any
    Hello, and :attr:`address` is ``tls://host:port``. The referee also listens on a Unix
    socket of its own, :attr:`local_address`, always plaintext: it is on no network, and its
    private directory keeps it to the bots the referee starts without the network.
    """

    def __init__(
        self,
        registry: SessionRegistry,
        address: str = "127.0.0.1:0",
        *,
        tls: TlsCredentials | None = None,
    ) -> None:
        self.registry = registry
        self.tls = tls
        self._requested = address
        self._server: grpc.aio.Server | None = None
        self._service = RefereeService(registry)
        self._socket_directory: Path | None = None
        self.address = ""
        self.local_address = ""

    async def start(self) -> str:
        """Start serving; returns the address bots should connect to.

        Raises:
            ValueError: the address is neither ``host:port`` (port 0 to 65535) nor
                ``unix:/path``, or it is a Unix socket and TLS was asked for.
            OSError: it cannot be listened on (an unknown host, a port taken, no such
                directory).
            RuntimeError: gRPC could not listen there all the same.
        """
        _check_address(self._requested)
        if self.tls is not None and self._requested.startswith("unix:"):
            raise ValueError("TLS is for a host:port address; a unix: socket stays plaintext")
        server = grpc.aio.server(
            options=[
                ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
                ("grpc.max_send_message_length", 4 * 1024 * 1024),
                ("grpc.so_reuseport", 0),
                # A remote bot waiting for games may keep its stream alive with pings every
                # 20 s or more (gRPC's default refuses them sooner than every 5 minutes),
                # and the referee pings it every minute to find a bot that is gone.
                ("grpc.http2.min_ping_interval_without_data_ms", MIN_BOT_PING_MS),
                ("grpc.keepalive_time_ms", 60_000),
                ("grpc.keepalive_timeout_ms", 20_000),
            ]
        )
        referee_pb2_grpc.add_RefereeServicer_to_server(self._service, server)
        if self.tls is None:
            port = server.add_insecure_port(self._requested)
        else:
            port = server.add_secure_port(self._requested, self.tls.server_credentials())
        if self._requested.startswith("unix:"):
            self.address = self.local_address = self._requested
        else:
            host = self._requested.rsplit(":", 1)[0]
            self.address = _bot_address(host, port, tls=self.tls is not None)
            self._socket_directory = Path(tempfile.mkdtemp(prefix=REFEREE_DIRECTORY_PREFIX))
            self.local_address = f"unix:{self._socket_directory / 'referee.sock'}"
            server.add_insecure_port(self.local_address)
        await server.start()
        if self._socket_directory is not None:
            # Its directory keeps it private; a sealed bot running as a user of its own is
            # shown the socket alone, and must be able to connect.
            (self._socket_directory / "referee.sock").chmod(0o666)
        self._server = server
        return self.address

    def address_for(self, *, network: bool) -> str:
        """Where a bot the referee starts connects: the Unix socket unless it has the network."""
        return self.address if network else self.local_address

    def connection_variables(self, *, network: bool) -> dict[str, str]:
        """The environment a bot the referee starts needs to reach it (its token aside).

        Its address (:meth:`address_for`) and, when it connects over TLS to a certificate the
        referee made, the authority's file to trust.
        """
        variables = {ADDRESS_VARIABLE: self.address_for(network=network)}
        if network and self.tls is not None and self.tls.ca_file is not None:
            variables[CA_FILE_VARIABLE] = str(self.tls.ca_file)
        return variables

    async def stop(self, grace: float = 1.0) -> None:
        """Stop serving, ending every stream."""
        if self._server is not None:
            # Idle remote bots are told the referee is done (their streams end with OK)
            # rather than cut off: a bot's run() then returns instead of failing.
            self.registry.close_idle("the referee is stopping")
            # Streams that end on their own end with their status; gRPC's stop cancels
            # those still open once ``grace`` has passed.
            await self._service.closed_streams_ended(STREAMS_END_S)
            await self._server.stop(grace)
            self._server = None
        if self._socket_directory is not None:
            shutil.rmtree(self._socket_directory, ignore_errors=True)
            self._socket_directory = None


def _bot_address(host: str, port: int, *, tls: bool) -> str:
    """The address bots connect to when the referee listens on ``host`` at ``port``.

    Over TLS, bots must name a host its certificate holds: a wildcard host (every address of
    the machine) is given as ``localhost``, which a certificate the referee makes holds.
    """
    if not tls:
        return f"{host}:{port}"
    named = "localhost" if host.strip("[]") in WILDCARD_HOSTS else host
    return f"{TLS_SCHEME}{named}:{port}"


def _check_address(address: str) -> None:
    """Refuse an address gRPC would misread or fail on without saying why.

    gRPC wraps a port past 65535 around, and explains a failure to listen only in a log
    line of its own: trying the address here first gives the reason as an exception.
    """
    if address.startswith("unix:"):
        socket_file = Path(address.removeprefix("unix:"))
        if not socket_file.name or socket_file.is_dir():
            raise ValueError(f"{address!r} names no socket file")
        if not socket_file.parent.is_dir():
            raise FileNotFoundError(f"no directory {socket_file.parent}")
        return
    listening_socket(address).close()
