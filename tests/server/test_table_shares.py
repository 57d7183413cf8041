"""Tables are shared fairly: none is held by a page that never opens, a guest keeps a clock,
one client holds a few at most, and only an active version is ever seated.

The tables' host serves a real referee (gRPC on loopback) and starts the example cribbage
bot, as in tests/server/test_person_tables.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.manifest import Manifest
from croupier_server import db
from croupier_server.db import authors, versions
from croupier_server.db.bots import set_open_to_people
from croupier_server.person_tables.host import TableHost
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.web.play_schemas import (
    ForkRequest,
    SeatState,
    TableRefused,
    TableRequest,
    WhenAway,
)
from tests.server.referee.harness import GENEROUS, example_command
from tests.server.test_person_tables import finished_game

BOT = example_command("cribbage_random")


@pytest.fixture
def tables_engine(tmp_path: Path) -> Iterator[Engine]:
    """A database with the cribbage bot ``open``, and the versions ``sub@1`` (active),
    ``sub@2`` (rejected), ``sub@3`` (retired) and ``sub@4`` (received) of ``sub``, open to
    people."""
    engine = db.create_database_engine(f"sqlite:///{tmp_path / 'shares.db'}")
    db.init_database(engine)
    with Session(engine) as session:
        db.add_bot(session, name="open", game="cribbage", command=BOT)
        ada = authors.add_author(session, name="ada")[0].id
        assert ada is not None
        manifest = Manifest.from_data({"name": "sub", "game": "cribbage", "command": "bot"})
        for number in range(1, 5):
            archive = versions.NewArchive(
                digest=f"{number:064x}", data=bytes([number]), size=1, files=1
            )
            made = versions.create_version(
                session, author_id=ada, manifest=manifest, archive=archive, command=BOT
            )
            if number < 3:
                versions.begin_check(session, bot_id=made.bot_id, detail="")
                versions.finish_check(
                    session,
                    bot_id=made.bot_id,
                    passed=number == 1,
                    detail="",
                    check_log="",
                    check_games=[],
                )
            elif number == 3:
                versions.retire_version(session, bot_id=made.bot_id, by_admin=False)
        submitted = db.get_bot_by_name(session, name="sub")
        assert submitted is not None
        set_open_to_people(session, bot=submitted, open_to_people=True)
    yield engine
    engine.dispose()


async def hosting(
    engine: Engine, *, away_s: float = 0.5, **shares: int
) -> tuple[RefereeServer, TableHost]:
    server = RefereeServer(SessionRegistry())
    await server.start()
    return server, TableHost(engine, server, settings=GENEROUS, away_s=away_s, **shares)


async def closing(server: RefereeServer, host: TableHost) -> None:
    await host.close()
    await server.stop()


@pytest.mark.parametrize(
    ("when_away", "then"), [(WhenAway.FORFEIT, SeatState.FORFEITED), (WhenAway.BOT, SeatState.BOT)]
)
def test_a_seat_whose_page_never_opens_is_handed_over_after_the_away_time(
    tables_engine: Engine, when_away: WhenAway, then: SeatState
) -> None:
    async def played() -> list[SeatState]:
        server, host = await hosting(tables_engine)
        try:
            request = TableRequest(
                game="cribbage", bots=["open"], seat=0, clock=False, when_away=when_away
            )
            opened = await host.open_table(request, who="author:ada")
            assert opened.seat_secret is not None
            seat = host.seat(opened.seat_secret)
            assert seat is not None
            snapshot = seat.snapshot()
            states = [snapshot.state]
            while snapshot.result is None:  # no page ever follows the seat
                snapshot = await seat.after(snapshot.version)
                states.append(snapshot.state)
            return states
        finally:
            await closing(server, host)

    states = asyncio.run(played())
    assert then in states  # and the game has a result: it was played to its end


def test_one_client_holds_so_many_tables_and_a_guest_keeps_a_clock(
    tables_engine: Engine,
) -> None:
    def table(client: str, *, clock: bool = True) -> TableRequest:
        return TableRequest(game="cribbage", bots=["open"], seat=0, clock=clock, client=client)

    async def played() -> tuple[list[str], list[int]]:
        # These seats' people are slow to open their pages, not gone.
        server, host = await hosting(
            tables_engine, away_s=60, max_tables=4, max_tables_per_client=2
        )
        said, statuses = [], []
        try:
            for _ in range(2):
                await host.open_table(table("guest@10.0.0.1"), who="guest")
            for asked, who in [
                (table("guest@10.0.0.1"), "guest"),
                (table("guest@10.0.0.2", clock=False), "guest"),
            ]:
                with pytest.raises(TableRefused) as refused:
                    await host.open_table(asked, who=who)
                said.append(str(refused.value))
                statuses.append(refused.value.status)
            fork = finished_game(tables_engine, ["open", "open"])
            with pytest.raises(TableRefused) as forked:
                await host.fork(
                    ForkRequest(game_id=fork, step=0, seat=0, bot="open", client="guest@10.0.0.1"),
                    who="guest",
                )
            said.append(str(forked.value))
            await host.open_table(table("guest@10.0.0.2"), who="guest")
            await host.open_table(table("author:ada"), who="author:ada")
            with pytest.raises(TableRefused) as full:
                await host.open_table(table("author:bob"), who="author:bob")
            said.append(str(full.value))
            statuses.append(full.value.status)
        finally:
            await closing(server, host)
        return said, statuses

    said, statuses = asyncio.run(played())
    held = (
        "you have 2 tables playing, the most one may here: finish one (or let it end) before "
        "opening another"
    )
    assert said == [
        held,
        "a guest's seat keeps its clock (two minutes a decision, a bank of ten): log in as an "
        "author to play without one",
        held,
        "4 tables are playing, the most here: try again when one ends",
    ]
    assert statuses == [409, 400, 409]


def test_only_an_active_version_is_seated(tables_engine: Engine) -> None:
    async def played() -> list[str]:
        server, host = await hosting(tables_engine)
        said = []
        try:
            fork = finished_game(tables_engine, ["sub@3", "open"])
            for name in ["sub@2", "sub@3", "sub@4"]:
                for request in [
                    TableRequest(game="cribbage", bots=[name], seat=0),
                    TableRequest(game="cribbage", bots=["open"], seat=0, stand_in=name),
                ]:
                    with pytest.raises(TableRefused) as refused:
                        await host.open_table(request, who="author:ada")
                    said.append(str(refused.value))
            with pytest.raises(TableRefused) as forked:
                await host.fork(ForkRequest(game_id=fork, step=0, seat=1), who="author:ada")
            said.append(str(forked.value))
            opened = await host.open_table(
                TableRequest(game="cribbage", bots=["sub@1"], seat=0), who="author:ada"
            )
            assert opened.seat_secret is not None
        finally:
            await closing(server, host)
        return said

    said = asyncio.run(played())
    rejected, retired, received = (
        f"sub@{number} is {status}: only an active version plays"
        for number, status in [(2, "rejected"), (3, "retired"), (4, "received")]
    )
    assert said == [rejected, rejected, retired, retired, received, received, retired]
