"""What the referee's tests share: bot commands, playing a recorded game, reading it back.

Games are played by the real referee (a gRPC server on loopback) with real bot processes:
the example bots of ``examples/`` and the scripted fake bot of ``tests/fakebots/``.

A sealed bot can leave nothing where a test could read it (its temp directories are its
own) and knows itself only by the ids of its own PID namespace. So the scripted bot writes
its notes on its standard error, which the referee keeps with its game
(:class:`Transcript` reads them back, from the game's log or from the database), and a test
finds a bot's real processes in /proc by a marker in their command lines
(:func:`new_tag`, :class:`ProcessWatch`).
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import json
import os
import queue
import shlex
import socket
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier.games import Game
from croupier.proto.v1 import referee_pb2
from croupier_server import db
from croupier_server.control import TimeControl
from croupier_server.db import (
    BotRecord,
    FaultRecord,
    GameRecord,
    GameStatus,
    SeatRecord,
    check_stored_game,
    game_output,
)
from croupier_server.recorded_games import allow_remote_bots, load_bots, play_recorded_game
from croupier_server.referee.containment import confinement
from croupier_server.referee.containment.limits import LimitSettings
from croupier_server.referee.containment.output import OutputStream
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import GameLog
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.seat import FaultPolicy
from croupier_server.referee.service import RefereeServer
from tests import queries, waiting
from tests.fakebots.scripted import NOTE_PREFIX, RECORD_VARIABLE
from tests.server.referee import processes
from tests.server.referee.processes import SeenProcess

REPOSITORY = Path(__file__).resolve().parents[3]
EXAMPLES = REPOSITORY / "examples"
SCRIPTED_BOT = REPOSITORY / "tests" / "fakebots" / "scripted.py"
NOTES_OUTPUT_KB = 16 * 1024
"""How much of each bot's output the tests' games keep: every note of a recording bot (each
message it received, base64-encoded), so that none is ever cut."""

GENEROUS = RefereeSettings(
    time_control=TimeControl(connect_ms=30_000, decision_ms=5_000, bank_ms=30_000),
    policy=FaultPolicy(),
    limits=LimitSettings(output_kb=NOTES_OUTPUT_KB),
)
"""Time enough for any bot on a loaded machine: for tests that do not test the clock."""


def with_room_for_notes(settings: RefereeSettings) -> RefereeSettings:
    """``settings``, keeping :data:`NOTES_OUTPUT_KB` of each bot's output unless they say."""
    if settings.limits.output_kb is not None:
        return settings
    limits = dataclasses.replace(settings.limits, output_kb=NOTES_OUTPUT_KB)
    return dataclasses.replace(settings, limits=limits)


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


def scripted_command(
    behaviour: str = "honest", *options: str, record: bool = False, tag: str | None = None
) -> str:
    """The command line of the scripted fake bot.

    Args:
        behaviour, options: what it does (see ``tests/fakebots/scripted.py``).
        record: whether it writes its notes (what it gets) on its standard error, for
            :class:`Transcript`.
        tag: a marker (:func:`new_tag`) its processes carry in their command lines.
    """
    argv = [sys.executable, str(SCRIPTED_BOT), behaviour, *options]
    if tag is not None:
        argv += ["--tag", tag]
    if record:
        argv = ["env", f"{RECORD_VARIABLE}=1", *argv]
    return shlex.join(argv)


def tagged(command: str, tag: str) -> str:
    """``command`` with ``--tag TAG`` added, which the example bots (and the scripted) ignore."""
    return shlex.join([*shlex.split(command), "--tag", tag])


def register(engine: Engine, game: str, commands: Sequence[str]) -> list[str]:
    """Register one bot per command (named ``seat0``, ``seat1``...); returns their names."""
    names = []
    with Session(engine) as session:
        for seat, command in enumerate(commands):
            bot = db.add_bot(session, name=f"seat{seat}", game=game, command=command)
            names.append(bot.name)
    return names


