"""The zoo of hostile bots, and a real tournament that plays them beside honest bots.

Each way the issue lists for a started bot to misbehave is one registered bot, a
:class:`Hostile`: the scripted bot of ``scripted.py`` in one of its behaviours, or the
intruder of ``intruder.py``, which tries what a bot must never manage (another seat's
token, the database's files, the dashboard, the referee's process) and notes how each try
ended. They enter a gauntlet of two-player five-card cribbage as challengers against the
honest example bots, so that no two of them meet, under a short time control. Not the bots
that never start (that exit at start, or never connect): in their first games they stop a
tournament (tests/e2e/test_start_failures.py), and a single game charges them their fault
(tests/server/referee/test_faults.py).

:func:`play_gauntlet` plays such a tournament through the real runner, beside the
dashboard on a loopback port (:func:`serving_dashboard`); :func:`played_games` reads back
what the database holds, :func:`misjudged_faults` says which faults went wrong and
:func:`leaks` which of the intruder's tries succeeded (its notes are its output, stored
with its games: :func:`intruder_notes`). ``tests/e2e/test_hostile_zoo.py`` and
``bench/hostile.py`` share them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import sys
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.control import TimeControl
from croupier_server.db import FaultKind
from croupier_server.referee.containment.limits import LimitSettings
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.gauntlet import GauntletSettings
from croupier_server.tournament.runner import Progress, create_tournament, run_tournament
from croupier_server.tournament.settings import ProcessMode
from croupier_server.web import DashboardServer, create_app
from tests import queries
from tests.server.referee.harness import stored_transcripts

FAKEBOTS = Path(__file__).resolve().parent
EXAMPLES = FAKEBOTS.parents[1] / "examples"
GAME = load_game("cribbage", {"variant": "five-card", "match_points": 1})
"""Two seats, one game of 61 points: a few seconds between honest bots."""
SETTINGS = RefereeSettings(
    time_control=TimeControl(connect_ms=3_000, decision_ms=300, bank_ms=1_000)
)
"""A short time control, so that the bots that hang or dawdle cost seconds, not minutes."""
FIELD = {"greedy": "cribbage_greedy", "random": "cribbage_random"}
"""The honest bots every challenger meets: bot name -> example."""
INTRUDER = "intruder"


@dataclass(frozen=True, slots=True)
class Hostile:
    """A hostile bot of the zoo.

    Attributes:
        name: Its registered name.
        misdeed: What it does, in the issue's words.
        argv: Its command line.
        charged: The fault kinds each of its games may charge it, at least one of them;
            none for a bot whose misdeeds the referee never sees (they must all fail).
        limits: Its registration's limits, for the bots that try one.
    """

    name: str
    misdeed: str
    argv: tuple[str, ...]
    charged: frozenset[FaultKind]
    limits: LimitSettings = field(default_factory=LimitSettings)

    @property
    def command(self) -> str:
        """Its command line as registered."""
        return shlex.join(self.argv)


def _scripted(*arguments: str) -> tuple[str, ...]:
    return (sys.executable, str(FAKEBOTS / "scripted.py"), *arguments)


def hostile_bots(
    *,
    tokens: Path,
    database_files: Sequence[Path],
    dashboard_url: str,
    referee_pid: int | None = None,
) -> list[Hostile]:
    """The zoo: one bot per misdeed of the issue.

    Args:
        tokens: The file of the tokens of the intruder's finished games, which
            :func:`play_gauntlet` keeps (made here, empty; in a directory that holds
            nothing else, as the intruder is shown it).
        database_files: The database's files, which the intruder tries to open.
        dashboard_url: The dashboard, which the intruder tries to reach.
        referee_pid: The referee's process, which the intruder tries to signal: this one,
            by default.
    """
    crash, timeout = FaultKind.CRASH, FaultKind.TIMEOUT
    tokens.touch()
    referee = str(os.getpid() if referee_pid is None else referee_pid)
    intruder = [sys.executable, str(FAKEBOTS / "intruder.py"), str(tokens), "--referee", referee]
    for path in database_files:
        intruder += ["--file", str(path)]
    return [
        Hostile(
            "exits-mid-game",
            "exits mid-game",
            _scripted("crash", "--after", "1"),
            frozenset({crash}),
        ),
        Hostile("never-answers", "never answers", _scripted("hang"), frozenset({timeout})),
        Hostile(
            "answers-late",
            "answers after the deadline",
            _scripted("slow", "--delay-ms", "2000"),
            frozenset({timeout}),
        ),
        Hostile(
            "burns-cpu",
            "burns CPU",
            _scripted("burn-cpu"),
            frozenset({timeout, crash}),
            LimitSettings(cpu_seconds=2),
        ),
        Hostile(
            "allocates-memory",
            "allocates memory without bound",
            _scripted("allocate"),
            frozenset({crash, timeout}),
            LimitSettings(memory_mb=192),
        ),
        Hostile(
            "forks",
            "forks without bound",
            _scripted("fork-bomb"),
            frozenset({crash, timeout}),
            LimitSettings(processes=32),
        ),
        Hostile(
            "floods-output",
            "writes huge output to stdout and stderr",
            _scripted("huge-output"),
            frozenset({crash, timeout}),
            LimitSettings(file_size_mb=2),
        ),
        Hostile(
            "oversized-message",
            "sends messages larger than the limit",
            _scripted("oversized"),
            frozenset({crash}),
        ),
        Hostile("garbage", "sends garbage bytes", _scripted("garbage"), frozenset({crash})),
        Hostile(
            "illegal-forever",
            "sends well-formed but illegal actions forever",
            _scripted("illegal"),
            frozenset({FaultKind.ILLEGAL_ACTION}),
        ),
        Hostile(
            "malformed-actions",
            "sends actions that name no game",
            _scripted("empty-action"),
            frozenset({FaultKind.MALFORMED}),
        ),
        Hostile(
            "answers-twice",
            "answers a request twice",
            _scripted("answer-twice"),
            frozenset({FaultKind.WRONG_REQUEST}),
        ),
        Hostile(
            "answers-unasked",
            "answers a request that was never made",
            _scripted("unknown-request"),
            frozenset({FaultKind.WRONG_REQUEST}),
        ),
        Hostile(
            "connects-twice",
            "connects twice",
            _scripted("duplicate"),
            frozenset({FaultKind.DUPLICATE_CONNECTION}),
        ),
        Hostile(
            INTRUDER,
            "tries another seat's token, a finished game's token, no token, the dashboard "
            "and the database's files",
            (*intruder, "--url", dashboard_url),
            frozenset(),
        ),
    ]


def register(engine: Engine, hostile: Iterable[Hostile], honest: dict[str, str]) -> None:
    """Register the hostile bots and the honest ones (name -> example) for :data:`GAME`."""
    with Session(engine) as session:
        for bot in hostile:
            db.add_bot(
                session,
                name=bot.name,
                game=GAME.name,
                command=bot.command,
                limits=bot.limits.items(),
            )
        for name, example in honest.items():
            command = shlex.join([sys.executable, str(EXAMPLES / f"{example}.py")])
            db.add_bot(session, name=name, game=GAME.name, command=command)


@contextlib.asynccontextmanager
async def serving_dashboard(engine: Engine) -> AsyncIterator[str]:
    """The dashboard over ``engine`` on a loopback port while the block runs; yields its URL."""
    server = DashboardServer(create_app(engine), "127.0.0.1:0")
    serving = asyncio.create_task(server.serve())
    try:
        yield server.url
    finally:
        server.stop()
        await serving


async def play_gauntlet(
    engine: Engine,
    *,
    challengers: Sequence[str],
    deals: int,
    concurrency: int,
    seed: int = 1,
    tokens: Path | None = None,
) -> int:
    """Play a gauntlet of ``challengers`` against :data:`FIELD` on a referee of its own.

    After each game, the tokens of the games the intruder finished are added to ``tokens``
    (the file :func:`hostile_bots` gives it), if given. Each game starts its own processes
    (``fresh``): the intruder tries a finished game's token as a new process starts.

    Returns:
        The tournament's id.
    """
    record = create_tournament(
        engine,
        game=GAME,
        bots=[*challengers, *FIELD],
        seed=seed,
        format_settings=GauntletSettings(tuple(challengers), deals=deals),
        concurrency=concurrency,
        settings=SETTINGS,
        processes=ProcessMode.FRESH,
    )
    assert record.id is not None
    server = RefereeServer(SessionRegistry())
    await server.start()

    def relay(_: Progress) -> None:
        if tokens is not None:
            relay_finished_tokens(engine, tokens)

    try:
        await run_tournament(engine, server, tournament_id=record.id, progress=relay)
    finally:
        await server.stop()
    return record.id


def relay_finished_tokens(engine: Engine, tokens: Path) -> None:
    """Add to ``tokens`` those of the games the intruder finished that it does not hold yet."""
    known = tokens.read_text().split()
    finished = [
        note["finished_token"] for note in intruder_notes(engine) if "finished_token" in note
    ]
    with tokens.open("a") as file:
        file.writelines(f"{token}\n" for token in finished if token not in known)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game of a tournament as the database holds it."""

    number: int
    bots: tuple[str, ...]
    faults: tuple[tuple[int, FaultKind], ...]
    """Each fault's seat and kind, in order."""
    seconds: float
    """From its creation (before its bots started) to its end."""

    def faults_of(self, bot: str) -> set[FaultKind]:
        """The kinds of the faults charged to ``bot``'s seat."""
        return {kind for seat, kind in self.faults if self.bots[seat] == bot}


