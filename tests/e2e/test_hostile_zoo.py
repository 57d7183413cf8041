"""The zoo of hostile bots plays a real tournament beside honest bots (docs/referee.md).

Every hostile bot of ``tests/fakebots/zoo.py`` (one per misdeed the issue lists) is a
challenger of a gauntlet against the two honest example bots, with an honest challenger
too, two games at once, the dashboard served on a loopback port all along. The tournament
must finish with every scheduled game stored once and replayable (the ``checked_database``
fixture replays them), each hostile bot charged its fault in each of its games and the
honest bots none, and every try of the intruder (another seat's token, a finished game's
token, no token, the dashboard, the database's files, the referee's process) refused.
"""

from __future__ import annotations

import asyncio
import os
import urllib.request
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import create_database_engine, init_database
from croupier_server.referee.containment import sandbox
from tests.fakebots import zoo

pytestmark = [
    pytest.mark.slow,
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
    pytest.mark.skipif(
        not sandbox.files_can_be_restricted() or not sandbox.network_can_be_cut(),
        reason="Landlock or network namespaces are not available here: a bot may reach the "
        "database, the other bots' tokens and the dashboard",
    ),
    pytest.mark.skipif(
        "pids" not in sandbox.cgroup_bases() and os.geteuid() == 0,
        reason="no pids control group, and RLIMIT_NPROC does not bind root: a fork bomb "
        "is not held",
    ),
]

HONEST_CHALLENGER = "greedy_challenger"
HONEST_GAME_S = 15.0
"""Far more than an honest game takes here (about a second), far less than a stalled one."""
INTRUDER_TRIES = {
    "no token",
    "a finished game's token",
    "another seat's token",
    "the dashboard",
    "signal the referee",
    "the referee's environment",
    "other bots' files",
    "lift its limits",
}


def test_hostile_bots_are_charged_their_faults_and_lose_or_leak_nothing(
    checked_database: str, tmp_path: Path, seeded_bots: None
) -> None:
    engine = create_database_engine(checked_database)
    init_database(engine)
    database = Path(sa.make_url(checked_database).database or "")
    database_files = [database.with_name(database.name + suffix) for suffix in ("", "-wal", "-shm")]
    tokens = tmp_path / "relayed" / "finished-tokens"
    tokens.parent.mkdir()

    async def play() -> tuple[list[zoo.Hostile], int]:
        async with zoo.serving_dashboard(engine) as url:
            hostile = zoo.hostile_bots(
                tokens=tokens, database_files=database_files, dashboard_url=url
            )
            zoo.register(engine, hostile, {**zoo.FIELD, HONEST_CHALLENGER: "cribbage_greedy"})
            challengers = [bot.name for bot in hostile] + [HONEST_CHALLENGER]
            tournament_id = await zoo.play_gauntlet(
                engine, challengers=challengers, deals=1, concurrency=2, tokens=tokens
            )
            # Reachable all along from here: the intruder's failure is its confinement's.
            with await asyncio.to_thread(urllib.request.urlopen, url, timeout=10) as page:
                assert page.status == 200
        return hostile, tournament_id

    hostile, tournament_id = asyncio.run(play())
    scheduled = (len(hostile) + 1) * len(zoo.FIELD) * 2  # every pairing, seats swapped
    with Session(engine) as session:
        record = db.get_tournament(session, tournament_id=tournament_id)
        assert record is not None
        assert record.status == "finished"
        finished = db.finished_schedule_numbers(session, tournament_id=tournament_id)
    assert finished == set(range(scheduled))
    games = zoo.played_games(engine, tournament_id)
    assert [game.number for game in games] == list(range(scheduled))  # each once
    assert zoo.misjudged_faults(games, hostile) == []
    honest = [game for game in games if HONEST_CHALLENGER in game.bots]
    assert len(honest) == 4
    assert all(game.seconds < HONEST_GAME_S for game in honest), [g.seconds for g in honest]
    notes = zoo.intruder_notes(engine)
    assert zoo.leaks(notes) == []
    expected_tries = INTRUDER_TRIES | {
        f"{kind} {path}" for path in database_files for kind in ("read", "write")
    }
    assert zoo.tries(notes) == expected_tries
    engine.dispose()
