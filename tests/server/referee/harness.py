"""What the referee's tests share: bot commands, playing a recorded game, reading it back.

Games are played by the real referee (a gRPC server on loopback) with real bot processes:
the example bots of ``examples/`` and the scripted fake bot of ``tests/fakebots/``.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shlex
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier import codec
from croupier.games import Game
from croupier.proto.v1 import referee_pb2
from croupier_server.db import (
    BotRecord,
    FaultRecord,
    GameRecord,
    GameStatus,
    check_stored_game,
    repository,
)
from croupier_server.matches import allow_remote_bots, load_bots, play_match
from croupier_server.referee.match import MatchSettings
from croupier_server.referee.records import GameLog
from croupier_server.referee.seat import FaultPolicy
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import SessionRegistry

REPOSITORY = Path(__file__).resolve().parents[3]
EXAMPLES = REPOSITORY / "examples"
SCRIPTED_BOT = REPOSITORY / "tests" / "fakebots" / "scripted.py"
RECORD_VARIABLE = "CROUPIER_FAKEBOT_RECORD"

GENEROUS = MatchSettings(
    time_control=codec.TimeControl(connect_ms=30_000, decision_ms=5_000, bank_ms=30_000),
    policy=FaultPolicy(),
)
"""Time enough for any bot on a loaded machine: for tests that do not test the clock."""


def example_command(example: str) -> str:
    """The command line of ``examples/<example>.py``, run by this interpreter."""
    return shlex.join([sys.executable, str(EXAMPLES / f"{example}.py")])


def is_running(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie nobody has reaped yet does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def scripted_command(behaviour: str = "honest", *options: str, record: Path | None = None) -> str:
    """The command line of the scripted fake bot; ``record``: where it writes what it gets."""
    argv = [sys.executable, str(SCRIPTED_BOT), behaviour, *options]
    if record is not None:
        # A confined bot may write to a file given to it, not create one next to the
        # database, which its sandbox hides.
        record.touch()
        argv = ["env", f"{RECORD_VARIABLE}={record}", *argv]
    return shlex.join(argv)


def register(engine: Engine, game: str, commands: Sequence[str]) -> list[str]:
    """Register one bot per command (named ``seat0``, ``seat1``...); returns their names."""
    names = []
    with Session(engine) as session:
        for seat, command in enumerate(commands):
            bot = repository.add_bot(session, name=f"seat{seat}", game=game, command=command)
            names.append(bot.name)
    return names


def play(
    engine: Engine,
    game: Game[Any],
    commands: Sequence[str],
    *,
    seed: int,
    settings: MatchSettings = GENEROUS,
) -> tuple[int, GameLog]:
    """Register a bot per command and play one recorded game between them, in seat order."""
    names = register(engine, game.name, commands)
    bots = load_bots(engine, names=names, game=game)
    return asyncio.run(play_bots(engine, game, bots, seed=seed, settings=settings))


async def play_bots(
    engine: Engine,
    game: Game[Any],
    bots: Sequence[BotRecord],
    *,
    seed: int,
    settings: MatchSettings = GENEROUS,
) -> tuple[int, GameLog]:
    """Play one recorded game between registered ``bots`` on a referee of its own."""
    registry = SessionRegistry()
    allow_remote_bots(engine, registry)
    server = RefereeServer(registry)
    await server.start()
    try:
        return await play_match(engine, server, game=game, bots=bots, seed=seed, settings=settings)
    finally:
        await server.stop()


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as the database holds it."""

    record: GameRecord
    seat_status: list[str]
    faults: list[FaultRecord]
    decided_by: list[tuple[int, str]]
    """Each action's seat and who decided it, in order."""

    def faults_of(self, seat: int) -> list[str]:
        """The kinds of the faults charged to ``seat``, in order."""
        return [fault.kind for fault in self.faults if fault.seat == seat]


def stored_game(engine: Engine, game_id: int) -> StoredGame:
    """Read game ``game_id`` back from the database."""
    with Session(engine) as session:
        record = repository.get_game(session, game_id=game_id)
        assert record is not None
        seats = repository.game_seats(session, game_id=game_id)
        return StoredGame(
            record=record,
            seat_status=[seat.status for seat in seats],
            faults=repository.game_faults(session, game_id=game_id),
            decided_by=[
                (action.seat, action.decided_by)
                for action in repository.game_actions(session, game_id=game_id)
            ],
        )


def check_stored_games(engine: Engine) -> int:
    """Replay every stored game and check it against the store; returns how many there are.

    Every game must have finished with a result and replay exactly (events, result).
    """
    with Session(engine) as session:
        games = repository.list_games(session, limit=1_000)
        for game in games:
            assert game.id is not None
            assert game.status == GameStatus.FINISHED, f"game {game.id} is {game.status}"
            assert game.result is not None, f"game {game.id} has no result"
            check_stored_game(session, game_id=game.id)
    return len(games)


@dataclass(eq=False)
class Transcript:
    """What a scripted bot wrote down: its token, the messages it got, how streams ended."""

    token: str = ""
    messages: list[referee_pb2.RefereeMessage] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> Transcript:
        transcript = cls()
        for line in path.read_text().splitlines():
            entry: dict[str, Any] = json.loads(line)
            if "token" in entry:
                transcript.token = entry["token"]
            elif "received" in entry:
                data = base64.b64decode(entry["received"])
                transcript.messages.append(referee_pb2.RefereeMessage.FromString(data))
            else:
                transcript.notes.append(entry)
        return transcript

    def of_kind(self, kind: str) -> list[Any]:
        """The received messages of one kind (``decision``, ``event``...), unwrapped."""
        return [
            getattr(message, kind)
            for message in self.messages
            if message.WhichOneof("message") == kind
        ]

    def note(self, key: str) -> Any:
        """The value of the first note ``key``, if the bot wrote one."""
        return next((note[key] for note in self.notes if key in note), None)


def free_port() -> int:
    """A TCP port of the loopback interface that nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
