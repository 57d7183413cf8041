"""A tournament's process modes, told from what was stored (docs/tournaments.md, "Processes").

The bots are ``tests/fakebots/identified.py``: at each game's start a process writes who it
is and how many games it has played, a line the referee keeps with the game. So the stored
games say which process played which seat of which game, and of which deal; a watch of
/proc (the bots' commands carry a tag) counts how many processes were alive at once.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import shlex
import sys
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import create_database_engine, statistics
from croupier_server.db.outputs import game_output
from croupier_server.processes.pool import process_cap
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import Progress, create_tournament, run_tournament
from tests import queries
from tests.fakebots import identified
from tests.server.referee.harness import GENEROUS, ProcessWatch, new_tag, tagged_processes

SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

LEXIO = load_game("lexio", {"players": 4, "rounds": 1})
CRIBBAGE = load_game("cribbage", {"variant": "six-card", "match_points": 1})
SIX = [f"bot{number}" for number in range(6)]
"""Six bots at tables of four: three tables a round robin of three deals, each played in its
four rotations, so that each bot sits at two tables and needs four processes a table."""


class Stop(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Played:
    """One seat of a stored game, and the process that played it."""

    game_id: int
    deal: int
    bot: str
    process: str
    game_of_process: int
    """How many games the process had played with this one."""
    started_at: datetime
    """When the process said who it was, at the game's start."""
    finished_at: datetime


def identified_command(tag: str, *options: str) -> str:
    script = Path(identified.__file__)
    return shlex.join([sys.executable, str(script), *options, "--tag", tag])


def add_bots(database_url: str, game: Game[Any], commands: dict[str, str]) -> None:
    for name, command in commands.items():
        argv = ["bot", "add", name, "--game", game.name, "--command", command]
        assert main([*argv, "--db", database_url]) == 0


def played_seats(database_url: str, game: Game[Any], tournament_id: int) -> list[Played]:
    """Every seat of the tournament's finished games, with the process that played it.

    Each seat's stored output holds the one line its process wrote at that game's start.
    """
    engine = create_database_engine(database_url)
    seats = []
    with Session(engine) as session:
        for record, seated in queries.finished_games(
            session, game=game.name, tournament_id=tournament_id
        ):
            assert record.id is not None
            assert record.schedule_deal is not None
            assert record.finished_at is not None
            for name, seat in seated:
                lines = game_output(session, game_id=record.id, seat=seat.seat)
                said = [found for line in lines if (found := identified.LINE.fullmatch(line.text))]
                assert len(said) == 1, [line.text for line in lines]
                seats.append(
                    Played(
                        record.id,
                        record.schedule_deal,
                        name,
                        said[0]["process"],
                        int(said[0]["game"]),
                        next(line.at for line in lines if identified.LINE.fullmatch(line.text)),
                        record.finished_at,
                    )
                )
    engine.dispose()
    return seats


def assert_one_game_at_a_time(seats: list[Played]) -> None:
    """Each process played its games one after another, counting them from 1."""
    by_process: dict[str, list[Played]] = defaultdict(list)
    for seat in seats:
        by_process[seat.process].append(seat)
    for games in by_process.values():
        games.sort(key=lambda seat: seat.game_of_process)
        assert [seat.game_of_process for seat in games] == list(range(1, len(games) + 1))
        for earlier, later in itertools.pairwise(games):
            assert later.started_at >= earlier.finished_at
        assert len({seat.bot for seat in games}) == 1


