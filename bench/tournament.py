"""What a tournament costs per game, with fresh bot processes and with reused ones.

    ./dev bench bench/tournament.py                     (about 1.5 minutes)
    ./dev run python bench/tournament.py --quick        (under a minute)

Round robins of the example bots on a temporary SQLite database, through the real runner
(``create_tournament`` and ``run_tournament``) and a loopback ``RefereeServer``:

- Lexio, 4 seats, one round a game (``rounds=1``), 6 bots: the three Lexio examples
  (random, greedy, strong) each registered twice under two names (``lexio_random_a``,
  ``lexio_random_b``, ...), since a round robin at tables of 4 needs more than 4 bots.
- Cribbage six-card, ``match_points=1`` (one game a match), 4 bots: random, greedy,
  strong, and greedy again as ``greedy_b``.

Each is played with 1 and 2 games at once, with fresh processes (the default) and with
``--reuse-processes``. Columns, per game: wall-clock rate; CPU of the referee (this
process: ``time.process_time()``, database included); CPU of the bots
(``getrusage(RUSAGE_CHILDREN)`` deltas: every bot process is reaped by the end of a run);
of which start-up: the CPU of a bot process that starts and exits at once (an example bot
run without ``CROUPIER_ADDRESS``: its imports, then exit) times the processes started.
Processes are counted by a ``sh -c 'echo $$ >> FILE; exec BOT'`` wrapper around every
bot, in every configuration. "x1" is the speed-up over the same configuration one game at
a time. Bots choose reproducibly (``CROUPIER_BOT_SEED``); a fault would be counted.
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
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import SessionRegistry
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import create_tournament, run_tournament

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SETTINGS = RefereeSettings(
    time_control=TimeControl(connect_ms=30_000, decision_ms=5_000, bank_ms=30_000)
)
"""Time enough that a loaded machine charges no fault: this measures cost, not the clock."""


@dataclass(frozen=True, slots=True)
class Field:
    """A game and its entrants: bot name -> example script."""

    label: str
    game: Game[Any]
    bots: dict[str, str]


FIELDS = (
    Field(
        "lexio 4p r1",
        load_game("lexio", {"players": 4, "rounds": 1}),
        {
            f"lexio_{kind}_{copy}": f"lexio_{kind}"
            for kind in ("random", "greedy", "strong")
            for copy in ("a", "b")
        },
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
    ),
)


@dataclass(frozen=True, slots=True)
class Figures:
    """One configuration's run."""

    games: int
    wall_s: float
    referee_s: float
    bots_s: float
    processes: int
    faults: int


def children_cpu() -> float:
    """CPU seconds of every reaped child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bot_command(example: str) -> list[str]:
    return [sys.executable, str(EXAMPLES / f"{example}.py")]


def counted(example: str, launches: Path) -> str:
    """The example's command behind a shell that notes each start in ``launches``."""
    launches.touch()  # a confined bot may append to it, not create it beside the database
    script = f"echo $$ >> {shlex.quote(str(launches))}; exec {shlex.join(bot_command(example))}"
    return shlex.join(["sh", "-c", script])


def startup_cpu(field: Field, repeats: int) -> float:
    """Mean CPU seconds of one of the field's bot processes that starts and exits at once."""
    env = {k: v for k, v in os.environ.items() if k not in {ADDRESS_VARIABLE, TOKEN_VARIABLE}}
    examples = sorted(set(field.bots.values()))
    before = children_cpu()
    for _ in range(repeats):
        for example in examples:
            argv = ["sh", "-c", f"exec {shlex.join(bot_command(example))}"]
            subprocess.run(argv, env=env, capture_output=True, check=False)
    return (children_cpu() - before) / (repeats * len(examples))


def register(database: str, field: Field, launches: Path) -> None:
    for name, example in field.bots.items():
        argv = ["bot", "add", name, "--game", field.game.name, "--command"]
        with contextlib.redirect_stdout(io.StringIO()):
            status = croupier_main([*argv, counted(example, launches), "--db", database])
        assert status == 0, f"cannot register {name}"


