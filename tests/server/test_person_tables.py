"""A table refuses a bot whose owner closed it to people, on every path that seats a bot.

The tables' host serves a real referee (gRPC on loopback) and starts the example cribbage
bot; a table is opened with a bot open to people, a bot closed to people is refused when
a table is opened, as the stand-in, when the person hands the seat over, and when a
finished game is forked; a version is refused when its submitted bot is closed. Each
refusal is one line, said before anything is played.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier.games import Result
from croupier_server import db
from croupier_server.db import BotKind, BotRecord, GameRecord
from croupier_server.db.bots import set_open_to_people
from croupier_server.person_tables.host import TableHost
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.web.play_schemas import ForkRequest, TableRefused, TableRequest, TurnRefused
from tests.server.referee.harness import GENEROUS, example_command

BOT = example_command("cribbage_random")


def refusal(name: str) -> str:
    """What the tables say of the bot ``name`` closed to people."""
    return f"{name}'s owner does not let people play against it"


@pytest.fixture
def tables_engine(tmp_path: Path) -> Iterator[Engine]:
    """A database with the cribbage bots ``open`` and ``closed``, and ``sub@1`` of a closed
    submitted bot ``sub``."""
    engine = db.create_database_engine(f"sqlite:///{tmp_path / 'tables.db'}")
    db.init_database(engine)
    with Session(engine) as session:
        db.add_bot(session, name="open", game="cribbage", command=BOT)
        db.add_bot(session, name="closed", game="cribbage", command=BOT, open_to_people=False)
        submitted = BotRecord(
            name="sub", game="cribbage", kind=BotKind.SUBMITTED, open_to_people=False
        )
        session.add(submitted)
        session.flush()
        session.add(
            BotRecord(
                name="sub@1",
                game="cribbage",
                kind=BotKind.COMMAND,
                command=BOT,
                version_of_id=submitted.id,
            )
        )
        session.commit()
    yield engine
    engine.dispose()


def games(engine: Engine) -> list[tuple[int | None, str]]:
    """The id and status of every stored game."""
    with Session(engine) as session:
        return [(game.id, game.status.value) for game in session.exec(select(GameRecord))]


def finished_game(engine: Engine, names: list[str]) -> int:
    """A finished cribbage game between the bots ``names``; its id."""
    with Session(engine) as session:
        ids = db.bot_ids(session, names=names)
        record = db.create_game(
            session, game="cribbage", options={}, seed=7, bot_ids=[ids[name] for name in names]
        )
        assert record.id is not None
        db.finish_game(session, game_id=record.id, result=Result(scores=(121, 100)))
        return record.id


async def refusals(host: TableHost, engine: Engine) -> list[str]:
    """What the host says of each way a closed bot might be seated, the person's table aside."""
    fork = finished_game(engine, ["closed", "open"])
    said = []
    for request in [
        TableRequest(game="cribbage", bots=["closed"], seat=0),
        TableRequest(game="cribbage", bots=["open"], seat=1, stand_in="closed"),
        TableRequest(game="cribbage", bots=["sub@1"], seat=0),
    ]:
        with pytest.raises(TableRefused) as refused:
            await host.open_table(request, who="guest")
        said.append(str(refused.value))
    for forked in [
        ForkRequest(game_id=fork, step=0, seat=1),  # closed stays at seat 0
        ForkRequest(game_id=fork, step=0, seat=0, bot="sub@1"),
    ]:
        with pytest.raises(TableRefused) as refused:
            await host.fork(forked, who="guest")
        said.append(str(refused.value))
    return said


async def hand_over_refused(host: TableHost, engine: Engine) -> str:
    """Open a table against ``open``, close it, and hand the seat over to it."""
    opened = await host.open_table(
        TableRequest(game="cribbage", bots=["open"], seat=0, stand_in="open"), who="guest"
    )
    assert opened.seat_secret is not None
    seat = host.seat(opened.seat_secret)
    assert seat is not None
    with Session(engine) as session:
        bot = db.get_bot_by_name(session, name="open")
        assert bot is not None
        set_open_to_people(session, bot=bot, open_to_people=False)
    with pytest.raises(TurnRefused) as refused:
        await seat.hand_over(None)
    return str(refused.value)


def test_a_bot_closed_to_people_is_seated_by_no_table(tables_engine: Engine) -> None:
    engine = tables_engine

    async def played() -> tuple[list[str], str]:
        server = RefereeServer(SessionRegistry())
        await server.start()
        host = TableHost(engine, server, settings=GENEROUS, away_s=60)
        try:
            return await refusals(host, engine), await hand_over_refused(host, engine)
        finally:
            await host.close()
            await server.stop()

    said, handed = asyncio.run(played())
    assert said == [
        refusal("closed"),
        refusal("closed"),
        refusal("sub@1"),
        refusal("closed"),
        refusal("sub@1"),
    ]
    assert handed == refusal("open")
    assert [status for _, status in games(engine)] == ["finished", "aborted"]
