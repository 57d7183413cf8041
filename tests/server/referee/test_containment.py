"""The limits of a started bot's process hold, and cost only its own seat (docs/referee.md).

Each test plays a real recorded game of Lexio through the referee: the scripted bot of
``tests/fakebots/scripted.py`` in seat 1 tries one limit when first asked to decide, beside
two honest example bots. The limit must stop it well before it gets what it tried for, the
bot must be charged a crash (its seat forfeited), and the others' game must finish as
usual (every stored game is replayed at teardown).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server.db import SeatRecord
from croupier_server.referee.containment import sandbox
from croupier_server.referee.containment.limits import LimitSettings
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import GameLog
from tests.server.referee.harness import (
    GENEROUS,
    ProcessWatch,
    StoredGame,
    Transcript,
    example_command,
    is_running,
    new_tag,
    play,
    scripted_command,
    stored_game,
    tagged_processes,
)

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})
SEED = 20
FAULTY = 1
KIB = 1024
MB = 1024 * 1024
CONTROLLERS = sandbox.cgroup_bases()
NEEDS_PIDS_CGROUP = pytest.mark.skipif(
    "pids" not in CONTROLLERS,
    reason="no pids control group can be made here: RLIMIT_NPROC would hold a fork bomb at "
    "best (never as root), and not end the children that leave the process group",
)


def play_limited(
    engine: Engine, command: str, limits: LimitSettings
) -> tuple[StoredGame, float, GameLog]:
    """Play Lexio with ``command`` in seat 1 under ``limits``; the stored game, its seconds, log."""
    settings = RefereeSettings(time_control=GENEROUS.time_control, limits=limits)
    commands = [example_command("lexio_greedy"), command, example_command("lexio_greedy")]
    game_id, log = play(engine, LEXIO, commands, seed=SEED, settings=settings)
    assert log.finished_at is not None
    played_s = (log.finished_at - log.started_at).total_seconds()
    return stored_game(engine, game_id), played_s, log


def assert_crashed_alone(game: StoredGame) -> None:
    """Seat 1 crashed and forfeited; the honest seats finished the game without a fault."""
    assert game.record.status == "finished"
    assert game.record.result is not None
    assert game.seat_status == ["finished", "forfeited", "finished"]
    assert game.faults_of(FAULTY) == ["crash"]
    assert game.faults_of(0) == game.faults_of(2) == []


def test_cpu_time_is_limited(checked_engine: Engine) -> None:
    command = scripted_command("burn-cpu", record=True)
    game, played_s, log = play_limited(checked_engine, command, LimitSettings(cpu_seconds=1))
    assert_crashed_alone(game)
    # Killed after a second of CPU, long before its decision's 35 s were over.
    assert played_s < 10
    assert Transcript.of(log, FAULTY).all("burning_from_cpu_s")


@pytest.mark.parametrize("mechanism", ["cgroup", "rlimit"])
def test_memory_is_limited(
    checked_engine: Engine, monkeypatch: pytest.MonkeyPatch, mechanism: str
) -> None:
    if mechanism == "cgroup" and "memory" not in CONTROLLERS:
        pytest.skip("no control group with the memory controller can be made here")
    if mechanism == "rlimit":
        monkeypatch.setattr(sandbox, "cgroup_bases", dict)
    command = scripted_command("allocate", record=True)
    game, _, log = play_limited(checked_engine, command, LimitSettings(memory_mb=128))
    assert_crashed_alone(game)
    allocated = Transcript.of(log, FAULTY).all("allocated_mb")
    assert allocated
    assert max(allocated) < 128


@NEEDS_PIDS_CGROUP
def test_a_fork_bomb_is_contained_and_ended_with_its_game(checked_engine: Engine) -> None:
    tag = new_tag()
    command = scripted_command("fork-bomb", record=True, tag=tag)
    with ProcessWatch(tag) as watch:
        game, _, log = play_limited(checked_engine, command, LimitSettings(processes=32))
    assert_crashed_alone(game)
    transcript = Transcript.of(log, FAULTY)
    children = transcript.all("child")
    assert transcript.all("fork_error") == ["Resource temporarily unavailable"]
    assert 0 < len(children) < 32
    # Each child left the process group: the control group ended them with the game. The
    # bot knows them by the ids of its own PID namespace, if sealed; the test finds them by
    # their tag (a fork keeps the command line), those it saw while the game ran and any
    # it did not.
    seen = [process for process in watch.bots() if process.own_pid in children]
    assert seen
    assert not [process.pid for process in seen if is_running(process.pid)]
    assert tagged_processes(tag) == {}


def test_open_files_are_limited(checked_engine: Engine) -> None:
    command = scripted_command("open-files", record=True)
    game, _, log = play_limited(checked_engine, command, LimitSettings(open_files=64))
    assert_crashed_alone(game)
    transcript = Transcript.of(log, FAULTY)
    (opened,) = transcript.all("opened")
    assert 0 < opened < 64
    assert transcript.all("open_error") == ["Too many open files"]


def test_file_size_is_limited_and_the_working_directory_removed(checked_engine: Engine) -> None:
    command = scripted_command("write-file", record=True)
    game, _, log = play_limited(checked_engine, command, LimitSettings(file_size_mb=4))
    assert_crashed_alone(game)
    transcript = Transcript.of(log, FAULTY)
    written = transcript.all("written_bytes")
    assert max(written) == 4 * MB
    (directory,) = set(transcript.all("cwd"))
    assert not Path(directory).exists()


def flood_notes(log: GameLog) -> Transcript:
    """The notes the bot of seat 1 wrote among its flood of output, as far as they are kept.

    Its output is cut, by design: :meth:`Transcript.of` would refuse it. Lines are dropped
    whole, and its notes are short lines: those kept are whole, the last among them.
    """
    return Transcript.from_lines((line.stream, line.text) for line in log.outputs[FAULTY].lines)


def test_output_is_kept_to_its_limit(checked_engine: Engine) -> None:
    command = scripted_command("huge-output", record=True)
    limits = LimitSettings(file_size_mb=4, output_kb=1024)
    game, _, log = play_limited(checked_engine, command, limits)
    assert_crashed_alone(game)
    tail = log.outputs[FAULTY]
    assert sum(line.size for line in tail.lines) <= 1024 * KIB
    written = max(flood_notes(log).all("output_bytes"))
    assert tail.dropped_bytes >= written - 1024 * KIB  # counted, and stored with the game
    with Session(checked_engine) as session:
        stored = session.get(SeatRecord, (game.record.id, FAULTY))
        assert stored is not None
        assert stored.output_dropped_bytes == tail.dropped_bytes


def test_output_is_limited_like_a_file(checked_engine: Engine) -> None:
    command = scripted_command("huge-output", record=True)
    game, _, log = play_limited(checked_engine, command, LimitSettings(file_size_mb=4))
    assert_crashed_alone(game)
    assert max(flood_notes(log).all("output_bytes")) <= 4 * MB
    (crash,) = [fault.detail for fault in game.faults if fault.seat == FAULTY]
    assert "it wrote more than 4 MB of output and was ended; its last output:" in crash
    assert len(crash) < 8 * KIB  # its last lines, each cut to its end