def play(engine: Engine, field: Field, *, deals: int, concurrency: int, reuse: bool) -> int:
    """Create and play one tournament; its id."""
    record = create_tournament(
        engine,
        game=field.game,
        bots=list(field.bots),
        seed=1,
        format_settings=RoundRobinSettings(deals=deals),
        concurrency=concurrency,
        settings=SETTINGS,
        reuse_processes=reuse,
    )
    assert record.id is not None

    async def run() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(engine, server, tournament_id=record.id or 0)
        finally:
            await server.stop()

    asyncio.run(run())
    return record.id


def measure(
    database: str, field: Field, launches: Path, *, deals: int, concurrency: int, reuse: bool
) -> Figures:
    engine = create_database_engine(database)
    started_before = len(launches.read_text().split()) if launches.exists() else 0
    wall, referee, bots = time.monotonic(), time.process_time(), children_cpu()
    tournament_id = play(engine, field, deals=deals, concurrency=concurrency, reuse=reuse)
    wall, referee = time.monotonic() - wall, time.process_time() - referee
    bots = children_cpu() - bots
    with Session(engine) as session:
        games = len(db.finished_schedule_numbers(session, tournament_id=tournament_id))
        faults = statistics.bot_fault_counts(
            session, game=field.game.name, tournament_id=tournament_id
        )
    engine.dispose()
    processes = len(launches.read_text().split()) - started_before
    total_faults = sum(sum(kinds.values()) for kinds in faults.values())
    return Figures(games, wall, referee, bots, processes, total_faults)


def bench_field(database: str, field: Field, launches: Path, *, deals: int, quick: bool) -> None:
    """Play the field in every configuration; print a row for each."""
    register(database, field, launches)
    startup = startup_cpu(field, repeats=1 if quick else 3)
    for reuse in (False, True):
        single_rate = 0.0
        for concurrency in (1, 2):
            figures = measure(
                database, field, launches, deals=deals, concurrency=concurrency, reuse=reuse
            )
            rate = 60 * figures.games / figures.wall_s
            single_rate = single_rate or rate
            per_game = 1000 / max(figures.games, 1)
            print(
                f"{field.label:12} {'reuse' if reuse else 'fresh':6} {concurrency:>4} "
                f"{figures.games:>5} {figures.wall_s:>6.1f} {rate:>9.1f} "
                f"{rate / single_rate:>5.2f} {figures.processes:>5} "
                f"{figures.referee_s * per_game:>10.0f} {figures.bots_s * per_game:>8.0f} "
                f"{startup * figures.processes * per_game:>11.0f} {figures.faults:>6}",
                flush=True,
            )
    print(f"{field.label}: a bot process that starts and exits: {1000 * startup:.0f} ms CPU")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (under a minute)")
    args = parser.parse_args()
    os.environ.setdefault("CROUPIER_BOT_SEED", "7")
    # Lexio: 3 tables a cycle of 4 rotations; cribbage: 6 pairs, 2 seatings a deal.
    deals = {"lexio": 1 if args.quick else 9, "cribbage": 1 if args.quick else 3}
    print(f"{os.cpu_count()} CPUs; {'quick' if args.quick else 'full'} run")
    header = (
        f"{'game':12} {'mode':6} {'conc':>4} {'games':>5} {'wall s':>6} {'games/min':>9} "
        f"{'x1':>5} {'procs':>5} {'referee ms':>10} {'bots ms':>8} {'start-up ms':>11} "
        f"{'faults':>6}"
    )
    print(header + "\n" + "-" * len(header))
    with tempfile.TemporaryDirectory(prefix="croupier-bench-") as directory:
        database = f"sqlite:///{directory}/bench.db"
        launches = Path(directory) / "launches"
        for field in FIELDS:
            deals_of_field = deals[field.game.name]
            bench_field(database, field, launches, deals=deals_of_field, quick=args.quick)


if __name__ == "__main__":
    main()
