"""The referee's end of the link: its tables, second opinions and admissions, on a Unix socket.

:func:`referee_link_serving` serves a :class:`RefereeSide` on a socket in a directory of its
own, made for the block (mode 0700: only the server's user reaches it) and removed after.
Each request is read as its :mod:`~croupier_server.referee_link.wire` model, its bounds
checked (a malformed one is refused with ``INVALID_ARGUMENT``); the pages' refusals go back
as :class:`~croupier_server.referee_link.wire.Refusal` answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import grpc
from pydantic import BaseModel, ValidationError

from croupier_server.referee_link.wire import (
    MAX_REQUEST_BYTES,
    SERVICE,
    Admission,
    Answer,
    Fork,
    Method,
    Opening,
    Question,
    SeatAction,
    SeatCall,
    SeatChange,
    SeatHandOver,
    WireSnapshot,
    refusal_of,
)
from croupier_server.web.play_schemas import PersonSeatHandle, PersonTables, TurnRefused
from croupier_server.web.second_opinions import SecondOpinions

__all__ = ["SOCKET_NAME", "RefereeSide", "referee_link_serving"]

SOCKET_NAME = "referee.sock"
"""The socket's name in the link's directory."""
GONE = "no table has this link (it is over, or it never was)"

REQUEST = TypeVar("REQUEST", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class RefereeSide:
    """What the dashboard's processes may ask of the process that referees."""

    tables: PersonTables
    second_opinions: SecondOpinions
    admit_remote: Callable[[str], Awaitable[None]]
    """Admits the remote bot of this name as the database registers it (its key, its game)."""


@contextlib.asynccontextmanager
async def referee_link_serving(side: RefereeSide) -> AsyncIterator[Path]:
    """Serve ``side`` while the block runs; the socket's path, in a directory made for it.

    Raises:
        OSError: the directory or the socket cannot be made.
    """
    directory = Path(tempfile.mkdtemp(prefix="croupier-link-"))
    socket = directory / SOCKET_NAME
    server = grpc.aio.server(options=[("grpc.max_receive_message_length", MAX_REQUEST_BYTES)])
    server.add_generic_rpc_handlers((_handlers(side),))
    try:
        if not server.add_insecure_port(f"unix:{socket}"):
            raise OSError(f"cannot listen on {socket}")
        await server.start()
        yield socket
    finally:
        await server.stop(grace=None)
        shutil.rmtree(directory, ignore_errors=True)


def _handlers(side: RefereeSide) -> grpc.GenericRpcHandler:
    tables = side.tables

    async def admit(admission: Admission) -> None:
        await side.admit_remote(admission.name)

    async def snapshot(call: SeatCall) -> WireSnapshot | None:
        seat = tables.seat(call.secret)
        return None if seat is None else WireSnapshot.of(seat.snapshot())

    async def after(call: SeatChange) -> WireSnapshot:
        return WireSnapshot.of(await _seat(tables, call.secret).after(call.version))

    async def act(call: SeatAction) -> None:
        _seat(tables, call.secret).act(call.request_id, call.action)

    async def hand_over(call: SeatHandOver) -> None:
        await _seat(tables, call.secret).hand_over(call.bot)

    async def take_back(call: SeatCall) -> None:
        await _seat(tables, call.secret).take_back()

    async def ask(question: Question) -> BaseModel:
        return await side.second_opinions.ask(
            game_id=question.game_id, bot=question.bot, seat=question.seat
        )

    async def open_table(opening: Opening) -> BaseModel:
        return _Opened.model_validate(await tables.open_table(opening.request, who=opening.who))

    async def fork(call: Fork) -> BaseModel:
        return _Opened.model_validate(await tables.fork(call.request, who=call.who))

    unary: dict[Method, grpc.RpcMethodHandler[bytes, bytes]] = {
        Method.ADMIT: _unary(Admission, admit),
        Method.OPEN_TABLE: _unary(Opening, open_table),
        Method.FORK: _unary(Fork, fork),
        Method.SNAPSHOT: _unary(SeatCall, snapshot),
        Method.AFTER: _unary(SeatChange, after),
        Method.ACT: _unary(SeatAction, act),
        Method.HAND_OVER: _unary(SeatHandOver, hand_over),
        Method.TAKE_BACK: _unary(SeatCall, take_back),
        Method.ASK: _unary(Question, ask),
    }
    methods = {method.value: handler for method, handler in unary.items()}
    methods[Method.FOLLOW.value] = grpc.unary_stream_rpc_method_handler(_follower(tables))
    return grpc.method_handlers_generic_handler(SERVICE, methods)


class _Opened(BaseModel, from_attributes=True):
    """An :class:`~croupier_server.web.play_schemas.OpenedTable` as it crosses the link."""

    game_id: int
    seat_secret: str | None


def _seat(tables: PersonTables, secret: str) -> PersonSeatHandle:
    seat = tables.seat(secret)
    if seat is None:
        raise TurnRefused(GONE)
    return seat


def _unary(
    model: type[REQUEST], call: Callable[[REQUEST], Awaitable[BaseModel | None]]
) -> grpc.RpcMethodHandler[bytes, bytes]:
    """A method that reads its request as ``model`` and answers ``call``'s value or refusal."""

    async def handle(body: bytes, context: grpc.aio.ServicerContext[bytes, bytes]) -> bytes:
        request = await _read(model, body, context)
        try:
            value = await call(request)
        except Exception as error:
            refused = refusal_of(error)
            if refused is None:
                raise
            return Answer[Any](refused=refused).model_dump_json().encode()
        return Answer[Any](value=value).model_dump_json().encode()

    return grpc.unary_unary_rpc_method_handler(handle)


def _follower(
    tables: PersonTables,
) -> Callable[[bytes, grpc.aio.ServicerContext[bytes, bytes]], AsyncIterator[bytes]]:
    """The ``Follow`` method: the seat is followed while the call stays open."""

    async def follow(
        body: bytes, context: grpc.aio.ServicerContext[bytes, bytes]
    ) -> AsyncIterator[bytes]:
        call = await _read(SeatCall, body, context)
        seat = tables.seat(call.secret)
        if seat is None:
            await context.abort(grpc.StatusCode.NOT_FOUND, GONE)
        with seat.followed():
            yield b"{}"
            # Until the page's process ends the call: its page closed, or the process did.
            await asyncio.Event().wait()

    return follow


async def _read(
    model: type[REQUEST], body: bytes, context: grpc.aio.ServicerContext[bytes, bytes]
) -> REQUEST:
    try:
        return model.model_validate_json(body)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        await context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"{where}: {first['msg']}")
