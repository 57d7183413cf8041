"""What a started bot is given: a scrubbed environment, a private directory, its limits,
no inherited descriptor, and no network unless allowed (docs/referee.md, "Containment").

The scripted bot notes what it sees before it connects (``inspect``, ``connect-tcp``), then
plays a game of cribbage honestly against the greedy example bot.
"""

from __future__ import annotations

import asyncio
import os
import resource
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.recorded_games import load_bots
from croupier_server.referee.containment import sandbox
from croupier_server.referee.containment.limits import DEFAULT_LIMITS, LimitSettings
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import GameLog
from tests.fakebots.scripted import RECORD_VARIABLE
from tests.server.referee.harness import (
    GENEROUS,
    Transcript,
    example_command,
    play,
    play_bots,
    scripted_command,
    stored_game,
)

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

CRIBBAGE = load_game("cribbage", {"variant": "six-card", "match_points": 1})
SEED = 5
MB = 1024 * 1024
INHERITABLE_FD = 100
"""A descriptor number the referee holds open and inheritable while the bot starts."""


INSPECTOR = 1
"""The seat of the scripted bot, beside the greedy example bot."""


def the_note(log: GameLog, key: str) -> Any:
    value = Transcript.of(log, INSPECTOR).note(key)
    assert value is not None, f"the bot noted no {key}"
    return value


def assert_played_without_fault(engine: Engine, game_id: int) -> None:
    game = stored_game(engine, game_id)
    assert game.record.status == "finished"
    assert game.seat_status == ["finished", "finished"]
    assert game.faults == []


@pytest.fixture
def inheritable_descriptor() -> Iterator[int]:
    """A descriptor of the test process, open and inheritable, at :data:`INHERITABLE_FD`."""
    descriptor = os.open(os.devnull, os.O_RDONLY)
    os.dup2(descriptor, INHERITABLE_FD, inheritable=True)
    os.close(descriptor)
    yield INHERITABLE_FD
    os.close(INHERITABLE_FD)


def test_a_bot_gets_a_scrubbed_environment_an_empty_directory_and_no_descriptor(
    checked_engine: Engine,
    monkeypatch: pytest.MonkeyPatch,
    inheritable_descriptor: int,
) -> None:
    monkeypatch.setenv("CROUPIER_DATABASE_URL", "postgresql://referee:secret@db/croupier")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    monkeypatch.setenv("CROUPIER_BOT_FLAVOUR", "mint")
    commands = [example_command("cribbage_greedy"), scripted_command("inspect", record=True)]
    game_id, log = play(checked_engine, CRIBBAGE, commands, seed=SEED)
    assert_played_without_fault(checked_engine, game_id)

    environment = the_note(log, "environment")
    passed = {name for name in os.environ if name.startswith("CROUPIER_BOT_")}
    passed |= {"LANG", "LC_ALL"} & set(os.environ)
    given = {"PATH", "HOME", "TMPDIR", "CROUPIER_ADDRESS", "CROUPIER_TOKEN"}
    # The scripted bot's command line sets its record variable itself (``env VAR=...``).
    assert set(environment) == passed | given | {RECORD_VARIABLE}
    assert environment["CROUPIER_BOT_FLAVOUR"] == "mint"
    assert environment["PATH"] == os.environ["PATH"]

    cwd = the_note(log, "cwd")
    assert environment["HOME"] == environment["TMPDIR"] == cwd != os.getcwd()
    assert the_note(log, "cwd_entries") == []
    assert not Path(cwd).exists()  # removed with the game
    assert inheritable_descriptor not in the_note(log, "descriptors")


def test_a_bots_limits_are_the_stricter_of_its_own_and_the_matchs(
    checked_engine: Engine,
) -> None:
    with Session(checked_engine) as session:
        db.add_bot(
            session, name="greedy", game="cribbage", command=example_command("cribbage_greedy")
        )
        db.add_bot(
            session,
            name="inspector",
            game="cribbage",
            command=scripted_command("inspect", record=True),
            limits={"open_files": 100, "cpu_seconds": 50},
        )
    bots = load_bots(checked_engine, names=["greedy", "inspector"], game=CRIBBAGE)
    limits = LimitSettings(open_files=200, file_size_mb=8)
    settings = RefereeSettings(time_control=GENEROUS.time_control, limits=limits)
    playing = play_bots(checked_engine, CRIBBAGE, bots, seed=SEED, settings=settings)
    game_id, log = asyncio.run(playing)
    assert_played_without_fault(checked_engine, game_id)

    rlimits = the_note(log, "rlimits")
    assert rlimits["RLIMIT_NOFILE"] == [100, 100]  # the bot's, stricter
    assert rlimits["RLIMIT_FSIZE"] == [8 * MB, 8 * MB]  # the match's alone
    assert rlimits["RLIMIT_CPU"] == [50, 51]  # the bot's alone; SIGKILL a second later
    if "memory" in sandbox.cgroup_bases():
        assert rlimits["RLIMIT_DATA"][0] == resource.RLIM_INFINITY  # the group counts it
    else:
        assert rlimits["RLIMIT_DATA"] == [DEFAULT_LIMITS.memory_mb * MB] * 2


@pytest.mark.parametrize(("network", "reached"), [(None, False), (True, True)])
def test_a_bot_without_the_network_still_plays_over_the_referees_unix_socket(
    checked_engine: Engine, network: bool | None, reached: bool
) -> None:
    if not reached and not sandbox.network_can_be_cut():
        pytest.skip("the network of a process cannot be cut here")
    with socket.create_server(("127.0.0.1", 0)) as listening:
        port = listening.getsockname()[1]
        command = scripted_command("connect-tcp", "--port", str(port), record=True)
        settings = RefereeSettings(
            time_control=GENEROUS.time_control, limits=LimitSettings(network=network)
        )
        commands = [example_command("cribbage_greedy"), command]
        game_id, log = play(checked_engine, CRIBBAGE, commands, seed=SEED, settings=settings)
    assert_played_without_fault(checked_engine, game_id)
    outcome = the_note(log, "tcp")
    assert (outcome == "connected") is reached, outcome
