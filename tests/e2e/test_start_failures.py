"""A bot that cannot start is not a player: refused when registered, stopped in a tournament.

Real bot processes over the real referee, through the command line: ``croupier bot add``
starts a command first and refuses one that never says Hello, with what it printed; a
tournament whose bot fails to start in its first game stops with the bot's output (the
game unplayed, never rated) and resumes once the bot is fixed; a bot that started and
later fails to is charged an ordinary fault; and a game no seat of which was played by its
bot counts in no rating.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import load_game
from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import GameRecord, GameStatus, TournamentStatus
from croupier_server.outcomes import EndedBy, FaultKind
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import Progress, create_tournament, run_tournament
from croupier_server.tournament.settings import ProcessMode
from croupier_server.web import create_app
from tests.server.referee.harness import EXAMPLES, GENEROUS, example_command, scripted_command

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

MISSING_MODULE = "ModuleNotFoundError: No module named 'no_such_module'"
FIXED = (
    f"import runpy\nrunpy.run_path({str(EXAMPLES / 'cribbage_random.py')!r}, run_name='__main__')\n"
)
"""A script that runs the random cribbage example."""
CRIBBAGE = ["--game", "cribbage", "--match-points", "1"]


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: its exit status, standard output and error."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def add(capsys: pytest.CaptureFixture[str], url: str, name: str, command: str, *flags: str) -> None:
    """Register a cribbage bot, or fail the test."""
    argv = ["bot", "add", name, "--game", "cribbage", "--command", command, *flags]
    status, _, err = croupier(capsys, *argv, "--db", url)
    assert status == 0, err


def test_bot_add_refuses_a_command_that_does_not_start_and_shows_its_traceback(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    command = "python -c 'import no_such_module'"
    argv = ["bot", "add", "broken", "--game", "lexio", "--command", command, "--db", database_url]
    status, _, err = croupier(capsys, *argv)
    assert status == 1
    lines = err.splitlines()
    assert lines[0] == "bot broken did not start: exited with status 1 before connecting"
    assert lines[1] == "    Traceback (most recent call last):"
    assert lines[-2] == f"    {MISSING_MODULE}"
    assert lines[-1] == (
        "croupier: error: bot broken not registered: it did not start; fix its command (a bot "
        "whose program is not on this machine is registered with --no-check)"
    )
    status, listed, _ = croupier(capsys, "bot", "list", "--db", database_url)
    assert status == 0
    assert "broken" not in listed
    # A bot whose program is elsewhere (on the workers) is registered without being started.
    status, _, err = croupier(capsys, *argv, "--no-check")
    assert (status, err) == (0, "")
    # A name taken is said at once, before anything is started.
    status, _, err = croupier(capsys, *argv)
    assert (status, err) == (1, "croupier: error: a bot named 'broken' already exists\n")


def test_a_tournament_stops_on_a_bot_that_does_not_start_and_resumes_once_it_is_fixed(
    database_url: str, engine: Engine, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "fixable.py"
    script.write_text("import no_such_module\n")
    for name in ["cribbage_random", "cribbage_greedy"]:
        add(capsys, database_url, name, example_command(name))
    add(capsys, database_url, "fixable", shlex.join([sys.executable, str(script)]), "--no-check")
    bots = "cribbage_random,cribbage_greedy,fixable"
    run = ["tournament", "run", *CRIBBAGE, "--bots", bots, "--deals", "1", "--seed", "3"]
    status, _, err = croupier(capsys, *run, "--concurrency", "1", "--db", database_url)
    assert status == 1
    with Session(engine) as session:
        [tournament] = db.list_tournaments(session)
        assert tournament.status is TournamentStatus.INTERRUPTED
        query = select(GameRecord).where(col(GameRecord.ended_by) == EndedBy.NOT_STARTED)
        [stopped] = session.exec(query).all()
        faults = db.game_faults(session, game_id=stopped.id or 0)
    assert stopped.status is GameStatus.ABORTED
    assert [fault.kind for fault in faults] == [FaultKind.CRASH]
    reason = "bot fixable did not start: exited with status 1 before connecting"
    lines = err.splitlines()
    said_at = lines.index(reason)  # after the progress lines: its output, then the error
    assert lines[said_at + 1] == "    Traceback (most recent call last):"
    assert lines[-2] == f"    {MISSING_MODULE}"
    assert lines[-1] == (
        f"croupier: error: tournament {tournament.id} stopped: bot fixable did not start (game "
        f"{stopped.id} was not played); once it starts: croupier tournament resume "
        f"{tournament.id}"
    )
    assert stopped.end_detail == "\n".join(lines[said_at:-1])

    show = ["tournament", "show", str(tournament.id), "--db", database_url]
    status, out, _ = croupier(capsys, *show, "--json")
    assert status == 0
    summary = json.loads(out)
    assert (summary["status"], summary["stopped"]) == ("interrupted", stopped.end_detail)
    assert all(line["bot"] != "fixable" for line in summary["standings"])  # never rated
    status, out, _ = croupier(capsys, *show)
    assert status == 0
    shown = out.splitlines()
    assert f"  Stopped: {reason}" in shown
    assert f"      {MISSING_MODULE}" in shown

    script.write_text(FIXED)
    resume = ["tournament", "resume", str(tournament.id), "--json", "--db", database_url]
    status, out, err = croupier(capsys, *resume)
    assert status == 0, err
    summary = json.loads(out)
    assert (summary["status"], summary["stopped"]) == ("finished", "")
    assert summary["finished"] == summary["games"] == 6
    assert {line["bot"] for line in summary["standings"]} == set(bots.split(","))


def test_a_bot_that_started_in_earlier_games_and_then_does_not_is_charged_a_crash(
    database_url: str, engine: Engine, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "fading.py"
    script.write_text(FIXED)
    add(capsys, database_url, "cribbage_greedy", example_command("cribbage_greedy"))
    add(capsys, database_url, "fading", shlex.join([sys.executable, str(script)]))
    record = create_tournament(
        engine,
        game=load_game("cribbage", {"match_points": 1}),
        bots=["fading", "cribbage_greedy"],
        seed=5,
        format_settings=RoundRobinSettings(deals=3),
        concurrency=1,
        settings=GENEROUS,
        processes=ProcessMode.FRESH,
    )

    def break_after_the_first_game(progress: Progress) -> None:
        # The next game's processes started as the first was played; those of later ones
        # start from the broken script.
        if progress.played == 1:
            script.write_text("raise SystemExit('gone')\n")

    async def run() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(
                engine, server, tournament_id=record.id or 0, progress=break_after_the_first_game
            )
        finally:
            await server.stop()

    asyncio.run(run())
    with Session(engine) as session:
        stored = db.get_tournament(session, tournament_id=record.id or 0)
        assert stored is not None
        assert stored.status is TournamentStatus.FINISHED
        games = session.exec(select(GameRecord).order_by(col(GameRecord.id))).all()
        crashes = [
            [fault.kind for fault in db.game_faults(session, game_id=game.id or 0)]
            for game in games
        ]
    assert [game.status for game in games] == [GameStatus.FINISHED] * 6
    assert crashes[:2] == [[], []]
    assert crashes[2:] == [[FaultKind.CRASH]] * 4  # ordinary faults: played, and rated
    ratings = ["ratings", "--game", "cribbage", "--json", "--db", database_url]
    status, out, _ = croupier(capsys, *ratings)
    assert status == 0
    games_of = {line["bot"]: line["games"] for line in json.loads(out)}
    assert games_of == {"fading": 6, "cribbage_greedy": 6}


def test_a_game_no_seat_of_which_was_played_by_its_bot_is_not_rated(
    database_url: str, engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ["exits", "also-exits"]:
        add(capsys, database_url, name, scripted_command("crash-at-start"), "--no-check")
    match = ["match", *CRIBBAGE, "--bot", "exits", "--bot", "also-exits", "--seed", "2"]
    status, _, err = croupier(capsys, *match, "--db", database_url)
    assert status == 0, err
    status, out, _ = croupier(capsys, "ratings", "--game", "cribbage", "--db", database_url)
    assert (status, out) == (0, "no finished games\n")
    with Session(engine) as session:
        [game] = session.exec(select(GameRecord)).all()
        assert game.status is GameStatus.FINISHED
        assert [seat.decisions for seat in db.game_seats(session, game_id=game.id or 0)] == [0, 0]
    with TestClient(create_app(engine)) as client:
        detail = client.get(f"/api/games/{game.id}").json()
        page = client.get(f"/games/{game.id}").text
    reason = "no seat was played by its bot: the referee's default policy chose every action"
    assert detail["not_rated"] == reason
    assert f'<dt>Rated</dt><dd class="not-rated">no: {escape(reason)}</dd>' in page