def played_games(engine: Engine, tournament_id: int) -> list[PlayedGame]:
    """The finished games of the tournament, in schedule order."""
    games = []
    with Session(engine) as session:
        for game, seats in queries.finished_games(
            session, game=GAME.name, tournament_id=tournament_id
        ):
            assert game.id is not None
            assert game.finished_at is not None
            assert game.schedule_number is not None
            faults = db.game_faults(session, game_id=game.id)
            games.append(
                PlayedGame(
                    number=game.schedule_number,
                    bots=tuple(name for name, _ in seats),
                    faults=tuple((fault.seat, FaultKind(fault.kind)) for fault in faults),
                    seconds=(game.finished_at - game.started_at).total_seconds(),
                )
            )
    return sorted(games, key=lambda game: game.number)


def misjudged_faults(games: Iterable[PlayedGame], hostile: Iterable[Hostile]) -> list[str]:
    """What went wrong with the faults, game by game.

    A fault charged to an honest bot, a hostile bot charged a kind it was not expected to
    earn, or charged nothing although it misbehaved.
    """
    expected = {bot.name: bot.charged for bot in hostile}
    wrong = []
    for game in games:
        for bot in game.bots:
            kinds = game.faults_of(bot)
            allowed = expected.get(bot, frozenset())
            if kinds - allowed:
                wrong.append(f"game {game.number}: {bot} charged {sorted(kinds - allowed)}")
            if allowed and not kinds:
                wrong.append(f"game {game.number}: {bot} charged nothing")
    return wrong


def intruder_notes(engine: Engine) -> list[dict[str, Any]]:
    """The intruder's notes, in every stored game it played (none of its output cut)."""
    return [
        note for transcript in stored_transcripts(engine, INTRUDER) for note in transcript.notes
    ]


def leaks(notes: Iterable[dict[str, Any]]) -> list[str]:
    """The intruder's tries that succeeded, among its ``notes``."""
    return [f"{entry['try']}: {entry['outcome']}" for entry in notes if entry.get("succeeded")]


def tries(notes: Iterable[dict[str, Any]]) -> set[str]:
    """What the intruder tried, among its ``notes``."""
    return {entry["try"] for entry in notes if "try" in entry}
