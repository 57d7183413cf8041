"""Remote bots: registered with a key, they connect to the referee by themselves.

``croupier match --listen`` and ``croupier serve`` run as real processes (the installed
``croupier`` command); the remote bots are example bots started by hand with
``CROUPIER_ADDRESS`` and ``CROUPIER_TOKEN`` set to their key, as a bot author would.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import GameRecord, SeatRecord, create_database_engine
from tests import queries
from tests.logged import messages
from tests.server.referee.harness import EXAMPLES, example_command, free_port
from tests.waiting import DrainedProcess, ended, next_line, wait_for

pytestmark = [
    pytest.mark.usefixtures("seeded_bots"),
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

CROUPIER = str(Path(sys.executable).with_name("croupier"))
KEY_LINE = re.compile(r"its key \(shown once; give it to the bot as CROUPIER_TOKEN\): (\S+)")
UNBUFFERED = "PYTHONUNBUFFERED"
LISTENING_LINE = re.compile(r"referee listening on (\S+) for remote (\w+) bots: (.*)")


class Processes:
    """The processes a test starts; any still running at its end are killed."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[str]] = []

    def start(self, argv: list[str], **env: str) -> subprocess.Popen[str]:
        # Output to a pipe is block-buffered, as for a user who pipes it (| tee log); the
        # log is read as it comes, so that a long test never fills its pipe.
        environment = {name: value for name, value in os.environ.items() if name != UNBUFFERED}
        process = DrainedProcess(argv, env={**environment, **env}, stdin=subprocess.DEVNULL)
        self.started.append(process)
        return process

    def stop_all(self) -> None:
        for process in self.started:
            if process.poll() is None:
                process.kill()
            process.communicate()


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command line in this process; its standard output (it must succeed)."""
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def add_remote_bot(capsys: pytest.CaptureFixture[str], database: str, name: str, game: str) -> str:
    """Register a remote bot; its key."""
    out = croupier(capsys, "bot", "add", name, "--game", game, "--remote", "--db", database)
    assert out.startswith(f"registered remote bot {name} ({game})\n")
    found = KEY_LINE.search(out)
    assert found is not None, out
    return found.group(1)


def remote_example(
    processes: Processes, example: str, address: str, key: str
) -> subprocess.Popen[str]:
    """Start ``examples/<example>.py`` as a remote bot connecting to ``address``."""
    argv = [sys.executable, str(EXAMPLES / f"{example}.py")]
    return processes.start(argv, CROUPIER_ADDRESS=address, CROUPIER_TOKEN=key)


def wait_until_listening(process: subprocess.Popen[str], port: int) -> None:
    """Wait until ``process`` listens on ``port`` of the loopback (it must not end first)."""

    def listening() -> bool:
        assert process.poll() is None, process.communicate()
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return False
        return True

    wait_for(listening, f"a listener on port {port}")


def assert_ended_cleanly(process: subprocess.Popen[str]) -> str:
    """Wait for ``process``: it must exit with status 0 and no traceback; its output."""
    out, err = ended(process)
    assert process.returncode == 0, err
    assert "Traceback" not in err, err
    return out


def stored_games(database: str) -> list[tuple[GameRecord, list[SeatRecord]]]:
    """Every stored game, oldest first, with its seats."""
    engine = create_database_engine(database)
    try:
        with Session(engine) as session:
            games = reversed(queries.list_games(session))
            return [(game, db.game_seats(session, game_id=game.id or 0)) for game in games]
    finally:
        engine.dispose()


def test_a_match_with_a_remote_bot_and_started_bots(
    checked_database: str, capsys: pytest.CaptureFixture[str], processes: Processes
) -> None:
    key = add_remote_bot(capsys, checked_database, "visitor", "lexio")
    for example in ["lexio_greedy", "lexio_strong"]:
        command = example_command(example)
        add = ["bot", "add", example, "--game", "lexio", "--command", command]
        croupier(capsys, *add, "--db", checked_database)
    port = free_port()
    options = (
        "--game lexio --players 3 --rounds 2 --bot lexio_greedy --bot visitor"
        " --bot lexio_strong --seed 5 --connect-ms 30000 --decision-ms 10000 --json"
    )
    listen = ["--listen", f"127.0.0.1:{port}", "--db", checked_database]
    match = processes.start([CROUPIER, "match", *options.split(), *listen])
    wait_until_listening(match, port)
    visitor = remote_example(processes, "lexio_random", f"127.0.0.1:{port}", key)

    played = json.loads(assert_ended_cleanly(match))
    assert [seat["bot"] for seat in played["seats"]] == ["lexio_greedy", "visitor", "lexio_strong"]
    assert all(seat["status"] == "finished" and seat["faults"] == [] for seat in played["seats"])
    # The referee ended the remote bot's stream when it stopped: the bot is done, not failed.
    assert_ended_cleanly(visitor)
    ((game, seats),) = stored_games(checked_database)
    assert game.id == played["game_id"]
    assert game.status == "finished"
    assert seats[1].decisions > 0


def test_serve_pairs_connected_remote_bots_for_the_games_asked(
    checked_database: str, capsys: pytest.CaptureFixture[str], processes: Processes
) -> None:
    keys = {
        name: add_remote_bot(capsys, checked_database, name, "cribbage")
        for name in ["north", "south"]
    }
    options = (
        "--game cribbage --match-points 1 --games 2 --seed 9"
        " --listen 127.0.0.1:0 --http 127.0.0.1:0"
    )
    serve = processes.start([CROUPIER, "serve", *options.split(), "--db", checked_database])
    listening = LISTENING_LINE.match(next_line(serve))
    assert listening is not None
    address, game, names = listening.groups()
    assert (game, names) == ("cribbage", "north, south")
    bots = [
        remote_example(processes, "cribbage_random", address, keys["north"]),
        remote_example(processes, "cribbage_greedy", address, keys["south"]),
    ]

    _, log = ended(serve)  # its games said in its log, a line each
    assert (serve.returncode, "Traceback" in log) == (0, False), log
    assert len([line for line in messages(log) if re.match(r"game \d+: ", line)]) == 2
    for bot in bots:
        assert_ended_cleanly(bot)
    games = stored_games(checked_database)
    assert len(games) == 2
    for game_record, seats in games:
        assert game_record.status == "finished"
        assert [seat.status for seat in seats] == ["finished", "finished"]
        assert all(seat.decisions > 0 for seat in seats)
