"""What a tournament costs per game in each process mode: fresh, fair (the default), reuse.

    ./dev bench bench/tournament.py                     (about 4 minutes)
    ./dev run python bench/tournament.py --quick        (about 1.5 minutes)

Round robins of the example bots on a temporary SQLite database, through the real runner
(``create_tournament`` and ``run_tournament``) and a loopback ``RefereeServer``, as many
games at once as there are CPUs (the default):

- Lexio, 4 seats, one round a game (``rounds=1``), 6 bots: the three Lexio examples
  (random, greedy, strong) each registered twice under two names (``lexio_random_a``,
  ``lexio_random_b``, ...), since a round robin at tables of 4 needs more than 4 bots.
- Cribbage six-card, ``match_points=1`` (one game a match), 4 bots: random, greedy,
  strong, and greedy again as ``greedy_b``.

Each is played in the three process modes (docs/tournaments.md): ``fresh``, a process per
seat of every game; ``fair``, processes kept from game to game, never two games of one
deal; ``reuse``, processes that play any games. Columns, per game: wall-clock rate; the
processes started (the run's own count); CPU of the referee (this process:
``time.process_time()``, database included); CPU of the bots (``getrusage(RUSAGE_CHILDREN)``
deltas: every bot process is reaped by the end of a run), split into their start-up (the
CPU of a bot process that starts and exits at once, an example bot run without
``CROUPIER_ADDRESS``: its imports, then exit, times the processes started) and their play
(the rest). Then, for each game, fair against fresh with the target (at least 4 times the
fresh-process rate), and the share of the tournament's CPU that is the referee's, the
bots' play and the bots' start-up, in each mode. Bots choose reproducibly
(``CROUPIER_BOT_SEED``); a fault would be counted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, load_game
from croupier.protocol import ADDRESS_VARIABLE, TOKEN_VARIABLE
from croupier_server import db
from croupier_server.cli import main as croupier_main
from croupier_server.control import TimeControl
from croupier_server.db import create_database_engine, statistics
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import create_tournament, run_tournament
from croupier_server.tournament.settings import ProcessMode

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SETTINGS = RefereeSettings(
    time_control=TimeControl(connect_ms=30_000, decision_ms=5_000, bank_ms=30_000)
)
"""Time enough that a loaded machine charges no fault: this measures cost, not the clock."""
MODES = (ProcessMode.FRESH, ProcessMode.FAIR, ProcessMode.REUSE)
TARGET = 4.0
"""The default (fair) mode's games a minute, at least, over the fresh-process mode's."""


@dataclass(frozen=True, slots=True)
class Field:
    """A game and its entrants: bot name -> example script; its deals, quick and full."""

    label: str
    game: Game[Any]
    bots: dict[str, str]
    deals: tuple[int, int]


FIELDS = (
    Field(
        "lexio 4p r1",
        load_game("lexio", {"players": 4, "rounds": 1}),
        {
            f"lexio_{kind}_{copy}": f"lexio_{kind}"
            for kind in ("random", "greedy", "strong")
            for copy in ("a", "b")
        },
        (12, 30),  # tables, each played in its 4 rotations: 48 games, 120
    ),
    Field(
        "cribbage 6c",
        load_game("cribbage", {"variant": "six-card", "match_points": 1}),
        {
            "random": "cribbage_random",
            "greedy": "cribbage_greedy",
            "strong": "cribbage_strong",
            "greedy_b": "cribbage_greedy",
        },
        (4, 10),  # deals a pair, each from both seats: 6 pairs, 48 games, 120
    ),
)


@dataclass(frozen=True, slots=True)
class Figures:
    """One mode's run."""

    games: int
    wall_s: float
    referee_s: float
    bots_s: float
    startup_s: float
    processes: int
    faults: int

    @property
    def rate(self) -> float:
        """Games a minute."""
        return 60 * self.games / self.wall_s

    def shares(self) -> tuple[float, float, float]:
        """The referee's, the bots' play's and the bots' start-up's share of the CPU."""
        startup = min(self.startup_s, self.bots_s)
        total = self.referee_s + self.bots_s
        return self.referee_s / total, (self.bots_s - startup) / total, startup / total


def children_cpu() -> float:
    """CPU seconds of every reaped child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bot_command(example: str) -> str:
    return shlex.join([sys.executable, str(EXAMPLES / f"{example}.py")])


def startup_cpu(field: Field, repeats: int) -> float:
    """Mean CPU seconds of one of the field's bot processes that starts and exits at once."""
    env = {k: v for k, v in os.environ.items() if k not in {ADDRESS_VARIABLE, TOKEN_VARIABLE}}
    examples = sorted(set(field.bots.values()))
    before = children_cpu()
    for _ in range(repeats):
        for example in examples:
            argv = shlex.split(bot_command(example))
            subprocess.run(argv, env=env, capture_output=True, check=False)
    return (children_cpu() - before) / (repeats * len(examples))


