"""The dashboard's end of the link: the referee's tables and second opinions, asked remotely.

:class:`RefereeLink` connects to the socket of
:func:`~croupier_server.referee_link.server.referee_link_serving` and gives the dashboard
what it would be given in the referee's process: :attr:`RefereeLink.tables` (a
:class:`~croupier_server.web.play_schemas.PersonTables`), :attr:`RefereeLink.second_opinions`
(a :class:`~croupier_server.web.second_opinions.SecondOpinions`) and
:meth:`RefereeLink.admit_remote`. The Protocols' synchronous methods (a seat found by its
secret, its snapshot, an action) are blocking calls on a second channel: a local round trip
to a process that answers them from memory.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TypeVar

import grpc
from pydantic import BaseModel, ValidationError

from croupier_server.errors import CroupierServerError
from croupier_server.referee_link.wire import (
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
    raise_refusal,
)
from croupier_server.web.play_schemas import (
    ForkRequest,
    OpenedTable,
    PersonTables,
    SeatSnapshot,
    TableRequest,
)
from croupier_server.web.second_opinions import SecondOpinion, SecondOpinions

__all__ = ["BLOCKING_CALL_S", "RefereeLink", "RefereeLinkError"]

BLOCKING_CALL_S = 10.0
"""The longest a blocking call waits for the referee's process before it fails."""
MAX_ANSWER_BYTES = 64 << 20
"""The largest answer read: a long game's snapshot or second opinion stays far below."""

VALUE = TypeVar("VALUE")


class RefereeLinkError(CroupierServerError):
    """The referee's process did not answer, or answered what no call answers."""


class RefereeLink:
    """The referee's process as the dashboard's process reaches it, through ``socket``.

    Made in the event loop that serves the dashboard; :meth:`close` when done.
    """

    def __init__(self, socket: Path) -> None:
        target = f"unix:{socket}"
        options = [("grpc.max_receive_message_length", MAX_ANSWER_BYTES)]
        self._channel = grpc.aio.insecure_channel(target, options=options)
        self._blocking = grpc.insecure_channel(target, options=options)
        self.tables: PersonTables = _RemoteTables(self)
        """The referee's tables where people sit."""
        self.second_opinions: SecondOpinions = _RemoteSecondOpinions(self)
        """The referee's second opinions."""

    def admit_remote(self, key_hash: str, name: str, game: str) -> None:
        """Have the referee admit the remote bot ``name`` just registered (from a thread).

        The referee reads its key and game from the database, not from the dashboard:
        ``key_hash`` and ``game`` are what the administration hands over, and unused.

        Raises:
            RefereeLinkError: the referee's process did not answer.
        """
        del key_hash, game
        self.call_blocking(Method.ADMIT, Admission(name=name), type(None))

    async def call(self, method: Method, request: BaseModel, answer: type[VALUE]) -> VALUE | None:
        """Call ``method`` with ``request``; its value (if any), read as ``answer``.

        Raises:
            RefereeLinkError: no answer, or not one of ``answer``'s kind.
            TableRefused | TurnRefused | OpinionRefused: the referee refused the call so.
        """
        stub: grpc.aio.UnaryUnaryMultiCallable[bytes, bytes] = self._channel.unary_unary(
            method.path
        )
        try:
            body = await stub(request.model_dump_json().encode())
        except grpc.RpcError as error:
            raise _failure(method, error) from None
        return _value(method, body, answer)

    def call_blocking(
        self, method: Method, request: BaseModel, answer: type[VALUE]
    ) -> VALUE | None:
        """:meth:`call`, waiting at most :data:`BLOCKING_CALL_S` without giving up the thread."""
        stub: grpc.UnaryUnaryMultiCallable[bytes, bytes] = self._blocking.unary_unary(method.path)
        try:
            body = stub(request.model_dump_json().encode(), timeout=BLOCKING_CALL_S)
        except grpc.RpcError as error:
            raise _failure(method, error) from None
        return _value(method, body, answer)

    @contextlib.contextmanager
    def following(self, secret: str) -> Iterator[None]:
        """The referee counts a page following seat ``secret`` while the block runs."""
        stub: grpc.aio.UnaryStreamMultiCallable[bytes, bytes] = self._channel.unary_stream(
            Method.FOLLOW.path
        )
        call = stub(SeatCall(secret=secret).model_dump_json().encode())
        try:
            yield
        finally:
            call.cancel()

    async def close(self) -> None:
        """Close the link's channels."""
        self._blocking.close()
        await self._channel.close()


