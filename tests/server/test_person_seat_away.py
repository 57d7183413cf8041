"""A page that comes back while the away stand-in starts keeps the seat for the person.

The tables' host serves a real referee (gRPC on loopback). The stand-in is the example
cribbage bot behind a gate: a shell that starts it only on ``SIGUSR1``, its command line
tagged so that the test finds it in /proc. The table's page never opens, so the away time
(50 ms) hands the seat to the stand-in; while the stand-in waits at its gate, a page follows
the seat. Then the gate opens: the stand-in connects, is no longer wanted and is stopped;
the seat stays the person's, who may hand it to a bot of their choosing, which plays it.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.person_tables.host import TableHost
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.web.play_schemas import SeatState, TableRequest
from tests.server.referee.harness import GENEROUS, example_command, new_tag, tagged_processes
from tests.waiting import wait_until

BOT = example_command("cribbage_random")


@pytest.fixture
def tag() -> str:
    """The marker on the gated stand-in's command line."""
    return new_tag()


@pytest.fixture
def engine(tmp_path: Path, tag: str) -> Iterator[Engine]:
    """The cribbage bots ``open`` and ``gated`` (which starts ``open``'s program on SIGUSR1)."""
    waits = f"trap 'exec {BOT}' USR1; while :; do /bin/sleep 0.02; done"
    engine = db.create_database_engine(f"sqlite:///{tmp_path / 'tables.db'}")
    db.init_database(engine)
    with Session(engine) as session:
        db.add_bot(session, name="open", game="cribbage", command=BOT)
        gated = shlex.join(["/bin/sh", "-c", waits, tag])
        db.add_bot(session, name="gated", game="cribbage", command=gated)
    yield engine
    engine.dispose()


def test_a_page_that_comes_back_while_the_stand_in_starts_keeps_the_seat(
    engine: Engine, tag: str
) -> None:
    async def gated() -> int | None:
        """The gated stand-in's shell, once it runs."""
        running = [seen.pid for seen in tagged_processes(tag).values() if not seen.keeper]
        return running[0] if running else None

    async def played() -> tuple[SeatState, SeatState, str | None]:
        server = RefereeServer(SessionRegistry())
        await server.start()
        host = TableHost(engine, server, settings=GENEROUS, away_s=0.05)
        try:
            opened = await host.open_table(
                TableRequest(game="cribbage", bots=["open"], seat=0, stand_in="gated"),
                who="guest",
            )
            assert opened.seat_secret is not None
            seat = host.seat(opened.seat_secret)
            assert seat is not None
            shell = await wait_until(gated, "the away stand-in to be started")
            with seat.followed():
                os.kill(shell, signal.SIGUSR1)

                async def gone_or_seated() -> bool:
                    return not tagged_processes(tag) or seat.snapshot().state is SeatState.BOT

                await wait_until(gone_or_seated, "the stand-in to be stopped or seated")
                after_return = seat.snapshot().state
                await seat.hand_over("open")
                chosen = seat.snapshot()
                return after_return, chosen.state, chosen.stand_in
        finally:
            await host.close()
            await server.stop()

    after_return, state, stand_in = asyncio.run(played())
    assert after_return is SeatState.PERSON
    assert (state, stand_in) == (SeatState.BOT, "open")