def play(
    engine: Engine,
    game: Game[Any],
    commands: Sequence[str],
    *,
    seed: int,
    settings: RefereeSettings = GENEROUS,
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
    settings: RefereeSettings = GENEROUS,
) -> tuple[int, GameLog]:
    """Play one recorded game between registered ``bots`` on a referee of its own.

    Each bot's output is kept whole (:func:`with_room_for_notes`), unless ``settings`` say.
    """
    registry = SessionRegistry()
    allow_remote_bots(engine, registry)
    server = RefereeServer(registry)
    await server.start()
    settings = with_room_for_notes(settings)
    try:
        return await play_recorded_game(
            engine, server, game=game, bots=bots, seed=seed, settings=settings
        )
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
        record = db.get_game(session, game_id=game_id)
        assert record is not None
        seats = db.game_seats(session, game_id=game_id)
        return StoredGame(
            record=record,
            seat_status=[seat.status for seat in seats],
            faults=db.game_faults(session, game_id=game_id),
            decided_by=[
                (action.seat, action.decided_by)
                for action in db.game_actions(session, game_id=game_id)
            ],
        )


def check_stored_games(engine: Engine) -> int:
    """Replay every stored game and check it against the store; returns how many there are.

    Every game must have finished with a result and replay exactly (events, result).
    """
    with Session(engine) as session:
        games = queries.list_games(session, limit=1_000)
        for game in games:
            assert game.id is not None
            assert game.status == GameStatus.FINISHED, f"game {game.id} is {game.status}"
            assert game.result is not None, f"game {game.id} has no result"
            check_stored_game(session, game_id=game.id)
    return len(games)


@dataclass(eq=False)
class Transcript:
    """What a scripted bot wrote down: its token, the messages it got, how streams ended.

    Read from the notes it wrote on its standard error (``record=True`` in
    :func:`scripted_command`), as the referee kept them: whole, or the test fails.
    """

    token: str = ""
    messages: list[referee_pb2.RefereeMessage] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, log: GameLog, seat: int) -> Transcript:
        """The notes of the bot in ``seat``, from its game's log; none of its output cut."""
        assert seat in log.outputs, f"seat {seat} of game {log.game_id} was not started"
        tail = log.outputs[seat]
        assert tail.dropped_bytes == 0, f"seat {seat}: {tail.dropped_bytes} bytes of output cut"
        return cls.from_lines((line.stream, line.text) for line in tail.lines)

    @classmethod
    def stored(cls, engine: Engine, game_id: int, seat: int) -> Transcript:
        """The notes of the bot in ``seat`` of stored game ``game_id``; none of its output cut."""
        with Session(engine) as session:
            record = session.get(SeatRecord, (game_id, seat))
            assert record is not None, f"no seat {seat} in game {game_id}"
            dropped = record.output_dropped_bytes
            assert dropped == 0, f"game {game_id} seat {seat}: {dropped} bytes of output cut"
            lines = sorted(
                game_output(session, game_id=game_id, seat=seat), key=lambda line: line.number
            )
        return cls.from_lines((line.stream, line.text) for line in lines)

    @classmethod
    def from_lines(cls, lines: Iterable[tuple[str, str]]) -> Transcript:
        """The notes among a bot's output ``lines``: (stream, text), in the order read.

        The referee reads a long line in parts, one after the other: a note's length says
        where it ends. Whatever else the bot wrote is skipped.
        """
        transcript = cls()
        note, length = "", None
        for stream, text in lines:
            if stream != OutputStream.STDERR:
                continue
            part = text
            if length is None:
                if not text.startswith(NOTE_PREFIX):
                    continue
                size, _, part = text.removeprefix(NOTE_PREFIX).partition(" ")
                length = int(size)
            note += part
            if len(note) >= length:
                assert len(note) == length, f"a note longer than its {length} characters"
                transcript._add(json.loads(note))
                note, length = "", None
        assert length is None, f"a note was cut after {len(note)} of its {length} characters"
        return transcript

    def _add(self, entry: dict[str, Any]) -> None:
        if "token" in entry:
            self.token = entry["token"]
        elif "received" in entry:
            data = base64.b64decode(entry["received"])
            self.messages.append(referee_pb2.RefereeMessage.FromString(data))
        else:
            self.notes.append(entry)

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

    def all(self, key: str) -> list[Any]:
        """Every value the bot noted under ``key``, in order."""
        return [note[key] for note in self.notes if key in note]