def _value(method: Method, body: bytes, answer: type[VALUE]) -> VALUE | None:
    try:
        read = Answer[answer].model_validate_json(body)  # type: ignore[valid-type]
    except ValidationError:
        raise RefereeLinkError(f"the referee's answer to {method.value} is malformed") from None
    if read.refused is not None:
        raise_refusal(read.refused)
    value: VALUE | None = read.value
    return value


def _given(method: Method, value: VALUE | None) -> VALUE:
    if value is None:
        raise RefereeLinkError(f"the referee's answer to {method.value} is empty")
    return value


def _failure(method: Method, error: grpc.RpcError) -> RefereeLinkError:
    details = getattr(error, "details", lambda: str(error))()
    return RefereeLinkError(f"the referee did not answer {method.value}: {details}")


class _RemoteTables:
    """The referee's :class:`~croupier_server.web.play_schemas.PersonTables`, over the link."""

    def __init__(self, link: RefereeLink) -> None:
        self._link = link

    async def open_table(self, request: TableRequest, *, who: str) -> OpenedTable:
        opening = Opening(request=request, who=who)
        opened = _given(
            Method.OPEN_TABLE, await self._link.call(Method.OPEN_TABLE, opening, _OpenedTable)
        )
        return OpenedTable(opened.game_id, opened.seat_secret)

    async def fork(self, request: ForkRequest, *, who: str) -> OpenedTable:
        forking = Fork(request=request, who=who)
        opened = _given(Method.FORK, await self._link.call(Method.FORK, forking, _OpenedTable))
        return OpenedTable(opened.game_id, opened.seat_secret)

    def seat(self, secret: str) -> _RemoteSeat | None:
        call = SeatCall(secret=secret)
        found = self._link.call_blocking(Method.SNAPSHOT, call, WireSnapshot)
        return None if found is None else _RemoteSeat(self._link, secret)


class _OpenedTable(BaseModel):
    game_id: int
    seat_secret: str | None


class _RemoteSeat:
    """A person's seat kept by the referee, over the link (a ``PersonSeatHandle``)."""

    def __init__(self, link: RefereeLink, secret: str) -> None:
        self._link = link
        self._secret = secret

    def snapshot(self) -> SeatSnapshot:
        call = SeatCall(secret=self._secret)
        found = self._link.call_blocking(Method.SNAPSHOT, call, WireSnapshot)
        if found is None:
            raise RefereeLinkError("the seat is no longer kept by the referee")
        return _snapshot(found)

    async def after(self, version: int) -> SeatSnapshot:
        call = SeatChange(secret=self._secret, version=version)
        return _snapshot(
            _given(Method.AFTER, await self._link.call(Method.AFTER, call, WireSnapshot))
        )

    def followed(self) -> AbstractContextManager[None]:
        return self._link.following(self._secret)

    def act(self, request_id: int, action: int) -> None:
        call = SeatAction(secret=self._secret, request_id=request_id, action=action)
        self._link.call_blocking(Method.ACT, call, type(None))

    async def hand_over(self, bot: str | None) -> None:
        handing = SeatHandOver(secret=self._secret, bot=bot)
        await self._link.call(Method.HAND_OVER, handing, type(None))

    async def take_back(self) -> None:
        await self._link.call(Method.TAKE_BACK, SeatCall(secret=self._secret), type(None))


def _snapshot(wire: WireSnapshot) -> SeatSnapshot:
    try:
        return wire.snapshot()
    except ValueError as error:
        raise RefereeLinkError(
            f"the referee sent a seat this process cannot read: {error}"
        ) from None


class _RemoteSecondOpinions:
    """The referee's :class:`~croupier_server.web.second_opinions.SecondOpinions`, over the link."""

    def __init__(self, link: RefereeLink) -> None:
        self._link = link

    async def ask(self, *, game_id: int, bot: str, seat: int) -> SecondOpinion:
        question = Question(game_id=game_id, bot=bot, seat=seat)
        return _given(Method.ASK, await self._link.call(Method.ASK, question, SecondOpinion))
