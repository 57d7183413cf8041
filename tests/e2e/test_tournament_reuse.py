"""Tournaments with ``--processes reuse``: few long-lived bot processes play every game.

Each bot's command carries a tag of the test (an argument the bots ignore), so the test
finds in /proc every process started, counts them, and checks that none is left running.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlmodel import Session

from croupier.games import load_game
from croupier_server.cli import main
from croupier_server.db import create_database_engine, statistics
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import Progress, create_tournament, run_tournament
from croupier_server.tournament.settings import ProcessMode
from tests.server.referee.harness import (
    GENEROUS,
    ProcessWatch,
    example_command,
    is_running,
    new_tag,
    scripted_command,
    tagged,
    tagged_processes,
)

pytestmark = [
    pytest.mark.usefixtures("seeded_bots"),
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

CRIBBAGE_BOTS = ["cribbage_random", "cribbage_greedy", "cribbage_strong"]


class Stop(Exception):
    pass


def started_pids(watch: ProcessWatch) -> list[int]:
    """The ids of the bot processes the watch saw (each example bot is one process)."""
    return [process.pid for process in watch.bots()]


def add_bot(database_url: str, name: str, command: str) -> None:
    argv = ["bot", "add", name, "--game", "cribbage", "--command", command]
    assert main([*argv, "--db", database_url]) == 0


def test_a_reuse_tournament_plays_every_game_with_few_processes_and_resumes(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tag = new_tag()
    for name in CRIBBAGE_BOTS:
        add_bot(database_url, name, tagged(example_command(name), tag))
    engine = create_database_engine(database_url)
    game = load_game("cribbage", {"variant": "six-card", "match_points": 1})
    record = create_tournament(
        engine,
        game=game,
        bots=CRIBBAGE_BOTS,
        seed=4,
        format_settings=RoundRobinSettings(deals=3),
        concurrency=2,
        settings=GENEROUS,
        processes=ProcessMode.REUSE,
    )
    assert record.id is not None

    def stop_after_four(progress: Progress) -> None:
        if progress.done >= 4:
            raise Stop

    async def run() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(
                engine, server, tournament_id=record.id or 0, progress=stop_after_four
            )
        finally:
            await server.stop()

    with ProcessWatch(tag) as watch, pytest.raises(Stop):
        asyncio.run(run())
    # Two games at once, one seat each: two processes a bot, all ended with the run.
    first_run = started_pids(watch)
    assert len(first_run) == 6
    assert not any(is_running(pid) for pid in first_run)
    assert tagged_processes(tag) == {}

    capsys.readouterr()
    with ProcessWatch(tag) as watch:
        resume = ["tournament", "resume", str(record.id), "--db", database_url, "--json"]
        assert main(resume) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "finished"
    assert data["processes"] == "reuse"
    assert data["finished"] == data["games"] == 18
    every_run = first_run + started_pids(watch)
    assert len(every_run) == 12 < data["games"] * game.num_players
    assert not any(is_running(pid) for pid in every_run)
    assert tagged_processes(tag) == {}
    with Session(engine) as session:
        assert statistics.bot_fault_counts(session, game="cribbage", tournament_id=record.id) == {}
    engine.dispose()


def test_a_pooled_process_that_dies_is_charged_and_started_again(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tag = new_tag()
    add_bot(database_url, "cribbage_random", example_command("cribbage_random"))
    add_bot(database_url, "cribbage_greedy", example_command("cribbage_greedy"))
    # Dies when asked its fifth decision: in the second game it plays, at the latest.
    add_bot(database_url, "crasher", scripted_command("crash", "--after", "4", tag=tag))
    capsys.readouterr()
    argv = ["tournament", "run", "--game", "cribbage", "--match-points", "1", "--deals", "1"]
    bots = "cribbage_random,cribbage_greedy,crasher"
    options = ["--seed", "3", "--concurrency", "1", "--connect-ms", "30000", "--processes"]
    with ProcessWatch(tag) as watch:
        argv += ["--bots", bots, *options, "reuse", "--json", "--db", database_url]
        assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "finished"
    assert data["finished"] == data["games"] == 6
    pids = started_pids(watch)
    assert len(pids) >= 2
    assert not any(is_running(pid) for pid in pids)
    assert tagged_processes(tag) == {}
    engine = create_database_engine(database_url)
    with Session(engine) as session:
        faults = statistics.bot_fault_counts(session, game="cribbage", tournament_id=data["id"])
    assert set(faults) == {"crasher"}
    assert faults["crasher"].get("crash", 0) >= 1
    engine.dispose()
