"""The local arena's referee over gRPC: it admits the author's bot and pumps its stream.

It admits the bot by its seat token, as the server's referee does. It speaks the contract
of ``proto/`` (versions 1 and 2, live events or batched), refuses a Hello the way the server
does (the same gRPC status and words), and ends each seat's stream when its game is over.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import grpc
from google.protobuf.message import DecodeError

from croupier._version import __version__
from croupier.bot_cli._defaults import SERVER_DEFAULTS
from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier.protocol import PROTOCOL_VERSIONS

__all__ = ["ArenaReferee", "Reply", "Session", "SessionClosed"]


class SessionClosed(Exception):
    """The bot's stream ended (the process died, disconnected or was cut off)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """An action reply as it arrived, with its arrival time (``time.monotonic``)."""

    message: referee_pb2.ActionReply
    received_at: float


@dataclass(eq=False)
class Session:
    """The stream of one seat's bot: what to send it, the replies it owes, its strays."""

    protocol_version: int
    live_events: bool
    outbox: asyncio.Queue[referee_pb2.RefereeMessage | None] = field(default_factory=asyncio.Queue)
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    close_reason: str = ""
    strays: list[tuple[str, str]] = field(default_factory=list)
    """Messages that answered nothing asked: (fault kind, detail), for the seat to charge."""
    _pending: dict[int, asyncio.Future[Reply]] = field(default_factory=dict)
    _expired: set[int] = field(default_factory=set)

    def send(self, message: referee_pb2.RefereeMessage) -> None:
        """Queue ``message`` for the bot; dropped once the session is closed."""
        if not self.closed.is_set():
            self.outbox.put_nowait(message)

    def expect_reply(self, request_id: int) -> asyncio.Future[Reply]:
        """A future for the reply to ``request_id``; it fails with SessionClosed on close."""
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        if self.closed.is_set():
            future.set_exception(SessionClosed(self.close_reason))
        else:
            self._pending[request_id] = future
        return future

    def expire(self, request_id: int) -> None:
        """Stop waiting for ``request_id``: its time ran out, a late answer is ignored."""
        self._pending.pop(request_id, None)
        self._expired.add(request_id)

    def deliver(self, reply: referee_pb2.ActionReply) -> None:
        """Hand an arrived reply to whoever waits for it, or note it as a stray."""
        if reply.request_id in self._expired:
            return
        future = self._pending.pop(reply.request_id, None)
        if future is None or future.done():
            detail = f"an answer to request {reply.request_id}, which is not awaiting an answer"
            self.strays.append(("wrong_request", detail))
            return
        future.set_result(Reply(reply, time.monotonic()))

    def close(self, reason: str) -> None:
        """End the session: fail every pending reply and stop the outgoing stream."""
        if self.closed.is_set():
            return
        self.close_reason = reason
        self.closed.set()
        for future in self._pending.values():
            if not future.done():
                future.set_exception(SessionClosed(reason))
        self._pending.clear()
        self.outbox.put_nowait(None)


@dataclass(eq=False)
class _Seat:
    """A seat token the referee waits for: the bot's name, its game, its session to be."""

    label: str
    game: str
    session: asyncio.Future[Session]
    refusal: str = ""
    connected: bool = False