def register(database: str, field: Field) -> None:
    for name, example in field.bots.items():
        argv = ["bot", "add", name, "--game", field.game.name, "--command"]
        with contextlib.redirect_stdout(io.StringIO()):
            status = croupier_main([*argv, bot_command(example), "--db", database])
        assert status == 0, f"cannot register {name}"


def play(engine: Engine, field: Field, *, deals: int, mode: ProcessMode) -> tuple[int, int]:
    """Create and play one tournament; its id and the processes it started."""
    record = create_tournament(
        engine,
        game=field.game,
        bots=list(field.bots),
        seed=1,
        format_settings=RoundRobinSettings(deals=deals),
        settings=SETTINGS,
        processes=mode,
    )
    assert record.id is not None

    async def run() -> int:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            progress = await run_tournament(engine, server, tournament_id=record.id or 0)
        finally:
            await server.stop()
        return progress.processes

    return record.id, asyncio.run(run())


def measure(
    database: str, field: Field, *, deals: int, mode: ProcessMode, startup: float
) -> Figures:
    engine = create_database_engine(database)
    wall, referee, bots = time.monotonic(), time.process_time(), children_cpu()
    tournament_id, processes = play(engine, field, deals=deals, mode=mode)
    wall, referee = time.monotonic() - wall, time.process_time() - referee
    bots = children_cpu() - bots
    with Session(engine) as session:
        games = len(db.finished_schedule_numbers(session, tournament_id=tournament_id))
        faults = statistics.bot_fault_counts(
            session, game=field.game.name, tournament_id=tournament_id
        )
    engine.dispose()
    total_faults = sum(sum(kinds.values()) for kinds in faults.values())
    return Figures(games, wall, referee, bots, startup * processes, processes, total_faults)


def bench_field(database: str, field: Field, *, quick: bool) -> None:
    """Play the field in every mode; print a row for each, then the ratio and the shares."""
    register(database, field)
    startup = startup_cpu(field, repeats=1 if quick else 3)
    deals = field.deals[0 if quick else 1]
    runs = {}
    for mode in MODES:
        figures = runs[mode] = measure(database, field, deals=deals, mode=mode, startup=startup)
        per_game = 1000 / max(figures.games, 1)
        print(
            f"{field.label:12} {mode:6} {figures.games:>5} {figures.wall_s:>6.1f} "
            f"{figures.rate:>9.1f} {figures.processes:>5} {figures.referee_s * per_game:>10.0f} "
            f"{(figures.bots_s - figures.startup_s) * per_game:>11.0f} "
            f"{figures.startup_s * per_game:>11.0f} {figures.faults:>6}",
            flush=True,
        )
    fair, fresh = runs[ProcessMode.FAIR], runs[ProcessMode.FRESH]
    ratio = fair.rate / fresh.rate
    verdict = "met" if ratio >= TARGET else "NOT met"
    print(
        f"{field.label}: fair {fair.rate:.0f} games/min = {ratio:.2f} x fresh {fresh.rate:.0f} "
        f"(target >= {TARGET:g} x: {verdict}); reuse {runs[ProcessMode.REUSE].rate:.0f}; "
        f"a bot process that starts and exits: {1000 * startup:.0f} ms CPU"
    )
    for mode, figures in runs.items():
        referee, bots_play, bots_startup = figures.shares()
        print(
            f"{field.label}: {mode:6} CPU: referee {referee:4.0%}, bots' play {bots_play:4.0%}, "
            f"bots' start-up {bots_startup:4.0%}"
        )


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (1 to 2 minutes)")
    args = parser.parse_args()
    os.environ.setdefault("CROUPIER_BOT_SEED", "7")
    run = "quick" if args.quick else "full"
    print(f"{os.cpu_count()} CPUs, {os.cpu_count()} games at once; {run} run")
    header = (
        f"{'game':12} {'mode':6} {'games':>5} {'wall s':>6} {'games/min':>9} {'procs':>5} "
        f"{'referee ms':>10} {'bots play ms':>11} {'start-up ms':>11} {'faults':>6}"
    )
    print(header + "\n" + "-" * len(header))
    with tempfile.TemporaryDirectory(prefix="croupier-bench-") as directory:
        database = f"sqlite:///{directory}/bench.db"
        for field in FIELDS:
            bench_field(database, field, quick=args.quick)


if __name__ == "__main__":
    main()
