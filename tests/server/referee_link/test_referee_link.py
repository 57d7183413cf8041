"""The referee link, over its real Unix socket: the pages see the referee's tables as if local.

The referee's side is a real :class:`TableHost` on a real referee (gRPC on loopback,
the example cribbage bot started for each table) and real second opinions; the dashboard's
side is a :class:`RefereeLink`. A seat read through the link is the seat the host keeps;
every refusal arrives as the same exception with the same message; a malformed request is
refused before it reaches the tables; the socket's directory is its user's alone; and a
remote bot is admitted with the key the database holds, whatever the dashboard says.
"""

from __future__ import annotations

import asyncio
import dataclasses
import stat
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli._serving import remote_admitter
from croupier_server.person_tables.host import TableHost
from croupier_server.referee.registry import AdmissionError, SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee_link import RefereeLink, RefereeSide, referee_link_serving
from croupier_server.referee_link.wire import Method
from croupier_server.second_opinion import ServerSecondOpinions
from croupier_server.web.play_schemas import (
    SeatSnapshot,
    SeatState,
    TableRefused,
    TableRequest,
    TurnRefused,
)
from croupier_server.web.second_opinions import OpinionRefused
from tests.server.referee.harness import GENEROUS, example_command

BOT = example_command("cribbage_random")


@dataclass(frozen=True)
class LinkDatabase:
    """A database with the cribbage bots ``open``, ``closed`` (to people) and ``far``
    (remote, with the key ``far_key``)."""

    engine: Engine
    far_key: str


@pytest.fixture
def link_database(tmp_path: Path) -> Iterator[LinkDatabase]:
    engine = db.create_database_engine(f"sqlite:///{tmp_path / 'link.db'}")
    db.init_database(engine)
    with Session(engine) as session:
        db.add_bot(session, name="open", game="cribbage", command=BOT)
        db.add_bot(session, name="closed", game="cribbage", command=BOT, open_to_people=False)
        _, key = db.create_remote_bot(session, name="far", game="cribbage")
        session.commit()
    yield LinkDatabase(engine, key)
    engine.dispose()


@dataclass
class Linked:
    """Both ends: the referee's tables and registry, and the dashboard's link to them."""

    host: TableHost
    registry: SessionRegistry
    link: RefereeLink
    socket: Path


@asynccontextmanager
async def linked(engine: Engine) -> AsyncIterator[Linked]:
    """A referee with its tables, served over the link while the block runs."""
    registry = SessionRegistry()
    server = RefereeServer(registry)
    await server.start()
    host = TableHost(engine, server, settings=GENEROUS, away_s=60)
    side = RefereeSide(
        tables=host,
        second_opinions=ServerSecondOpinions(engine, server),
        admit_remote=remote_admitter(engine, registry),
    )
    try:
        async with referee_link_serving(side) as socket:
            link = RefereeLink(socket)
            try:
                yield Linked(host, registry, link, socket)
            finally:
                await link.close()
    finally:
        await host.close()
        await server.stop()


async def refused(call: object) -> str:
    """The one line ``call`` (an awaitable) was refused with; it must be refused."""
    with pytest.raises((TableRefused, TurnRefused, OpinionRefused)) as refusal:
        await call  # type: ignore[misc]
    return f"{type(refusal.value).__name__}: {refusal.value}"


def test_refusals_cross_the_link_as_the_same_exceptions(link_database: LinkDatabase) -> None:
    closed = TableRequest(game="cribbage", bots=["closed"], seat=0)
    wrong_seat = TableRequest(game="cribbage", bots=["open"], seat=5)

    async def both() -> tuple[list[str], list[str], OpinionRefused]:
        async with linked(link_database.engine) as ends:
            local = [
                await refused(ends.host.open_table(closed, who="guest")),
                await refused(ends.host.open_table(wrong_seat, who="guest")),
            ]
            remote = [
                await refused(ends.link.tables.open_table(closed, who="guest")),
                await refused(ends.link.tables.open_table(wrong_seat, who="guest")),
            ]
            with pytest.raises(OpinionRefused) as opinion:
                await ends.link.second_opinions.ask(game_id=999, bot="open", seat=0)
            return local, remote, opinion.value

    local, remote, opinion = asyncio.run(both())
    assert remote == local
    assert remote[0] == "TableRefused: closed's owner does not let people play against it"
    assert opinion.status == 404


def test_a_seat_is_read_and_played_through_the_link(link_database: LinkDatabase) -> None:
    request = TableRequest(game="cribbage", bots=["open"], seat=0, stand_in="open")

    async def played() -> tuple[list[SeatSnapshot], str, SeatState]:
        # The pages' blocking calls leave the loop, here the referee's, to answer them.
        async with linked(link_database.engine) as ends:
            tables = ends.link.tables
            opened = await tables.open_table(request, who="guest")
            assert opened.seat_secret is not None
            assert await asyncio.to_thread(tables.seat, "x" * 40) is None
            seat = await asyncio.to_thread(tables.seat, opened.seat_secret)
            kept = ends.host.seat(opened.seat_secret)
            assert seat is not None
            assert kept is not None
            with seat.followed():
                snapshot: SeatSnapshot = await asyncio.to_thread(seat.snapshot)
                while snapshot.request_id is None:
                    snapshot = await seat.after(snapshot.version)
                same = [snapshot, kept.snapshot()]
                with pytest.raises(TurnRefused) as late:
                    await asyncio.to_thread(seat.act, snapshot.request_id + 1, 0)
                await asyncio.to_thread(seat.act, snapshot.request_id, 0)
                moved = await seat.after(snapshot.version)
            return same, str(late.value), moved.state

    (remote, local), late, state = asyncio.run(played())
    # The game, its actions and legal actions rebuilt alike; only the clock moved on.
    assert dataclasses.replace(remote, asked_ago_ms=0) == dataclasses.replace(local, asked_ago_ms=0)
    assert late == "that decision is no longer asked"
    assert state in (SeatState.PERSON, SeatState.OVER)


def test_a_malformed_request_is_refused_before_the_tables(link_database: LinkDatabase) -> None:
    async def asked() -> tuple[grpc.StatusCode, str, int]:
        async with linked(link_database.engine) as ends:
            mode = stat.S_IMODE(ends.socket.parent.stat().st_mode)
            async with grpc.aio.insecure_channel(f"unix:{ends.socket}") as channel:
                snapshot: grpc.aio.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary(
                    Method.SNAPSHOT.path
                )
                with pytest.raises(grpc.aio.AioRpcError) as error:
                    await snapshot(b'{"secret": "../../etc/passwd"}')
            return error.value.code(), error.value.details() or "", mode

    code, details, mode = asyncio.run(asked())
    assert code is grpc.StatusCode.INVALID_ARGUMENT
    assert details.startswith("secret: String should")
    assert mode == 0o700


def test_a_remote_bot_is_admitted_with_the_key_the_database_holds(
    link_database: LinkDatabase,
) -> None:
    async def admitted() -> tuple[str, str]:
        async with linked(link_database.engine) as ends:
            await asyncio.to_thread(ends.link.admit_remote, "forged", "far", "cribbage")
            await asyncio.to_thread(ends.link.admit_remote, "forged", "open", "cribbage")
            admitted = ends.registry.admit(link_database.far_key, games=["cribbage"])
            with pytest.raises(AdmissionError) as forged:
                ends.registry.admit("forged", games=["cribbage"])
            return admitted.bot_name, str(forged.value)

    name, forged = asyncio.run(admitted())
    assert name == "far"
    assert forged == "unknown or expired token"