class ArenaReferee(referee_pb2_grpc.RefereeServicer):
    """A referee on ``127.0.0.1`` for the seats of the author's bot, one token a game."""

    def __init__(self) -> None:
        self._seats: dict[str, _Seat] = {}
        self._server: grpc.aio.Server | None = None
        self.address = ""

    async def start(self) -> str:
        """Listen on a free port of loopback; returns the address bots connect to."""
        server = grpc.aio.server(
            options=[
                ("grpc.max_receive_message_length", SERVER_DEFAULTS.max_message_bytes),
                ("grpc.max_send_message_length", 4 * 1024 * 1024),
                ("grpc.so_reuseport", 0),
                ("grpc.http2.min_ping_interval_without_data_ms", SERVER_DEFAULTS.min_ping_ms),
            ]
        )
        referee_pb2_grpc.add_RefereeServicer_to_server(self, server)
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        self._server = server
        self.address = f"127.0.0.1:{port}"
        return self.address

    async def stop(self) -> None:
        """Stop serving, ending every stream."""
        if self._server is not None:
            await self._server.stop(0.5)
            self._server = None

    def expect(self, token: str, *, label: str, game: str) -> asyncio.Future[Session]:
        """Admit one stream with ``token`` for a seat of ``game``: its session, once it is."""
        future: asyncio.Future[Session] = asyncio.get_running_loop().create_future()
        self._seats[token] = _Seat(label, game, future)
        return future

    def refusal(self, token: str) -> str:
        """Why the Hello with ``token`` was refused, if it was."""
        seat = self._seats.get(token)
        return seat.refusal if seat is not None else ""

    def revoke(self, token: str) -> None:
        """Admit nobody with ``token`` any more."""
        seat = self._seats.pop(token, None)
        if seat is not None and not seat.session.done():
            seat.session.cancel()

    async def Connect(  # noqa: N802 (the name is the RPC's)
        self,
        request_iterator: AsyncIterator[referee_pb2.BotMessage],
        context: grpc.aio.ServicerContext[referee_pb2.BotMessage, referee_pb2.RefereeMessage],
    ) -> AsyncIterator[referee_pb2.RefereeMessage]:
        """Admit the bot by its Hello, then relay messages both ways until either side ends."""
        hello = await self._hello(request_iterator, context)
        session, game = await self._admit(hello, context)
        reader = asyncio.create_task(_read_replies(request_iterator, session))
        try:
            yield referee_pb2.RefereeMessage(
                welcome=referee_pb2.Welcome(
                    bot_name=hello.bot_name,
                    protocol_version=session.protocol_version,
                    game=game,
                    referee=f"croupier-bot-play/{__version__}",
                )
            )
            while (message := await session.outbox.get()) is not None:
                yield message
            if reader.done() and (undecodable := reader.result()) is not None:
                await context.abort(grpc.StatusCode.INVALID_ARGUMENT, undecodable)
        finally:
            reader.cancel()
            session.close("the stream ended")

    async def _hello(
        self,
        request_iterator: AsyncIterator[referee_pb2.BotMessage],
        context: grpc.aio.ServicerContext[referee_pb2.BotMessage, referee_pb2.RefereeMessage],
    ) -> referee_pb2.Hello:
        try:
            first = await asyncio.wait_for(anext(request_iterator), SERVER_DEFAULTS.hello_timeout_s)
        except TimeoutError:
            await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "no Hello in time")
        except (StopAsyncIteration, DecodeError, grpc.RpcError):
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "expected a Hello")
        if first.WhichOneof("message") != "hello":
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "the first message must be Hello")
        return first.hello

    async def _admit(
        self,
        hello: referee_pb2.Hello,
        context: grpc.aio.ServicerContext[referee_pb2.BotMessage, referee_pb2.RefereeMessage],
    ) -> tuple[Session, str]:
        seat = self._seats.get(hello.token)
        if seat is None or (seat.session.done() and not seat.connected):
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, "unknown or expired token")
        if seat.connected:
            await context.abort(
                grpc.StatusCode.ALREADY_EXISTS, f"{seat.label} is already connected with this token"
            )
        refusal = _refusal(hello, seat)
        if refusal:
            seat.refusal = refusal
            await context.abort(grpc.StatusCode.FAILED_PRECONDITION, refusal)
        seat.connected = True
        version = hello.protocol_version
        session = Session(version, live_events=version == 1 or hello.live_events)
        seat.session.set_result(session)
        return session, seat.game


def _refusal(hello: referee_pb2.Hello, seat: _Seat) -> str:
    """Why ``hello`` cannot take ``seat``, in the server's words; "" if it can."""
    if hello.protocol_version not in PROTOCOL_VERSIONS:
        speaks = " and ".join(str(known) for known in PROTOCOL_VERSIONS)
        version = hello.protocol_version
        said = "no protocol_version" if version == 0 else f"protocol_version {version}"
        return f"the Hello says {said}; this referee speaks {speaks}"
    if hello.games and seat.game not in hello.games:
        return (
            f"{seat.label} is seated in {seat.game}, "
            f"and the bot says it plays {', '.join(hello.games)}"
        )
    return ""


async def _read_replies(
    request_iterator: AsyncIterator[referee_pb2.BotMessage], session: Session
) -> str | None:
    """Hand every reply on to the session; the stream's end closes it.

    Returns:
        Why a message could not be decoded, if that ended the stream.
    """
    reason = "the bot closed its stream"
    undecodable = None
    try:
        async for message in request_iterator:
            if message.WhichOneof("message") == "action":
                session.deliver(message.action)
            else:
                detail = "a message other than an action reply after Hello"
                session.strays.append(("malformed", detail))
    except asyncio.CancelledError:
        raise
    except DecodeError as error:
        undecodable = f"a message cannot be decoded: {error}"
        reason = f"the stream failed: {undecodable}"
    except Exception as error:
        reason = f"the stream failed: {error}"
    session.close(reason)
    return undecodable