def croupier_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@SQLITE_ONLY
def test_a_fair_tournament_never_shows_a_process_a_deal_twice_and_resumes_fair(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tag = new_tag()
    add_bots(database_url, LEXIO, {name: identified_command(tag) for name in SIX})
    engine = create_database_engine(database_url)
    # One game at a time: at most 20 processes, fewer than the 24 that would keep them all.
    record = create_tournament(
        engine,
        game=LEXIO,
        bots=SIX,
        seed=5,
        format_settings=RoundRobinSettings(deals=3),
        concurrency=1,
        settings=GENEROUS,
    )
    assert record.id is not None
    tournament_id = record.id

    def stop_after_five(progress: Progress) -> None:
        if progress.done >= 5:
            raise Stop

    async def run() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(
                engine, server, tournament_id=tournament_id, progress=stop_after_five
            )
        finally:
            await server.stop()

    with ProcessWatch(tag) as watch, pytest.raises(Stop):
        asyncio.run(run())
    engine.dispose()
    with ProcessWatch(tag) as resumed:
        resume = ["tournament", "resume", str(tournament_id), "--db", database_url]
        data = croupier_json(capsys, *resume)
    assert (data["status"], data["processes"], data["finished"]) == ("finished", "fair", 12)
    assert max(watch.most_bots, resumed.most_bots) <= process_cap(seats=4, concurrency=1) == 20
    assert tagged_processes(tag) == {}

    seats = played_seats(database_url, LEXIO, tournament_id)
    assert len(seats) == 12 * 4
    by_deal: dict[int, list[str]] = defaultdict(list)
    for seat in seats:
        by_deal[seat.deal].append(seat.process)
    assert sorted(by_deal) == [0, 1, 2]
    for processes in by_deal.values():
        assert len(processes) == len(set(processes)) == 16  # 4 rotations, 4 seats
    assert len({seat.process for seat in seats}) < len(seats)  # processes played again
    assert max(seat.game_of_process for seat in seats) > 1
    assert_one_game_at_a_time(seats)


@SQLITE_ONLY
def test_a_fair_tournament_two_games_at_once_starts_only_the_processes_its_deals_need(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Four bots in pairs, each deal from both seats, two games at once: a bot plays a deal
    # in two games, so two processes a bot are all it takes, if a game waits for a process
    # that another game under way gives back rather than start one more.
    tag = new_tag()
    bots = SIX[:4]
    add_bots(database_url, CRIBBAGE, {name: identified_command(tag) for name in bots})
    argv = ["tournament", "run", "--game", "cribbage", "--match-points", "1"]
    argv += ["--bots", ",".join(bots), "--deals", "3", "--seed", "5", "--concurrency", "2"]
    argv += ["--connect-ms", "30000", "--db", database_url]
    data = croupier_json(capsys, *argv)
    assert (data["status"], data["processes"], data["finished"]) == ("finished", "fair", 36)
    assert tagged_processes(tag) == {}
    seats = played_seats(database_url, CRIBBAGE, data["id"])  # type: ignore[arg-type]
    processes = {seat.process: seat.bot for seat in seats}
    assert sorted(processes.values()) == sorted(bots * 2)
    assert len({(seat.process, seat.deal) for seat in seats}) == len(seats)
    assert_one_game_at_a_time(seats)


@SQLITE_ONLY
def test_a_fresh_tournament_starts_a_process_per_seat_ahead_of_its_game_within_the_cap(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tag = new_tag()
    add_bots(database_url, LEXIO, {name: identified_command(tag) for name in SIX})
    argv = ["tournament", "run", "--game", "lexio", "--players", "4", "--rounds", "1"]
    argv += ["--bots", ",".join(SIX), "--deals", "3", "--seed", "2", "--concurrency", "1"]
    argv += ["--processes", "fresh", "--connect-ms", "30000", "--db", database_url]
    with ProcessWatch(tag) as watch:
        data = croupier_json(capsys, *argv)
    assert (data["status"], data["processes"], data["finished"]) == ("finished", "fresh", 12)
    assert tagged_processes(tag) == {}
    # The next game's four processes started while a game was played; never past the cap.
    assert 4 < watch.most_bots <= process_cap(seats=4, concurrency=1)

    tournament_id: int = data["id"]  # type: ignore[assignment]
    seats = played_seats(database_url, LEXIO, tournament_id)
    assert len({seat.process for seat in seats}) == len(seats) == 12 * 4
    assert {seat.game_of_process for seat in seats} == {1}
    show = croupier_json(capsys, "tournament", "show", str(tournament_id), "--db", database_url)
    assert show["processes"] == "fresh"


@SQLITE_ONLY
def test_a_pooled_process_that_crashes_is_charged_in_its_game_and_replaced(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tag = new_tag()
    commands = {
        "steady": identified_command(tag),
        "steady_b": identified_command(tag),
        # Each of its processes raises in the second game it plays.
        "crasher": identified_command(tag, "--crash-in-game", "2"),
    }
    add_bots(database_url, CRIBBAGE, commands)
    argv = ["tournament", "run", "--game", "cribbage", "--match-points", "1", "--deals", "2"]
    argv += ["--bots", ",".join(commands), "--seed", "4", "--concurrency", "2"]
    argv += ["--connect-ms", "30000", "--db", database_url]
    data = croupier_json(capsys, *argv)
    assert (data["status"], data["processes"], data["finished"]) == ("finished", "fair", 12)
    assert tagged_processes(tag) == {}

    tournament_id: int = data["id"]  # type: ignore[assignment]
    seats = played_seats(database_url, CRIBBAGE, tournament_id)
    assert_one_game_at_a_time(seats)
    crashed = {
        seat.game_id for seat in seats if seat.bot == "crasher" and seat.game_of_process == 2
    }
    assert crashed
    crasher_processes = [seat.process for seat in seats if seat.bot == "crasher"]
    assert max(crasher_processes.count(process) for process in crasher_processes) <= 2
    engine = create_database_engine(database_url)
    with Session(engine) as session:
        faults = statistics.bot_fault_counts(session, game="cribbage", tournament_id=tournament_id)
        details = {
            game_id: [fault.detail for fault in db.game_faults(session, game_id=game_id)]
            for game_id in {seat.game_id for seat in seats}
        }
    engine.dispose()
    assert set(faults) == {"crasher"}
    assert faults["crasher"] == {"crash": len(crashed)}
    assert {game_id for game_id, charged in details.items() if charged} == crashed
    for game_id in crashed:
        (detail,) = details[game_id]
        assert "its last output:" in detail
        assert detail.endswith("RuntimeError: identified: crash in game 2")


@SQLITE_ONLY
def test_a_process_whose_seat_had_a_fault_plays_no_more_games(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tag = new_tag()
    commands = {
        "steady": identified_command(tag),
        "steady_b": identified_command(tag),
        # Each of its processes answers too late once, in the first game it plays.
        "stalling": identified_command(tag, "--stall-in-game", "1"),
    }
    add_bots(database_url, CRIBBAGE, commands)
    argv = ["tournament", "run", "--game", "cribbage", "--match-points", "1", "--deals", "1"]
    argv += ["--bots", ",".join(commands), "--seed", "6", "--concurrency", "2"]
    # Time enough that a loaded machine delays no steady answer past it; the stall
    # (identified.STALL_S) is longer still.
    argv += ["--decision-ms", "4000", "--bank-ms", "0", "--connect-ms", "30000"]
    data = croupier_json(capsys, *argv, "--db", database_url)
    assert (data["status"], data["finished"]) == ("finished", 6)
    tournament_id: int = data["id"]  # type: ignore[assignment]
    seats = played_seats(database_url, CRIBBAGE, tournament_id)
    stalling = [seat for seat in seats if seat.bot == "stalling"]
    assert len(stalling) == 4
    assert len({seat.process for seat in stalling}) == 4  # a process a game
    assert {seat.game_of_process for seat in stalling} == {1}
    steady = [seat.process for seat in seats if seat.bot != "stalling"]
    assert len(set(steady)) < len(steady)  # the others play on in their processes
    engine = create_database_engine(database_url)
    with Session(engine) as session:
        faults = statistics.bot_fault_counts(session, game="cribbage", tournament_id=tournament_id)
    engine.dispose()
    assert set(faults) == {"stalling"}
    assert set(faults["stalling"]) == {"timeout"}


def test_a_bad_process_mode_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "run", "--game", "cribbage", "--bots", "a,b", "--processes", "speedy"]
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "croupier tournament run: error: argument --processes: invalid choice: 'speedy' "
        "(choose from 'fair', 'fresh', 'reuse')"
    )
