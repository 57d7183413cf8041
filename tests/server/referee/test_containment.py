"""The limits of a started bot's process hold, and cost only its own seat (docs/referee.md).

Each test plays a real recorded game of Lexio through the referee: the scripted bot of
``tests/fakebots/scripted.py`` in seat 1 tries one limit when first asked to decide, beside
two honest example bots. The limit must stop it well before it gets what it tried for, the
bot must be charged a crash (its seat forfeited), and the others' game must finish as
usual (every stored game is replayed at teardown).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from croupier.games import load_game
from croupier_server.referee import sandbox
from croupier_server.referee.limits import LimitSettings
from croupier_server.referee.match import MatchSettings
from tests.server.referee.harness import (
    GENEROUS,
    StoredGame,
    Transcript,
    example_command,
    is_running,
    play,
    scripted_command,
    stored_game,
)

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})
SEED = 20
FAULTY = 1
MB = 1024 * 1024
CONTROLLERS = sandbox.cgroup_bases()
NEEDS_PIDS_CGROUP = pytest.mark.skipif(
    "pids" not in CONTROLLERS,
    reason="no pids control group can be made here: RLIMIT_NPROC would hold a fork bomb at "
    "best (never as root), and not end the children that leave the process group",
)


def play_limited(engine: Engine, command: str, limits: LimitSettings) -> tuple[StoredGame, float]:
    """Play Lexio with ``command`` in seat 1 under ``limits``; the stored game, its seconds."""
    settings = MatchSettings(time_control=GENEROUS.time_control, limits=limits)
    commands = [example_command("lexio_greedy"), command, example_command("lexio_greedy")]
    game_id, log = play(engine, LEXIO, commands, seed=SEED, settings=settings)
    assert log.finished_at is not None
    return stored_game(engine, game_id), (log.finished_at - log.started_at).total_seconds()


def assert_crashed_alone(game: StoredGame) -> None:
    """Seat 1 crashed and forfeited; the honest seats finished the game without a fault."""
    assert game.record.status == "finished"
    assert game.record.result is not None
    assert game.seat_status == ["finished", "forfeited", "finished"]
    assert game.faults_of(FAULTY) == ["crash"]
    assert game.faults_of(0) == game.faults_of(2) == []


def notes(record: Path, key: str) -> list[Any]:
    """Every value the bot noted under ``key``, in order."""
    return [note[key] for note in Transcript.read(record).notes if key in note]


def test_cpu_time_is_limited(checked_engine: Engine, tmp_path: Path) -> None:
    record = tmp_path / "bot.jsonl"
    command = scripted_command("burn-cpu", record=record)
    game, played_s = play_limited(checked_engine, command, LimitSettings(cpu_seconds=1))
    assert_crashed_alone(game)
    # Killed after a second of CPU, long before its decision's 35 s were over.
    assert played_s < 10
    assert notes(record, "burning_from_cpu_s")


@pytest.mark.parametrize("mechanism", ["cgroup", "rlimit"])
def test_memory_is_limited(
    checked_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mechanism: str
) -> None:
    if mechanism == "cgroup" and "memory" not in CONTROLLERS:
        pytest.skip("no control group with the memory controller can be made here")
    if mechanism == "rlimit":
        monkeypatch.setattr(sandbox, "cgroup_bases", dict)
    record = tmp_path / "bot.jsonl"
    command = scripted_command("allocate", record=record)
    game, _ = play_limited(checked_engine, command, LimitSettings(memory_mb=128))
    assert_crashed_alone(game)
    allocated = notes(record, "allocated_mb")
    assert allocated
    assert max(allocated) < 128


@NEEDS_PIDS_CGROUP
def test_a_fork_bomb_is_contained_and_ended_with_its_game(
    checked_engine: Engine, tmp_path: Path
) -> None:
    record = tmp_path / "bot.jsonl"
    command = scripted_command("fork-bomb", record=record)
    game, _ = play_limited(checked_engine, command, LimitSettings(processes=32))
    assert_crashed_alone(game)
    children = notes(record, "child")
    assert notes(record, "fork_error") == ["Resource temporarily unavailable"]
    assert 0 < len(children) < 32
    # Each child left the process group: the control group ended them with the game.
    assert not [pid for pid in children if is_running(pid)]


def test_open_files_are_limited(checked_engine: Engine, tmp_path: Path) -> None:
    record = tmp_path / "bot.jsonl"
    command = scripted_command("open-files", record=record)
    game, _ = play_limited(checked_engine, command, LimitSettings(open_files=64))
    assert_crashed_alone(game)
    (opened,) = notes(record, "opened")
    assert 0 < opened < 64
    assert notes(record, "open_error") == ["Too many open files"]


def test_file_size_is_limited_and_the_working_directory_removed(
    checked_engine: Engine, tmp_path: Path
) -> None:
    record = tmp_path / "bot.jsonl"
    command = scripted_command("write-file", record=record)
    game, _ = play_limited(checked_engine, command, LimitSettings(file_size_mb=4))
    assert_crashed_alone(game)
    written = notes(record, "written_bytes")
    assert max(written) == 4 * MB
    (directory,) = set(notes(record, "cwd"))
    assert not Path(directory).exists()


def test_output_is_limited_like_a_file(checked_engine: Engine, tmp_path: Path) -> None:
    record = tmp_path / "bot.jsonl"
    command = scripted_command("huge-output", record=record)
    game, _ = play_limited(checked_engine, command, LimitSettings(file_size_mb=4))
    assert_crashed_alone(game)
    assert max(notes(record, "output_bytes")) <= 4 * MB