def stored_transcripts(engine: Engine, bot: str) -> list[Transcript]:
    """The notes of ``bot`` in every stored game where it sat (with its output stored)."""
    with Session(engine) as session:
        record = db.get_bot_by_name(session, name=bot)
        assert record is not None, f"no bot {bot}"
        seats = session.exec(select(SeatRecord).where(SeatRecord.bot_id == record.id)).all()
        places = sorted((seat.game_id, seat.seat) for seat in seats)
    return [Transcript.stored(engine, game_id, seat) for game_id, seat in places]


def new_tag() -> str:
    """A marker unique to one test, for its bots' command lines: ``--tag`` of the scripted bot."""
    return f"croupier-test-{uuid.uuid4().hex}"


def tagged_processes(tag: str) -> dict[int, SeenProcess]:
    """The processes running now whose command line holds ``tag``, by id (zombies are not)."""
    return processes.tagged_processes(tag, confinement.ENTRY)


class ProcessWatch:
    """The processes that carry a tag (:func:`new_tag`), watched in /proc while a block runs.

    ``with ProcessWatch(tag) as watch:`` looks every ``interval_s``, from a process of its
    own (``processes.py``; a look takes it a millisecond or two); :attr:`seen` holds every
    such process found meanwhile, as last seen, by id, and :attr:`most_bots` the most bot
    processes (keepers left out) one look found. Twenty milliseconds see a fork bomb's
    children, which live a tenth of a second.
    """

    def __init__(self, tag: str, interval_s: float = 0.02) -> None:
        self.tag = tag
        self.seen: dict[int, SeenProcess] = {}
        self.most_bots = 0
        self._interval_s = interval_s
        self._running: list[SeenProcess] = []
        self._listeners: list[Callable[[list[SeenProcess]], None]] = []
        self._lock = threading.Lock()
        self._looks: subprocess.Popen[str] | None = None
        self._thread = threading.Thread(target=self._follow, name=f"watch {tag}", daemon=True)

    def __enter__(self) -> ProcessWatch:
        argv = [sys.executable, "-I", processes.__file__, self.tag, confinement.ENTRY]
        self._looks = subprocess.Popen(
            [*argv, str(self._interval_s)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self._looks.stdout is not None
        self._take(self._looks.stdout.readline())  # it looks: whatever starts now is seen
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        assert self._looks is not None
        assert self._looks.stdin is not None
        assert self._looks.stdout is not None
        self._looks.stdin.close()  # it looks once more, and ends
        self._thread.join()
        self._looks.stdout.close()
        self._looks.wait()

    def _follow(self) -> None:
        assert self._looks is not None
        assert self._looks.stdout is not None
        for line in self._looks.stdout:
            self._take(line)

    def _take(self, line: str) -> None:
        running = [SeenProcess.from_data(data) for data in json.loads(line)]
        with self._lock:
            self._running = running
            self.seen.update((process.pid, process) for process in running)
            self.most_bots = max(self.most_bots, sum(not p.keeper for p in running))
            for listener in self._listeners:
                listener(running)

    def bots(self) -> list[SeenProcess]:
        """The bots' processes seen (their keepers left out), in the order of their ids."""
        with self._lock:
            return sorted((p for p in self.seen.values() if not p.keeper), key=lambda p: p.pid)

    def wait_for(
        self, condition: Callable[[list[SeenProcess]], bool], what: str
    ) -> list[SeenProcess]:
        """The bots' processes running, once ``condition`` holds of them; ``what``: for an error.

        ``condition`` is asked of every look from now on, as it comes, so a state that lasts
        no longer than two looks (a short game's processes, on a loaded machine) is seen.
        """
        holding: queue.SimpleQueue[list[SeenProcess]] = queue.SimpleQueue()

        def ask(running: list[SeenProcess]) -> None:
            bots = [p for p in running if not p.keeper]
            if condition(bots):
                holding.put(bots)

        with self._lock:
            self._listeners.append(ask)
            ask(self._running)
        try:
            return holding.get(timeout=waiting.patience_s())
        except queue.Empty:
            raise AssertionError(f"waited {waiting.patience_s():g} s for {what}") from None
        finally:
            with self._lock:
                self._listeners.remove(ask)


def free_port() -> int:
    """A TCP port of the loopback interface that nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
